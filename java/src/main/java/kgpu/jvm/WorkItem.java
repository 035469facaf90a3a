// The JVM work-group executor (docs/jvm-api.md).
package kgpu.jvm;

import uk.ac.manchester.tornado.api.types.HalfFloat;

/**
 * One work-item of a {@link WorkGroupExecutor} launch: its ids and the
 * operations that need its work-group. Used by
 * {@link uk.ac.manchester.tornado.api.KernelContext}; not for kernels.
 */
public final class WorkItem {
    private final WorkGroup group;
    private final int[] localId;
    private final int linear;
    private int allocations;

    WorkItem(WorkGroup group, int[] localId) {
        this.group = group;
        this.localId = localId;
        this.linear = localId[0] + group.local[0] * (localId[1] + group.local[1] * localId[2]);
    }

    public int globalId(int d) {
        return group.groupId[d] * group.local[d] + localId[d];
    }

    public int groupId(int d) {
        return group.groupId[d];
    }

    public int localId(int d) {
        return localId[d];
    }

    public int globalSize(int d) {
        return group.global[d];
    }

    public int localSize(int d) {
        return group.local[d];
    }

    /** The lane in the SIMD group: the linear local id modulo the SIMD width. */
    public int lane() {
        return linear % group.simdWidth;
    }

    public void barrier() {
        group.barrier();
    }

    public Object allocateLocal(Class<?> element, int size) {
        return group.allocate(allocations++, element, size);
    }

    public float simdSum(float v) {
        float[] all = group.exchangeFloat(linear, v);
        int first = linear - lane();
        int end = Math.min(first + group.simdWidth, all.length);
        float sum = 0.0f;
        for (int i = first; i < end; i++) {
            sum += all[i];
        }
        return sum;
    }

    public float simdShuffleDown(float v, int delta) {
        float[] all = group.exchangeFloat(linear, v);
        int first = linear - lane();
        int end = Math.min(first + group.simdWidth, all.length);
        int from = linear + delta;
        return delta >= 0 && from < end ? all[from] : v;
    }

    public float simdBroadcastFirst(float v) {
        float[] all = group.exchangeFloat(linear, v);
        return all[linear - lane()];
    }

    public float[] mma(HalfFloat[] a, HalfFloat[] b, float[] c) {
        if (group.simdWidth != 32) {
            throw new IllegalStateException("kgpu: mma needs a SIMD width of 32, not " + group.simdWidth);
        }
        Object[] all = group.exchangeObject(linear, new Object[] {a, b, c});
        int first = linear - lane();
        if (first + 32 > all.length) {
            throw new IllegalStateException("kgpu: mma needs all 32 lanes of a SIMD group (work-group of " + all.length + ")");
        }
        // The 16x16 A, 16x8 B and 16x8 C tiles from the lanes' fragments.
        float[][] ta = new float[16][16];
        float[][] tb = new float[16][8];
        float[][] tc = new float[16][8];
        for (int l = 0; l < 32; l++) {
            Object[] f = (Object[]) all[first + l];
            HalfFloat[] fa = (HalfFloat[]) f[0];
            HalfFloat[] fb = (HalfFloat[]) f[1];
            float[] fc = (float[]) f[2];
            int g = l >> 2;
            int p = (l & 3) * 2;
            for (int i = 0; i < 8; i++) {
                ta[g + ((i & 2) != 0 ? 8 : 0)][p + (i & 1) + ((i & 4) != 0 ? 8 : 0)] = fa[i].getFloat32();
            }
            for (int i = 0; i < 4; i++) {
                tb[p + (i & 1) + ((i & 2) != 0 ? 8 : 0)][g] = fb[i].getFloat32();
                tc[g + ((i & 2) != 0 ? 8 : 0)][p + (i & 1)] = fc[i];
            }
        }
        int g = lane() >> 2;
        int p = (lane() & 3) * 2;
        float[] d = new float[4];
        for (int i = 0; i < 4; i++) {
            int row = g + ((i & 2) != 0 ? 8 : 0);
            int col = p + (i & 1);
            float acc = tc[row][col];
            for (int k = 0; k < 16; k++) {
                acc += ta[row][k] * tb[k][col];
            }
            d[i] = acc;
        }
        return d;
    }

    public int[] mmaInt8(byte[] a, byte[] b, int[] c) {
        if (group.simdWidth != 32) {
            throw new IllegalStateException("kgpu: mmaInt8 needs a SIMD width of 32, not " + group.simdWidth);
        }
        Object[] all = group.exchangeObject(linear, new Object[] {a, b, c});
        int first = linear - lane();
        if (first + 32 > all.length) {
            throw new IllegalStateException("kgpu: mmaInt8 needs all 32 lanes of a SIMD group (work-group of " + all.length + ")");
        }
        // The 16x32 A, 32x8 B and 16x8 C tiles from the lanes' fragments.
        int[][] ta = new int[16][32];
        int[][] tb = new int[32][8];
        int[][] tc = new int[16][8];
        for (int l = 0; l < 32; l++) {
            Object[] f = (Object[]) all[first + l];
            byte[] fa = (byte[]) f[0];
            byte[] fb = (byte[]) f[1];
            int[] fc = (int[]) f[2];
            int g = l >> 2;
            int q = (l & 3) * 4;
            for (int i = 0; i < 16; i++) {
                ta[g + ((i & 4) != 0 ? 8 : 0)][q + (i & 3) + ((i & 8) != 0 ? 16 : 0)] = fa[i];
            }
            for (int i = 0; i < 8; i++) {
                tb[q + (i & 3) + ((i & 4) != 0 ? 16 : 0)][g] = fb[i];
            }
            for (int i = 0; i < 4; i++) {
                tc[g + ((i & 2) != 0 ? 8 : 0)][(l & 3) * 2 + (i & 1)] = fc[i];
            }
        }
        int g = lane() >> 2;
        int p = (lane() & 3) * 2;
        int[] d = new int[4];
        for (int i = 0; i < 4; i++) {
            int row = g + ((i & 2) != 0 ? 8 : 0);
            int col = p + (i & 1);
            int acc = tc[row][col];
            for (int k = 0; k < 32; k++) {
                acc += ta[row][k] * tb[k][col];
            }
            d[i] = acc;
        }
        return d;
    }
}
