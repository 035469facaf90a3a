// Kernelin's documented Monte Carlo pi with random numbers.
import io.github.rajumark.kernelin.Kernel
import io.github.rajumark.kernelin.globalId
import io.github.rajumark.kernelin.randomFloat

@Kernel
fun monteCarloPi(seed: Int, hits: IntArray) {
    val i = globalId()
    val x = randomFloat(seed, i, 0)
    val y = randomFloat(seed, i, 1)
    hits[i] = if (x * x + y * y < 1f) 1 else 0
}
