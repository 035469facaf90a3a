// RUN: kgpu-opt %s | kgpu-opt | FileCheck %s
// RUN: kgpu-opt -mlir-print-op-generic %s | kgpu-opt | FileCheck %s

// CHECK-LABEL: func.func @cas
func.func @cas(%gi: memref<?xi32> {kgpu.arg = #kgpu.arg<buffer, read_write>},
               %gd: memref<?xf64> {kgpu.arg = #kgpu.arg<buffer, read_write>})
    attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %i = arith.constant 1 : i32
  %j = arith.constant 2 : i32
  %d = arith.constant 1.0 : f64
  %e = arith.constant 2.0 : f64
  %l = kgpu.alloc_local : memref<4xi64, 3>
  %k = arith.constant 3 : i64
  // CHECK: kgpu.atomic_cas %{{.*}}, %{{.*}}, %{{.*}}[%{{.*}}] : memref<?xi32>
  %0 = kgpu.atomic_cas %i, %j, %gi[%c0] : memref<?xi32>
  // CHECK: kgpu.atomic_cas %{{.*}} : memref<?xf64>
  %1 = kgpu.atomic_cas %d, %e, %gd[%c0] : memref<?xf64>
  // CHECK: kgpu.atomic_cas %{{.*}} : memref<4xi64, 3>
  %2 = kgpu.atomic_cas %k, %k, %l[%c0] : memref<4xi64, 3>
  return
}
