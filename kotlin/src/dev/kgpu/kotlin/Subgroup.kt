// Subgroups: consecutive work-items of a work-group (by linear local id)
// in groups of the launch's subgroup size (the last one may be smaller).
package dev.kgpu.kotlin

import dev.kgpu.kotlin.internal.Dispatch
import dev.kgpu.kotlin.internal.Group
import dev.kgpu.kotlin.internal.Item

fun subgroupSize(): Int = Dispatch.group("subgroupSize").second.launch.subgroupSize
fun subgroupId(): Int = Dispatch.group("subgroupId").first.let { it.linearLocal() / it.launch.subgroupSize }
fun numSubgroups(): Int = Dispatch.group("numSubgroups").second.numSubgroups
/** The lane: the work-item's index in its subgroup. */
fun subgroupLocalId(): Int = Dispatch.group("subgroupLocalId").first.let { it.linearLocal() % it.launch.subgroupSize }

private fun <T> onSubgroup(what: String, value: T, combine: (Array<Any?>, Int, Int, Int) -> T): T {
    val (item, group) = Dispatch.group(what)
    val s = item.launch.subgroupSize
    val sg = item.linearLocal() / s
    val first = sg * s
    val count = minOf(s, group.launch.groupItems - first)
    val lane = item.linearLocal() - first
    return collective(item, group, first, count, group.subgroups[sg], value) { slots, f, n -> combine(slots, f, n, lane) }
}

@Suppress("UNCHECKED_CAST")
private fun <T> shuffle(what: String, value: T, source: (Int) -> Int): T =
    onSubgroup(what, value) { slots, first, count, lane ->
        val src = source(lane)
        // A lane outside the subgroup: the work-item keeps its own value.
        if (src in 0 until count) slots[first + src] as T else slots[first + lane] as T
    }

/** The value of lane [lane] of the subgroup. */
fun subgroupShuffle(value: Int, lane: Int): Int = shuffle("subgroupShuffle", value) { lane }
fun subgroupShuffle(value: Float, lane: Int): Float = shuffle("subgroupShuffle", value) { lane }
fun subgroupShuffle(value: Long, lane: Int): Long = shuffle("subgroupShuffle", value) { lane }
fun subgroupShuffle(value: Double, lane: Int): Double = shuffle("subgroupShuffle", value) { lane }
/** The value of lane + delta (own value beyond the subgroup). */
fun subgroupShuffleDown(value: Int, delta: Int): Int = shuffle("subgroupShuffleDown", value) { it + delta }
fun subgroupShuffleDown(value: Float, delta: Int): Float = shuffle("subgroupShuffleDown", value) { it + delta }
fun subgroupShuffleDown(value: Long, delta: Int): Long = shuffle("subgroupShuffleDown", value) { it + delta }
fun subgroupShuffleDown(value: Double, delta: Int): Double = shuffle("subgroupShuffleDown", value) { it + delta }
/** The value of lane - delta (own value below lane 0). */
fun subgroupShuffleUp(value: Int, delta: Int): Int = shuffle("subgroupShuffleUp", value) { it - delta }
fun subgroupShuffleUp(value: Float, delta: Int): Float = shuffle("subgroupShuffleUp", value) { it - delta }
fun subgroupShuffleUp(value: Long, delta: Int): Long = shuffle("subgroupShuffleUp", value) { it - delta }
fun subgroupShuffleUp(value: Double, delta: Int): Double = shuffle("subgroupShuffleUp", value) { it - delta }
/** The value of lane xor mask. */
fun subgroupShuffleXor(value: Int, mask: Int): Int = shuffle("subgroupShuffleXor", value) { it xor mask }
fun subgroupShuffleXor(value: Float, mask: Int): Float = shuffle("subgroupShuffleXor", value) { it xor mask }
fun subgroupShuffleXor(value: Long, mask: Int): Long = shuffle("subgroupShuffleXor", value) { it xor mask }
fun subgroupShuffleXor(value: Double, mask: Int): Double = shuffle("subgroupShuffleXor", value) { it xor mask }

private fun <T> subgroupReduce(what: String, value: T, op: (T, T) -> T): T =
    onSubgroup(what, value) { slots, first, count, _ -> fold(slots, first, count, op) }

/** Reductions over the subgroup, the result in every lane (Float: lane order on the CPU). */
fun subgroupAdd(value: Int): Int = subgroupReduce("subgroupAdd", value, Int::plus)
fun subgroupAdd(value: Long): Long = subgroupReduce("subgroupAdd", value, Long::plus)
fun subgroupAdd(value: Float): Float = subgroupReduce("subgroupAdd", value, Float::plus)
fun subgroupAdd(value: Double): Double = subgroupReduce("subgroupAdd", value, Double::plus)
fun subgroupMin(value: Int): Int = subgroupReduce("subgroupMin", value, ::minOf)
fun subgroupMin(value: Long): Long = subgroupReduce("subgroupMin", value, ::minOf)
fun subgroupMin(value: Float): Float = subgroupReduce("subgroupMin", value) { a, b -> kotlin.math.min(a, b) }
fun subgroupMin(value: Double): Double = subgroupReduce("subgroupMin", value) { a, b -> kotlin.math.min(a, b) }
fun subgroupMax(value: Int): Int = subgroupReduce("subgroupMax", value, ::maxOf)
fun subgroupMax(value: Long): Long = subgroupReduce("subgroupMax", value, ::maxOf)
fun subgroupMax(value: Float): Float = subgroupReduce("subgroupMax", value) { a, b -> kotlin.math.max(a, b) }
fun subgroupMax(value: Double): Double = subgroupReduce("subgroupMax", value) { a, b -> kotlin.math.max(a, b) }
fun subgroupAnd(value: Int): Int = subgroupReduce("subgroupAnd", value, Int::and)
fun subgroupOr(value: Int): Int = subgroupReduce("subgroupOr", value, Int::or)
fun subgroupXor(value: Int): Int = subgroupReduce("subgroupXor", value, Int::xor)
