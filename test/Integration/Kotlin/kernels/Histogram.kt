// kgpu extension: a histogram with atomics (atomicAdd returns the old count).
import dev.kgpu.kotlin.atomicAdd
import io.github.rajumark.kernelin.Kernel
import io.github.rajumark.kernelin.globalId

@Kernel
fun histogram(values: IntArray, bins: IntArray, nbins: Int) {
    val i = globalId()
    val v = values[i]
    val b = (if (v < 0) -v else v) % nbins
    atomicAdd(bins, b, 1)
}
