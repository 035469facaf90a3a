// kgpu extension: a work-group reduction (groupAdd, groupMax) without
// local memory; every work-item of a group gets the group's results.
import dev.kgpu.kotlin.WorkGroupSize
import dev.kgpu.kotlin.groupAdd
import dev.kgpu.kotlin.groupMax
import io.github.rajumark.kernelin.Kernel
import io.github.rajumark.kernelin.globalId

@Kernel
@WorkGroupSize(32)
fun groupSum(x: IntArray, sums: IntArray, maxima: IntArray) {
    val i = globalId()
    sums[i] = groupAdd(x[i])
    maxima[i] = groupMax(x[i])
}
