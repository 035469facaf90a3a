// kgpu's implementation of TornadoVM's documented kernel API (docs/jvm-api.md).
package uk.ac.manchester.tornado.api;

import kgpu.jvm.WorkItem;
import uk.ac.manchester.tornado.api.enums.MMAShape;
import uk.ac.manchester.tornado.api.types.HalfFloat;
import uk.ac.manchester.tornado.api.types.arrays.DoubleArray;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;
import uk.ac.manchester.tornado.api.types.arrays.IntArray;
import uk.ac.manchester.tornado.api.types.arrays.LongArray;

/**
 * The work-item's view of an explicit ND-range launch: thread ids and sizes
 * (boxed {@code Integer} fields, as TornadoVM has them), work-group (local)
 * memory, barriers, atomics, SIMD-group (subgroup) operations and
 * tensor-core MMA.
 *
 * <p>kgpu compiles calls of these members to its own operations. On the JVM
 * they run for real under {@link kgpu.jvm.WorkGroupExecutor}: one thread per
 * work-item of a group, a real barrier, local arrays shared by the group,
 * atomics that are atomic, SIMD and MMA operations across the lanes of a
 * SIMD group. A context made with {@code new KernelContext()} (what a
 * TornadoVM host passes as a task argument) is one work-item: ids 0, sizes
 * 1.
 */
public class KernelContext {
    public final Integer globalIdx;
    public final Integer globalIdy;
    public final Integer globalIdz;
    public final Integer groupIdx;
    public final Integer groupIdy;
    public final Integer groupIdz;
    public final Integer localIdx;
    public final Integer localIdy;
    public final Integer localIdz;
    public final Integer globalGroupSizeX;
    public final Integer globalGroupSizeY;
    public final Integer globalGroupSizeZ;
    public final Integer localGroupSizeX;
    public final Integer localGroupSizeY;
    public final Integer localGroupSizeZ;

    /** Atomics of every work-item of every launch on this JVM are serialised by this lock. */
    private static final Object ATOMIC_LOCK = new Object();

    private final WorkItem item;

    /** A single work-item: ids 0, sizes 1. */
    public KernelContext() {
        this(null);
    }

    /** kgpu: the context of a work-item of {@link kgpu.jvm.WorkGroupExecutor}. */
    protected KernelContext(WorkItem item) {
        this.item = item;
        globalIdx = item == null ? 0 : item.globalId(0);
        globalIdy = item == null ? 0 : item.globalId(1);
        globalIdz = item == null ? 0 : item.globalId(2);
        groupIdx = item == null ? 0 : item.groupId(0);
        groupIdy = item == null ? 0 : item.groupId(1);
        groupIdz = item == null ? 0 : item.groupId(2);
        localIdx = item == null ? 0 : item.localId(0);
        localIdy = item == null ? 0 : item.localId(1);
        localIdz = item == null ? 0 : item.localId(2);
        globalGroupSizeX = item == null ? 1 : item.globalSize(0);
        globalGroupSizeY = item == null ? 1 : item.globalSize(1);
        globalGroupSizeZ = item == null ? 1 : item.globalSize(2);
        localGroupSizeX = item == null ? 1 : item.localSize(0);
        localGroupSizeY = item == null ? 1 : item.localSize(1);
        localGroupSizeZ = item == null ? 1 : item.localSize(2);
    }

    /** Work-group barrier with a local-memory fence (OpenCL barrier(CLK_LOCAL_MEM_FENCE)). */
    public void localBarrier() {
        if (item != null) {
            item.barrier();
        }
    }

    /**
     * Work-group barrier with a global-memory fence (OpenCL
     * barrier(CLK_GLOBAL_MEM_FENCE)). Like TornadoVM's, it synchronises the
     * work-group only, not the whole grid.
     */
    public void globalBarrier() {
        if (item != null) {
            item.barrier();
        }
    }

    // Local (work-group) memory. Every work-item of a group gets the same
    // array from its n-th allocation; the size must be a compile-time
    // constant for kgpu.

    public int[] allocateIntLocalArray(int size) {
        return item == null ? new int[size] : (int[]) item.allocateLocal(int.class, size);
    }

    public long[] allocateLongLocalArray(int size) {
        return item == null ? new long[size] : (long[]) item.allocateLocal(long.class, size);
    }

    public float[] allocateFloatLocalArray(int size) {
        return item == null ? new float[size] : (float[]) item.allocateLocal(float.class, size);
    }

    public double[] allocateDoubleLocalArray(int size) {
        return item == null ? new double[size] : (double[]) item.allocateLocal(double.class, size);
    }

    public byte[] allocateByteLocalArray(int size) {
        return item == null ? new byte[size] : (byte[]) item.allocateLocal(byte.class, size);
    }

    /** fp16 local memory; its elements start as +0.0 on the JVM (undefined on a device). */
    public HalfFloat[] allocateHalfFloatLocalArray(int size) {
        return item == null ? zeros(new HalfFloat[size]) : (HalfFloat[]) item.allocateLocal(HalfFloat.class, size);
    }

    private static HalfFloat[] zeros(HalfFloat[] a) {
        for (int i = 0; i < a.length; i++) {
            a[i] = new HalfFloat((short) 0);
        }
        return a;
    }

    // Atomics: array[index] += val, atomically.

    public void atomicAdd(IntArray array, int index, int val) {
        synchronized (ATOMIC_LOCK) {
            array.set(index, array.get(index) + val);
        }
    }

