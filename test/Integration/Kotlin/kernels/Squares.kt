// Kernelin's documented squares (core concepts).
import io.github.rajumark.kernelin.Kernel
import io.github.rajumark.kernelin.globalId

@Kernel
fun squares(out: IntArray) {
    val i = globalId()   // 0, 1, 2, ... size - 1
    out[i] = i * i
}
