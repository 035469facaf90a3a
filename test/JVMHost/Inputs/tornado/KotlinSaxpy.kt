// A Kotlin program on kgpu's TornadoVM host API: a top-level @Parallel
// kernel (Kotlin/JVM bytecode, SaxpyKt facade) given as a function
// reference, which Kotlin converts to the Serializable TaskN with a
// SerializedLambda; checked against the same function run on the JVM.
import uk.ac.manchester.tornado.api.TaskGraph
import uk.ac.manchester.tornado.api.TornadoExecutionPlan
import uk.ac.manchester.tornado.api.annotations.Parallel
import uk.ac.manchester.tornado.api.enums.DataTransferMode
import uk.ac.manchester.tornado.api.types.arrays.FloatArray

fun saxpy(alpha: Float, x: FloatArray, y: FloatArray) {
    for (i: @Parallel Int in 0 until y.getSize()) {
        y.set(i, alpha * x.get(i) + y.get(i))
    }
}

fun main() {
    val n = 1000
    val x = FloatArray(n)
    val y = FloatArray(n)
    val ref = FloatArray(n)
    for (i in 0 until n) {
        x.set(i, i * 0.25f)
        y.set(i, 1.0f - i)
        ref.set(i, 1.0f - i)
    }
    val graph = TaskGraph("s0")
        .transferToDevice(DataTransferMode.FIRST_EXECUTION, x, y)
        .task("t0", ::saxpy, 2.5f, x, y)
        .transferToHost(DataTransferMode.EVERY_EXECUTION, y)
    TornadoExecutionPlan(graph.snapshot()).use { plan ->
        plan.execute()
        println("device: ${plan.device.kgpuSpec}")
    }
    saxpy(2.5f, x, ref)
    var bad = 0
    for (i in 0 until n) {
        if (y.get(i).toRawBits() != ref.get(i).toRawBits()) bad++
    }
    println("kotlin saxpy $n: $bad mismatches against the JVM")
}
