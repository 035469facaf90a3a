// kotlin.math min/max, sign and compareTo with NaN and -0f, as Kotlin
// defines them (NaN wins, -0f < 0f, NaN is the largest in compareTo).
import io.github.rajumark.kernelin.Kernel
import io.github.rajumark.kernelin.globalId
import kotlin.math.max
import kotlin.math.min
import kotlin.math.sign

@Kernel
fun minMax(a: FloatArray, b: FloatArray, out: FloatArray, cmp: IntArray, ia: IntArray, iout: IntArray) {
    val i = globalId()
    out[3 * i] = min(a[i], b[i])
    out[3 * i + 1] = max(a[i], b[i])
    out[3 * i + 2] = a[i].sign
    cmp[i] = a[i].compareTo(b[i])
    iout[i] = min(ia[i], 7) + max(ia[i], -7)
}
