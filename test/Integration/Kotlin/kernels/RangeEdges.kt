// Ranges that end at Int.MAX_VALUE / Int.MIN_VALUE stop as Kotlin's do
// (no overflow into an endless loop).
import io.github.rajumark.kernelin.Kernel
import io.github.rajumark.kernelin.globalId

@Kernel
fun rangeEdges(start: IntArray, out: IntArray) {
    val i = globalId()
    val a = Int.MAX_VALUE - start[i]
    var c = 0
    for (k in a..Int.MAX_VALUE) c++
    for (k in Int.MIN_VALUE + start[i] downTo Int.MIN_VALUE) c += 10
    for (k in a..Int.MAX_VALUE step 3) c += 100
    out[i] = c
}
