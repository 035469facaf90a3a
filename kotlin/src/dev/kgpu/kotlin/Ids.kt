// Work-group ids (kgpu extensions). The plain forms are the row-major
// linear index over x, y, z; the X/Y/Z forms one coordinate. They need a
// KgpuCpu launch on the CPU.
package dev.kgpu.kotlin

import dev.kgpu.kotlin.internal.Dispatch

fun localId(): Int = Dispatch.group("localId").first.linearLocal()
fun localIdX(): Int = Dispatch.group("localIdX").first.lx
fun localIdY(): Int = Dispatch.group("localIdY").first.ly
fun localIdZ(): Int = Dispatch.group("localIdZ").first.lz

fun groupId(): Int = Dispatch.group("groupId").second.let { g ->
    g.gx + g.gy * g.launch.groupsX + g.gz * g.launch.groupsX * g.launch.groupsY
}
fun groupIdX(): Int = Dispatch.group("groupIdX").second.gx
fun groupIdY(): Int = Dispatch.group("groupIdY").second.gy
fun groupIdZ(): Int = Dispatch.group("groupIdZ").second.gz

fun localSize(): Int = Dispatch.group("localSize").second.launch.groupItems
fun localSizeX(): Int = Dispatch.group("localSizeX").second.launch.localX
fun localSizeY(): Int = Dispatch.group("localSizeY").second.launch.localY
fun localSizeZ(): Int = Dispatch.group("localSizeZ").second.launch.localZ

fun numGroups(): Int = Dispatch.group("numGroups").second.launch.let { it.groupsX * it.groupsY * it.groupsZ }
fun numGroupsX(): Int = Dispatch.group("numGroupsX").second.launch.groupsX
fun numGroupsY(): Int = Dispatch.group("numGroupsY").second.launch.groupsY
fun numGroupsZ(): Int = Dispatch.group("numGroupsZ").second.launch.groupsZ
