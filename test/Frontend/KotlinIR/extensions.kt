// RUN: %kotlin-ir-dump %s %t.ir
// RUN: kgpu-translate %t.ir --emit=mlir | FileCheck %s
// REQUIRES: kotlinc
// kgpu's extensions (dev.kgpu.kotlin): work-group ids, barrier(), local
// arrays, atomics, subgroup shuffles and reductions, work-group reductions,
// reductions into an output element, @WorkGroupSize.
package t.extensions

import dev.kgpu.kotlin.*
import io.github.rajumark.kernelin.*

// A kernel with barriers or local arrays has no `>= size -> return` guard
// (every work-item of a group must reach them).
// CHECK-LABEL: func.func @tiles(
// CHECK-SAME: kgpu.workgroup_size = array<i32: 8, 4, 1>
// CHECK-DAG: kgpu.alloc_local : memref<32xf32, 3>
// CHECK-DAG: kgpu.alloc_local : memref<4xi32, 3>
// CHECK-NOT: cf.cond_br
// CHECK: kgpu.local_id x
// CHECK: kgpu.local_id y
// CHECK: kgpu.local_id z
// CHECK: kgpu.local_size x
// CHECK: kgpu.local_size y
// CHECK: kgpu.group_id x
// CHECK: kgpu.num_groups x
// CHECK: kgpu.barrier all
// CHECK-DAG: kgpu.local_size x
// CHECK-DAG: kgpu.local_size y
// CHECK-DAG: kgpu.local_size z
// CHECK: kgpu.num_groups z
// tmp.size of a local array is a constant
// CHECK: arith.constant 4 : i32
@Kernel
@WorkGroupSize(8, 4)
fun tiles(x: FloatArray, out: IntArray) {
    val t = localFloatArray(32)
    val tmp = localIntArray(4)
    val l = localId()
    t[l] = x[globalIdX() + globalIdY() * 8] + groupIdX() + numGroupsX()
    barrier()
    out[l] = localSize() + numGroupsZ() + tmp.size
}

// CHECK-LABEL: func.func @atomics(
// CHECK: cf.cond_br
// CHECK: kgpu.atomic_rmw add %{{.*}}, %arg0[%{{.*}}] : memref<?xi32>
// CHECK: kgpu.atomic_rmw sub
// CHECK: kgpu.atomic_rmw min
// CHECK: kgpu.atomic_rmw max
// CHECK: kgpu.atomic_rmw and
// CHECK: kgpu.atomic_rmw or
// CHECK: kgpu.atomic_rmw xor
// CHECK: kgpu.atomic_rmw xchg
// CHECK: kgpu.atomic_cas %{{.*}}, %{{.*}}, %arg0[%{{.*}}] : memref<?xi32>
// CHECK: kgpu.atomic_rmw max %{{.*}}, %arg1[%{{.*}}] : memref<?xf32>
// reduceX(out, index, v): an atomic whose old value is not used
// CHECK: kgpu.atomic_rmw add %{{.*}}, %arg2[%{{.*}}] : memref<?xi64>
// CHECK: kgpu.atomic_rmw min %{{.*}}, %arg1[%{{.*}}] : memref<?xf32>
@Kernel
fun atomics(a: IntArray, f: FloatArray, l: LongArray) {
    val i = globalId()
    var s = atomicAdd(a, 0, i)
    s += atomicSub(a, 1, i) + atomicMin(a, 2, i) + atomicMax(a, 3, i)
    s += atomicAnd(a, 4, i) + atomicOr(a, 5, i) + atomicXor(a, 6, i)
    s += atomicExchange(a, 7, i) + atomicCompareExchange(a, 8, 0, i)
    f[i] = atomicMax(f, 0, 1.5f) + s
    reduceAdd(l, 0, i.toLong())
    reduceMin(f, 1, f[i])
}

// CHECK-LABEL: func.func @collectives(
// CHECK-SAME: kgpu.workgroup_size = array<i32: 64, 1, 1>
// CHECK-NOT: cf.cond_br
// CHECK: kgpu.shuffle idx
// CHECK: kgpu.shuffle down
// CHECK: kgpu.shuffle up
// CHECK: kgpu.shuffle xor %{{.*}}, %{{.*}} : f32
// CHECK: kgpu.subgroup_reduce add %{{.*}} : i32
// CHECK: kgpu.subgroup_reduce min
// CHECK: kgpu.subgroup_reduce max %{{.*}} : f32
// CHECK: kgpu.subgroup_reduce xor
// CHECK: kgpu.group_reduce add %{{.*}} : i32
// CHECK: kgpu.group_reduce max %{{.*}} : f32
// CHECK: kgpu.lane_id
// CHECK: kgpu.subgroup_id
// CHECK: kgpu.subgroup_size
// CHECK: kgpu.num_subgroups
@Kernel
@WorkGroupSize(64)
fun collectives(x: IntArray, f: FloatArray, out: IntArray) {
    val i = globalId()
    var v = subgroupShuffle(x[i], 0) + subgroupShuffleDown(x[i], 1) + subgroupShuffleUp(x[i], 2)
    f[i] = subgroupShuffleXor(f[i], 1)
    v += subgroupAdd(v) + subgroupMin(v)
    f[i] = subgroupMax(f[i])
    v += subgroupXor(v) + groupAdd(v)
    f[i] = groupMax(f[i])
    out[i] = v + subgroupLocalId() + subgroupId() + subgroupSize() + numSubgroups()
}
