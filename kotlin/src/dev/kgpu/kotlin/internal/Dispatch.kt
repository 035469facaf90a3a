// The CPU dispatcher behind KernelinCpu and KgpuCpu: the per-thread launch
// state, the work-group threads and their barriers.
package dev.kgpu.kotlin.internal

import java.util.concurrent.TimeUnit
import java.util.concurrent.locks.ReentrantLock
import kotlin.concurrent.withLock


/** Shape of a launch: the grid in work-items and the work-group. */
internal class Launch(
    val width: Int, val height: Int, val depth: Int,
    val localX: Int, val localY: Int, val localZ: Int,
    val subgroupSize: Int,
    /** False for KernelinCpu's launches, which have no work-groups. */
    val grouped: Boolean,
) {
    val groupsX = width / localX
    val groupsY = height / localY
    val groupsZ = depth / localZ
    val groupItems = localX * localY * localZ
}

/** Thrown in the other work-items when one of them failed. */
internal class Aborted : RuntimeException(null, null, false, false)

/**
 * A barrier for [parties] threads that notices divergence: when every
 * thread has either arrived or finished and some finished, the remaining
 * ones can never be released, which is an error, not a hang.
 */
internal class Sync(private val parties: Int, private val what: String, private val group: Group) {
    private val lock = ReentrantLock()
    private val changed = lock.newCondition()
    private var arrived = 0
    private var finished = 0
    private var generation = 0

    fun await() {
        lock.withLock {
            group.checkFailed()
            arrived++
            if (arrived + finished == parties) {
                if (finished > 0) {
                    divergent()
                    throw Aborted()
                }
                arrived = 0
                generation++
                changed.signalAll()
                return
            }
            val g = generation
            val deadline = System.nanoTime() + 120_000_000_000L
            while (g == generation) {
                if (group.failed()) throw Aborted()
                if (System.nanoTime() > deadline) {
                    group.fail(IllegalStateException("$what: work-items waited 120 s at a barrier (deadlock)"))
                    throw Aborted()
                }
                changed.await(50, TimeUnit.MILLISECONDS)
            }
        }
    }

    fun finish() {
        lock.withLock {
            finished++
            if (arrived > 0 && arrived + finished == parties) divergent()
        }
    }

    private fun divergent() {
        group.fail(IllegalStateException(
            "$what: some work-items of the work-group ended while others wait at a barrier " +
                "or a collective operation (every work-item must reach it)"))
        changed.signalAll()
    }

    // Only a hint: waiters also poll every 50 ms (no lock-order deadlock).
    fun wake() { if (lock.tryLock()) try { changed.signalAll() } finally { lock.unlock() } }
}

/** One work-group's shared state. */
internal class Group(val launch: Launch, val gx: Int, val gy: Int, val gz: Int) {
    @Volatile private var failure: Throwable? = null
    private val syncs = ArrayList<Sync>()
    val barrier: Sync = Sync(launch.groupItems, "barrier()", this).also { syncs.add(it) }
    val numSubgroups = (launch.groupItems + launch.subgroupSize - 1) / launch.subgroupSize
    val subgroups: Array<Sync> = Array(numSubgroups) {
        val n = minOf(launch.subgroupSize, launch.groupItems - it * launch.subgroupSize)
        Sync(n, "subgroup operation", this).also { s -> syncs.add(s) }
    }
    /** One slot per work-item for the collectives (group and subgroup). */
    val slots = arrayOfNulls<Any>(launch.groupItems)
    val locals = ArrayList<Any>()

    fun failed() = failure != null
    fun checkFailed() { if (failure != null) throw Aborted() }
    fun failure() = failure

    fun fail(t: Throwable) {
        synchronized(this) { if (failure == null) failure = t }
        for (s in syncs) s.wake()
    }
}

/** The launch state of one running work-item (one per thread). */
internal class Item(val launch: Launch) {
    var x = 0
    var y = 0
    var z = 0
    var lx = 0
    var ly = 0
    var lz = 0
    var group: Group? = null
    var localCalls = 0

    fun linearGlobal(): Int = x + y * launch.width + z * launch.width * launch.height
    fun linearLocal(): Int = lx + ly * launch.localX + lz * launch.localX * launch.localY
}

internal object Dispatch {
    private val current = ThreadLocal<Item?>()

