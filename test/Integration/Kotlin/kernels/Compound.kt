// Compound assignment on array elements and locals, ++/-- in both forms.
import io.github.rajumark.kernelin.Kernel
import io.github.rajumark.kernelin.globalId

@Kernel
fun compound(a: IntArray, f: FloatArray) {
    val i = globalId()
    a[4 * i] += 5
    a[4 * i + 1] -= 3
    a[4 * i + 2] *= 7
    a[4 * i + 3] %= 5
    var k = i
    val before = k++
    val after = ++k
    a[4 * i] += before * 10 + after
    f[2 * i] /= 4f
    f[2 * i + 1] -= 0.5f
    f[2 * i + 1] *= 3f
    f[2 * i]--
}
