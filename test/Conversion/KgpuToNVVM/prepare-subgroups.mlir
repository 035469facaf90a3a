// Subgroup queries for a warp of 32; subgroup reductions become butterflies:
// upstream's xor butterfly when every warp is full (a fixed work-group size
// that is a multiple of 32), else one that reads only lanes that exist.
// RUN: kgpu-opt %s --kgpu-prepare-nvvm | FileCheck %s

// CHECK-LABEL: gpu.func @k
// CHECK-SAME: nvvm.reqntid = array<i32: 64, 1, 1>
// CHECK: arith.constant 32 : index
// CHECK: arith.divui
// CHECK: arith.ceildivui
// CHECK: gpu.shuffle  xor
// CHECK-NOT: gpu.subgroup_reduce
// CHECK-NOT: gpu.subgroup_size

// Any work-group size: step o reads lane ^ o, or the first lane of its
// o-block when that lane does not exist (lane >= the warp's active lanes),
// with the number of active lanes as the shuffle width. No .reqntid.
// CHECK-LABEL: gpu.func @dynamic
// CHECK-NOT: nvvm.reqntid
// CHECK: %[[ACTIVE:.*]] = arith.minui
// CHECK: %[[A32:.*]] = arith.index_castui %[[ACTIVE]] : index to i32
// CHECK: gpu.shuffle  idx %{{.*}}, %{{.*}}, %[[A32]] : i32
// CHECK: %[[SRC:.*]] = arith.xori %{{.*}}, %c2_i32
// CHECK: %[[EX:.*]] = arith.cmpi ult, %[[SRC]], %[[A32]]
// CHECK: %[[HEAD:.*]] = arith.andi %[[SRC]], %c-2_i32
// CHECK: %[[S:.*]] = arith.select %[[EX]], %[[SRC]], %[[HEAD]]
// CHECK: %[[VALID:.*]] = arith.cmpi ult, %[[S]], %[[A32]]
// CHECK: %[[V:.*]], %{{.*}} = gpu.shuffle  idx %{{.*}}, %[[S]], %[[A32]] : i32
// CHECK: %[[SUM:.*]] = arith.addi %{{.*}}, %[[V]]
// CHECK: arith.select %[[VALID]], %[[SUM]]
// CHECK-COUNT-3: gpu.shuffle  idx
// CHECK-NOT: gpu.shuffle  xor
// CHECK-NOT: gpu.subgroup_reduce
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%x: memref<?xf32>) kernel attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      %a = gpu.subgroup_size : index
      %b = gpu.subgroup_id : index
      %c = gpu.num_subgroups : index
      %s = arith.addi %a, %b : index
      %t = arith.addi %s, %c : index
      %v = memref.load %x[%t] : memref<?xf32>
      %r = gpu.subgroup_reduce add %v : (f32) -> f32
      memref.store %r, %x[%t] : memref<?xf32>
      gpu.return
    }
    gpu.func @dynamic(%x: memref<?xi32>) kernel attributes {kgpu.default_workgroup_size = array<i32: 256, 1, 1>} {
      %t = gpu.thread_id x
      %v = memref.load %x[%t] : memref<?xi32>
      %r = gpu.subgroup_reduce add %v : (i32) -> i32
      memref.store %r, %x[%t] : memref<?xi32>
      gpu.return
    }
  }
}
