// Array sizes read in device functions, as kotlinc writes them: the
// adapter of a function reference (`main$saxpy`, the method a TornadoVM
// host compiles) calls the function, which reads `y.getSize()`; a Kotlin
// array's `size` is `arraylength` on the helper's argument.
import uk.ac.manchester.tornado.api.types.arrays.FloatArray

fun saxpy(alpha: Float, x: FloatArray, y: FloatArray) {
    for (i in 0 until y.getSize()) {
        y.set(i, alpha * x.get(i) + y.get(i))
    }
}

private fun fill(out: kotlin.FloatArray, v: Float) {
    for (i in 0 until out.size) {
        out[i] = v
    }
}

private fun fillVia(out: kotlin.FloatArray, v: Float) {
    fill(out, v)
}

fun fillKernel(out: kotlin.FloatArray, local: kotlin.IntArray) {
    fillVia(out, local.size.toFloat())
}

fun main() {
    val x = FloatArray(4)
    val y = FloatArray(4)
    KTask3.of(::saxpy).apply(2.0f, x, y)
}
