// RUN: kgpu-opt %s --convert-kgpu-to-gpu | FileCheck %s

// A shuffle uses the subgroup size as width and keeps the work-item's own
// value where the source lane is outside the subgroup.
// CHECK-LABEL: gpu.func @k
// CHECK: %[[W:.*]] = gpu.subgroup_size : index
// CHECK: %[[WI:.*]] = arith.index_cast %[[W]] : index to i32
// CHECK: %[[S:.*]], %[[OK:.*]] = gpu.shuffle  down %[[V:.*]], %{{.*}}, %[[WI]] : f32
// CHECK: %[[R:.*]] = arith.select %[[OK]], %[[S]], %[[V]] : f32
// CHECK: gpu.subgroup_reduce  add %[[R]] : (f32) -> f32
// CHECK: gpu.subgroup_reduce  minimumf %{{.*}} : (f32) -> f32
// CHECK: gpu.subgroup_reduce  maxui %{{.*}} : (i32) -> i32
func.func @k(%x: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>},
             %y: memref<?xi32> {kgpu.arg = #kgpu.arg<buffer, read_write>}) attributes {kgpu.kernel} {
  %g = kgpu.global_id x
  %v = memref.load %x[%g] : memref<?xf32>
  %c1 = arith.constant 1 : i32
  %s = kgpu.shuffle down %v, %c1 : f32
  %r = kgpu.subgroup_reduce add %s : f32
  %m = kgpu.subgroup_reduce min %r : f32
  memref.store %m, %x[%g] : memref<?xf32>
  %i = memref.load %y[%g] : memref<?xi32>
  %u = kgpu.subgroup_reduce umax %i : i32
  memref.store %u, %y[%g] : memref<?xi32>
  return
}
