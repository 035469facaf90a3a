// Tensor-core ops have no lowering to Vulkan: a located error per op.
// RUN: kgpu-opt %s --kgpu-spirv-attach-target --convert-kgpu-to-spirv -verify-diagnostics

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @gemm(%a: memref<?xf16>, %c: memref<?xf32>) kernel
        attributes {kgpu.workgroup_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c16 = arith.constant 16 : index
      %zero = arith.constant 0.0 : f32
      // expected-error @+1 {{tensor-core ops are not supported on the Vulkan target}}
      %acc = kgpu.mma_fill %zero : f32 -> !kgpu.mma<m16n16k16, acc, f32>
      // expected-error @+1 {{tensor-core ops are not supported on the Vulkan target}}
      %fa = kgpu.mma_load %a[%c0] lead_dim %c16 : memref<?xf16> -> !kgpu.mma<m16n16k16, a, f16>
      // expected-error @+1 {{tensor-core ops are not supported on the Vulkan target}}
      %fb = kgpu.mma_load %a[%c0] lead_dim %c16 : memref<?xf16> -> !kgpu.mma<m16n16k16, b, f16>
      // expected-error @+1 {{tensor-core ops are not supported on the Vulkan target}}
      %d = kgpu.mma_compute %fa, %fb, %acc : !kgpu.mma<m16n16k16, a, f16>, !kgpu.mma<m16n16k16, b, f16> -> !kgpu.mma<m16n16k16, acc, f32>
      // expected-error @+1 {{tensor-core ops are not supported on the Vulkan target}}
      kgpu.mma_store %d, %c[%c0] lead_dim %c16 : !kgpu.mma<m16n16k16, acc, f32>, memref<?xf32>
      gpu.return
    }
  }
}
