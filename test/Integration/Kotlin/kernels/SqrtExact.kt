// Float + - * / and sqrt only: bit-identical on every target.
import io.github.rajumark.kernelin.Kernel
import io.github.rajumark.kernelin.globalId
import kotlin.math.sqrt

@Kernel
fun sqrtExact(x: FloatArray, y: FloatArray, out: FloatArray) {
    val i = globalId()
    val a = x[i]
    val b = y[i]
    out[i] = sqrt(a * a + b * b) / (a + 1f) - b * 0.25f
}
