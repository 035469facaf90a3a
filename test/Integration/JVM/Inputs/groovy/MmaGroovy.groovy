// A tensor-core GEMM in Groovy @CompileStatic (docs/jvm.md, "Tensor cores"):
// one SIMD group of 32 lanes per 16x8 tile, the A tile and B panel staged
// in local memory row by row, two fp16 per int.
import groovy.transform.CompileStatic
import uk.ac.manchester.tornado.api.KernelContext
import uk.ac.manchester.tornado.api.enums.MMAShape
import uk.ac.manchester.tornado.api.types.HalfFloat
import uk.ac.manchester.tornado.api.types.arrays.FloatArray
import uk.ac.manchester.tornado.api.types.arrays.HalfFloatArray

@CompileStatic
class MmaGroovy {
    static void mmaGemm(KernelContext kc, HalfFloatArray a, HalfFloatArray b, FloatArray c, int n) {
        int lane = kc.localIdx
        int gy = kc.groupIdy
        int gx = kc.groupIdx
        int tileRow = gy * 16
        int tileCol = gx * 8
        int[] aTile = kc.allocateIntLocalArray(128)
        int[] bTile = kc.allocateIntLocalArray(64)
        float[] acc = kc.mmaFragment(0.0f)
        for (int k0 = 0; k0 < n; k0 += 16) {
            for (int e = lane; e < 128; e += 32) {
                int src = (tileRow + (e >> 3)) * n + k0 + (e & 7) * 2
                int lo = a.get(src).getHalfFloatValue() & 0xffff
                int hi = a.get(src + 1).getHalfFloatValue() & 0xffff
                aTile[e] = lo | (hi << 16)
            }
            for (int e = lane; e < 64; e += 32) {
                int src = (k0 + (e >> 2)) * n + tileCol + (e & 3) * 2
                int lo = b.get(src).getHalfFloatValue() & 0xffff
                int hi = b.get(src + 1).getHalfFloatValue() & 0xffff
                bTile[e] = lo | (hi << 16)
            }
            kc.localBarrier()
            HalfFloat[] fa = kc.mmaLoadA(aTile, 16)
            HalfFloat[] fb = kc.mmaLoadB(bTile, 16)
            acc = kc.mma(fa, fb, acc, MMAShape.M16N8K16)
            kc.localBarrier()
        }
        kc.mmaStore(acc, c, tileRow, tileCol, n)
    }

    static void gemmHalfReference(KernelContext kc, HalfFloatArray a, HalfFloatArray b, FloatArray c, int n) {
        int col = kc.globalIdx
        int row = kc.globalIdy
        float sum = 0.0f
        for (int k = 0; k < n; k++) {
            sum = (sum + a.get(row * n + k).getFloat32() * b.get(k * n + col).getFloat32()) as float
        }
        c.set(row * n + col, sum)
    }
}
