// A Groovy @CompileStatic parallel-loop kernel (kgpu's @ParallelLoops
// marker: Groovy 6.0.0 drops @Parallel on locals, docs/jvm-api.md) run
// through a TaskGraph without a WorkerGrid: the launch comes from the loop.
import groovy.transform.CompileStatic
import kgpu.api.ParallelLoops
import uk.ac.manchester.tornado.api.TaskGraph
import uk.ac.manchester.tornado.api.TornadoExecutionPlan
import uk.ac.manchester.tornado.api.types.arrays.FloatArray
import static uk.ac.manchester.tornado.api.enums.DataTransferMode.EVERY_EXECUTION
import static uk.ac.manchester.tornado.api.enums.DataTransferMode.FIRST_EXECUTION

@CompileStatic
class GroovyLoops {
    @ParallelLoops(["i"])
    static void vectorAddLoop(FloatArray a, FloatArray b, FloatArray c) {
        for (int i = 0; i < c.getSize(); i++) {
            c.set(i, a.get(i) + b.get(i))
        }
    }

    static void main(String[] args) {
        int size = 3000
        def a = new FloatArray(size), b = new FloatArray(size), c = new FloatArray(size), ref = new FloatArray(size)
        def r = new Random(3)
        for (int i = 0; i < size; i++) { a.set(i, r.nextFloat()); b.set(i, r.nextFloat()) }
        def graph = new TaskGraph('g')
            .transferToDevice(FIRST_EXECUTION, a, b)
            .task('t0', GroovyLoops::vectorAddLoop, a, b, c)
            .transferToHost(EVERY_EXECUTION, c)
        try (def plan = new TornadoExecutionPlan(graph.snapshot())) {
            plan.execute()
        }
        vectorAddLoop(a, b, ref)
        int bad = (0..<size).count { int i -> Float.floatToRawIntBits(c.get(i)) != Float.floatToRawIntBits(ref.get(i)) } as int
        println "groovy @ParallelLoops vector add $size: $bad mismatches against the JVM"
    }
}
