// RUN: kgpu-opt %s --kgpu-expand-group-reduce --split-input-file | FileCheck %s

// A fixed work-group size: one scratch slot per work-item. A uniform choice:
// when the x extent is a multiple of the subgroup size, subgroup reductions
// whose partials every work-item folds in order (no second subgroup
// reduction, which would assume full subgroups); otherwise a tree in local
// memory over the linear work-item index, log2(64) = 6 rounds.
// CHECK-LABEL: func.func @k
// CHECK: %[[S:.*]] = kgpu.alloc_local : memref<64xf32, 3>
// CHECK-DAG: %[[LX:.*]] = kgpu.local_size  x
// CHECK-DAG: %[[W:.*]] = kgpu.subgroup_size
// CHECK: %[[REM:.*]] = arith.remui %[[LX]], %[[W]]
// CHECK: %[[FULL:.*]] = arith.cmpi eq, %[[REM]]
// CHECK: %[[R:.*]] = scf.if %[[FULL]] -> (f32) {
// CHECK:   %[[P:.*]] = kgpu.subgroup_reduce  add %{{.*}} : f32
// CHECK:   %[[SG:.*]] = kgpu.subgroup_id
// CHECK:   %[[NSG:.*]] = kgpu.num_subgroups
// CHECK:   scf.if
// CHECK:     memref.store %[[P]], %[[S]][%[[SG]]]
// CHECK:   kgpu.barrier  local
// CHECK:   %[[T:.*]] = scf.for %[[J:.*]] = %{{.*}} to %[[NSG]] step %{{.*}} iter_args
// CHECK:     memref.load %[[S]][%[[J]]]
// CHECK-NOT: kgpu.subgroup_reduce
// CHECK:   kgpu.barrier  local
// CHECK:   scf.yield %[[T]] : f32
// CHECK: } else {
// CHECK-NOT: kgpu.subgroup
// CHECK:   memref.store %{{.*}}, %[[S]][%[[LIN:.*]]] : memref<64xf32, 3>
// CHECK:   kgpu.barrier  local
// CHECK:   %[[C6:.*]] = arith.constant 6 : index
// CHECK:   scf.for %[[K:.*]] = %{{.*}} to %[[C6]]
// CHECK:     %[[D:.*]] = arith.shli %{{.*}}, %[[K]]
// CHECK:     scf.if
// CHECK:       arith.addf
// CHECK:     kgpu.barrier  local
// CHECK:   %[[TOTAL:.*]] = memref.load %[[S]][%{{.*}}]
// CHECK:   kgpu.barrier  local
// CHECK:   scf.yield %[[TOTAL]] : f32
// CHECK: memref.store %[[R]]
func.func @k(%x: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>})
    attributes {kgpu.kernel, kgpu.workgroup_size = array<i32: 64>} {
  %i = kgpu.global_id x
  %v = memref.load %x[%i] : memref<?xf32>
  %s = kgpu.group_reduce add %v : f32
  memref.store %s, %x[%i] : memref<?xf32>
  return
}

// -----

// Any work-group size at launch (only a default size): scratch for the
// largest work-group, 1024 work-items, and log2(1024) = 10 tree rounds.
// CHECK-LABEL: func.func @dynamic
// CHECK: kgpu.alloc_local : memref<1024xi32, 3>
// CHECK: arith.constant 10 : index
func.func @dynamic(%x: memref<?xi32> {kgpu.arg = #kgpu.arg<buffer, read_write>})
    attributes {kgpu.kernel, kgpu.default_workgroup_size = array<i32: 64, 1, 1>} {
  %i = kgpu.global_id x
  %v = memref.load %x[%i] : memref<?xi32>
  %s = kgpu.group_reduce add %v : i32
  memref.store %s, %x[%i] : memref<?xi32>
  return
}
