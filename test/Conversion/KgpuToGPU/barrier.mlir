// RUN: kgpu-opt %s --convert-kgpu-to-gpu | FileCheck %s

// Both fences become gpu.barrier, which orders all memory of the group.
// CHECK-LABEL: gpu.func @k
// CHECK: gpu.barrier
// CHECK-NEXT: gpu.barrier
// CHECK-NOT: kgpu.barrier
func.func @k() attributes {kgpu.kernel} {
  kgpu.barrier local
  kgpu.barrier global
  return
}
