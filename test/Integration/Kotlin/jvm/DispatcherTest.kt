// Checks of kgpu's Kotlin API on the JVM: the dispatchers (ids, order,
// work-groups with real barriers, local arrays, subgroups and group
// operations, errors) and Kernelin's documented CPU examples. Prints one
// "PASS name" or "FAIL name: why" line per check (dispatcher.test).
import dev.kgpu.kotlin.*
import io.github.rajumark.kernelin.*

private var failures = 0

private fun check(name: String, body: () -> String?) {
    val why = try { body() } catch (e: Throwable) { "threw $e" }
    if (why == null) println("PASS $name") else { failures++; println("FAIL $name: $why") }
}

private inline fun <reified T : Throwable> throws(block: () -> Unit): String? = try {
    block(); "did not throw ${T::class.simpleName}"
} catch (e: Throwable) {
    if (e is T) null else "threw $e instead of ${T::class.simpleName}"
}

private fun expect(what: String, got: Any?, want: Any?): String? =
    if (got == want) null else "$what: got $got, want $want"

@Kernel
fun saxpy(alpha: Float, x: FloatArray, y: FloatArray) {
    val i = globalId()
    y[i] += alpha * x[i]
}

@Kernel
fun brighten(pixels: FloatArray, amount: Float) {
    val i = globalId()
    pixels[i] = (pixels[i] + amount).coerceIn(0f, 1f)
}

