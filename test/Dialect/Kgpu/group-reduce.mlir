// RUN: kgpu-opt %s | kgpu-opt | FileCheck %s
// RUN: kgpu-opt -mlir-print-op-generic %s | kgpu-opt | FileCheck %s

// CHECK-LABEL: func.func @group_reduce
func.func @group_reduce(%f: f32, %i: i64) attributes {kgpu.device} {
  // CHECK: kgpu.group_reduce add %{{.*}} : f32
  %0 = kgpu.group_reduce add %f : f32
  // CHECK: kgpu.group_reduce max %{{.*}} : f32
  %1 = kgpu.group_reduce max %f : f32
  // CHECK: kgpu.group_reduce xor %{{.*}} : i64
  %2 = kgpu.group_reduce xor %i : i64
  return
}
