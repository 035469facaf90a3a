// RUN: kgpu-opt %s --kgpu-expand-group-reduce | FileCheck %s

// CHECK-LABEL: func.func @k
// CHECK: %[[S:.*]] = kgpu.alloc_local : memref<64xf32, 3>
// CHECK: %[[P:.*]] = kgpu.subgroup_reduce  add %{{.*}} : f32
// CHECK: %[[LANE:.*]] = kgpu.lane_id
// CHECK: %[[SG:.*]] = kgpu.subgroup_id
// CHECK: scf.if
// CHECK: memref.store %[[P]], %[[S]][%[[SG]]]
// CHECK: kgpu.barrier  local
// CHECK: %[[ACC:.*]] = scf.for %{{.*}} = %[[LANE]] to %{{.*}} step %{{.*}} iter_args
// CHECK: %[[T:.*]] = kgpu.subgroup_reduce  add %[[ACC]] : f32
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
