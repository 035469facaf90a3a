// kgpu example: the Mandelbrot kernel of the "Running Groovy on the GPU
// with TornadoVM" post ("Floats get in the way"), one GPU thread per pixel
// through KernelContext, compiled by groovyc 6.0.0 and run by kgpu's
// TornadoVM host API (docs/jvm-host.md).
//
// The kernel is the post's with the `as float` casts the post mentions
// first (@CompileStatic refuses the float assignments without them); the
// post's @GpuKernel AST transformation lives in its companion repository
// and is not used here. kgpu needs nothing more: Groovy's `$const$N` float
// literal fields and the static final MAX_ITER are constants to kgpu's JVM
// frontend, and the arithmetic that Groovy does in double is compiled as
// double (docs/jvm.md, "Groovy and Kotlin shapes"), so the device's image
// is the JVM's, pixel for pixel, on a device with fp64 (the CPU, lavapipe,
// CUDA). The host code is written as the post's vector add: a TaskGraph,
// a GridScheduler with a WorkerGrid2D of one thread per pixel, an
// execution plan. main checks the image against the same method run on
// the JVM (kgpu.jvm.WorkGroupExecutor) and prints the device and the
// time. Exits 1 on a mismatch.
//
//   build/examples/jvm/groovy-mandelbrot [WIDTH HEIGHT]   (KGPU_DEVICE=cpu|vulkan|cuda)
import groovy.transform.CompileStatic
import kgpu.jvm.WorkGroupExecutor
import uk.ac.manchester.tornado.api.GridScheduler
import uk.ac.manchester.tornado.api.KernelContext
import uk.ac.manchester.tornado.api.TaskGraph
import uk.ac.manchester.tornado.api.TornadoExecutionPlan
import uk.ac.manchester.tornado.api.WorkerGrid2D
import uk.ac.manchester.tornado.api.types.arrays.IntArray
import static uk.ac.manchester.tornado.api.enums.DataTransferMode.EVERY_EXECUTION

@CompileStatic
class Mandelbrot {
    static final int MAX_ITER = 1000

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

    static void main(String[] args) {
        int w = args.length > 1 ? Integer.parseInt(args[0]) : 192
        int h = args.length > 1 ? Integer.parseInt(args[1]) : 160
        def out = new IntArray(w * h)

        def ctx = new KernelContext()
        def graph = new TaskGraph('s0')
            .task('t0', Mandelbrot::mandel, ctx, out, w, h)
            .transferToHost(EVERY_EXECUTION, out)
        def grid = new GridScheduler('s0.t0', new WorkerGrid2D(w, h))
        try (def plan = new TornadoExecutionPlan(graph.snapshot())) {
            long t0 = System.nanoTime()
            plan.withGridScheduler(grid).execute()
            long t1 = System.nanoTime()
            // Again, as the post times it: without compiling the kernel.
            def again = plan.withGridScheduler(grid).execute()
            long t2 = System.nanoTime()
            println "groovy-mandelbrot: ${w}x${h}, up to $MAX_ITER iterations, on ${plan.device.kgpuSpec} (${plan.device.description})"
            println String.format('  first execute: %.3f ms (with compiling the kernel)', (t1 - t0) / 1e6d)
            println String.format('  execute:       %.3f ms (kernel %.3f ms)', (t2 - t1) / 1e6d,
                    again.profilerResult.deviceKernelTime / 1e6d)
        }
        int inSet = (0..<(w * h)).count { int i -> out.get(i) == MAX_ITER } as int
        println "  $inSet pixels in the set"

        // The check: the same method on the JVM, pixel for pixel.
        def ref = new IntArray(w * h)
        int[] local = (w % 16 == 0 && h % 16 == 0) ? [16, 16] as int[] : [1, 1] as int[]
        WorkGroupExecutor.run([w, h] as int[], local) { KernelContext kc -> mandel(kc, ref, w, h) }
        int differ = (0..<(w * h)).count { int i -> out.get(i) != ref.get(i) } as int
        if (differ != 0) {
            println "groovy-mandelbrot: FAILED: $differ of ${w * h} pixels differ from the JVM's"
            System.exit(1)
        }
        println 'groovy-mandelbrot: PASSED (identical to the JVM)'
    }
}
