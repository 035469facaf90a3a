// The pipelines kgpu-translate runs can be replayed in kgpu-opt, with
// --mlir-print-ir-after-all working through them.
// RUN: kgpu-opt %s --pass-pipeline='builtin.module(kgpu-to-gpu)' | FileCheck %s --check-prefix=GPU
// RUN: kgpu-opt %s --pass-pipeline='builtin.module(kgpu-to-nvvm)' | FileCheck %s --check-prefix=NVVM
// RUN: kgpu-opt %s --pass-pipeline='builtin.module(kgpu-to-spirv)' | FileCheck %s --check-prefix=SPIRV
// RUN: kgpu-opt %s --pass-pipeline='builtin.module(kgpu-to-cpu)' | FileCheck %s --check-prefix=CPU
// RUN: kgpu-opt %s --pass-pipeline='builtin.module(kgpu-to-gpu)' --mlir-print-ir-after-all 2>&1 | FileCheck %s --check-prefix=TRACE

// GPU: gpu.func @saxpy
// GPU-SAME: kernel
// NVVM: llvm.func @saxpy
// NVVM-SAME: nvvm.kernel
// SPIRV: spirv.module @__spv__kernels_saxpy
// SPIRV: spirv.EntryPoint "GLCompute" @saxpy
// CPU: llvm.func @kgpu_cpu_saxpy
// TRACE: IR Dump After KgpuLowerParallelLoops
// TRACE: IR Dump After ConvertKgpuToGPU
func.func @saxpy(%a: f32 {kgpu.arg = #kgpu.arg<scalar, read>},
                 %x: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read>},
                 %y: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>},
                 %n: index {kgpu.arg = #kgpu.arg<scalar, read>})
    attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  kgpu.parallel_for (%i) = (%c0) to (%n) step (%c1) {
    %xv = memref.load %x[%i] : memref<?xf32>
    %yv = memref.load %y[%i] : memref<?xf32>
    %ax = arith.mulf %a, %xv : f32
    %r = arith.addf %ax, %yv : f32
    memref.store %r, %y[%i] : memref<?xf32>
  }
  return
}
