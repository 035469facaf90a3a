// The JVM corpus, Groovy 6.0.0 @CompileStatic: the vector add of the Groovy
// post (../../../../../docs/jvm-api.md), in the KernelContext style and in
// the parallel-loop style with kgpu's @ParallelLoops marker.
import groovy.transform.CompileStatic
import kgpu.api.ParallelLoops
import uk.ac.manchester.tornado.api.KernelContext
import uk.ac.manchester.tornado.api.types.arrays.FloatArray

@CompileStatic
class VectorAdd {
    static void vectorAdd(KernelContext ctx, FloatArray a, FloatArray b, FloatArray c) {
        int i = ctx.globalIdx
        c.set(i, a.get(i) + b.get(i))
    }

    @ParallelLoops(["i"])
    static void vectorAddLoop(FloatArray a, FloatArray b, FloatArray c) {
        for (int i = 0; i < c.getSize(); i++) {
            c.set(i, a.get(i) + b.get(i))
        }
    }

    @ParallelLoops(["i"])
    static void vectorAddArrays(float[] a, float[] b, float[] c) {
        for (int i = 0; i < c.length; i++) {
            c[i] = (a[i] + b[i]) as float
        }
    }
}
