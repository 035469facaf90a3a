// bf16 tensor-core fragments become SPIR-V cooperative matrices of bf16
// (SPV_KHR_bfloat16: BFloat16TypeKHR, BFloat16CooperativeMatrixKHR), f32
// accumulators; the buffers hold bf16 (16-bit storage). Through the whole
// pipeline the module declares exactly these capabilities.
// RUN: kgpu-opt %s --kgpu-spirv-attach-target --convert-kgpu-to-spirv | FileCheck %s
// RUN: kgpu-opt %s --kgpu-gpu-to-spirv | FileCheck %s --check-prefix=VCE

// CHECK: #spirv.vce<v1.6, [{{.*}}CooperativeMatrixKHR{{.*}}BFloat16TypeKHR, BFloat16CooperativeMatrixKHR, StorageBuffer16BitAccess{{.*}}], [{{.*}}SPV_KHR_cooperative_matrix{{.*}}SPV_KHR_bfloat16, SPV_KHR_16bit_storage
// CHECK-LABEL: spirv.func @bf16
// CHECK: spirv.KHR.CooperativeMatrixLoad %{{.*}}, %{{.*}}, <RowMajor> : !spirv.ptr<bf16, StorageBuffer>, i32 -> !spirv.coopmatrix<16x16xbf16, Subgroup, MatrixA>
// CHECK: spirv.KHR.CooperativeMatrixLoad %{{.*}}, %{{.*}}, <RowMajor> : !spirv.ptr<bf16, StorageBuffer>, i32 -> !spirv.coopmatrix<16x16xbf16, Subgroup, MatrixB>
// CHECK: spirv.KHR.CooperativeMatrixMulAdd %{{.*}}, %{{.*}}, %{{.*}} : !spirv.coopmatrix<16x16xbf16, Subgroup, MatrixA>, !spirv.coopmatrix<16x16xbf16, Subgroup, MatrixB> -> !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>
// CHECK: spirv.KHR.CooperativeMatrixStore

// The deduced requirements (spirv-update-vce, then kgpu-spirv-complete-vce
// for BFloat16CooperativeMatrixKHR), without Float16.
// VCE: spirv.module @__spv__kernels_bf16 Logical Vulkan requires #spirv.vce<v1.6, [{{[^]]*}}BFloat16TypeKHR{{[^]]*}}BFloat16CooperativeMatrixKHR{{[^]]*}}], [{{[^]]*}}SPV_KHR_bfloat16
// VCE-NOT: Float16,
// VCE: spirv.func @bf16

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @bf16(%a: memref<?xbf16>, %b: memref<?xbf16>, %c: memref<?xf32>, %n: index) kernel
        attributes {kgpu.workgroup_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %zero = arith.constant 0.0 : f32
      %acc = kgpu.mma_fill %zero : f32 -> !kgpu.mma<m16n16k16, acc, f32>
      %fa = kgpu.mma_load %a[%c0] lead_dim %n : memref<?xbf16> -> !kgpu.mma<m16n16k16, a, bf16>
      %fb = kgpu.mma_load %b[%c0] lead_dim %n : memref<?xbf16> -> !kgpu.mma<m16n16k16, b, bf16>
      %d = kgpu.mma_compute %fa, %fb, %acc : !kgpu.mma<m16n16k16, a, bf16>, !kgpu.mma<m16n16k16, b, bf16> -> !kgpu.mma<m16n16k16, acc, f32>
      kgpu.mma_store %d, %c[%c0] lead_dim %n : !kgpu.mma<m16n16k16, acc, f32>, memref<?xf32>
      gpu.return
    }
  }
}