    public void atomicAdd(int[] array, int index, int val) {
        synchronized (ATOMIC_LOCK) {
            array[index] += val;
        }
    }

    public void atomicAdd(LongArray array, int index, long val) {
        synchronized (ATOMIC_LOCK) {
            array.set(index, array.get(index) + val);
        }
    }

    public void atomicAdd(FloatArray array, int index, float val) {
        synchronized (ATOMIC_LOCK) {
            array.set(index, array.get(index) + val);
        }
    }

    public void atomicAdd(DoubleArray array, int index, double val) {
        synchronized (ATOMIC_LOCK) {
            array.set(index, array.get(index) + val);
        }
    }

    // SIMD-group (subgroup) operations: lanes are consecutive linear local
    // ids (x fastest); every lane of the group must call them together.

    /** The sum of {@code val} over the lanes of the SIMD group. */
    public float simdSum(float val) {
        return item == null ? val : item.simdSum(val);
    }

    /** The {@code val} of lane (this lane + delta); a lane past the group's end gets its own value. */
    public float simdShuffleDown(float val, int delta) {
        return item == null ? val : item.simdShuffleDown(val, delta);
    }

    /** The {@code val} of the SIMD group's first lane. */
    public float simdBroadcastFirst(float val) {
        return item == null ? val : item.simdBroadcastFirst(val);
    }

    // Tensor-core MMA, m16n8k16 with fp16 inputs and an f32 accumulator
    // (docs/jvm-api.md gives the tile layouts). A SIMD group of 32 lanes
    // computes one 16x8 tile; each lane holds 8 A, 4 B and 4 C/D values, in
    // PTX's mma.m16n8k16 fragment layout.

    /** An accumulator fragment: 4 floats, each {@code v}. */
    public float[] mmaFragment(float v) {
        return new float[] {v, v, v, v};
    }

    /**
     * This lane's A fragment of the 16 x wmmaK fp16 tile {@code aTile}
     * (row-major, two fp16 per int, the even column in the low half).
     */
    public HalfFloat[] mmaLoadA(int[] aTile, int wmmaK) {
        return mmaLoadA(aTile, wmmaK, 0);
    }

    /** {@link #mmaLoadA(int[], int)} of the tile that starts {@code byteOffset} bytes into {@code aTile}. */
    public HalfFloat[] mmaLoadA(int[] aTile, int wmmaK, int byteOffset) {
        int lane = lane();
        int group = lane >> 2;
        int pair = (lane & 3) * 2;
        int base = byteOffset / 2;
        HalfFloat[] frag = new HalfFloat[8];
        for (int i = 0; i < 8; i++) {
            int row = group + ((i & 2) != 0 ? 8 : 0);
            int col = pair + (i & 1) + ((i & 4) != 0 ? 8 : 0);
            frag[i] = half(aTile, base + row * wmmaK + col);
        }
        return frag;
    }

    /**
     * This lane's B fragment of the wmmaK x 8 fp16 tile {@code bTile},
     * stored column by column (element (k, n) at fp16 index n * wmmaK + k,
     * two fp16 per int, the even index in the low half).
     */
    public HalfFloat[] mmaLoadB(int[] bTile, int wmmaK) {
        return mmaLoadB(bTile, wmmaK, 0);
    }

    /** {@link #mmaLoadB(int[], int)} of the tile that starts {@code byteOffset} bytes into {@code bTile}. */
    public HalfFloat[] mmaLoadB(int[] bTile, int wmmaK, int byteOffset) {
        int lane = lane();
        int col = lane >> 2;
        int pair = (lane & 3) * 2;
        int base = byteOffset / 2;
        HalfFloat[] frag = new HalfFloat[4];
        for (int i = 0; i < 4; i++) {
            int k = pair + (i & 1) + ((i & 2) != 0 ? 8 : 0);
            frag[i] = half(bTile, base + col * wmmaK + k);
        }
        return frag;
    }

    /**
     * D = A x B + C over the SIMD group's 32 lanes (f32 accumulation of the
     * exact fp16 products, in k order).
     */
    public float[] mma(HalfFloat[] fragA, HalfFloat[] fragB, float[] fragC, MMAShape shape) {
        if (shape != MMAShape.M16N8K16) {
            throw new UnsupportedOperationException("kgpu: mma with fp16 inputs takes MMAShape.M16N8K16, not " + shape);
        }
        if (item == null) {
            throw new IllegalStateException("kgpu: mma needs the 32 lanes of a SIMD group (run the kernel with kgpu.jvm.WorkGroupExecutor)");
        }
        return item.mma(fragA, fragB, fragC);
    }

    /**
     * Stores this lane's part of the 16x8 D tile into the row-major matrix
     * {@code c} (rows of {@code dimN} floats) at rows tileRow..tileRow+15,
     * columns tileCol..tileCol+7.
     */
    public void mmaStore(float[] fragD, FloatArray c, int tileRow, int tileCol, int dimN) {
        int lane = lane();
        int group = lane >> 2;
        int pair = (lane & 3) * 2;
        for (int i = 0; i < 4; i++) {
            int row = group + ((i & 2) != 0 ? 8 : 0);
            int col = pair + (i & 1);
            c.set((tileRow + row) * dimN + tileCol + col, fragD[i]);
        }
    }

    private int lane() {
        return item == null ? 0 : item.lane();
    }

    private static HalfFloat half(int[] packed, int index) {
        int word = packed[index >> 1];
        return new HalfFloat((short) ((index & 1) == 0 ? word : word >>> 16));
    }
}
