// RUN: kgpu-opt %s --kgpu-prepare-nvvm | FileCheck %s

// sm_80 and newer (and no target attached): cp.async, 16 bytes with .cg
// (L2 only), 4 and 8 bytes with .ca; commit and wait groups.
// CHECK-LABEL: gpu.module @sm90
// CHECK: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 16, cache = cg : !llvm.ptr<3>, !llvm.ptr<1>
// CHECK: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 4, cache = ca : !llvm.ptr<3>, !llvm.ptr<1>
// CHECK: nvvm.cp.async.commit.group
// CHECK: nvvm.cp.async.wait.group 1
// CHECK-NOT: kgpu.async
// Older chips: plain copies, nothing for commit and wait.
// CHECK-LABEL: gpu.module @sm75
// CHECK-COUNT-8: memref.load %{{.*}} : memref<?xf16>
// CHECK-NOT: nvvm.cp.async
// CHECK-NOT: kgpu.async
module attributes {gpu.container_module} {
  gpu.module @sm90 [#nvvm.target<chip = "sm_90a">] {
    gpu.func @k(%a: memref<?xf16>, %f: memref<?xf32>, %g: index) kernel {
      %c0 = arith.constant 0 : index
      %tile = memref.alloc() : memref<64x40xf16, 3>
      %ftile = memref.alloc() : memref<64xf32, 3>
      kgpu.async_copy %a[%g], %tile[%c0, %c0], 8 : memref<?xf16>, memref<64x40xf16, 3>
      kgpu.async_copy %f[%g], %ftile[%c0], 1 : memref<?xf32>, memref<64xf32, 3>
      kgpu.async_commit
      kgpu.async_wait 1
      gpu.return
    }
  }
  gpu.module @sm75 [#nvvm.target<chip = "sm_75">] {
    gpu.func @k(%a: memref<?xf16>, %g: index) kernel {
      %c0 = arith.constant 0 : index
      %tile = memref.alloc() : memref<64x40xf16, 3>
      kgpu.async_copy %a[%g], %tile[%c0, %c0], 8 : memref<?xf16>, memref<64x40xf16, 3>
      kgpu.async_commit
      kgpu.async_wait 0
      gpu.return
    }
  }
}
