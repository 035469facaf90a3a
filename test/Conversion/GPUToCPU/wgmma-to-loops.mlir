// RUN: kgpu-opt %s --convert-kgpu-mma-to-loops | FileCheck %s

// On the CPU a warp-group accumulator is the whole 64 x N tile in private
// memory; kgpu.wgmma is a loop nest that reads A and B through the
// 128-byte swizzle of docs/dialect.md: byte offset o, element
// (o ^ (((o >> 7) & 7) << 4)) / 2; fences, commits and waits disappear; the
// store is a loop over the tile.
// CHECK-LABEL: gpu.func @wgmma
// CHECK-DAG: memref.alloca() : memref<64x128xf32>
// CHECK: scf.for
// CHECK: scf.for
// CHECK: arith.shrui %{{.*}}, %c7 : index
// CHECK: arith.andi %{{.*}}, %c7{{.*}} : index
// CHECK: arith.shli %{{.*}}, %c4 : index
// CHECK: arith.xori
// CHECK: arith.shrui %{{.*}}, %c1 : index
// CHECK: memref.load %{{.*}}[%{{.*}}] : memref<4096xf16, 3>
// CHECK: memref.load %{{.*}}[%{{.*}}] : memref<8192xf16, 3>
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: memref.store %{{.*}}, %{{.*}}[%{{.*}}] : memref<?xf32>
// CHECK-NOT: kgpu.wgmma
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @wgmma(%c: memref<?xf32>, %n: index) kernel
        attributes {kgpu.workgroup_size = array<i32: 128, 1, 1>} {
      %zero = arith.constant 0.0 : f32
      %c0 = arith.constant 0 : index
      %sa = memref.alloc() : memref<4096xf16, 3>
      %sb = memref.alloc() : memref<8192xf16, 3>
      %acc = kgpu.wgmma_fill %zero : f32 -> !kgpu.wgmma_acc<m64n128k16, f32>
      kgpu.wgmma_fence
      %d = kgpu.wgmma %sa[%c0] stride 1024, %sb[%c0] stride 2048 n_major lead 1024, %acc : memref<4096xf16, 3>, memref<8192xf16, 3> -> !kgpu.wgmma_acc<m64n128k16, f32>
      kgpu.wgmma_commit
      kgpu.wgmma_wait 0
      kgpu.wgmma_store %d, %c[%c0] lead_dim %n : !kgpu.wgmma_acc<m64n128k16, f32>, memref<?xf32>
      gpu.return
    }
  }
}
