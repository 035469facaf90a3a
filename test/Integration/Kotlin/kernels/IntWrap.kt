// Int wraps: overflow, Int.MIN_VALUE / -1, unary minus, ++/-- and
// compound assignments on array elements.
import io.github.rajumark.kernelin.Kernel
import io.github.rajumark.kernelin.globalId

@Kernel
fun intWrap(a: IntArray, b: IntArray, out: IntArray) {
    val i = globalId()
    val x = a[i]
    val y = b[i]
    out[6 * i] = x + y
    out[6 * i + 1] = x * y
    out[6 * i + 2] = x - y
    out[6 * i + 3] = -x
    out[6 * i + 4] = if (y != 0) x / y else 12345
    out[6 * i + 5] = if (y != 0) x % y else 54321
    a[i]++
    b[i] -= 7
    b[i] *= 3
}
