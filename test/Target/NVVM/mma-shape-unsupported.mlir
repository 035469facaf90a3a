// Tensor-core fragments that neither WMMA nor mma.sync lowers on CUDA yet
// (here m16n8k8): a located error.
// RUN: kgpu-opt %s --kgpu-prepare-nvvm -verify-diagnostics

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: memref<?xf16>, %n: index) kernel {
      %c0 = arith.constant 0 : index
      // expected-error @+1 {{'kgpu.mma_load' op uses the tensor-core fragment '!kgpu.mma<m16n8k8, a, f16>', which the CUDA target does not support yet (WMMA shapes m16n16k16, m32n8k16 and m8n32k16 are, and through mma.sync m16n8k16 with f16, bf16 or i8 inputs and m16n8k32 with i8 inputs)}}
      %f = kgpu.mma_load %a[%c0] lead_dim %n : memref<?xf16> -> !kgpu.mma<m16n8k8, a, f16>
      gpu.return
    }
  }
}
