// kgpu extension: tiled matrix multiplication c = a x b (n x n, row-major)
// with 8 x 8 tiles in local memory; every work-item sums its products in
// k order, so the result is the same on every target (no contraction).
import dev.kgpu.kotlin.WorkGroupSize
import dev.kgpu.kotlin.barrier
import dev.kgpu.kotlin.localFloatArray
import dev.kgpu.kotlin.localIdX
import dev.kgpu.kotlin.localIdY
import io.github.rajumark.kernelin.Kernel
import io.github.rajumark.kernelin.globalIdX
import io.github.rajumark.kernelin.globalIdY

@Kernel
@WorkGroupSize(8, 8)
fun matmulTiled(a: FloatArray, b: FloatArray, c: FloatArray, n: Int) {
    val ta = localFloatArray(64)
    val tb = localFloatArray(64)
    val col = globalIdX()
    val row = globalIdY()
    val lx = localIdX()
    val ly = localIdY()
    var acc = 0f
    for (t in 0 until n / 8) {
        ta[ly * 8 + lx] = a[row * n + t * 8 + lx]
        tb[ly * 8 + lx] = b[(t * 8 + ly) * n + col]
        barrier()
        for (k in 0 until 8) acc += ta[ly * 8 + k] * tb[k * 8 + lx]
        barrier()
    }
    c[row * n + col] = acc
}
