// when with and without a subject, as a statement and as a value.
import io.github.rajumark.kernelin.Kernel
import io.github.rajumark.kernelin.globalId

@Kernel
fun whenExpr(x: IntArray, out: IntArray) {
    val i = globalId()
    val v = x[i]
    val a = when (v % 5) {
        0 -> 10
        1, 2 -> 20
        in 3..3 -> 30
        else -> 40
    }
    var b = 0
    when {
        v < 0 -> b = -1
        v > 100 -> b = 1
        else -> { b = 2; b *= 3 }
    }
    out[i] = a + b
}
