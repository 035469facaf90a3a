// A Boolean kernel parameter and Boolean locals.
import io.github.rajumark.kernelin.Kernel
import io.github.rajumark.kernelin.globalId

@Kernel
fun boolParam(x: FloatArray, negate: Boolean, out: FloatArray) {
    val i = globalId()
    val big = x[i] > 0.5f
    val flip = negate && !big || (!negate && big)
    out[i] = if (flip) -x[i] else x[i]
}
