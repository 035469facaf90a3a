// RUN: kgpu-opt %s | kgpu-opt | FileCheck %s
// RUN: kgpu-opt -mlir-print-op-generic %s | kgpu-opt | FileCheck %s

// One 64x128x16 warp-group MMA step from local tiles: A K-major, B N-major
// (two 64-wide blocks 1024 bytes apart, 8-row groups 2048 bytes apart).
// CHECK-LABEL: func.func @wgmma_step
func.func @wgmma_step(%C: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, write>},
                      %n: index {kgpu.arg = #kgpu.arg<scalar, read>})
    attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0.0 : f32
  %A = kgpu.alloc_local : memref<4096xf16, 3>
  %B = kgpu.alloc_local : memref<8192xf16, 3>
  // CHECK: kgpu.wgmma_fill %{{.*}} : f32 -> !kgpu.wgmma_acc<m64n128k16, f32>
  %acc = kgpu.wgmma_fill %zero : f32 -> !kgpu.wgmma_acc<m64n128k16, f32>
  // CHECK: kgpu.wgmma_fence
  kgpu.wgmma_fence
  // CHECK: kgpu.wgmma %{{.*}}[%{{.*}}] stride 1024, %{{.*}}[%{{.*}}] stride 2048 n_major lead 1024, %{{.*}} : memref<4096xf16, 3>, memref<8192xf16, 3> -> !kgpu.wgmma_acc<m64n128k16, f32>
  %d = kgpu.wgmma %A[%c0] stride 1024, %B[%c0] stride 2048 n_major lead 1024, %acc : memref<4096xf16, 3>, memref<8192xf16, 3> -> !kgpu.wgmma_acc<m64n128k16, f32>
  // K-major B.
  // CHECK: kgpu.wgmma %{{.*}}[%{{.*}}] stride 1024, %{{.*}}[%{{.*}}] stride 1024, %{{.*}} : memref<4096xf16, 3>, memref<8192xf16, 3> -> !kgpu.wgmma_acc<m64n128k16, f32>
  %e = kgpu.wgmma %A[%c16] stride 1024, %B[%c16] stride 1024, %d : memref<4096xf16, 3>, memref<8192xf16, 3> -> !kgpu.wgmma_acc<m64n128k16, f32>
  // CHECK: kgpu.wgmma_commit
  kgpu.wgmma_commit
  // CHECK: kgpu.wgmma_wait 0
  kgpu.wgmma_wait 0
  // CHECK: kgpu.wgmma_store %{{.*}}, %{{.*}}[%{{.*}}] lead_dim %{{.*}} : !kgpu.wgmma_acc<m64n128k16, f32>, memref<?xf32>
  kgpu.wgmma_store %e, %C[%c0] lead_dim %n : !kgpu.wgmma_acc<m64n128k16, f32>, memref<?xf32>
  return
}

// The accumulator shapes: N from 8 to 256 in steps of 8; bf16 inputs.
// CHECK-LABEL: func.func @wgmma_shapes
func.func @wgmma_shapes(%C: memref<64x256xf32> {kgpu.arg = #kgpu.arg<buffer, write>})
    attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %A = kgpu.alloc_local : memref<4096xbf16, 3>
  %B = kgpu.alloc_local : memref<16384xbf16, 3>
  // CHECK: !kgpu.wgmma_acc<m64n8k16, f32>
  %a8 = kgpu.wgmma_fill %zero : f32 -> !kgpu.wgmma_acc<m64n8k16, f32>
  // CHECK: !kgpu.wgmma_acc<m64n64k16, f32>
  %a64 = kgpu.wgmma_fill %zero : f32 -> !kgpu.wgmma_acc<m64n64k16, f32>
  // CHECK: !kgpu.wgmma_acc<m64n256k16, f32>
  %a256 = kgpu.wgmma_fill %zero : f32 -> !kgpu.wgmma_acc<m64n256k16, f32>
  // CHECK: kgpu.wgmma {{.*}} : memref<4096xbf16, 3>, memref<16384xbf16, 3> -> !kgpu.wgmma_acc<m64n256k16, f32>
  %d = kgpu.wgmma %A[%c0] stride 1024, %B[%c0] stride 4096 n_major lead 1024, %a256 : memref<4096xbf16, 3>, memref<16384xbf16, 3> -> !kgpu.wgmma_acc<m64n256k16, f32>
  kgpu.wgmma_commit
  kgpu.wgmma_wait 0
  // A 2-D destination: its rows are the accumulator's.
  // CHECK: kgpu.wgmma_store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] : !kgpu.wgmma_acc<m64n256k16, f32>, memref<64x256xf32>
  kgpu.wgmma_store %d, %C[%c0, %c0] : !kgpu.wgmma_acc<m64n256k16, f32>, memref<64x256xf32>
  return
}
