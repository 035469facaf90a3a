// RUN: kgpu-opt %s --kgpu-gpu-to-cpu-llvm | FileCheck %s
// RUN: kgpu-opt %s --kgpu-gpu-to-cpu-llvm | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=LLVMIR

// The whole lowering to the LLVM dialect: only LLVM dialect ops remain, the
// kernel body is internal and the C entry point is the one exported symbol.

// CHECK-NOT:   gpu.
// CHECK-NOT:   memref.
// CHECK-NOT:   scf.
// CHECK:       llvm.func internal @saxpy(
// CHECK:       llvm.func @kgpu_cpu_saxpy(%{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: i64)
// CHECK-NOT:   unrealized_conversion_cast

// LLVMIR: define internal void @saxpy(
// LLVMIR: fmul float
// LLVMIR-NOT: fmuladd
// LLVMIR: fadd float
// LLVMIR: define void @kgpu_cpu_saxpy(ptr %0, ptr %1, i64 %2, i64 %3)
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @saxpy(%a: f32, %x: memref<?xf32>, %y: memref<?xf32>) kernel
        attributes {kgpu.workgroup_size = array<i32: 128, 1, 1>} {
      %i = gpu.global_id x
      %xv = memref.load %x[%i] : memref<?xf32>
      %yv = memref.load %y[%i] : memref<?xf32>
      %ax = arith.mulf %a, %xv : f32
      %r = arith.addf %ax, %yv : f32
      memref.store %r, %y[%i] : memref<?xf32>
      gpu.return
    }
  }
}
