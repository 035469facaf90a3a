// kotlin.math Float functions beyond + - * / sqrt (compared within the
// documented ULP bound, docs/kotlin-api.md).
import io.github.rajumark.kernelin.Kernel
import io.github.rajumark.kernelin.globalId
import kotlin.math.abs
import kotlin.math.atan2
import kotlin.math.ceil
import kotlin.math.cos
import kotlin.math.exp
import kotlin.math.floor
import kotlin.math.ln
import kotlin.math.pow
import kotlin.math.round
import kotlin.math.sin
import kotlin.math.tanh
import kotlin.math.truncate

@Kernel
fun floatMath(x: FloatArray, out: FloatArray) {
    val i = globalId()
    val v = x[i]
    out[12 * i] = sin(v)
    out[12 * i + 1] = cos(v)
    out[12 * i + 2] = exp(v)
    out[12 * i + 3] = ln(abs(v) + 1f)
    out[12 * i + 4] = (abs(v) + 0.5f).pow(1.5f)
    out[12 * i + 5] = atan2(v, 2f)
    out[12 * i + 6] = tanh(v)
    out[12 * i + 7] = floor(v * 3f)
    out[12 * i + 8] = ceil(v * 3f)
    out[12 * i + 9] = round(v * 3f)
    out[12 * i + 10] = truncate(v * 3f)
    out[12 * i + 11] = abs(v)
}
