// shl, shr, ushr use the low 5 bits of the count (counts >= 32 and < 0);
// and, or, xor, inv.
import io.github.rajumark.kernelin.Kernel
import io.github.rajumark.kernelin.globalId

@Kernel
fun shifts(x: IntArray, count: IntArray, out: IntArray) {
    val i = globalId()
    val v = x[i]
    val c = count[i]
    out[4 * i] = v shl c
    out[4 * i + 1] = v shr c
    out[4 * i + 2] = v ushr c
    out[4 * i + 3] = (v and c) or (v xor c.inv())
}
