// The pipeline can be replayed step by step in kgpu-opt.
// RUN: kgpu-opt %s --kgpu-gpu-to-spirv --mlir-print-ir-after-all -o /dev/null 2>&1 | FileCheck %s

// CHECK: IR Dump After KgpuSPIRVAttachTarget (kgpu-spirv-attach-target)
// CHECK: IR Dump After KgpuSPIRVEmulateFloatAtomics (kgpu-spirv-emulate-float-atomics)
// CHECK: IR Dump After KgpuSPIRVExpandMath (kgpu-spirv-expand-math)
// CHECK: IR Dump After ConvertKgpuToSPIRV (convert-kgpu-to-spirv)
// CHECK: IR Dump After KgpuSPIRVSplitKernels (kgpu-spirv-split-kernels)
// CHECK: IR Dump After SPIRVLowerABIAttributesPass (spirv-lower-abi-attrs)
// CHECK: IR Dump After SPIRVUpdateVCEPass (spirv-update-vce)
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%x: memref<?xf32>) kernel
        attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      %i = gpu.thread_id x
      %v = memref.load %x[%i] : memref<?xf32>
      %s = math.sqrt %v : f32
      memref.store %s, %x[%i] : memref<?xf32>
      gpu.return
    }
  }
}
