// kgpu extension: a work-group sum with local memory and barriers (tree
// reduction over 64 work-items), one partial sum per work-group.
import dev.kgpu.kotlin.WorkGroupSize
import dev.kgpu.kotlin.barrier
import dev.kgpu.kotlin.groupId
import dev.kgpu.kotlin.localId
import dev.kgpu.kotlin.localIntArray
import io.github.rajumark.kernelin.Kernel
import io.github.rajumark.kernelin.globalId

@Kernel
@WorkGroupSize(64)
fun blockReduce(x: IntArray, partial: IntArray) {
    val tile = localIntArray(64)
    val l = localId()
    tile[l] = x[globalId()]
    barrier()
    var stride = 32
    while (stride > 0) {
        if (l < stride) tile[l] += tile[l + stride]
        barrier()
        stride = stride shr 1
    }
    if (l == 0) partial[groupId()] = tile[0]
}
