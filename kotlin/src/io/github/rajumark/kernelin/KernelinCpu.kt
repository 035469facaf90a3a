// Runs kernels as plain Kotlin on the CPU, as Kernelin documents
// KernelinCpu: dispatch (on the calling thread, ids in order, row by row)
// and dispatchParallel (the ids split across all cores). Work-group
// features (barrier, local arrays, subgroups) need dev.kgpu.kotlin.KgpuCpu.
package io.github.rajumark.kernelin

import dev.kgpu.kotlin.internal.Dispatch

object KernelinCpu {
    /** Runs [block] once for every id in 0 until [size], in order. */
    fun dispatch(size: Int, block: () -> Unit) = Dispatch.sequential(size, 1, 1, block)

    /** A width x height grid, row by row. */
    fun dispatch(width: Int, height: Int, block: () -> Unit) =
        Dispatch.sequential(width, height, 1, block)

    /** A width x height x depth grid, row by row, layer by layer. */
    fun dispatch(width: Int, height: Int, depth: Int, block: () -> Unit) =
        Dispatch.sequential(width, height, depth, block)

    /** Like dispatch, with the ids split across all CPU cores. */
    fun dispatchParallel(size: Int, block: () -> Unit) = Dispatch.parallel(size, 1, 1, block)

    fun dispatchParallel(width: Int, height: Int, block: () -> Unit) =
        Dispatch.parallel(width, height, 1, block)

    fun dispatchParallel(width: Int, height: Int, depth: Int, block: () -> Unit) =
        Dispatch.parallel(width, height, depth, block)
}
