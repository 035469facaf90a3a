// kgpu extension: reductions into an output element (kgpu.reduce): the sum,
// minimum, maximum and xor of all inputs.
import dev.kgpu.kotlin.reduceAdd
import dev.kgpu.kotlin.reduceMax
import dev.kgpu.kotlin.reduceMin
import dev.kgpu.kotlin.reduceXor
import io.github.rajumark.kernelin.Kernel
import io.github.rajumark.kernelin.globalId

@Kernel
fun reduceOutput(x: IntArray, out: IntArray) {
    val v = x[globalId()]
    reduceAdd(out, 0, v)
    reduceMin(out, 1, v)
    reduceMax(out, 2, v)
    reduceXor(out, 3, v)
}
