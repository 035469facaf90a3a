// RUN: kgpu-opt %s --convert-kgpu-to-gpu | FileCheck %s

// CHECK-LABEL: gpu.func @k
// CHECK-SAME: kgpu.default_workgroup_size = array<i32: 16, 16, 1>
// CHECK: %[[B:.*]] = gpu.block_id  x
// CHECK: %[[D:.*]] = gpu.block_dim  x
// CHECK: %[[T:.*]] = gpu.thread_id  x
// CHECK: %[[M:.*]] = arith.muli %[[B]], %[[D]]
// CHECK: arith.addi %[[M]], %[[T]]
// CHECK: gpu.thread_id  y
// CHECK: gpu.block_id  y
// CHECK: gpu.block_dim  x
// CHECK: gpu.grid_dim  y
// CHECK: %[[BD:.*]] = gpu.block_dim  x
// CHECK: %[[G:.*]] = gpu.grid_dim  x
// CHECK: arith.muli %[[G]], %[[BD]]
// CHECK: gpu.lane_id
// CHECK: gpu.subgroup_size : index
// CHECK: gpu.subgroup_id : index
// CHECK: gpu.num_subgroups : index
func.func @k(%out: memref<?xindex> {kgpu.arg = #kgpu.arg<buffer, write>}) attributes {kgpu.kernel} {
  %0 = kgpu.global_id x
  %1 = kgpu.local_id y
  %2 = kgpu.group_id y
  %3 = kgpu.local_size x
  %4 = kgpu.num_groups y
  %5 = kgpu.global_size x
  %6 = kgpu.lane_id
  %7 = kgpu.subgroup_size
  %8 = kgpu.subgroup_id
  %9 = kgpu.num_subgroups
  %c0 = arith.constant 0 : index
  memref.store %0, %out[%0] : memref<?xindex>
  memref.store %1, %out[%1] : memref<?xindex>
  memref.store %2, %out[%2] : memref<?xindex>
  memref.store %3, %out[%3] : memref<?xindex>
  memref.store %4, %out[%4] : memref<?xindex>
  memref.store %5, %out[%5] : memref<?xindex>
  memref.store %6, %out[%6] : memref<?xindex>
  memref.store %7, %out[%7] : memref<?xindex>
  memref.store %8, %out[%8] : memref<?xindex>
  memref.store %9, %out[%9] : memref<?xindex>
  return
}
