// kgpu extension: a subgroup reduction; the first lane of every subgroup
// adds its subgroup's sum into total[0] (the same total for any subgroup
// size), and every lane records whether all lanes saw the same sum.
import dev.kgpu.kotlin.WorkGroupSize
import dev.kgpu.kotlin.atomicAdd
import dev.kgpu.kotlin.subgroupAdd
import dev.kgpu.kotlin.subgroupLocalId
import dev.kgpu.kotlin.subgroupMax
import dev.kgpu.kotlin.subgroupMin
import io.github.rajumark.kernelin.Kernel
import io.github.rajumark.kernelin.globalId

@Kernel
@WorkGroupSize(64)
fun subgroupReduce(x: IntArray, total: IntArray, spread: IntArray) {
    val i = globalId()
    val v = x[i]
    val s = subgroupAdd(v)
    val lo = subgroupMin(v)
    val hi = subgroupMax(v)
    if (subgroupLocalId() == 0) atomicAdd(total, 0, s)
    spread[i] = if (lo <= v && v <= hi) 1 else 0
}
