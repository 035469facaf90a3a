// kgpu example: Kernelin's saxpy, y = alpha * x + y, written once in Kotlin.
// The build (examples/jvm/CMakeLists.txt) compiles this file with kotlinc's
// IR dump flags and the dump with kgpu-translate into kernels/saxpy.kgpu, a
// class-path resource beside the classes; main runs the kernel on the best
// device through KgpuGpu (docs/kotlin-host.md) and checks it against the
// same function run on the JVM by KernelinCpu.
//
//   build/examples/jvm/kotlin-saxpy [N]      (KGPU_DEVICE=cpu|vulkan|cuda picks the device)
import dev.kgpu.kotlin.host.KgpuGpu
import dev.kgpu.kotlin.host.dispatch
import io.github.rajumark.kernelin.Kernel
import io.github.rajumark.kernelin.KernelinCpu
import io.github.rajumark.kernelin.globalId
import kotlin.system.exitProcess

@Kernel
fun saxpy(alpha: Float, x: FloatArray, y: FloatArray) {
    val i = globalId()
    y[i] += alpha * x[i]
}

fun main(args: Array<String>) {
    val n = args.firstOrNull()?.toIntOrNull() ?: (1 shl 20)
    val alpha = 2.5f
    val x = FloatArray(n) { (it % 1000) * 0.001f - 0.5f }
    val y = FloatArray(n) { (it % 7) * 0.25f }
    val expected = y.copyOf()
    KernelinCpu.dispatch(n) { saxpy(alpha, x, expected) } // the reference: the same function on the JVM

    KgpuGpu.create().use { gpu ->
        gpu.loadResource("kernels/saxpy.kgpu")
        // By name, as Kernelin's run: y comes back in the result.
        val byName = gpu.kernel("saxpy").run(n, scalars = mapOf("alpha" to alpha), buffers = mapOf("x" to x, "y" to y))
        // A typed call: y is written in place.
        val typed = gpu.dispatch(n, ::saxpy, alpha, x, y)
        val bad = (0 until n).count {
            byName.floats("y")[it].toRawBits() != expected[it].toRawBits() || y[it].toRawBits() != expected[it].toRawBits()
        }
        println("kotlin-saxpy: y = $alpha * x + y, n = $n, on ${gpu.description}")
        println("  run:      %.3f ms".format(byName.millis))
        println("  dispatch: %.3f ms".format(typed.millis))
        if (bad != 0) {
            println("kotlin-saxpy: FAILED: $bad of $n elements differ from the JVM's")
            exitProcess(1)
        }
        println("kotlin-saxpy: PASSED (bit-identical to the JVM)")
    }
}
