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
}
