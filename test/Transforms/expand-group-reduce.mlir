// RUN: kgpu-opt %s --kgpu-expand-group-reduce --split-input-file | FileCheck %s

// A fixed work-group size: one scratch slot per work-item. The partials are
// folded by every work-item in order (no second subgroup reduction, which
// would assume full subgroups).
// CHECK-LABEL: func.func @k
// CHECK: %[[S:.*]] = kgpu.alloc_local : memref<64xf32, 3>
// CHECK: %[[P:.*]] = kgpu.subgroup_reduce  add %{{.*}} : f32
// CHECK: %[[LANE:.*]] = kgpu.lane_id
// CHECK: %[[SG:.*]] = kgpu.subgroup_id
// CHECK: %[[NSG:.*]] = kgpu.num_subgroups
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: scf.if
// CHECK: memref.store %[[P]], %[[S]][%[[SG]]]
// CHECK: kgpu.barrier  local
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[T:.*]] = scf.for %[[J:.*]] = %[[C0]] to %[[NSG]] step %[[C1]] iter_args
// CHECK:   memref.load %[[S]][%[[J]]]
// CHECK-NOT: kgpu.subgroup_reduce
// CHECK: kgpu.barrier  local
// CHECK: memref.store %[[T]]
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
// largest work-group, 1024 work-items.
// CHECK-LABEL: func.func @dynamic
// CHECK: kgpu.alloc_local : memref<1024xi32, 3>
func.func @dynamic(%x: memref<?xi32> {kgpu.arg = #kgpu.arg<buffer, read_write>})
    attributes {kgpu.kernel, kgpu.default_workgroup_size = array<i32: 64, 1, 1>} {
  %i = kgpu.global_id x
  %v = memref.load %x[%i] : memref<?xi32>
  %s = kgpu.group_reduce add %v : i32
  memref.store %s, %x[%i] : memref<?xi32>
  return
}
