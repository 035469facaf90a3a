// The upstream NVVM pipeline runs through kgpu-opt and produces a gpu.binary
// whose object is PTX for sm_90a (format=isa needs no CUDA toolkit for a
// kernel without math library calls).
// RUN: kgpu-opt %s --pass-pipeline='builtin.module(nvvm-attach-target{chip=sm_90a O=3}, gpu.module(convert-scf-to-cf,convert-nvvm-to-llvm,convert-gpu-to-nvvm,canonicalize,cse), reconcile-unrealized-casts, gpu-module-to-binary{format=isa})' | FileCheck %s

// CHECK: gpu.binary @kernels [#gpu.object<#nvvm.target<O = 3, chip = "sm_90a">
// CHECK-SAME: .target sm_90a
// CHECK-NOT: malloc
// CHECK-SAME: .visible .entry block_sum(
// CHECK-SAME: .shared .align 4 .b8 __wg_block_sum_0[1024]
// CHECK-SAME: bar.sync \090;
// CHECK-SAME: atom.global.add.f32
// CHECK-NOT: gpu.module
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // Work-group memory is a workgroup attribution on this path: a
    // memref.alloc in memory space 3 would become a call to malloc.
    gpu.func @block_sum(%x: memref<?xf32>, %out: memref<1xf32>)
        workgroup(%tile: memref<256xf32, 3>) kernel {
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %base = arith.muli %bid, %bdim : index
      %i = arith.addi %base, %tid : index
      %v = memref.load %x[%i] : memref<?xf32>
      memref.store %v, %tile[%tid] : memref<256xf32, 3>
      gpu.barrier
      %c0 = arith.constant 0 : index
      %is0 = arith.cmpi eq, %tid, %c0 : index
      scf.if %is0 {
        %c1 = arith.constant 1 : index
        %c256 = arith.constant 256 : index
        %zero = arith.constant 0.0 : f32
        %sum = scf.for %j = %c0 to %c256 step %c1 iter_args(%acc = %zero) -> f32 {
          %t = memref.load %tile[%j] : memref<256xf32, 3>
          %a = arith.addf %acc, %t : f32
          scf.yield %a : f32
        }
        %old = memref.atomic_rmw addf %sum, %out[%c0] : (f32, memref<1xf32>) -> f32
      }
      gpu.return
    }
  }
}
