// RUN: kgpu-opt %s | kgpu-opt | FileCheck %s
// RUN: kgpu-opt -mlir-print-op-generic %s | kgpu-opt | FileCheck %s

// CHECK-LABEL: func.func @barriers
func.func @barriers() attributes {kgpu.kernel} {
  // CHECK: kgpu.barrier local
  kgpu.barrier local
  // CHECK: kgpu.barrier global
  kgpu.barrier global
  // CHECK: kgpu.barrier all
  kgpu.barrier all
  return
}
