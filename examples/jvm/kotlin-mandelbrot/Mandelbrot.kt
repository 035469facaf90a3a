// kgpu example: the Mandelbrot set as a 2D Kernelin-style kernel in Kotlin,
// one thread per pixel (globalIdX/globalIdY), Float arithmetic with only
// + - * and /, so the device's iteration counts are bit-identical to the
// JVM's. The build (examples/jvm/CMakeLists.txt) turns this file's Kotlin
// IR dump into kernels/mandelbrot.kgpu (a class-path resource); main runs
// it through KgpuGpu (docs/kotlin-host.md), checks it against the same
// function run on the JVM by KernelinCpu, and prints the device and the time.
//
//   build/examples/jvm/kotlin-mandelbrot [WIDTH HEIGHT [MAX_ITER]]
import dev.kgpu.kotlin.host.Grid
import dev.kgpu.kotlin.host.KgpuGpu
import dev.kgpu.kotlin.host.dispatch
import io.github.rajumark.kernelin.Kernel
import io.github.rajumark.kernelin.KernelinCpu
import io.github.rajumark.kernelin.globalId
import io.github.rajumark.kernelin.globalIdX
import io.github.rajumark.kernelin.globalIdY
import kotlin.system.exitProcess

@Kernel
fun mandelbrot(iterations: IntArray, width: Int, height: Int, maxIter: Int) {
    val px = globalIdX()
    val py = globalIdY()
    val cx = -2.25f + px * (3.0f / width)
    val cy = -1.25f + py * (2.5f / height)
    var x = 0f
    var y = 0f
    var i = 0
    while (i < maxIter && x * x + y * y <= 4f) {
        val xt = x * x - y * y + cx
        y = 2f * x * y + cy
        x = xt
        i++
    }
    iterations[globalId()] = i
}

fun main(args: Array<String>) {
    val width = args.getOrNull(0)?.toIntOrNull() ?: 512
    val height = args.getOrNull(1)?.toIntOrNull() ?: 384
    val maxIter = args.getOrNull(2)?.toIntOrNull() ?: 256
    val expected = IntArray(width * height)
    KernelinCpu.dispatch(width, height) { mandelbrot(expected, width, height, maxIter) }

    KgpuGpu.create().use { gpu ->
        gpu.loadResource("kernels/mandelbrot.kgpu")
        val iterations = IntArray(width * height)
        val result = gpu.dispatch(Grid(width, height), ::mandelbrot, iterations, width, height, maxIter)
        val bad = (0 until width * height).count { iterations[it] != expected[it] }
        val inside = iterations.count { it == maxIter }
        println("kotlin-mandelbrot: ${width}x$height, up to $maxIter iterations, on ${gpu.description}")
        println("  kernel: %.3f ms, %d pixels in the set, %d iterations in all".format(
            result.millis, inside, iterations.fold(0L) { s, v -> s + v }))
        if (bad != 0) {
            println("kotlin-mandelbrot: FAILED: $bad of ${width * height} pixels differ from the JVM's")
            exitProcess(1)
        }
        println("kotlin-mandelbrot: PASSED (bit-identical to the JVM)")
    }
}
