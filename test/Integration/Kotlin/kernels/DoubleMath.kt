// kgpu extension: Double arithmetic with + - * / and sqrt only (exact).
import io.github.rajumark.kernelin.Kernel
import io.github.rajumark.kernelin.globalId
import kotlin.math.sqrt

@Kernel
fun doubleMath(x: DoubleArray, out: DoubleArray, scale: Double) {
    val i = globalId()
    val v = x[i]
    out[i] = sqrt(v * v + 1.0) * scale - v / (v + 2.0)
}
