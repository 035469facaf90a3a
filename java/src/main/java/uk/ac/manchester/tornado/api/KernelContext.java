// kgpu's implementation of TornadoVM's documented kernel API (docs/jvm-api.md).
package uk.ac.manchester.tornado.api;

import kgpu.jvm.WorkItem;
import uk.ac.manchester.tornado.api.enums.MMAShape;
import uk.ac.manchester.tornado.api.types.HalfFloat;
import uk.ac.manchester.tornado.api.types.arrays.ByteArray;
import uk.ac.manchester.tornado.api.types.arrays.DoubleArray;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;
import uk.ac.manchester.tornado.api.types.arrays.HalfFloatArray;
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

    // Tensor-core MMA (TornadoVM's documented tile layouts, docs/jvm-api.md):
    // a SIMD group of 32 lanes computes one 16x8 tile; each lane holds its
    // part of the fragments in PTX's mma.m16n8k16 / m16n8k32 layouts. The
    // shared tiles are int[] local arrays, two fp16 (four int8) per int,
    // the lowest-numbered element in the low bits.

    /** An f32 accumulator fragment (m16n8k16): this lane's 4 floats, each {@code v}. */
    public float[] mmaFragment(float v) {
        return new float[] {v, v, v, v};
    }

    /**
     * This lane's A fragment of the 16 x 16 fp16 tile {@code aTile}, stored
     * row by row (element (r, c) at fp16 index {@code r * 16 + c}).
     * {@code wmmaK} is the instruction's K and must be 16.
     */
    public HalfFloat[] mmaLoadA(int[] aTile, int wmmaK) {
        return mmaLoadA(aTile, wmmaK, 0);
    }

    /** {@link #mmaLoadA(int[], int)} of the tile that starts {@code byteOffset} bytes into {@code aTile}. */
    public HalfFloat[] mmaLoadA(int[] aTile, int wmmaK, int byteOffset) {
        checkK("mmaLoadA", wmmaK, 16);
        int lane = lane();
        int group = lane >> 2;
        int pair = (lane & 3) * 2;
        int base = byteOffset / 2;
        HalfFloat[] frag = new HalfFloat[8];
        for (int i = 0; i < 8; i++) {
            int row = group + ((i & 2) != 0 ? 8 : 0);
            int col = pair + (i & 1) + ((i & 4) != 0 ? 8 : 0);
            frag[i] = half(aTile, base + row * 16 + col);
        }
        return frag;
    }

    /**
     * This lane's B fragment of the 16 x 8 (K x N) fp16 tile {@code bTile},
     * stored row by row (element (k, n) at fp16 index {@code k * 8 + n}).
     * {@code wmmaK} is the instruction's K and must be 16.
     */
    public HalfFloat[] mmaLoadB(int[] bTile, int wmmaK) {
        return mmaLoadB(bTile, wmmaK, 0);
    }

    /** {@link #mmaLoadB(int[], int)} of the tile that starts {@code byteOffset} bytes into {@code bTile}. */
    public HalfFloat[] mmaLoadB(int[] bTile, int wmmaK, int byteOffset) {
        checkK("mmaLoadB", wmmaK, 16);
        int lane = lane();
        int col = lane >> 2;
        int pair = (lane & 3) * 2;
        int base = byteOffset / 2;
        HalfFloat[] frag = new HalfFloat[4];
        for (int i = 0; i < 4; i++) {
            int k = pair + (i & 1) + ((i & 2) != 0 ? 8 : 0);
            frag[i] = half(bTile, base + k * 8 + col);
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
        return simdGroup("mma").mma(fragA, fragB, fragC);
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

    /** An s32 accumulator fragment (m16n8k32): this lane's 4 ints, each {@code v}. */
    public int[] mmaFragmentInt(int v) {
        return new int[] {v, v, v, v};
    }

    /**
     * This lane's A fragment of the 16 x 32 int8 tile {@code aTile}, stored
     * row by row (element (r, c) at byte {@code r * 32 + c}, four per int,
     * the lowest byte first). {@code tileK} must be 32.
     */
    public byte[] mmaLoadAInt8(int[] aTile, int tileK) {
        checkK("mmaLoadAInt8", tileK, 32);
        int lane = lane();
        int group = lane >> 2;
        int quad = (lane & 3) * 4;
        byte[] frag = new byte[16];
        for (int i = 0; i < 16; i++) {
            int row = group + ((i & 4) != 0 ? 8 : 0);
            int col = quad + (i & 3) + ((i & 8) != 0 ? 16 : 0);
            frag[i] = int8(aTile, row * 32 + col);
        }
        return frag;
    }

    /**
     * This lane's B fragment of the 32 x 8 (K x N) int8 tile {@code bTile},
     * stored as TornadoVM's ldmatrix-transposed panel: rows of 8 pairs of k,
     * element (k, n) at byte {@code (k / 2) * 16 + n * 2 + k % 2}.
     * {@code tileK} must be 32.
     */
    public byte[] mmaLoadBInt8(int[] bTile, int tileK) {
        checkK("mmaLoadBInt8", tileK, 32);
        int lane = lane();
        int col = lane >> 2;
        int quad = (lane & 3) * 4;
        byte[] frag = new byte[8];
        for (int i = 0; i < 8; i++) {
            int k = quad + (i & 3) + ((i & 4) != 0 ? 16 : 0);
            frag[i] = int8(bTile, (k >> 1) * 16 + col * 2 + (k & 1));
        }
        return frag;
    }

    /** D = A x B + C over the SIMD group's 32 lanes (int8 products, s32 sums that wrap). */
    public int[] mmaInt8(byte[] fragA, byte[] fragB, int[] fragC, MMAShape shape) {
        if (shape != MMAShape.M16N8K32) {
            throw new UnsupportedOperationException("kgpu: mmaInt8 takes MMAShape.M16N8K32, not " + shape);
        }
        return simdGroup("mmaInt8").mmaInt8(fragA, fragB, fragC);
    }

    /** {@link #mmaStore} of an s32 fragment into the row-major {@code out} (rows of {@code stride} ints). */
    public void mmaStoreInt(int[] fragD, IntArray out, int row, int col, int stride) {
        int lane = lane();
        int group = lane >> 2;
        int pair = (lane & 3) * 2;
        for (int i = 0; i < 4; i++) {
            int r = group + ((i & 2) != 0 ? 8 : 0);
            int c = pair + (i & 1);
            out.set((row + r) * stride + col + c, fragD[i]);
        }
    }

    // Asynchronous copies global -> local memory (cp.async on CUDA). On the
    // JVM (and on kgpu's CPU and Vulkan targets) the copy is done at once.

    /**
     * Copies the two fp16 {@code src[srcIndex]}, {@code src[srcIndex + 1]}
     * into {@code dstTile[dstIndex]} (the first in the low 16 bits).
     * {@code srcIndex} must be even (a 4-byte copy).
     */
    public void asyncCopyToLocal(int[] dstTile, int dstIndex, HalfFloatArray src, int srcIndex) {
        int lo = src.get(srcIndex).getHalfFloatValue() & 0xffff;
        int hi = src.get(srcIndex + 1).getHalfFloatValue() & 0xffff;
        dstTile[dstIndex] = lo | (hi << 16);
    }

    /**
     * Copies the four bytes {@code src[srcIndex..srcIndex + 3]} into
     * {@code dstTile[dstIndex]} (the first in the low 8 bits).
     * {@code srcIndex} must be a multiple of 4.
     */
    public void asyncCopyToLocal(int[] dstTile, int dstIndex, ByteArray src, int srcIndex) {
        int v = 0;
        for (int i = 0; i < 4; i++) {
            v |= (src.get(srcIndex + i) & 0xff) << (8 * i);
        }
        dstTile[dstIndex] = v;
    }

    /** Closes the work-item's group of asynchronous copies (nothing to do on the JVM). */
    public void asyncCopyCommit() {
    }

    /** Waits until at most {@code groups} copy groups are in flight (nothing to do on the JVM). */
    public void asyncCopyWaitGroup(int groups) {
    }

    private WorkItem simdGroup(String member) {
        if (item == null) {
            throw new IllegalStateException("kgpu: " + member + " needs the 32 lanes of a SIMD group (run the kernel with kgpu.jvm.WorkGroupExecutor)");
        }
        return item;
    }

    private static void checkK(String member, int k, int want) {
        if (k != want) {
            throw new IllegalArgumentException("kgpu: " + member + " takes K = " + want + ", not " + k);
        }
    }

    private static byte int8(int[] packed, int index) {
        return (byte) (packed[index >> 2] >>> (8 * (index & 3)));
    }

    private int lane() {
        return item == null ? 0 : item.lane();
    }

    private static HalfFloat half(int[] packed, int index) {
        int word = packed[index >> 1];
        return new HalfFloat((short) ((index & 1) == 0 ? word : word >>> 16));
    }
}
