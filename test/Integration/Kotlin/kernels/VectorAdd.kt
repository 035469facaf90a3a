// vectorAdd, the kernel Kernelin's "Run on the CPU" section launches.
import io.github.rajumark.kernelin.Kernel
import io.github.rajumark.kernelin.globalId

@Kernel
fun vectorAdd(a: FloatArray, b: FloatArray, out: FloatArray) {
    val i = globalId()
    out[i] = a[i] + b[i]
}
