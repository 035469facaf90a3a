// The JVM corpus, Java: KernelContext kernels (thread ids, local memory,
// barriers, atomics, SIMD groups, MMA).
import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.enums.MMAShape;
import uk.ac.manchester.tornado.api.types.HalfFloat;
import uk.ac.manchester.tornado.api.types.arrays.ByteArray;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;
import uk.ac.manchester.tornado.api.types.arrays.HalfFloatArray;
import uk.ac.manchester.tornado.api.types.arrays.IntArray;
import uk.ac.manchester.tornado.api.types.arrays.LongArray;

public class ContextKernels {
    public static final int TS = 8;
    static final int LOCAL = 64;

    public static void vectorAdd(KernelContext kc, FloatArray a, FloatArray b, FloatArray c) {
        int i = kc.globalIdx;
        c.set(i, a.get(i) + b.get(i));
    }

    /** KernelContext not first, and a bounds guard. */
    public static void vectorAddGuarded(IntArray a, KernelContext context, IntArray b, IntArray c, int n) {
        int i = context.globalIdx;
        if (i < n) {
            c.set(i, a.get(i) + b.get(i));
        }
    }

    /** One partial sum per work-group: a tree in local memory with barriers. */
    public static void reduceSum(KernelContext kc, FloatArray in, FloatArray partial) {
        float[] local = kc.allocateFloatLocalArray(LOCAL);
        int lid = kc.localIdx;
        int size = kc.localGroupSizeX;
        local[lid] = in.get(kc.globalIdx);
        for (int stride = size / 2; stride > 0; stride /= 2) {
            kc.localBarrier();
            if (lid < stride) {
                local[lid] += local[lid + stride];
            }
        }
        if (lid == 0) {
            partial.set(kc.groupIdx, local[0]);
        }
    }

    public static void reduceMaxInt(KernelContext kc, IntArray in, IntArray partial) {
        int[] local = kc.allocateIntLocalArray(LOCAL);
        int lid = kc.localIdx;
        local[lid] = in.get(kc.globalIdx);
        for (int stride = kc.localGroupSizeX / 2; stride > 0; stride /= 2) {
            kc.localBarrier();
            if (lid < stride) {
                local[lid] = Math.max(local[lid], local[lid + stride]);
            }
        }
        if (lid == 0) {
            partial.set(kc.groupIdx, local[0]);
        }
    }

    public static void reduceSumLong(KernelContext kc, LongArray in, LongArray partial) {
        long[] local = kc.allocateLongLocalArray(LOCAL);
        int lid = kc.localIdx;
        local[lid] = in.get(kc.globalIdx);
        kc.localBarrier();
        if (lid == 0) {
            long s = 0;
            for (int k = 0; k < kc.localGroupSizeX; k++) {
                s += local[k];
            }
            partial.set(kc.groupIdx, s);
        }
    }

    /** The tiled matrix multiplication of TornadoVM's Kernel API documentation (TS x TS tiles). */
    public static void tiledMatMul(KernelContext kc, FloatArray a, FloatArray b, FloatArray c, int n) {
        int row = kc.localIdx;
        int col = kc.localIdy;
        int globalRow = TS * kc.groupIdx + row;
        int globalCol = TS * kc.groupIdy + col;
        float[] aSub = kc.allocateFloatLocalArray(TS * TS);
        float[] bSub = kc.allocateFloatLocalArray(TS * TS);
        float sum = 0.0f;
        int numTiles = n / TS;
        for (int t = 0; t < numTiles; t++) {
            int tiledRow = TS * t + row;
            int tiledCol = TS * t + col;
            aSub[col * TS + row] = a.get(tiledCol * n + globalRow);
            bSub[col * TS + row] = b.get(globalCol * n + tiledRow);
            kc.localBarrier();
            for (int k = 0; k < TS; k++) {
                sum += aSub[k * TS + row] * bSub[col * TS + k];
            }
            kc.localBarrier();
        }
        c.set(globalCol * n + globalRow, sum);
    }

