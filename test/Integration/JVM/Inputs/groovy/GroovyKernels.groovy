// The JVM corpus, Groovy 6.0.0 @CompileStatic: more loop and KernelContext
// kernels (Groovy's own bytecode shapes: float arithmetic widened to double,
// $const$N fields, getstatic constants, 0/1 loop conditions).
import groovy.transform.CompileStatic
import kgpu.api.ParallelLoops
import uk.ac.manchester.tornado.api.KernelContext
import uk.ac.manchester.tornado.api.annotations.Reduce
import uk.ac.manchester.tornado.api.types.arrays.FloatArray
import uk.ac.manchester.tornado.api.types.arrays.IntArray

@CompileStatic
class GroovyKernels {
    static final int LOCAL = 64

    @ParallelLoops(["i"])
    static void saxpy(float alpha, float[] x, float[] y) {
        for (int i = 0; i < y.length; i++) {
            y[i] = (alpha * x[i] + y[i]) as float
        }
    }

    @ParallelLoops(["i"])
    static void sumInt(int[] input, @Reduce int[] result) {
        for (int i = 0; i < input.length; i++) {
            result[0] += input[i]
        }
    }

    @ParallelLoops(["i"])
    static void maxFloat(float[] input, @Reduce float[] result) {
        for (int i = 0; i < input.length; i++) {
            result[0] = Math.max(result[0], input[i])
        }
    }

    @ParallelLoops(["i", "j"])
    static void matMul(float[] a, float[] b, float[] c, int n) {
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                float sum = 0.0f
                for (int k = 0; k < n; k++) {
                    sum = (sum + a[i * n + k] * b[k * n + j]) as float
                }
                c[i * n + j] = sum
            }
        }
    }

    /** intdiv and %: Groovy compiles them to boxed runtime calls. */
    @ParallelLoops(["i"])
    static void intOps(int[] a, int[] b, int[] out, int n) {
        for (int i = 0; i < n; i++) {
            int x = a[i] - 1073741824
            int y = b[i] | 1
            out[5 * i] = x * y
            out[5 * i + 1] = x.intdiv(y) as int
            out[5 * i + 2] = x % y
            out[5 * i + 3] = x << b[i]
            out[5 * i + 4] = x >>> b[i]
        }
    }

    static void reduceSum(KernelContext kc, FloatArray input, FloatArray partial) {
        float[] local = kc.allocateFloatLocalArray(LOCAL)
        int lid = kc.localIdx
        local[lid] = input.get(kc.globalIdx)
        // `>> 1` on an int, not intdiv(2): Groovy compiles intdiv, int % and
        // an operator on the Integer field itself to boxed runtime calls
        // (DefaultGroovyMethods.intdiv, NumberMath.remainder/rightShift).
        int size = kc.localGroupSizeX
        for (int stride = size >> 1; stride > 0; stride = stride >> 1) {
            kc.localBarrier()
            if (lid < stride) {
                local[lid] = (local[lid] + local[lid + stride]) as float
            }
        }
        if (lid == 0) {
            partial.set(kc.groupIdx, local[0])
        }
    }

    /** nbins a power of two: a mask, not %, which Groovy boxes. */
    static void histogram(KernelContext kc, IntArray data, IntArray bins, int nbins) {
        int v = data.get(kc.globalIdx)
        kc.atomicAdd(bins, (v ^ (v >>> 7)) & (nbins - 1), 1)
    }

    // Private arrays (new float[4], [..] as int[]) and a helper that
    // receives one (inlined by kgpu).
    static float windowSum(float[] w) {
        float s = 0f
        for (int k = 0; k < w.length; k++) {
            s = (s + w[k]) as float
        }
        return s
    }

    @ParallelLoops(["i"])
    static void movingAverage(float[] input, float[] out, int n) {
        for (int i = 0; i < n; i++) {
            float[] w = new float[4]
            for (int k = 0; k < 4; k++) {
                w[k] = (input[Math.min(i + k, n - 1)] * (k + 1)) as float
            }
            out[i] = (windowSum(w) / 10f) as float
        }
    }

    static void privateTables(KernelContext kc, int[] data, int[] out) {
        int i = kc.globalIdx
        int[] primes = [2, 3, 5, 7] as int[]
        int[] h = new int[8]
        for (int k = 0; k < 16; k++) {
            h[data[16 * i + k] & 7] += 1
        }
        int r = 0
        for (int b = 0; b < h.length; b++) {
            r = r * 31 + h[b] * b * b + primes[b & 3]
        }
        out[i] = r
    }
}
