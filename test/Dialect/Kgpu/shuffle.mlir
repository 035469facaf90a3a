// RUN: kgpu-opt %s | kgpu-opt | FileCheck %s
// RUN: kgpu-opt -mlir-print-op-generic %s | kgpu-opt | FileCheck %s

// CHECK-LABEL: func.func @shuffles
func.func @shuffles(%f: f32, %i: i64, %h: f16, %o: i32) attributes {kgpu.device} {
  // CHECK: kgpu.shuffle down %{{.*}}, %{{.*}} : f32
  %0 = kgpu.shuffle down %f, %o : f32
  // CHECK: kgpu.shuffle up %{{.*}}, %{{.*}} : i64
  %1 = kgpu.shuffle up %i, %o : i64
  // CHECK: kgpu.shuffle xor %{{.*}}, %{{.*}} : f16
  %2 = kgpu.shuffle xor %h, %o : f16
  // CHECK: kgpu.shuffle idx %{{.*}}, %{{.*}} : f32
  %3 = kgpu.shuffle idx %f, %o : f32
  return
}