    /** A histogram with atomics on global memory. */
    public static void histogram(KernelContext kc, IntArray data, IntArray bins, int nbins) {
        int i = kc.globalIdx;
        int v = data.get(i);
        int bin = (v ^ (v >>> 7)) % nbins;
        kc.atomicAdd(bins, bin, 1);
    }

    /** Atomic counting on an int[] and a LongArray. */
    public static void countPositive(KernelContext kc, float[] x, int[] count, LongArray total) {
        int i = kc.globalIdx;
        if (x[i] > 0.5f) {
            kc.atomicAdd(count, 0, 1);
            kc.atomicAdd(total, 0, (long) i);
        }
    }

    /**
     * SIMD-group sums, independent of the SIMD width: each group's first
     * lane adds its group's sum (integer-valued floats: exact in any order).
     */
    public static void simdTotal(KernelContext kc, IntArray in, IntArray total) {
        int lid = kc.localIdx;
        float s = kc.simdSum((float) (in.get(kc.globalIdx) & 1023));
        float lanes = kc.simdSum(1.0f);
        float first = kc.simdBroadcastFirst((float) lid);
        if (first == (float) lid) {
            kc.atomicAdd(total, 0, (int) s);
            kc.atomicAdd(total, 1, (int) lanes);
        }
    }

    /** A shuffle-down tree over the SIMD group (its width from simdSum(1)). */
    public static void simdShuffleTotal(KernelContext kc, IntArray in, IntArray total) {
        int lid = kc.localIdx;
        float v = (float) (in.get(kc.globalIdx) & 1023);
        int width = (int) kc.simdSum(1.0f);
        for (int offset = width / 2; offset > 0; offset /= 2) {
            v += kc.simdShuffleDown(v, offset);
        }
        if (kc.simdBroadcastFirst((float) lid) == (float) lid) {
            kc.atomicAdd(total, 0, (int) v);
        }
    }

    /** A 2-D transpose through a local tile (TS x TS work-groups). */
    public static void transposeTile(KernelContext kc, IntArray in, IntArray out, int w, int h) {
        int[] tile = kc.allocateIntLocalArray(TS * (TS + 1));
        int x = kc.globalIdx;
        int y = kc.globalIdy;
        tile[kc.localIdy * (TS + 1) + kc.localIdx] = in.get(y * w + x);
        kc.localBarrier();
        int ox = kc.groupIdy * TS + kc.localIdx;
        int oy = kc.groupIdx * TS + kc.localIdy;
        out.set(oy * h + ox, tile[kc.localIdx * (TS + 1) + kc.localIdy]);
    }

    public static void mandelbrot(KernelContext kc, IntArray out, int w, int h) {
        int px = kc.globalIdx;
        int py = kc.globalIdy;
        float cx = -2.0f + px * 3.0f / w;
        float cy = -1.25f + py * 2.5f / h;
        float x = 0.0f;
        float y = 0.0f;
        int n = 0;
        while (n < 200 && x * x + y * y <= 4.0f) {
            float xt = x * x - y * y + cx;
            y = 2.0f * x * y + cy;
            x = xt;
            n++;
        }
        out.set(py * w + px, n);
    }

    /**
     * A GEMM on tensor cores as TornadoVM's MMA tests write it: one SIMD
     * group of 32 lanes per 16x8 tile of C = A x B (n x n, fp16 inputs, f32
     * accumulation); the 16 x 16 A tile and the 16 x 8 B panel are staged in
     * local memory row by row, two fp16 per int (the even column low).
     */
    public static void mmaGemm(KernelContext kc, HalfFloatArray a, HalfFloatArray b, FloatArray c, int n) {
        int lane = kc.localIdx;
        int tileRow = kc.groupIdy * 16;
        int tileCol = kc.groupIdx * 8;
        int[] aTile = kc.allocateIntLocalArray(16 * 16 / 2);
        int[] bTile = kc.allocateIntLocalArray(16 * 8 / 2);
        float[] acc = kc.mmaFragment(0.0f);
        for (int k0 = 0; k0 < n; k0 += 16) {
            for (int e = lane; e < 16 * 16 / 2; e += 32) {
                int r = e / 8;
                int cc = (e % 8) * 2;
                int lo = a.get((tileRow + r) * n + k0 + cc).getHalfFloatValue() & 0xffff;
                int hi = a.get((tileRow + r) * n + k0 + cc + 1).getHalfFloatValue() & 0xffff;
                aTile[e] = lo | (hi << 16);
            }
            for (int e = lane; e < 16 * 8 / 2; e += 32) {
                int kk = e / 4;
                int col = (e % 4) * 2;
                int lo = b.get((k0 + kk) * n + tileCol + col).getHalfFloatValue() & 0xffff;
                int hi = b.get((k0 + kk) * n + tileCol + col + 1).getHalfFloatValue() & 0xffff;
                bTile[e] = lo | (hi << 16);
            }
            kc.localBarrier();
            HalfFloat[] fa = kc.mmaLoadA(aTile, 16);
            HalfFloat[] fb = kc.mmaLoadB(bTile, 16);
            acc = kc.mma(fa, fb, acc, MMAShape.M16N8K16);
            kc.localBarrier();
        }
        kc.mmaStore(acc, c, tileRow, tileCol, n);
    }

