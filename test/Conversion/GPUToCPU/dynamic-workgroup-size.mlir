// RUN: kgpu-opt %s --convert-gpu-to-cpu --canonicalize | FileCheck %s
// RUN: kgpu-opt %s --kgpu-gpu-to-cpu-llvm | FileCheck %s --check-prefix=LLVM

// A kernel without kgpu.workgroup_size accepts any work-group size: the
// work-item loops run to the launch's work-group size (arguments of the CPU
// function, launch[3..5] of the C entry point), ids are derived from it, and
// values live across the barrier go to per-work-item storage for the largest
// work-group (1024 work-items, statically sized so that kgpu-cpu-allocate-heap-frames
// can move large storage to the heap).

// CHECK-LABEL: func.func private @dyn(
// CHECK-SAME:    %[[A:[^:]*]]: memref<?xf32>, %[[GX:[^:]*]]: index, %[[GY:[^:]*]]: index, %[[GZ:[^:]*]]: index, %[[LX:[^:]*]]: index, %[[LY:[^:]*]]: index, %[[LZ:[^:]*]]: index, %[[BEGIN:[^:]*]]: index, %[[END:[^:]*]]: index)
// CHECK:         %[[SLOTS:.*]] = memref.alloca() : memref<1024xf32>
// CHECK:         scf.for %{{.*}} = %[[BEGIN]] to %[[END]]
// CHECK:           scf.for %[[Z:.*]] = %c0 to %[[LZ]]
// CHECK:             scf.for %[[Y:.*]] = %c0 to %[[LY]]
// CHECK:               scf.for %[[X:.*]] = %c0 to %[[LX]]
// CHECK:                 memref.store %{{.*}}, %[[SLOTS]][%{{.*}}] : memref<1024xf32>
// CHECK:           scf.for %{{.*}} = %c0 to %[[LZ]]
// CHECK:             scf.for %{{.*}} = %c0 to %[[LY]]
// CHECK:               scf.for %{{.*}} = %c0 to %[[LX]]
// CHECK:                 memref.load %[[SLOTS]][%{{.*}}] : memref<1024xf32>

// The C entry point passes all six launch values.
// CHECK-LABEL: func.func @kgpu_cpu_dyn(
// CHECK-COUNT-6: llvm.load %{{.*}} : !llvm.ptr -> i64
// CHECK:         call @dyn(

// Run-time bounds in the LLVM dialect.
// LLVM-LABEL: llvm.func internal @dyn(
// LLVM:         llvm.alloca
// LLVM-LABEL: llvm.func @kgpu_cpu_dyn(
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @dyn(%a: memref<?xf32>) kernel
        attributes {kgpu.default_workgroup_size = array<i32: 64, 1, 1>} {
      %t = gpu.global_id x
      %x = memref.load %a[%t] : memref<?xf32>
      %y = arith.mulf %x, %x : f32
      gpu.barrier
      %n = gpu.block_dim x
      %m = arith.index_cast %n : index to i32
      %f = arith.sitofp %m : i32 to f32
      %s = arith.addf %y, %f : f32
      memref.store %s, %a[%t] : memref<?xf32>
      gpu.return
    }
  }
}