fun main() {
    check("kernelin doc saxpy") {
        val x = floatArrayOf(1f, 2f, 3f)
        val y = floatArrayOf(10f, 20f, 30f)
        KernelinCpu.dispatch(3) { saxpy(2f, x, y) }
        expect("y", y.toList(), listOf(12f, 24f, 36f))
    }
    check("kernelin doc brighten") {
        val pixels = floatArrayOf(0.1f, 0.5f, 0.95f)
        KernelinCpu.dispatch(pixels.size) { brighten(pixels, 0.1f) }
        expect("pixels", pixels.toList(), listOf(0.2f, 0.6f, 1.0f))
    }
    check("1D ids in order") {
        val seen = ArrayList<List<Int>>()
        KernelinCpu.dispatch(3) { seen.add(listOf(globalId(), globalIdX(), globalIdY(), globalIdZ())) }
        expect("ids", seen, listOf(listOf(0, 0, 0, 0), listOf(1, 1, 0, 0), listOf(2, 2, 0, 0)))
    }
    check("2D ids row by row") {
        val seen = ArrayList<List<Int>>()
        KernelinCpu.dispatch(3, 2) { seen.add(listOf(globalId(), globalIdX(), globalIdY())) }
        expect("ids", seen, listOf(listOf(0, 0, 0), listOf(1, 1, 0), listOf(2, 2, 0),
                                   listOf(3, 0, 1), listOf(4, 1, 1), listOf(5, 2, 1)))
    }
    check("3D ids layer by layer") {
        val seen = ArrayList<Int>()
        KernelinCpu.dispatch(2, 3, 4) {
            if (globalId() != globalIdX() + 2 * globalIdY() + 6 * globalIdZ()) throw AssertionError("bad id")
            seen.add(globalId())
        }
        expect("ids", seen, (0 until 24).toList())
    }
    check("size 0 runs nothing") {
        var n = 0
        KernelinCpu.dispatch(0) { n++ }
        KernelinCpu.dispatch(5, 0) { n++ }
        expect("runs", n, 0)
    }
    check("globalId outside a dispatch") { throws<IllegalStateException> { globalId() } }
    check("negative size") { throws<IllegalArgumentException> { KernelinCpu.dispatch(-1) {} } }
    check("more than Int.MAX_VALUE threads") {
        throws<IllegalArgumentException> { KernelinCpu.dispatch(65536, 65536) {} }
    }
    check("dispatchParallel covers every id once") {
        val hits = IntArray(10007)
        KernelinCpu.dispatchParallel(10007) { atomicAdd(hits, globalId(), 1) }
        val hits2 = IntArray(12)
        KernelinCpu.dispatchParallel(4, 3) { atomicAdd(hits2, globalIdX() + 4 * globalIdY(), 1) }
        expect("hits", hits.all { it == 1 } && hits2.all { it == 1 }, true)
    }
    check("dispatchParallel rethrows") {
        throws<ArithmeticException> { KernelinCpu.dispatchParallel(100) { if (globalId() == 77) 1 / (globalId() - 77) } }
    }
    check("barrier under KernelinCpu") { throws<IllegalStateException> { KernelinCpu.dispatch(4) { barrier() } } }
    check("barrier waits for the whole group") {
        // Without a real barrier the neighbour's slot would still be -1.
        val out = IntArray(256)
        KgpuCpu.dispatch(256, WorkGroup(64)) {
            val tile = localIntArray(64)
            val l = localId()
            if (l == 0) Thread.sleep(20)
            tile[l] = globalId()
            barrier()
            out[globalId()] = tile[(l + 1) % 64]
        }
        val want = IntArray(256) { it / 64 * 64 + (it % 64 + 1) % 64 }
        expect("out", out.toList(), want.toList())
    }
    check("local arrays are per work-group") {
        val out = IntArray(8)
        KgpuCpu.dispatch(8, WorkGroup(4)) {
            val acc = localIntArray(1)
            atomicAdd(acc, 0, globalId())
            barrier()
            out[globalId()] = acc[0]
        }
        expect("out", out.toList(), listOf(6, 6, 6, 6, 22, 22, 22, 22))
    }
    check("2D work-group ids") {
        val out = IntArray(6 * 4)
        KgpuCpu.dispatch(6, 4, WorkGroup(3, 2)) {
            out[globalId()] = localId() + 10 * groupId() + 100 * numGroups() + 1000 * localSize() +
                10000 * (groupIdX() + 2 * groupIdY())
        }
        // Work-item (5, 3): local (2, 1) = 5, group (1, 1) = 3 of 4, 6 items.
        expect("out[23]", out[23], 5 + 30 + 400 + 6000 + 30000)
    }
    check("divergent barrier is an error") {
        throws<IllegalStateException> {
            KgpuCpu.dispatch(8, WorkGroup(8)) { if (localId() < 4) barrier() }
        }
    }
    check("an exception ends the launch") {
        throws<ArrayIndexOutOfBoundsException> {
            val a = IntArray(4)
            KgpuCpu.dispatch(8, WorkGroup(8)) { barrier(); a[globalId()] = 1; barrier() }
        }
    }
    check("not a whole number of work-groups") {
        throws<IllegalArgumentException> { KgpuCpu.dispatch(10, WorkGroup(4)) {} }
    }
    check("subgroup shuffles (size 8, own value outside)") {
        val down = IntArray(16); val up = IntArray(16); val xor = IntArray(16); val idx = IntArray(16)
        KgpuCpu.dispatch(16, WorkGroup(16, subgroupSize = 8)) {
            val i = globalId()
            down[i] = subgroupShuffleDown(i, 3)
            up[i] = subgroupShuffleUp(i, 1)
            xor[i] = subgroupShuffleXor(i, 5)
            idx[i] = subgroupShuffle(i * 10, 2)
        }
        expect("down", down.toList(), listOf(3, 4, 5, 6, 7, 5, 6, 7, 11, 12, 13, 14, 15, 13, 14, 15))
            ?: expect("up", up.toList(), listOf(0, 0, 1, 2, 3, 4, 5, 6, 8, 8, 9, 10, 11, 12, 13, 14))
            ?: expect("xor", xor.toList(), (0 until 16).map { it / 8 * 8 + ((it % 8) xor 5) })
            ?: expect("idx", idx.toList(), List(16) { if (it < 8) 20 else 100 })
    }
    check("subgroup reductions, a partial last subgroup") {
        val sum = IntArray(12); val lane = IntArray(12); val sg = IntArray(12); val n = IntArray(12)
        KgpuCpu.dispatch(12, WorkGroup(12, subgroupSize = 8)) {
            val i = globalId()
            sum[i] = subgroupAdd(i)
            lane[i] = subgroupLocalId(); sg[i] = subgroupId(); n[i] = numSubgroups()
        }
        expect("sum", sum.toList(), List(12) { if (it < 8) 28 else 8 + 9 + 10 + 11 })
            ?: expect("lane", lane.toList(), List(12) { it % 8 })
            ?: expect("subgroup", sg.toList(), List(12) { it / 8 })
            ?: expect("count", n.toList(), List(12) { 2 })
    }
    check("group reductions") {
        val s = IntArray(8); val m = FloatArray(8)
        KgpuCpu.dispatch(8, WorkGroup(4)) {
            s[globalId()] = groupAdd(globalId())
            m[globalId()] = groupMax(if (globalId() == 5) Float.NaN else globalId().toFloat())
        }
        expect("sum", s.toList(), listOf(6, 6, 6, 6, 22, 22, 22, 22))
            ?: expect("max", m.toList(), listOf(3f, 3f, 3f, 3f, Float.NaN, Float.NaN, Float.NaN, Float.NaN))
    }
    check("atomics and reductions into an output") {
        val a = intArrayOf(5, 0, 0, 0); val f = floatArrayOf(1f, -0f)
        KernelinCpu.dispatch(10) {
            reduceAdd(a, 1, globalId())
            atomicMax(a, 2, globalId())
            atomicCompareExchange(a, 3, globalId(), globalId() + 1)
            atomicMin(f, 1, 0f)
        }
        expect("ints", a.toList(), listOf(5, 45, 9, 10)) ?: expect("old", atomicAdd(a, 0, 2), 5)
            ?: expect("-0 min", f[1].toRawBits(), (-0f).toRawBits())
    }
    check("random numbers") {
        expect("in range", (0 until 1000).all { randomFloat(1, it) in 0f..<1f && randomIntBelow(7, 1, it) in 0 until 7 }, true)
            ?: throws<IllegalArgumentException> { randomIntBelow(0, 1, 2) }
            ?: expect("distinct", (0 until 5000).map { randomInt(9, it, 3) }.toSet().size, 5000)
            ?: expect("normal range", (0 until 20000).all { kotlin.math.abs(randomNormal(3, it)) < 5.8f }, true)
    }
    println(if (failures == 0) "ALL PASS" else "$failures FAILED")
    kotlin.system.exitProcess(if (failures == 0) 0 else 1)
}
