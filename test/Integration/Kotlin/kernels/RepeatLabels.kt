// repeat(n) with return@repeat, labeled break@outer and continue@outer.
import io.github.rajumark.kernelin.Kernel
import io.github.rajumark.kernelin.globalId

@Kernel
fun repeatLabels(x: IntArray, out: IntArray) {
    val i = globalId()
    var s = 0
    repeat(x[i]) { k ->
        if (k % 3 == 0) return@repeat
        s += k
    }
    outer@ for (a in 0 until 10) {
        for (b in 0 until 10) {
            if (b > a) continue@outer
            if (a * b > x[i]) break@outer
            s += a * b
        }
    }
    out[i] = s
}
