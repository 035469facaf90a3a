// RUN: kgpu-opt %s | kgpu-opt | FileCheck %s
// RUN: kgpu-opt -mlir-print-op-generic %s | kgpu-opt | FileCheck %s

// CHECK-LABEL: func.func @divrem
func.func @divrem(%a: i32, %b: i32, %c: i64, %d: i64) -> (i32, i32, i64, i64) {
  // CHECK: kgpu.int_div %{{.*}}, %{{.*}} : i32
  %0 = kgpu.int_div %a, %b : i32
  // CHECK: kgpu.int_rem %{{.*}}, %{{.*}} : i32
  %1 = kgpu.int_rem %a, %b : i32
  // CHECK: kgpu.int_div unsigned %{{.*}}, %{{.*}} : i64
  %2 = kgpu.int_div unsigned %c, %d : i64
  // CHECK: kgpu.int_rem unsigned %{{.*}}, %{{.*}} : i64
  %3 = kgpu.int_rem unsigned %c, %d : i64
  return %0, %1, %2, %3 : i32, i32, i64, i64
}
