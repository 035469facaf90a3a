// kgpu's extensions to Kernelin's API: work-groups on the CPU.
package dev.kgpu.kotlin

import dev.kgpu.kotlin.internal.Dispatch

/**
 * The work-group size of a launch (x, y, z work-items) and the subgroup
 * size the CPU emulates (kgpu's CPU target: 8 by default).
 */
data class WorkGroup(val x: Int, val y: Int = 1, val z: Int = 1, val subgroupSize: Int = 8)

/**
 * The work-group size a kernel needs (kgpu-translate fixes the kernel's
 * work-group size to it). Kernels with barrier(), local arrays or group
 * and subgroup operations should have one.
 */
@Target(AnnotationTarget.FUNCTION)
@Retention(AnnotationRetention.BINARY)
annotation class WorkGroupSize(val x: Int, val y: Int = 1, val z: Int = 1)

/**
 * Runs kernels on the CPU with work-groups: the work-items of one group run
 * as threads of their own (one group after the other), so barrier(), local
 * arrays, group and subgroup operations behave as on a GPU. The launch
 * must be a whole number of work-groups.
 */
object KgpuCpu {
    fun dispatch(size: Int, group: WorkGroup, block: () -> Unit) =
        Dispatch.grouped(size, 1, 1, group.x, group.y, group.z, group.subgroupSize, block)

    fun dispatch(width: Int, height: Int, group: WorkGroup, block: () -> Unit) =
        Dispatch.grouped(width, height, 1, group.x, group.y, group.z, group.subgroupSize, block)

    fun dispatch(width: Int, height: Int, depth: Int, group: WorkGroup, block: () -> Unit) =
        Dispatch.grouped(width, height, depth, group.x, group.y, group.z, group.subgroupSize, block)
}
