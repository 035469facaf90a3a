// RUN: kgpu-opt %s | kgpu-opt | FileCheck %s
// RUN: kgpu-opt -mlir-print-op-generic %s | kgpu-opt | FileCheck %s

// A 16x16x16 tile of C = A x B + C with f16 inputs and an f32 accumulator.
// CHECK-LABEL: func.func @mma_tile
func.func @mma_tile(%A: memref<?xf16> {kgpu.arg = #kgpu.arg<buffer, read>},
                    %B: memref<?xf16> {kgpu.arg = #kgpu.arg<buffer, read>},
                    %C: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>},
                    %n: index {kgpu.arg = #kgpu.arg<scalar, read>})
    attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %tile = kgpu.alloc_local : memref<16x16xf16, 3>
  // CHECK: kgpu.mma_fill %{{.*}} : f32 -> !kgpu.mma<m16n16k16, acc, f32>
  %acc = kgpu.mma_fill %zero : f32 -> !kgpu.mma<m16n16k16, acc, f32>
  // CHECK: kgpu.mma_load %{{.*}}[%{{.*}}] lead_dim %{{.*}} : memref<?xf16> -> !kgpu.mma<m16n16k16, a, f16>
  %a = kgpu.mma_load %A[%c0] lead_dim %n : memref<?xf16> -> !kgpu.mma<m16n16k16, a, f16>
  // CHECK: kgpu.mma_load %{{.*}}[%{{.*}}, %{{.*}}] col_major : memref<16x16xf16, 3> -> !kgpu.mma<m16n16k16, b, f16>
  %b = kgpu.mma_load %tile[%c0, %c0] col_major : memref<16x16xf16, 3> -> !kgpu.mma<m16n16k16, b, f16>
  // CHECK: kgpu.mma_compute %{{.*}}, %{{.*}}, %{{.*}} : !kgpu.mma<m16n16k16, a, f16>, !kgpu.mma<m16n16k16, b, f16> -> !kgpu.mma<m16n16k16, acc, f32>
  %d = kgpu.mma_compute %a, %b, %acc : !kgpu.mma<m16n16k16, a, f16>, !kgpu.mma<m16n16k16, b, f16> -> !kgpu.mma<m16n16k16, acc, f32>
  // CHECK: kgpu.mma_store %{{.*}}, %{{.*}}[%{{.*}}] lead_dim %{{.*}} : !kgpu.mma<m16n16k16, acc, f32>, memref<?xf32>
  kgpu.mma_store %d, %C[%c0] lead_dim %n : !kgpu.mma<m16n16k16, acc, f32>, memref<?xf32>
  return
}

// Integer tensor cores: i8 inputs, i32 accumulator, m16n8k32.
// CHECK-LABEL: func.func @mma_int8
func.func @mma_int8(%A: memref<16x32xi8> {kgpu.arg = #kgpu.arg<buffer, read>},
                    %B: memref<32x8xi8> {kgpu.arg = #kgpu.arg<buffer, read>},
                    %C: memref<16x8xi32> {kgpu.arg = #kgpu.arg<buffer, write>})
    attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0 : i32
  %acc = kgpu.mma_fill %zero : i32 -> !kgpu.mma<m16n8k32, acc, i32>
  %a = kgpu.mma_load %A[%c0, %c0] : memref<16x32xi8> -> !kgpu.mma<m16n8k32, a, i8>
  %b = kgpu.mma_load %B[%c0, %c0] : memref<32x8xi8> -> !kgpu.mma<m16n8k32, b, i8>
  // CHECK: kgpu.mma_compute {{.*}} -> !kgpu.mma<m16n8k32, acc, i32>
  %d = kgpu.mma_compute %a, %b, %acc : !kgpu.mma<m16n8k32, a, i8>, !kgpu.mma<m16n8k32, b, i8> -> !kgpu.mma<m16n8k32, acc, i32>
  kgpu.mma_store %d, %C[%c0, %c0] : !kgpu.mma<m16n8k32, acc, i32>, memref<16x8xi32>
  return
}
