// RUN: kgpu-opt %s --kgpu-gpu-to-cpu --verify-diagnostics

// Tensor-core ops have no CPU emulation yet.

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @mma(%c: memref<?xf32>) kernel
        attributes {kgpu.workgroup_size = array<i32: 32, 1, 1>} {
      %zero = arith.constant 0.0 : f32
      %c0 = arith.constant 0 : index
      %c16 = arith.constant 16 : index
      // expected-error @below {{'kgpu.mma_fill' op tensor-core ops are not supported on the CPU target yet}}
      %acc = kgpu.mma_fill %zero : f32 -> !kgpu.mma<m16n16k16, acc, f32>
      kgpu.mma_store %acc, %c[%c0] lead_dim %c16
          : !kgpu.mma<m16n16k16, acc, f32>, memref<?xf32>
      gpu.return
    }
  }
}
