// A kernel without a work-group size cannot become a Vulkan shader.
// RUN: kgpu-opt %s --kgpu-spirv-attach-target -verify-diagnostics

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-error @+1 {{kernel needs 'kgpu.workgroup_size' (3 positive entries) or 'spirv.entry_point_abi' for the Vulkan (SPIR-V) target}}
    gpu.func @k(%x: memref<?xf32>) kernel {
      gpu.return
    }
  }
}
