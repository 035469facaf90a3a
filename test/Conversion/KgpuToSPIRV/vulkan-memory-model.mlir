// A module with cooperative matrices gets the Vulkan memory model, with
// non-private global/local accesses and barriers that make memory available
// and visible; other modules keep GLSL450.
// RUN: kgpu-opt %s --pass-pipeline='builtin.module(spirv.module(kgpu-spirv-vulkan-memory-model))' | FileCheck %s
// RUN: kgpu-opt %s --pass-pipeline='builtin.module(spirv.module(kgpu-spirv-vulkan-memory-model,spirv-update-vce,kgpu-spirv-complete-vce))' | FileCheck %s --check-prefix=VCE

// CHECK-LABEL: spirv.module Logical Vulkan
// CHECK: spirv.Load "Workgroup" %{{.*}} ["NonPrivatePointer"] : f16
// CHECK: spirv.Store "StorageBuffer" %{{.*}}, %{{.*}} ["NonPrivatePointer"] : f32
// CHECK: spirv.Load "Function" %{{.*}} : f32
// CHECK: spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory|MakeAvailable|MakeVisible>
// CHECK: spirv.KHR.CooperativeMatrixLoad %{{.*}}, %{{.*}}, <RowMajor>, <NonPrivatePointer>
// CHECK: spirv.MemoryBarrier <Device>, <AcquireRelease|UniformMemory|MakeAvailable|MakeVisible>
// CHECK: spirv.KHR.CooperativeMatrixStore %{{.*}}, %{{.*}}, %{{.*}}, <RowMajor>, <NonPrivatePointer>
// CHECK-LABEL: spirv.module Logical GLSL450
// CHECK: spirv.Load "Workgroup" %{{.*}} : f32
// CHECK: spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory>{{$}}

// VCE: spirv.module Logical Vulkan requires #spirv.vce<v1.6, [{{.*}}VulkanMemoryModel{{.*}}CooperativeMatrixKHR{{.*}}VulkanMemoryModelDeviceScope]
// VCE: spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Matrix], []>

module {
  spirv.module Logical GLSL450 attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.6, [Shader, Float16, StorageBuffer16BitAccess, CooperativeMatrixKHR, VulkanMemoryModel, VulkanMemoryModelDeviceScope], [SPV_KHR_16bit_storage, SPV_KHR_cooperative_matrix, SPV_KHR_vulkan_memory_model]>, #spirv.resource_limits<>>} {
    spirv.GlobalVariable @tile : !spirv.ptr<!spirv.struct<(!spirv.array<256 x f16>)>, Workgroup>
    spirv.GlobalVariable @out bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
    spirv.func @k() "None" {
      %v = spirv.Variable : !spirv.ptr<f32, Function>
      %c0 = spirv.Constant 0 : i32
      %c16 = spirv.Constant 16 : i32
      %tile = spirv.mlir.addressof @tile : !spirv.ptr<!spirv.struct<(!spirv.array<256 x f16>)>, Workgroup>
      %out = spirv.mlir.addressof @out : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
      %p = spirv.AccessChain %tile[%c0, %c0] : !spirv.ptr<!spirv.struct<(!spirv.array<256 x f16>)>, Workgroup>, i32, i32 -> !spirv.ptr<f16, Workgroup>
      %q = spirv.AccessChain %out[%c0, %c0] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>, i32, i32 -> !spirv.ptr<f32, StorageBuffer>
      %h = spirv.Load "Workgroup" %p : f16
      %f = spirv.FConvert %h : f16 to f32
      spirv.Store "StorageBuffer" %q, %f : f32
      %w = spirv.Load "Function" %v : f32
      spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory>
      %m = spirv.KHR.CooperativeMatrixLoad %p, %c16, <RowMajor> : !spirv.ptr<f16, Workgroup>, i32 -> !spirv.coopmatrix<16x16xf16, Subgroup, MatrixAcc>
      spirv.MemoryBarrier <Device>, <AcquireRelease|UniformMemory>
      spirv.KHR.CooperativeMatrixStore %p, %m, %c16, <RowMajor> : !spirv.ptr<f16, Workgroup>, !spirv.coopmatrix<16x16xf16, Subgroup, MatrixAcc>, i32
      spirv.Return
    }
  }
  spirv.module Logical GLSL450 attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader], []>, #spirv.resource_limits<>>} {
    spirv.GlobalVariable @tile : !spirv.ptr<!spirv.struct<(!spirv.array<256 x f32>)>, Workgroup>
    spirv.func @plain() "None" {
      %c0 = spirv.Constant 0 : i32
      %tile = spirv.mlir.addressof @tile : !spirv.ptr<!spirv.struct<(!spirv.array<256 x f32>)>, Workgroup>
      %p = spirv.AccessChain %tile[%c0, %c0] : !spirv.ptr<!spirv.struct<(!spirv.array<256 x f32>)>, Workgroup>, i32, i32 -> !spirv.ptr<f32, Workgroup>
      %h = spirv.Load "Workgroup" %p : f32
      spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory>
      spirv.Return
    }
  }
}
