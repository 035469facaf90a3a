import groovy.transform.CompileStatic
import kgpu.api.ParallelLoops
import uk.ac.manchester.tornado.api.KernelContext

@CompileStatic
class GroovyKernels {
    @ParallelLoops(["i"])
    static void add(float[] a, float[] b, float[] c) {
        for (int i = 0; i < c.length; i++) {
            c[i] = a[i] + b[i]
        }
    }

    static void scale(KernelContext kc, float[] a, float s) {
        int i = kc.globalIdx
        a[i] = a[i] * s + 1.5f as float
    }

    // A private array (new float[4]: the same newarray as javac's), read
    // and written through BytecodeInterface8, and a helper that receives it.
    static float total(float[] w) {
        float s = 0f
        for (int k = 0; k < w.length; k++) {
            s = (s + w[k]) as float
        }
        return s
    }

    static void window(KernelContext kc, float[] x, float[] y) {
        int i = kc.globalIdx
        float[] w = new float[4]
        for (int k = 0; k < 4; k++) {
            w[k] = x[(i + k) & 255]
        }
        y[i] = total(w)
    }
}
