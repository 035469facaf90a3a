// kgpu-spirv-attach-target: the Vulkan target environment on every gpu.module
// (options select the optional device features) and the entry-point ABI from
// kgpu.workgroup_size.
// RUN: kgpu-opt %s --kgpu-spirv-attach-target | FileCheck %s
// RUN: kgpu-opt %s --kgpu-spirv-attach-target="subgroup-size=8 int64=false float64=false atomic-float-add=false" | FileCheck %s --check-prefix=MIN

// CHECK: gpu.module @kernels attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader, GroupNonUniform, GroupNonUniformArithmetic, GroupNonUniformBallot, GroupNonUniformShuffle, GroupNonUniformShuffleRelative, GroupNonUniformClustered, GroupNonUniformVote, Int64, Int64Atomics, Float64, AtomicFloat32AddEXT, AtomicFloat64AddEXT], [SPV_KHR_storage_buffer_storage_class, SPV_EXT_shader_atomic_float_add]>, api=Vulkan, #spirv.resource_limits<max_compute_shared_memory_size = 49152, max_compute_workgroup_invocations = 1024, max_compute_workgroup_size = [1024 : i32, 1024 : i32, 64 : i32]>>}
// CHECK: gpu.func @k
// CHECK-SAME: spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [128, 2, 1]>
// A kernel that accepts any size: no size in the ABI, the default in a marker
// for kgpu-spirv-specialize-workgroup-size.
// CHECK: gpu.func @dynamic
// CHECK-SAME: __kgpu_dynamic_workgroup_size = array<i32: 32, 8, 1>
// CHECK-SAME: spirv.entry_point_abi = #spirv.entry_point_abi<>
// MIN: #spirv.vce<v1.3, [Shader, GroupNonUniform, GroupNonUniformArithmetic, GroupNonUniformBallot, GroupNonUniformShuffle, GroupNonUniformShuffleRelative, GroupNonUniformClustered, GroupNonUniformVote], [SPV_KHR_storage_buffer_storage_class]>
// MIN-SAME: subgroup_size = 8
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%x: memref<?xf32>) kernel
        attributes {kgpu.workgroup_size = array<i32: 128, 2, 1>} {
      gpu.return
    }
    gpu.func @dynamic(%x: memref<?xf32>) kernel
        attributes {kgpu.default_workgroup_size = array<i32: 32, 8, 1>} {
      gpu.return
    }
  }
}
