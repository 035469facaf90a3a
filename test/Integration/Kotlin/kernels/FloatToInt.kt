// Float.toInt() saturates (NaN -> 0, too large -> Int.MAX_VALUE, too small
// -> Int.MIN_VALUE) and rounds toward zero; Int.toFloat() rounds to nearest.
import io.github.rajumark.kernelin.Kernel
import io.github.rajumark.kernelin.globalId

@Kernel
fun floatToInt(f: FloatArray, n: IntArray, out: IntArray, fout: FloatArray) {
    val i = globalId()
    out[i] = f[i].toInt()
    fout[i] = n[i].toFloat()
}
