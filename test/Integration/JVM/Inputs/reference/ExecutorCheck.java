// Checks kgpu's JVM work-group executor (kgpu.jvm.WorkGroupExecutor) and
// the API's host-side behaviour; each line it prints is FileCheck'd by
// ../../executor.test. Every check prints its computed value, so a wrong
// executor gives a different line.
import kgpu.jvm.WorkGroupExecutor;
import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.enums.MMAShape;
import uk.ac.manchester.tornado.api.types.HalfFloat;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;
import uk.ac.manchester.tornado.api.types.arrays.IntArray;
import uk.ac.manchester.tornado.api.types.arrays.TornadoNativeArray;

public class ExecutorCheck {
    public static void main(String[] args) throws Throwable {
        System.out.println("storage: " + TornadoNativeArray.kgpuStorageKind());

        // Ids: 2-D, global 8x6 in groups of 4x3.
        IntArray ids = new IntArray(8 * 6);
        WorkGroupExecutor.run(new int[] {8, 6}, new int[] {4, 3}, kc -> {
            int v = kc.groupIdx * 1000 + kc.groupIdy * 100 + kc.localIdx * 10 + kc.localIdy;
            if (kc.globalIdx != kc.groupIdx * kc.localGroupSizeX + kc.localIdx
                    || kc.globalGroupSizeX != 8 || kc.globalGroupSizeY != 6 || kc.localGroupSizeY != 3) {
                v = -1;
            }
            ids.set(kc.globalIdy * 8 + kc.globalIdx, v);
        });
        System.out.println("ids: " + ids.get(0) + " " + ids.get(7) + " " + ids.get(5 * 8 + 6) + " " + ids.get(3 * 8 + 1));

        // A barrier really waits: every work-item writes local[lid], and after
        // the barrier reads its neighbour's slot (written by another thread).
        IntArray shifted = new IntArray(64);
        WorkGroupExecutor.run(new int[] {64}, new int[] {16}, kc -> {
            int[] local = kc.allocateIntLocalArray(16);
            int lid = kc.localIdx;
            if (lid == 3) {
                Thread.sleep(20); // a slow work-item: the others must wait for it
            }
            local[lid] = kc.globalIdx * 3;
            kc.localBarrier();
            shifted.set(kc.globalIdx, local[(lid + 1) % 16]);
        });
        int bad = 0;
        for (int i = 0; i < 64; i++) {
            int g = i / 16 * 16 + (i % 16 + 1) % 16;
            bad += shifted.get(i) == g * 3 ? 0 : 1;
        }
        System.out.println("barrier: " + bad + " wrong of 64");

        // Tree reduction in local memory with barriers: one sum per group.
        IntArray sums = new IntArray(4);
        WorkGroupExecutor.run(new int[] {128}, new int[] {32}, kc -> {
            int[] local = kc.allocateIntLocalArray(32);
            int lid = kc.localIdx;
            local[lid] = kc.globalIdx;
            for (int s = 16; s > 0; s /= 2) {
                kc.localBarrier();
                if (lid < s) {
                    local[lid] += local[lid + s];
                }
            }
            if (lid == 0) {
                sums.set(kc.groupIdx, local[0]);
            }
        });
        System.out.println("tree sums: " + sums.get(0) + " " + sums.get(1) + " " + sums.get(2) + " " + sums.get(3));

        // Atomics are atomic: 4096 increments from 256 concurrent work-items.
        IntArray counter = new IntArray(1);
        WorkGroupExecutor.run(new int[] {1024}, new int[] {256}, kc -> {
            for (int k = 0; k < 4; k++) {
                kc.atomicAdd(counter, 0, 1);
            }
        });
        System.out.println("atomics: " + counter.get(0));

        // SIMD groups of 8 lanes in groups of 32: sum, shuffle down, broadcast.
        FloatArray simd = new FloatArray(3 * 32);
        WorkGroupExecutor.run(new int[] {32}, new int[] {32}, 8, kc -> {
            float lid = kc.localIdx;
            simd.set(kc.localIdx, kc.simdSum(lid));
            simd.set(32 + kc.localIdx, kc.simdShuffleDown(lid, 2));
            simd.set(64 + kc.localIdx, kc.simdBroadcastFirst(lid));
        });
        System.out.println("simd: sum " + simd.get(0) + " " + simd.get(9) + ", down " + simd.get(32 + 5) + " " + simd.get(32 + 6)
                + " " + simd.get(32 + 7) + ", first " + simd.get(64 + 13));

        // A failing work-item fails the launch (and does not hang the others
        // at the barrier).
        try {
            WorkGroupExecutor.run(new int[] {8}, new int[] {8}, kc -> {
                if (kc.localIdx == 5) {
                    throw new ArithmeticException("boom in 5");
                }
                kc.localBarrier();
            });
            System.out.println("failure: not reported");
        } catch (ArithmeticException e) {
            System.out.println("failure: " + e.getMessage());
        }

        // MMA m16n8k16: one SIMD group of 32 lanes, D = A x B + C with small
        // integer values (exact), against a plain triple loop.
        int[] aTile = new int[16 * 16 / 2];
        int[] bTile = new int[16 * 8 / 2];
        float[][] a = new float[16][16];
        float[][] b = new float[16][8];
        for (int r = 0; r < 16; r++) {
            for (int c = 0; c < 16; c++) {
                a[r][c] = (r * 3 + c) % 7 - 3;
                pack(aTile, r * 16 + c, a[r][c]);
            }
        }
        for (int k = 0; k < 16; k++) {
            for (int n = 0; n < 8; n++) {
                b[k][n] = (k + n * 5) % 5 - 2;
                pack(bTile, k * 8 + n, b[k][n]); // row by row (TornadoVM)
            }
        }
        FloatArray d = new FloatArray(16 * 8);
        WorkGroupExecutor.run(new int[] {32}, new int[] {32}, kc -> {
            HalfFloat[] fa = kc.mmaLoadA(aTile, 16);
            HalfFloat[] fb = kc.mmaLoadB(bTile, 16);
            float[] fc = kc.mmaFragment(1.0f);
            float[] fd = kc.mma(fa, fb, fc, MMAShape.M16N8K16);
            kc.mmaStore(fd, d, 0, 0, 8);
        });
        int mmaBad = 0;
        for (int r = 0; r < 16; r++) {
            for (int n = 0; n < 8; n++) {
                float want = 1.0f;
                for (int k = 0; k < 16; k++) {
                    want += a[r][k] * b[k][n];
                }
                mmaBad += d.get(r * 8 + n) == want ? 0 : 1;
            }
        }
        System.out.println("mma: " + mmaBad + " wrong of 128, d[0] " + d.get(0) + " d[127] " + d.get(127));

        // Host side: arrays, HalfFloat.
        FloatArray f = FloatArray.fromArray(new float[] {1.5f, -2.0f, 3.25f});
        FloatArray g = new FloatArray(f, FloatArray.fromElements(7.0f));
        g.init(g.get(3));
        System.out.println("arrays: " + f.getSize() + " " + f.toHeapArray()[2] + " " + g.getSize() + " " + g.get(0) + " " + f.slice(1, 2).get(0));
        f.clear();
        System.out.println("clear: " + f.get(0) + " " + f.get(2));
        try {
            f.get(3);
            System.out.println("bounds: not checked");
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println("bounds: " + e.getMessage());
        }
        System.out.println("half: " + new HalfFloat(1.0f / 3.0f).getFloat32() + " " + HalfFloat.add(new HalfFloat(2048.0f), new HalfFloat(1.0f)).getFloat32()
                + " " + new HalfFloat(65520.0f).getFloat32() + " " + Integer.toHexString(new HalfFloat(-0.0f).getHalfFloatValue() & 0xffff)
                + " " + new HalfFloat(0x1p-24f).getFloat32());
    }

    private static void pack(int[] tile, int index, float v) {
        int h = new HalfFloat(v).getHalfFloatValue() & 0xffff;
        tile[index >> 1] |= (index & 1) == 0 ? h : h << 16;
    }
}