    /**
     * mmaGemm with its tiles staged by asynchronous copies (cp.async on
     * CUDA): each asyncCopyToLocal moves two fp16 into one int of the tile.
     */
    public static void mmaGemmAsync(KernelContext kc, HalfFloatArray a, HalfFloatArray b, FloatArray c, int n) {
        int lane = kc.localIdx;
        int tileRow = kc.groupIdy * 16;
        int tileCol = kc.groupIdx * 8;
        int[] aTile = kc.allocateIntLocalArray(16 * 16 / 2);
        int[] bTile = kc.allocateIntLocalArray(16 * 8 / 2);
        float[] acc = kc.mmaFragment(0.0f);
        for (int k0 = 0; k0 < n; k0 += 16) {
            for (int e = lane; e < 16 * 16 / 2; e += 32) {
                kc.asyncCopyToLocal(aTile, e, a, (tileRow + e / 8) * n + k0 + (e % 8) * 2);
            }
            for (int e = lane; e < 16 * 8 / 2; e += 32) {
                kc.asyncCopyToLocal(bTile, e, b, (k0 + e / 4) * n + tileCol + (e % 4) * 2);
            }
            kc.asyncCopyCommit();
            kc.asyncCopyWaitGroup(0);
            kc.localBarrier();
            HalfFloat[] fa = kc.mmaLoadA(aTile, 16);
            HalfFloat[] fb = kc.mmaLoadB(bTile, 16);
            acc = kc.mma(fa, fb, acc, MMAShape.M16N8K16);
            kc.localBarrier();
        }
        kc.mmaStore(acc, c, tileRow, tileCol, n);
    }

    /**
     * Four SIMD groups per work-group share one 32 x 16 A block and two B
     * panels in local memory; SIMD group w multiplies A rows 16 (w / 2) and
     * B panel w % 2, picked with the byteOffset loads (512 bytes per 16
     * rows of A, 256 per B panel), into the 16x8 tile at rows
     * 32 groupIdy + 16 (w / 2), columns 16 groupIdx + 8 (w % 2) of C.
     */
    public static void mmaGemmWarps(KernelContext kc, HalfFloatArray a, HalfFloatArray b, FloatArray c, int n) {
        int lid = kc.localIdx;
        int warp = lid / 32;
        int blockRow = kc.groupIdy * 32;
        int blockCol = kc.groupIdx * 16;
        int[] aTile = kc.allocateIntLocalArray(32 * 16 / 2);
        int[] bTile = kc.allocateIntLocalArray(2 * 16 * 8 / 2);
        float[] acc = kc.mmaFragment(0.0f);
        for (int k0 = 0; k0 < n; k0 += 16) {
            for (int e = lid; e < 32 * 16 / 2; e += 128) {
                int r = e / 8;
                int cc = (e % 8) * 2;
                int lo = a.get((blockRow + r) * n + k0 + cc).getHalfFloatValue() & 0xffff;
                int hi = a.get((blockRow + r) * n + k0 + cc + 1).getHalfFloatValue() & 0xffff;
                aTile[e] = lo | (hi << 16);
            }
            for (int e = lid; e < 2 * 16 * 8 / 2; e += 128) {
                int panel = e / 64;
                int kk = (e % 64) / 4;
                int col = panel * 8 + (e % 4) * 2;
                int lo = b.get((k0 + kk) * n + blockCol + col).getHalfFloatValue() & 0xffff;
                int hi = b.get((k0 + kk) * n + blockCol + col + 1).getHalfFloatValue() & 0xffff;
                bTile[e] = lo | (hi << 16);
            }
            kc.localBarrier();
            HalfFloat[] fa = kc.mmaLoadA(aTile, 16, (warp / 2) * 16 * 32);
            HalfFloat[] fb = kc.mmaLoadB(bTile, 16, (warp % 2) * 16 * 16);
            acc = kc.mma(fa, fb, acc, MMAShape.M16N8K16);
            kc.localBarrier();
        }
        kc.mmaStore(acc, c, blockRow + (warp / 2) * 16, blockCol + (warp % 2) * 8, n);
    }

