// RUN: kgpu-opt %s | kgpu-opt | FileCheck %s
// RUN: kgpu-opt -mlir-print-op-generic %s | kgpu-opt | FileCheck %s

// CHECK-LABEL: func.func @minmax
func.func @minmax(%a: f32, %b: f32, %c: f64, %d: f64) -> (f32, f64) {
  // CHECK: kgpu.jvm_min %{{.*}}, %{{.*}} : f32
  %0 = kgpu.jvm_min %a, %b : f32
  // CHECK: kgpu.jvm_max %{{.*}}, %{{.*}} : f64
  %1 = kgpu.jvm_max %c, %d : f64
  return %0, %1 : f32, f64
}
