// while, do-while, break and continue.
import io.github.rajumark.kernelin.Kernel
import io.github.rajumark.kernelin.globalId

@Kernel
fun loops(x: IntArray, out: IntArray) {
    val i = globalId()
    var v = x[i]
    var steps = 0
    while (v != 1 && v > 0) {           // Collatz
        v = if (v % 2 == 0) v / 2 else 3 * v + 1
        steps++
        if (steps > 500) break
    }
    var k = 0
    var odd = 0
    do {
        k++
        if (k % 2 == 0) continue
        odd += k
    } while (k < x[i] % 17)
    out[i] = steps * 1000 + odd
}
