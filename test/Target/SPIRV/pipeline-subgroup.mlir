// Subgroup ids, shuffles and reductions through the pipeline: OpGroupNonUniform*
// with exactly the capabilities used (spirv-update-vce).
// RUN: kgpu-opt %s --kgpu-gpu-to-spirv | FileCheck %s

// CHECK: spirv.module @__spv__kernels_subgroup_sum Logical GLSL450 requires #spirv.vce<v1.3, [Shader, GroupNonUniformShuffle, GroupNonUniformArithmetic, Matrix, GroupNonUniform], [SPV_KHR_storage_buffer_storage_class]>
// CHECK-DAG: spirv.GlobalVariable @{{.*}} built_in("SubgroupSize")
// CHECK-DAG: spirv.GlobalVariable @{{.*}} built_in("SubgroupLocalInvocationId")
// CHECK: spirv.GroupNonUniformShuffleXor <Subgroup>
// CHECK: spirv.GroupNonUniformFAdd <Subgroup> <Reduce>
// CHECK: spirv.EntryPoint "GLCompute" @subgroup_sum
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @subgroup_sum(%x: memref<?xf32>, %out: memref<?xf32>) kernel
        attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      %tid = gpu.thread_id x
      %lane = gpu.lane_id
      %v = memref.load %x[%tid] : memref<?xf32>
      %sg = gpu.subgroup_size : index
      %w = arith.index_cast %sg : index to i32
      %c1 = arith.constant 1 : i32
      %n, %ok = gpu.shuffle xor %v, %c1, %w : f32
      %m = arith.select %ok, %n, %v : f32
      %s = gpu.subgroup_reduce add %m : (f32) -> f32
      memref.store %s, %out[%lane] : memref<?xf32>
      gpu.return
    }
  }
}
