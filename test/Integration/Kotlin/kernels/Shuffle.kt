// kgpu extension: subgroup shuffles. Lanes exchange with their xor-1
// neighbour (the same pairs for any subgroup size of at least 2).
import dev.kgpu.kotlin.WorkGroupSize
import dev.kgpu.kotlin.subgroupShuffleXor
import io.github.rajumark.kernelin.Kernel
import io.github.rajumark.kernelin.globalId

@Kernel
@WorkGroupSize(64)
fun shufflePairs(x: IntArray, f: FloatArray, out: IntArray, fout: FloatArray) {
    val i = globalId()
    out[i] = subgroupShuffleXor(x[i], 1)
    fout[i] = subgroupShuffleXor(f[i], 1)
}
