// coerceIn, coerceAtLeast, coerceAtMost on Int and Float, with NaN and -0f.
import io.github.rajumark.kernelin.Kernel
import io.github.rajumark.kernelin.globalId

@Kernel
fun coerce(f: FloatArray, n: IntArray, fout: FloatArray, nout: IntArray) {
    val i = globalId()
    val v = f[i]
    fout[3 * i] = v.coerceIn(-1f, 1f)
    fout[3 * i + 1] = v.coerceAtLeast(0f)
    fout[3 * i + 2] = v.coerceAtMost(-0f)
    nout[2 * i] = n[i].coerceIn(-5, 5)
    nout[2 * i + 1] = n[i].coerceAtLeast(0) + n[i].coerceAtMost(0)
}
