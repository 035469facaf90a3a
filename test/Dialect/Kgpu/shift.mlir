// RUN: kgpu-opt %s | kgpu-opt | FileCheck %s
// RUN: kgpu-opt -mlir-print-op-generic %s | kgpu-opt | FileCheck %s

// CHECK-LABEL: func.func @shifts
func.func @shifts(%a: i32, %n: i32, %l: i64, %m: i64) -> (i32, i32, i64) {
  // CHECK: kgpu.shift shl %{{.*}}, %{{.*}} : i32
  %0 = kgpu.shift shl %a, %n : i32
  // CHECK: kgpu.shift shrs %{{.*}}, %{{.*}} : i32
  %1 = kgpu.shift shrs %a, %n : i32
  // CHECK: kgpu.shift shru %{{.*}}, %{{.*}} : i64
  %2 = kgpu.shift shru %l, %m : i64
  return %0, %1, %2 : i32, i32, i64
}
