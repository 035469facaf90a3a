// Top-level and extension helpers, one taking the kernel's array.
import io.github.rajumark.kernelin.Kernel
import io.github.rajumark.kernelin.globalId

fun clampIndex(i: Int, n: Int): Int = if (i < 0) 0 else if (i >= n) n - 1 else i

fun Float.squared(): Float = this * this

fun neighbourSum(a: FloatArray, i: Int): Float =
    a[clampIndex(i - 1, a.size)] + a[i] + a[clampIndex(i + 1, a.size)]

fun isEven(n: Int): Boolean = n % 2 == 0

@Kernel
fun helpers(a: FloatArray, out: FloatArray) {
    val i = globalId()
    val s = neighbourSum(a, i)
    out[i] = if (isEven(i)) s.squared() else s
}
