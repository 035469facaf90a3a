// kgpu example: the first kernel of the "Running Groovy on the GPU with
// TornadoVM" post, a @CompileStatic KernelContext vector add, its class and
// main as the post writes them (with the post's own check), compiled by
// groovyc 6.0.0 and run by kgpu's TornadoVM host API (docs/jvm-host.md).
// Added to the post: the size from the command line (default the post's
// 4096), a print of the device and the time, and a check of c against the
// same method run on the JVM (kgpu.jvm.WorkGroupExecutor), bit for bit.
// Exits 1 on a mismatch.
//
//   build/examples/jvm/groovy-vadd [SIZE]   (KGPU_DEVICE=cpu|vulkan|cuda)
import groovy.transform.CompileStatic
import kgpu.jvm.WorkGroupExecutor
import uk.ac.manchester.tornado.api.GridScheduler
import uk.ac.manchester.tornado.api.KernelContext
import uk.ac.manchester.tornado.api.TaskGraph
import uk.ac.manchester.tornado.api.TornadoExecutionPlan
import uk.ac.manchester.tornado.api.WorkerGrid1D
import uk.ac.manchester.tornado.api.types.arrays.FloatArray
import static uk.ac.manchester.tornado.api.enums.DataTransferMode.EVERY_EXECUTION
import static uk.ac.manchester.tornado.api.enums.DataTransferMode.FIRST_EXECUTION

@CompileStatic
class VectorAdd {
    static void vectorAdd(KernelContext ctx, FloatArray a, FloatArray b, FloatArray c) {
        int i = ctx.globalIdx
        c.set(i, a.get(i) + b.get(i))
    }

    static void main(String[] args) {
        int size = args.length > 0 ? Integer.parseInt(args[0]) : 4096
        def a = new FloatArray(size), b = new FloatArray(size), c = new FloatArray(size)
        def r = new Random(42)
        for (int i = 0; i < size; i++) { a.set(i, r.nextFloat()); b.set(i, r.nextFloat()) }

        def ctx = new KernelContext()
        def graph = new TaskGraph('s0')
            .transferToDevice(FIRST_EXECUTION, a, b)
            .task('t0', VectorAdd::vectorAdd, ctx, a, b, c)
            .transferToHost(EVERY_EXECUTION, c)
        def grid = new GridScheduler('s0.t0', new WorkerGrid1D(size))
        try (def plan = new TornadoExecutionPlan(graph.snapshot())) {
            long t0 = System.nanoTime()
            def done = plan.withGridScheduler(grid).execute()
            long t1 = System.nanoTime()
            println "groovy-vadd: c = a + b, size = $size, on ${plan.device.kgpuSpec} (${plan.device.description})"
            println String.format('  execute: %.3f ms (kernel %.3f ms, with compiling the kernel)',
                    (t1 - t0) / 1e6d, done.profilerResult.deviceKernelTime / 1e6d)
        }
        int bad = (0..<size).count { int i -> Math.abs(c.get(i) - (a.get(i) + b.get(i))) > 1e-6f } as int
        println "c[0..3] = ${(0..3).collect { int i -> c.get(i) }}, mismatches = $bad"

        // The check: the same method on the JVM, bit for bit.
        def ref = new FloatArray(size)
        WorkGroupExecutor.run([size] as int[], [1] as int[]) { KernelContext kc -> vectorAdd(kc, a, b, ref) }
        int differ = (0..<size).count { int i -> Float.floatToRawIntBits(c.get(i)) != Float.floatToRawIntBits(ref.get(i)) } as int
        if (bad != 0 || differ != 0) {
            println "groovy-vadd: FAILED: $differ of $size elements differ from the JVM's"
            System.exit(1)
        }
        println 'groovy-vadd: PASSED (bit-identical to the JVM)'
    }
}
