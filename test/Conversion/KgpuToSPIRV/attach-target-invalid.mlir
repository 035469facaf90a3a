// A fixed work-group size needs 3 entries in the GPU form.
// RUN: kgpu-opt %s --kgpu-spirv-attach-target -verify-diagnostics

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-error @+1 {{kernel needs 'kgpu.workgroup_size' (3 positive entries) or 'spirv.entry_point_abi' for the Vulkan (SPIR-V) target}}
    gpu.func @k(%x: memref<?xf32>) kernel attributes {kgpu.workgroup_size = array<i32: 64>} {
      gpu.return
    }
  }
}
