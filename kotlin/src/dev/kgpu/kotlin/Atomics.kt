// Atomic read-modify-write on array elements (global or local arrays).
// Each returns the element's previous value. On the CPU they are atomic
// with respect to each other (one lock), in any launch.
package dev.kgpu.kotlin

private val lock = Any()

private inline fun <T> atomically(body: () -> T): T = synchronized(lock) { body() }

fun atomicAdd(a: IntArray, i: Int, v: Int): Int = atomically { a[i].also { a[i] = it + v } }
fun atomicAdd(a: LongArray, i: Int, v: Long): Long = atomically { a[i].also { a[i] = it + v } }
fun atomicAdd(a: FloatArray, i: Int, v: Float): Float = atomically { a[i].also { a[i] = it + v } }
fun atomicAdd(a: DoubleArray, i: Int, v: Double): Double = atomically { a[i].also { a[i] = it + v } }
fun atomicSub(a: IntArray, i: Int, v: Int): Int = atomically { a[i].also { a[i] = it - v } }
fun atomicSub(a: LongArray, i: Int, v: Long): Long = atomically { a[i].also { a[i] = it - v } }
fun atomicMin(a: IntArray, i: Int, v: Int): Int = atomically { a[i].also { a[i] = minOf(it, v) } }
fun atomicMin(a: LongArray, i: Int, v: Long): Long = atomically { a[i].also { a[i] = minOf(it, v) } }
fun atomicMin(a: FloatArray, i: Int, v: Float): Float = atomically { a[i].also { a[i] = kotlin.math.min(it, v) } }
fun atomicMin(a: DoubleArray, i: Int, v: Double): Double = atomically { a[i].also { a[i] = kotlin.math.min(it, v) } }
fun atomicMax(a: IntArray, i: Int, v: Int): Int = atomically { a[i].also { a[i] = maxOf(it, v) } }
fun atomicMax(a: LongArray, i: Int, v: Long): Long = atomically { a[i].also { a[i] = maxOf(it, v) } }
fun atomicMax(a: FloatArray, i: Int, v: Float): Float = atomically { a[i].also { a[i] = kotlin.math.max(it, v) } }
fun atomicMax(a: DoubleArray, i: Int, v: Double): Double = atomically { a[i].also { a[i] = kotlin.math.max(it, v) } }
fun atomicAnd(a: IntArray, i: Int, v: Int): Int = atomically { a[i].also { a[i] = it and v } }
fun atomicAnd(a: LongArray, i: Int, v: Long): Long = atomically { a[i].also { a[i] = it and v } }
fun atomicOr(a: IntArray, i: Int, v: Int): Int = atomically { a[i].also { a[i] = it or v } }
fun atomicOr(a: LongArray, i: Int, v: Long): Long = atomically { a[i].also { a[i] = it or v } }
fun atomicXor(a: IntArray, i: Int, v: Int): Int = atomically { a[i].also { a[i] = it xor v } }
fun atomicXor(a: LongArray, i: Int, v: Long): Long = atomically { a[i].also { a[i] = it xor v } }
fun atomicExchange(a: IntArray, i: Int, v: Int): Int = atomically { a[i].also { a[i] = v } }
fun atomicExchange(a: LongArray, i: Int, v: Long): Long = atomically { a[i].also { a[i] = v } }
fun atomicExchange(a: FloatArray, i: Int, v: Float): Float = atomically { a[i].also { a[i] = v } }
fun atomicExchange(a: DoubleArray, i: Int, v: Double): Double = atomically { a[i].also { a[i] = v } }
/** Stores [desired] when the element equals [expected]; returns the previous value either way. */
fun atomicCompareExchange(a: IntArray, i: Int, expected: Int, desired: Int): Int =
    atomically { a[i].also { if (it == expected) a[i] = desired } }
fun atomicCompareExchange(a: LongArray, i: Int, expected: Long, desired: Long): Long =
    atomically { a[i].also { if (it == expected) a[i] = desired } }

// Reductions into an output element: out[index] = out[index] op value over
// all contributions, in no defined order (kgpu.reduce: a tree reduction in
// the work-group, then one atomic per group). Nothing is returned.
fun reduceAdd(out: IntArray, index: Int, value: Int) { atomicAdd(out, index, value) }
fun reduceAdd(out: LongArray, index: Int, value: Long) { atomicAdd(out, index, value) }
fun reduceAdd(out: FloatArray, index: Int, value: Float) { atomicAdd(out, index, value) }
fun reduceAdd(out: DoubleArray, index: Int, value: Double) { atomicAdd(out, index, value) }
fun reduceMin(out: IntArray, index: Int, value: Int) { atomicMin(out, index, value) }
fun reduceMin(out: LongArray, index: Int, value: Long) { atomicMin(out, index, value) }
fun reduceMin(out: FloatArray, index: Int, value: Float) { atomicMin(out, index, value) }
fun reduceMin(out: DoubleArray, index: Int, value: Double) { atomicMin(out, index, value) }
fun reduceMax(out: IntArray, index: Int, value: Int) { atomicMax(out, index, value) }
fun reduceMax(out: LongArray, index: Int, value: Long) { atomicMax(out, index, value) }
fun reduceMax(out: FloatArray, index: Int, value: Float) { atomicMax(out, index, value) }
fun reduceMax(out: DoubleArray, index: Int, value: Double) { atomicMax(out, index, value) }
fun reduceAnd(out: IntArray, index: Int, value: Int) { atomicAnd(out, index, value) }
fun reduceOr(out: IntArray, index: Int, value: Int) { atomicOr(out, index, value) }
fun reduceXor(out: IntArray, index: Int, value: Int) { atomicXor(out, index, value) }
