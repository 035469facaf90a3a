// Constants: PI.toFloat(), E.toFloat(), Double constants converted at once,
// Float.NaN and the infinities; isNaN, isInfinite, isFinite; constant
// expressions folded with Kotlin's rules.
import io.github.rajumark.kernelin.Kernel
import io.github.rajumark.kernelin.globalId
import kotlin.math.E
import kotlin.math.PI

@Kernel
fun constants(x: FloatArray, out: FloatArray, flags: IntArray) {
    val i = globalId()
    val v = x[i]
    out[4 * i] = v * PI.toFloat()
    out[4 * i + 1] = v + E.toFloat() + 1.5.toFloat()
    out[4 * i + 2] = if (v > 0.5f) Float.POSITIVE_INFINITY else Float.NEGATIVE_INFINITY
    out[4 * i + 3] = (-75 shl 28).toFloat() + 1.5.toInt()
    var f = 0
    if (v.isNaN()) f += 1
    if (v.isInfinite()) f += 2
    if (v.isFinite()) f += 4
    if (Float.NaN.isNaN()) f += 8
    flags[i] = f
}
