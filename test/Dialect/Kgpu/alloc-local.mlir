// RUN: kgpu-opt %s | kgpu-opt | FileCheck %s
// RUN: kgpu-opt -mlir-print-op-generic %s | kgpu-opt | FileCheck %s

// CHECK-LABEL: func.func @alloc_local
func.func @alloc_local() attributes {kgpu.kernel} {
  // CHECK: kgpu.alloc_local : memref<16x16xf32, 3>
  %tile = kgpu.alloc_local : memref<16x16xf32, 3>
  // CHECK: kgpu.alloc_local : memref<256xi32, 3>
  %hist = kgpu.alloc_local : memref<256xi32, 3>
  %c0 = arith.constant 0 : index
  %v = memref.load %tile[%c0, %c0] : memref<16x16xf32, 3>
  return
}
