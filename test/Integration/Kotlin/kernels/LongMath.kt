// kgpu extension: Long arithmetic (64-bit wrapping, shifts masked to 6 bits).
import io.github.rajumark.kernelin.Kernel
import io.github.rajumark.kernelin.globalId

@Kernel
fun longMath(x: LongArray, out: LongArray, shift: Int) {
    val i = globalId()
    var v = x[i] * 6364136223846793005L + 1442695040888963407L
    v = v xor (v ushr 33)
    out[i] = v + (x[i] shl shift) - (x[i] shr (shift + 64))
}
