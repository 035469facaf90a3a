// RUN: kgpu-opt %s | kgpu-opt | FileCheck %s
// RUN: kgpu-opt -mlir-print-op-generic %s | kgpu-opt | FileCheck %s

// CHECK-LABEL: func.func @atomics
func.func @atomics(%gi: memref<?xi32> {kgpu.arg = #kgpu.arg<buffer, read_write>},
                   %gl: memref<?xi64> {kgpu.arg = #kgpu.arg<buffer, read_write>},
                   %gf: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>},
                   %gd: memref<?xf64> {kgpu.arg = #kgpu.arg<buffer, read_write>})
    attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %i = arith.constant 1 : i32
  %l = arith.constant 1 : i64
  %f = arith.constant 1.0 : f32
  %d = arith.constant 1.0 : f64
  %li = kgpu.alloc_local : memref<64xi32, 3>
  %lf = kgpu.alloc_local : memref<8x8xf32, 3>
  // CHECK: kgpu.atomic_rmw add %{{.*}}, %{{.*}}[%{{.*}}] : memref<?xi32>
  %0 = kgpu.atomic_rmw add %i, %gi[%c0] : memref<?xi32>
  // CHECK: kgpu.atomic_rmw sub %{{.*}} : memref<?xi64>
  %1 = kgpu.atomic_rmw sub %l, %gl[%c0] : memref<?xi64>
  // CHECK: kgpu.atomic_rmw min %{{.*}} : memref<?xf32>
  %2 = kgpu.atomic_rmw min %f, %gf[%c0] : memref<?xf32>
  // CHECK: kgpu.atomic_rmw max %{{.*}} : memref<?xf64>
  %3 = kgpu.atomic_rmw max %d, %gd[%c0] : memref<?xf64>
  // CHECK: kgpu.atomic_rmw umin %{{.*}} : memref<64xi32, 3>
  %4 = kgpu.atomic_rmw umin %i, %li[%c0] : memref<64xi32, 3>
  // CHECK: kgpu.atomic_rmw umax %{{.*}} : memref<?xi64>
  %5 = kgpu.atomic_rmw umax %l, %gl[%c0] : memref<?xi64>
  // CHECK: kgpu.atomic_rmw and %{{.*}} : memref<?xi32>
  %6 = kgpu.atomic_rmw and %i, %gi[%c0] : memref<?xi32>
  // CHECK: kgpu.atomic_rmw or %{{.*}} : memref<64xi32, 3>
  %7 = kgpu.atomic_rmw or %i, %li[%c0] : memref<64xi32, 3>
  // CHECK: kgpu.atomic_rmw xor %{{.*}} : memref<?xi64>
  %8 = kgpu.atomic_rmw xor %l, %gl[%c0] : memref<?xi64>
  // CHECK: kgpu.atomic_rmw xchg %{{.*}} : memref<8x8xf32, 3>
  %9 = kgpu.atomic_rmw xchg %f, %lf[%c0, %c0] : memref<8x8xf32, 3>
  // CHECK: kgpu.atomic_rmw add %{{.*}} : memref<?xf32>
  %10 = kgpu.atomic_rmw add %f, %gf[%c0] : memref<?xf32>
  return
}
