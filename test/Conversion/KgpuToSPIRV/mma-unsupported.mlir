// Tensor-core ops that SPIR-V cooperative matrices cannot express, or a
// target without cooperative matrices: a located error per op.
// RUN: kgpu-opt %s --split-input-file --kgpu-spirv-attach-target --convert-kgpu-to-spirv -verify-diagnostics
// RUN: not kgpu-opt %s --split-input-file --kgpu-spirv-attach-target=cooperative-matrix=false --convert-kgpu-to-spirv 2>&1 | FileCheck %s --check-prefix=OFF

// OFF: error: tensor-core ops need SPIR-V cooperative matrices (SPV_KHR_cooperative_matrix, capability CooperativeMatrixKHR), which this Vulkan target leaves out (cooperative-matrix=false)

// A target environment of its own without SPV_KHR_bfloat16 (the attached
// one has it when the module has bf16 fragments).
module attributes {gpu.container_module} {
  gpu.module @kernels attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.6, [Shader, Float16, StorageBuffer16BitAccess, CooperativeMatrixKHR, VulkanMemoryModel], [SPV_KHR_16bit_storage, SPV_KHR_cooperative_matrix, SPV_KHR_vulkan_memory_model, SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
    gpu.func @bf16(%a: memref<?xbf16>, %c: memref<?xf32>) kernel
        attributes {kgpu.workgroup_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c16 = arith.constant 16 : index
      %zero = arith.constant 0.0 : f32
      %acc = kgpu.mma_fill %zero : f32 -> !kgpu.mma<m16n8k16, acc, f32>
      // expected-error @+1 {{tensor-core fragments of bf16 need SPV_KHR_bfloat16 (capabilities BFloat16TypeKHR and BFloat16CooperativeMatrixKHR), which this Vulkan target leaves out}}
      %fa = kgpu.mma_load %a[%c0] lead_dim %c16 : memref<?xbf16> -> !kgpu.mma<m16n8k16, a, bf16>
      // expected-error @+1 {{tensor-core fragments of bf16 need SPV_KHR_bfloat16}}
      %fb = kgpu.mma_load %a[%c0] lead_dim %c16 : memref<?xbf16> -> !kgpu.mma<m16n8k16, b, bf16>
      // expected-error @+1 {{tensor-core fragments of bf16 need SPV_KHR_bfloat16}}
      %d = kgpu.mma_compute %fa, %fb, %acc : !kgpu.mma<m16n8k16, a, bf16>, !kgpu.mma<m16n8k16, b, bf16> -> !kgpu.mma<m16n8k16, acc, f32>
      kgpu.mma_store %d, %c[%c0] lead_dim %c16 : !kgpu.mma<m16n8k16, acc, f32>, memref<?xf32>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @dynamic_rows(%c: memref<?x?xf32>) kernel
        attributes {kgpu.workgroup_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %zero = arith.constant 0.0 : f32
      %acc = kgpu.mma_fill %zero : f32 -> !kgpu.mma<m16n16k16, acc, f32>
      // expected-error @+1 {{a tensor-core load or store on a 2-D memref with a dynamic row length needs 'lead_dim' on the Vulkan (SPIR-V) target}}
      kgpu.mma_store %acc, %c[%c0, %c0] : !kgpu.mma<m16n16k16, acc, f32>, memref<?x?xf32>
      gpu.return
    }
  }
}
