// RUN: kgpu-opt %s --split-input-file --kgpu-prepare-nvvm -verify-diagnostics | FileCheck %s

// Warp-group MMA on sm_90a: an accumulator is the struct of the N / 2 f32
// each work-item of the warp group holds (64 for m64n128k16), carried
// through the loop; each kgpu.wgmma becomes nvvm.wgmma.mma_async on two
// shared-memory descriptors: start address >> 4 (bits 0-13) or'ed with the
// constant part: A K-major, leading byte offset unused (1 << 16), stride
// 1024 bytes (64 << 32), 128-byte swizzle (1 << 62):
// 0x4000004000010000 = 4611686293305360384; B N-major, lead 1024 (64 << 16),
// stride 2048 (128 << 32): 0x4000008000400000 = 4611686568187396096. The
// fence is a proxy fence and wgmma.fence; the store waits for every group,
// then writes pairs of f32 (st.v2) where the rows are 8-byte aligned.
// CHECK-LABEL: gpu.func @wgmma
// CHECK: %[[FILL:.*]] = llvm.insertvalue %{{.*}}[63] : !llvm.struct<(f32, f32,
// CHECK: scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[FILL]]) -> (!llvm.struct<(f32,
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK-NEXT: nvvm.wgmma.fence.aligned
// CHECK: %[[SA:.*]] = arith.shrui %{{.*}}, %c4_i64 : i64
// CHECK: %[[DA:.*]] = arith.ori %[[SA]], %c4611686293305360384_i64 : i64
// CHECK: %[[SB:.*]] = arith.shrui %{{.*}}, %c4_i64 : i64
// CHECK: %[[DB:.*]] = arith.ori %[[SB]], %c4611686568187396096_i64 : i64
// CHECK: %[[D:.*]] = nvvm.wgmma.mma_async %[[DA]], %[[DB]], %[[ACC]], <m = 64, n = 128, k = 16>, D[<f32>, <one>], A[<f16>, <one>, <row>], B[<f16>, <one>, <row>]
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK: nvvm.wgmma.wait.group.sync.aligned 1
// CHECK: scf.yield %[[D]]
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK: scf.if
// CHECK-COUNT-32: llvm.store %{{.*}}, %{{.*}} {alignment = 8 : i64} : vector<2xf32>, !llvm.ptr<1>
// CHECK: } else {
// CHECK-COUNT-64: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<1>
// CHECK-NOT: kgpu.wgmma
// CHECK-NOT: !kgpu.wgmma_acc
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @wgmma(%c: memref<?xf32>, %n: index) kernel {
      %zero = arith.constant 0.0 : f32
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c16 = arith.constant 16 : index
      %sa = memref.alloc() : memref<4096xf16, 3>
      %sb = memref.alloc() : memref<8192xf16, 3>
      %acc = kgpu.wgmma_fill %zero : f32 -> !kgpu.wgmma_acc<m64n128k16, f32>
      %r = scf.for %k = %c0 to %n step %c1 iter_args(%it = %acc) -> (!kgpu.wgmma_acc<m64n128k16, f32>) {
        kgpu.wgmma_fence
        %d = kgpu.wgmma %sa[%c0] stride 1024, %sb[%c0] stride 2048 n_major lead 1024, %it : memref<4096xf16, 3>, memref<8192xf16, 3> -> !kgpu.wgmma_acc<m64n128k16, f32>
        kgpu.wgmma_commit
        kgpu.wgmma_wait 1
        scf.yield %d : !kgpu.wgmma_acc<m64n128k16, f32>
      }
      kgpu.wgmma_store %r, %c[%c0] lead_dim %n : !kgpu.wgmma_acc<m64n128k16, f32>, memref<?xf32>
      gpu.return
    }
  }
}

// -----

// bf16, K-major B (layout col: imm-trans-b 0), m64n256k16: 128 f32 per
// work-item.
// CHECK-LABEL: gpu.func @bf16
// CHECK: llvm.insertvalue %{{.*}}[127] : !llvm.struct
// CHECK: nvvm.wgmma.mma_async %{{.*}}, %{{.*}}, %{{.*}}, <m = 64, n = 256, k = 16>, D[<f32>, <one>], A[<bf16>, <one>, <row>], B[<bf16>, <one>, <col>] : !llvm.struct<(f32,
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @bf16(%c: memref<?xf32>, %n: index) kernel {
      %zero = arith.constant 0.0 : f32
      %c0 = arith.constant 0 : index
      %sa = memref.alloc() : memref<4096xbf16, 3>
      %sb = memref.alloc() : memref<16384xbf16, 3>
      %acc = kgpu.wgmma_fill %zero : f32 -> !kgpu.wgmma_acc<m64n256k16, f32>
      kgpu.wgmma_fence
      %d = kgpu.wgmma %sa[%c0] stride 1024, %sb[%c0] stride 1024, %acc : memref<4096xbf16, 3>, memref<16384xbf16, 3> -> !kgpu.wgmma_acc<m64n256k16, f32>
      kgpu.wgmma_commit
      kgpu.wgmma_store %d, %c[%c0] lead_dim %n : !kgpu.wgmma_acc<m64n256k16, f32>, memref<?xf32>
      gpu.return
    }
  }
}

// -----

// Any chip but sm_90a is a located error.
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90">] {
    gpu.func @sm90(%c: memref<?xf32>, %n: index) kernel {
      %zero = arith.constant 0.0 : f32
      %c0 = arith.constant 0 : index
      // expected-error @+1 {{warp-group MMA (wgmma) needs sm_90a, but the CUDA target is sm_90}}
      %acc = kgpu.wgmma_fill %zero : f32 -> !kgpu.wgmma_acc<m64n64k16, f32>
      kgpu.wgmma_store %acc, %c[%c0] lead_dim %n : !kgpu.wgmma_acc<m64n64k16, f32>, memref<?xf32>
      gpu.return
    }
  }
}
