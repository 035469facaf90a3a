// Integer division and remainder (truncating; the sign of % follows the
// dividend). By zero, Kotlin throws ArithmeticException on the JVM; on
// kgpu's targets it gives kgpu's documented value (x / 0 = 0, x % 0 = x).
import io.github.rajumark.kernelin.Kernel
import io.github.rajumark.kernelin.globalId

@Kernel
fun divZero(a: IntArray, b: IntArray, q: IntArray, r: IntArray) {
    val i = globalId()
    q[i] = a[i] / b[i]
    r[i] = a[i] % b[i]
}
