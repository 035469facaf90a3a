// RUN: kgpu-opt %s | kgpu-opt | FileCheck %s
// RUN: kgpu-opt -mlir-print-op-generic %s | kgpu-opt | FileCheck %s

// CHECK-LABEL: func.func @subgroup_reduce
func.func @subgroup_reduce(%f: f64, %i: i32) attributes {kgpu.device} {
  // CHECK: kgpu.subgroup_reduce add %{{.*}} : f64
  %0 = kgpu.subgroup_reduce add %f : f64
  // CHECK: kgpu.subgroup_reduce min %{{.*}} : f64
  %1 = kgpu.subgroup_reduce min %f : f64
  // CHECK: kgpu.subgroup_reduce umax %{{.*}} : i32
  %2 = kgpu.subgroup_reduce umax %i : i32
  // CHECK: kgpu.subgroup_reduce and %{{.*}} : i32
  %3 = kgpu.subgroup_reduce and %i : i32
  return
}
