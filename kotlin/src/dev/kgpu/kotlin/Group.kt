// Barriers, local (work-group) memory and work-group reductions.
package dev.kgpu.kotlin

import dev.kgpu.kotlin.internal.Dispatch
import dev.kgpu.kotlin.internal.Group
import dev.kgpu.kotlin.internal.Item

/** Waits until every work-item of the work-group got here (and fences memory). */
fun barrier() = Dispatch.group("barrier").second.barrier.await()

private inline fun <reified T : Any> local(what: String, size: Int, make: (Int) -> T, sizeOf: (T) -> Int): T {
    val (item, group) = Dispatch.group(what)
    require(size > 0) { "$what($size): the size must be positive" }
    val k = item.localCalls++
    synchronized(group) {
        if (k < group.locals.size) {
            val a = group.locals[k]
            check(a is T && sizeOf(a) == size) {
                "$what($size): the work-items of a work-group must allocate the same local arrays in the same order"
            }
            return a
        }
        check(k == group.locals.size)
        return make(size).also { group.locals.add(it) }
    }
}

/** A work-group's shared IntArray: every work-item of the group gets the same one (zero-filled). */
fun localIntArray(size: Int): IntArray = local("localIntArray", size, ::IntArray) { it.size }
fun localFloatArray(size: Int): FloatArray = local("localFloatArray", size, ::FloatArray) { it.size }
fun localLongArray(size: Int): LongArray = local("localLongArray", size, ::LongArray) { it.size }
fun localDoubleArray(size: Int): DoubleArray = local("localDoubleArray", size, ::DoubleArray) { it.size }

/** Every item writes its value, waits, combines all (in local-id order), waits again. */
internal fun <T> collective(item: Item, group: Group, first: Int, count: Int, sync: dev.kgpu.kotlin.internal.Sync,
                            value: T, combine: (Array<Any?>, Int, Int) -> T): T {
    group.slots[item.linearLocal()] = value
    sync.await()
    val r = combine(group.slots, first, count)
    sync.await()
    return r
}

@Suppress("UNCHECKED_CAST")
internal fun <T> fold(slots: Array<Any?>, first: Int, count: Int, op: (T, T) -> T): T {
    var acc = slots[first] as T
    for (i in first + 1 until first + count) acc = op(acc, slots[i] as T)
    return acc
}

private fun <T> groupReduce(what: String, value: T, op: (T, T) -> T): T {
    val (item, group) = Dispatch.group(what)
    return collective(item, group, 0, group.launch.groupItems, group.barrier, value) { s, f, n -> fold(s, f, n, op) }
}

fun groupAdd(value: Int): Int = groupReduce("groupAdd", value, Int::plus)
fun groupAdd(value: Long): Long = groupReduce("groupAdd", value, Long::plus)
fun groupAdd(value: Float): Float = groupReduce("groupAdd", value, Float::plus)
fun groupAdd(value: Double): Double = groupReduce("groupAdd", value, Double::plus)
fun groupMin(value: Int): Int = groupReduce("groupMin", value, ::minOf)
fun groupMin(value: Long): Long = groupReduce("groupMin", value, ::minOf)
fun groupMin(value: Float): Float = groupReduce("groupMin", value) { a, b -> kotlin.math.min(a, b) }
fun groupMin(value: Double): Double = groupReduce("groupMin", value) { a, b -> kotlin.math.min(a, b) }
fun groupMax(value: Int): Int = groupReduce("groupMax", value, ::maxOf)
fun groupMax(value: Long): Long = groupReduce("groupMax", value, ::maxOf)
fun groupMax(value: Float): Float = groupReduce("groupMax", value) { a, b -> kotlin.math.max(a, b) }
fun groupMax(value: Double): Double = groupReduce("groupMax", value) { a, b -> kotlin.math.max(a, b) }