    fun item(what: String): Item = current.get()
        ?: throw IllegalStateException("$what() called outside a dispatch (KernelinCpu.dispatch or KgpuCpu.dispatch)")

    fun group(what: String): Pair<Item, Group> {
        val item = item(what)
        val group = item.group ?: throw IllegalStateException(
            "$what() needs work-groups: run the kernel with KgpuCpu.dispatch(..., WorkGroup(...)) " +
                "instead of KernelinCpu")
        return item to group
    }

    private fun checkSize(width: Int, height: Int, depth: Int) {
        require(width >= 0 && height >= 0 && depth >= 0) {
            "a launch size must not be negative ($width x $height x $depth)"
        }
        require(width.toLong() * height.toLong() * depth.toLong() <= Int.MAX_VALUE) {
            "a launch has at most Int.MAX_VALUE threads ($width x $height x $depth)"
        }
    }

    private inline fun <T> with(item: Item, body: () -> T): T {
        val saved = current.get()
        current.set(item)
        try {
            return body()
        } finally {
            current.set(saved)
        }
    }

    fun sequential(width: Int, height: Int, depth: Int, block: () -> Unit) {
        checkSize(width, height, depth)
        val item = Item(Launch(width, height, depth, 1, 1, 1, 1, false))
        with(item) {
            for (z in 0 until depth) for (y in 0 until height) for (x in 0 until width) {
                item.x = x; item.y = y; item.z = z
                block()
            }
        }
    }

    fun parallel(width: Int, height: Int, depth: Int, block: () -> Unit) {
        checkSize(width, height, depth)
        val total = width * height * depth
        if (total == 0) return
        val launch = Launch(width, height, depth, 1, 1, 1, 1, false)
        val threads = minOf(Runtime.getRuntime().availableProcessors(), total)
        val chunk = (total + threads - 1) / threads
        val errors = arrayOfNulls<Throwable>(threads)
        val workers = List(threads) { t ->
            Thread {
                val item = Item(launch)
                try {
                    with(item) {
                        val end = minOf(total, (t + 1) * chunk)
                        for (id in t * chunk until end) {
                            item.x = id % width
                            item.y = id / width % height
                            item.z = id / width / height
                            block()
                        }
                    }
                } catch (e: Throwable) {
                    errors[t] = e
                }
            }.apply { start() }
        }
        workers.forEach { it.join() }
        errors.firstOrNull { it != null }?.let { throw it }
    }

    /**
     * Runs the grid work-group by work-group (row-major), the items of a
     * group as threads of their own, so that barrier() and the collectives
     * really wait for each other.
     */
    fun grouped(width: Int, height: Int, depth: Int, lx: Int, ly: Int, lz: Int, subgroup: Int,
                block: () -> Unit) {
        checkSize(width, height, depth)
        require(lx > 0 && ly > 0 && lz > 0) { "a work-group size must be positive ($lx x $ly x $lz)" }
        require(lx.toLong() * ly * lz <= 1024) { "a work-group has at most 1024 work-items ($lx x $ly x $lz)" }
        require(subgroup > 0 && subgroup and (subgroup - 1) == 0 && subgroup <= 64) {
            "the subgroup size must be a power of two from 1 to 64 ($subgroup)"
        }
        require(width % lx == 0 && height % ly == 0 && depth % lz == 0) {
            "the launch ($width x $height x $depth) must be a whole number of work-groups ($lx x $ly x $lz)"
        }
        val launch = Launch(width, height, depth, lx, ly, lz, subgroup, true)
        for (gz in 0 until launch.groupsZ) for (gy in 0 until launch.groupsY) for (gx in 0 until launch.groupsX) {
            val group = Group(launch, gx, gy, gz)
            val n = launch.groupItems
            val workers = List(n) { li ->
                Thread {
                    val item = Item(launch)
                    item.lx = li % lx
                    item.ly = li / lx % ly
                    item.lz = li / lx / ly
                    item.x = gx * lx + item.lx
                    item.y = gy * ly + item.ly
                    item.z = gz * lz + item.lz
                    item.group = group
                    try {
                        with(item) { block() }
                    } catch (e: Aborted) {
                    } catch (e: Throwable) {
                        group.fail(e)
                    } finally {
                        group.barrier.finish()
                        group.subgroups[li / subgroup].finish()
                    }
                }.apply { isDaemon = true; start() }
            }
            workers.forEach { it.join() }
            group.failure()?.let { throw it }
        }
    }
}
