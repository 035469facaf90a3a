// RUN: kgpu-opt %s | kgpu-opt | FileCheck %s
// RUN: kgpu-opt -mlir-print-op-generic %s | kgpu-opt | FileCheck %s

// Saturating float-to-int conversion is not tied to kernels.
// CHECK-LABEL: func.func @f2i
func.func @f2i(%f: f32, %d: f64) -> (i32, i64, i8) {
  // CHECK: kgpu.fptosi_sat %{{.*}} : f32 to i32
  %0 = kgpu.fptosi_sat %f : f32 to i32
  // CHECK: kgpu.fptosi_sat %{{.*}} : f64 to i64
  %1 = kgpu.fptosi_sat %d : f64 to i64
  // CHECK: kgpu.fptosi_sat %{{.*}} : f32 to i8
  %2 = kgpu.fptosi_sat %f : f32 to i8
  return %0, %1, %2 : i32, i64, i8
}
