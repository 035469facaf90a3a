// convert-kgpu-to-spirv alone refuses float atomics that need integer access
// (kgpu-spirv-emulate-float-atomics rewrites them first in the pipeline).
// RUN: kgpu-opt %s --kgpu-spirv-attach-target --convert-kgpu-to-spirv -verify-diagnostics

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%out: memref<?xf32>, %v: f32) kernel
        attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      // expected-error @+1 {{float atomics other than add, sub and xchg need the memory reinterpreted as integers on the Vulkan (SPIR-V) target; run kgpu-spirv-emulate-float-atomics first}}
      %0 = kgpu.atomic_rmw min %v, %out[%c0] : memref<?xf32>
      gpu.return
    }
  }
}
