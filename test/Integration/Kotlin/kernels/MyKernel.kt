// Kernelin's documented kernel template (for AI agents).
import io.github.rajumark.kernelin.Kernel
import io.github.rajumark.kernelin.globalId

@Kernel
fun myKernel(input: FloatArray, out: FloatArray, factor: Float, count: Int) {
    val i = globalId()
    var acc = 0f
    for (k in 0 until count) {
        acc += input[i] * factor
    }
    out[i] = acc
}
