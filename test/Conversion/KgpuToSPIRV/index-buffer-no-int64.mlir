// An index buffer holds 64-bit integers: without Int64 the Vulkan target
// cannot bind it, which is a located error at the argument.
// RUN: kgpu-opt %s --kgpu-spirv-attach-target=int64=false --convert-kgpu-to-spirv -verify-diagnostics

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-error @+1 {{a buffer of 'index' elements holds 64-bit integers on every target; the Vulkan (SPIR-V) target needs Int64 for it (int64=true)}}
    gpu.func @k(%x: memref<?xindex>) kernel
        attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      %i = gpu.thread_id x
      memref.store %i, %x[%i] : memref<?xindex>
      gpu.return
    }
  }
}
