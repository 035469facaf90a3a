// x in a..b, !in, until, downTo, and when (x) { in a..b -> } for Int and Float.
import io.github.rajumark.kernelin.Kernel
import io.github.rajumark.kernelin.globalId

@Kernel
fun inRanges(x: IntArray, f: FloatArray, out: IntArray) {
    val i = globalId()
    val v = x[i]
    var r = 0
    if (v in 0..9) r += 1
    if (v !in 0 until 100) r += 2
    if (v in 10 downTo 5) r += 4   // the progression 10, 9, ..., 5
    if (f[i] in 0.25f..0.75f) r += 8
    r += when (v) {
        in -100..-1 -> 16
        in 0..<50 -> 32
        else -> 64
    }
    out[i] = r
}
