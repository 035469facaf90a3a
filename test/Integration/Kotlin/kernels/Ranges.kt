// for over every range form: until, .., ..<, downTo, step, indices.
import io.github.rajumark.kernelin.Kernel
import io.github.rajumark.kernelin.globalId

@Kernel
fun ranges(n: IntArray, out: IntArray, step: Int) {
    val i = globalId()
    val m = n[i]
    var s = 0
    for (k in 0 until m) s += k
    for (k in 1..m) s += 2 * k
    for (k in 0..<m) s += 3
    for (k in m downTo 0) s = s * 3 + k
    for (k in 0 until m step 3) s += k * 7
    for (k in m downTo -m step 2) s -= k
    for (k in 0..m step step) s += 11      // run-time step
    for (k in n.indices) s += n[k] and 1
    out[i] = s
}
