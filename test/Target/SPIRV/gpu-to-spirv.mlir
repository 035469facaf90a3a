// The upstream SPIR-V conversion runs through kgpu-opt.
// RUN: kgpu-opt %s --pass-pipeline='builtin.module(gpu.module(convert-math-to-spirv), convert-gpu-to-spirv, spirv.module(spirv-lower-abi-attrs, spirv-update-vce))' | FileCheck %s

// CHECK: spirv.module @__spv__kernels Logical GLSL450
// CHECK: spirv.GlobalVariable {{.*}} : !spirv.ptr<!spirv.struct<(!spirv.array<256 x f32>)>, Workgroup>
// CHECK: spirv.func @scale
// CHECK: spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory>
// CHECK: spirv.EntryPoint "GLCompute" @scale
module attributes {gpu.container_module,
  spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>,
                                       #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @scale(%x: memref<1024xf32>) kernel
        attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [256, 1, 1]>} {
      %tile = memref.alloc() : memref<256xf32, 3>
      %tid = gpu.thread_id x
      %v = memref.load %x[%tid] : memref<1024xf32>
      memref.store %v, %tile[%tid] : memref<256xf32, 3>
      gpu.barrier
      %w = memref.load %tile[%tid] : memref<256xf32, 3>
      %s = math.sqrt %w : f32
      memref.store %s, %x[%tid] : memref<1024xf32>
      gpu.return
    }
  }
}
