// gpu.subgroup_reduce, uniform or not, becomes a non-uniform subgroup
// reduction (kgpu's pattern replaces upstream's): the uniform SPIR-V form
// needs the Groups capability, which Vulkan does not have.
// RUN: kgpu-opt %s --kgpu-spirv-attach-target --convert-kgpu-to-spirv | FileCheck %s

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @reduce(%x: memref<?xf32>, %y: memref<?xi32>) kernel
        attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      %i = gpu.thread_id x
      %v = memref.load %x[%i] : memref<?xf32>
      %w = memref.load %y[%i] : memref<?xi32>
      // CHECK: spirv.GroupNonUniformFAdd <Subgroup> <Reduce> %{{.*}} : f32 -> f32
      %0 = gpu.subgroup_reduce add %v uniform : (f32) -> f32
      // CHECK: spirv.GroupNonUniformFMax <Subgroup> <Reduce> %{{.*}} : f32 -> f32
      %1 = gpu.subgroup_reduce maxnumf %v : (f32) -> f32
      // CHECK: spirv.GroupNonUniformSMin <Subgroup> <Reduce> %{{.*}} : i32 -> i32
      %2 = gpu.subgroup_reduce minsi %w uniform : (i32) -> i32
      // CHECK-NOT: spirv.Group{{[FIS]}}
      %3 = arith.addf %0, %1 : f32
      memref.store %3, %x[%i] : memref<?xf32>
      memref.store %2, %y[%i] : memref<?xi32>
      gpu.return
    }
  }

  // Bitwise kinds (upstream has none) and clustered reductions.
  // CHECK-LABEL: spirv.func @bitwise
  gpu.module @more {
    gpu.func @bitwise(%y: memref<?xi32>) kernel
        attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      %i = gpu.thread_id x
      %w = memref.load %y[%i] : memref<?xi32>
      // CHECK: spirv.GroupNonUniformBitwiseAnd <Subgroup> <Reduce> %{{.*}} : i32 -> i32
      %0 = gpu.subgroup_reduce and %w : (i32) -> i32
      // CHECK: spirv.GroupNonUniformBitwiseOr <Subgroup> <Reduce> %{{.*}} : i32 -> i32
      %1 = gpu.subgroup_reduce or %0 : (i32) -> i32
      // CHECK: spirv.GroupNonUniformBitwiseXor <Subgroup> <Reduce> %{{.*}} : i32 -> i32
      %2 = gpu.subgroup_reduce xor %1 uniform : (i32) -> i32
      // CHECK: %[[FOUR:.*]] = spirv.Constant 4 : i32
      // CHECK: spirv.GroupNonUniformIAdd <Subgroup> <ClusteredReduce> %{{.*}} cluster_size(%[[FOUR]]) : i32, i32 -> i32
      %3 = gpu.subgroup_reduce add %2 cluster(size = 4) : (i32) -> i32
      memref.store %3, %y[%i] : memref<?xi32>
      gpu.return
    }
  }
  // minimumf/maximumf (IEEE-754 2019, kgpu's float min/max): FMin/FMax leave
  // NaN and signed zeros unspecified, so the lanes also OR together NaN (1),
  // -0.0 (2) and +0.0 (4) flags; NaN wins, and a zero result takes its sign
  // from them.
  // CHECK-LABEL: spirv.func @minimum
  gpu.module @exact {
    gpu.func @minimum(%x: memref<?xf32>) kernel
        attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      %i = gpu.thread_id x
      %v = memref.load %x[%i] : memref<?xf32>
      // CHECK: %[[MIN:.*]] = spirv.GroupNonUniformFMin <Subgroup> <Reduce> %[[V:.*]] : f32 -> f32
      // CHECK: spirv.IsNan %[[V]] : f32
      // CHECK: spirv.BitwiseOr
      // CHECK: spirv.GroupNonUniformBitwiseOr <Subgroup> <Reduce> %{{.*}} : i32 -> i32
      // CHECK: %[[ZERO:.*]] = spirv.FOrdEqual %[[MIN]], %{{.*}} : f32
      // CHECK: %[[FIXED:.*]] = spirv.Select %[[ZERO]], %{{.*}}, %[[MIN]] : i1, f32
      // CHECK: spirv.Select %{{.*}}, %{{.*}}, %[[FIXED]] : i1, f32
      %0 = gpu.subgroup_reduce minimumf %v : (f32) -> f32
      // CHECK: spirv.GroupNonUniformFMax <Subgroup> <ClusteredReduce>
      // CHECK: spirv.GroupNonUniformBitwiseOr <Subgroup> <ClusteredReduce>
      %1 = gpu.subgroup_reduce maximumf %0 cluster(size = 4) : (f32) -> f32
      // Plain arith.minimumf: compares and selects, no GL.FMin.
      // CHECK-NOT: spirv.GL.FMin
      // CHECK: spirv.FOrdLessThan
      // CHECK: spirv.BitwiseOr
      // CHECK: spirv.FOrdEqual
      // CHECK: spirv.IsNan
      %2 = arith.minimumf %1, %v : f32
      memref.store %2, %x[%i] : memref<?xf32>
      gpu.return
    }
  }
}
