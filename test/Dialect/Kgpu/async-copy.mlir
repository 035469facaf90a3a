// RUN: kgpu-opt %s | kgpu-opt | FileCheck %s
// RUN: kgpu-opt -mlir-print-op-generic %s | kgpu-opt | FileCheck %s

// Asynchronous copies global -> local: 8 halves (16 bytes) per work-item,
// committed as one group, waited for with at most one group in flight.
// CHECK-LABEL: func.func @stage
func.func @stage(%A: memref<?xf16> {kgpu.arg = #kgpu.arg<buffer, read>},
                 %g: index {kgpu.arg = #kgpu.arg<scalar, read>})
    attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %tile = kgpu.alloc_local : memref<2x128x40xf16, 3>
  // CHECK: kgpu.async_copy %{{.*}}[%{{.*}}], %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}], 8 : memref<?xf16>, memref<2x128x40xf16, 3>
  kgpu.async_copy %A[%g], %tile[%c0, %c0, %c0], 8 : memref<?xf16>, memref<2x128x40xf16, 3>
  // CHECK: kgpu.async_commit
  kgpu.async_commit
  // CHECK: kgpu.async_wait 1
  kgpu.async_wait 1
  // CHECK: kgpu.async_wait 0
  kgpu.async_wait 0
  return
}