    /**
     * An int8 GEMM on tensor cores as TornadoVM's MMA tests write it
     * (m16n8k32, s32 accumulation): the 16 x 32 A tile row by row, four
     * bytes per int; the 32 x 8 B panel in pairs of k (int e of the panel:
     * B[2 (e / 4)][j], B[2 (e / 4) + 1][j], then the same for j + 1, with
     * j = 2 (e % 4)).
     */
    public static void mmaGemmInt8(KernelContext kc, ByteArray a, ByteArray b, IntArray c, int n) {
        int lane = kc.localIdx;
        int tileRow = kc.groupIdy * 16;
        int tileCol = kc.groupIdx * 8;
        int[] aTile = kc.allocateIntLocalArray(16 * 32 / 4);
        int[] bTile = kc.allocateIntLocalArray(32 * 8 / 4);
        int[] acc = kc.mmaFragmentInt(0);
        for (int k0 = 0; k0 < n; k0 += 32) {
            for (int e = lane; e < 16 * 32 / 4; e += 32) {
                int base = (tileRow + e / 8) * n + k0 + (e % 8) * 4;
                aTile[e] = (a.get(base) & 0xff) | ((a.get(base + 1) & 0xff) << 8)
                        | ((a.get(base + 2) & 0xff) << 16) | ((a.get(base + 3) & 0xff) << 24);
            }
            for (int e = lane; e < 32 * 8 / 4; e += 32) {
                int g0 = (k0 + 2 * (e / 4)) * n + tileCol + (e % 4) * 2;
                int g1 = g0 + n;
                bTile[e] = (b.get(g0) & 0xff) | ((b.get(g1) & 0xff) << 8)
                        | ((b.get(g0 + 1) & 0xff) << 16) | ((b.get(g1 + 1) & 0xff) << 24);
            }
            kc.localBarrier();
            byte[] fa = kc.mmaLoadAInt8(aTile, 32);
            byte[] fb = kc.mmaLoadBInt8(bTile, 32);
            acc = kc.mmaInt8(fa, fb, acc, MMAShape.M16N8K32);
            kc.localBarrier();
        }
        kc.mmaStoreInt(acc, c, tileRow, tileCol, n);
    }

    /** The same product as mmaGemmInt8, one work-item per element (its reference). */
    public static void gemmInt8Reference(KernelContext kc, ByteArray a, ByteArray b, IntArray c, int n) {
        int col = kc.globalIdx;
        int row = kc.globalIdy;
        int sum = 0;
        for (int k = 0; k < n; k++) {
            sum += a.get(row * n + k) * b.get(k * n + col);
        }
        c.set(row * n + col, sum);
    }

    /** The same product as mmaGemm, one work-item per element (its reference). */
    public static void gemmHalfReference(KernelContext kc, HalfFloatArray a, HalfFloatArray b, FloatArray c, int n) {
        int col = kc.globalIdx;
        int row = kc.globalIdy;
        float sum = 0.0f;
        for (int k = 0; k < n; k++) {
            sum += a.get(row * n + k).getFloat32() * b.get(k * n + col).getFloat32();
        }
        c.set(row * n + col, sum);
    }
}
