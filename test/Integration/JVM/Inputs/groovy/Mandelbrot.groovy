// The JVM corpus, Groovy 6.0.0 @CompileStatic: the Mandelbrot of the Groovy
// post, with only the `as float` casts @CompileStatic demands, in the
// KernelContext style and in the parallel-loop style (@ParallelLoops).
import groovy.transform.CompileStatic
import kgpu.api.ParallelLoops
import uk.ac.manchester.tornado.api.KernelContext
import uk.ac.manchester.tornado.api.types.arrays.IntArray

@CompileStatic
class Mandelbrot {
    static final int MAX_ITER = 200

    static void mandel(KernelContext ctx, IntArray out, int w, int h) {
        int px = ctx.globalIdx
        int py = ctx.globalIdy
        float cx = (-2.0f + px * 3.0f / w) as float
        float cy = (-1.25f + py * 2.5f / h) as float
        float x = 0.0f, y = 0.0f
        int n = 0
        while (n < MAX_ITER && x * x + y * y <= 4.0f) {
            float xt = (x * x - y * y + cx) as float
            y = (2.0f * x * y + cy) as float
            x = xt
            n++
        }
        out.set(py * w + px, n)
    }

    @ParallelLoops(["py", "px"])
    static void mandelLoops(IntArray out, int w, int h) {
        for (int py = 0; py < h; py++) {
            for (int px = 0; px < w; px++) {
                float cx = (-2.0f + px * 3.0f / w) as float
                float cy = (-1.25f + py * 2.5f / h) as float
                float x = 0.0f, y = 0.0f
                int n = 0
                while (n < MAX_ITER && x * x + y * y <= 4.0f) {
                    float xt = (x * x - y * y + cx) as float
                    y = (2.0f * x * y + cy) as float
                    x = xt
                    n++
                }
                out.set(py * w + px, n)
            }
        }
    }
}
