// gpu.shuffle with the width gpu.subgroup_size (the GPU form): every mode maps
// to a GroupNonUniformShuffle* op and the validity is computed against the
// actual subgroup size (the SubgroupSize builtin), not a constant.
// RUN: kgpu-opt %s --kgpu-spirv-attach-target --convert-kgpu-to-spirv | FileCheck %s

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // CHECK-LABEL: spirv.func @shuffles
    gpu.func @shuffles(%x: memref<?xf32>, %b: memref<?xi32>) kernel
        attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      %i = gpu.thread_id x
      %v = memref.load %x[%i] : memref<?xf32>
      %sg = gpu.subgroup_size : index
      %w = arith.index_cast %sg : index to i32
      %c1 = arith.constant 1 : i32
      // CHECK: %[[W:.*]] = spirv.Load "Input" %__builtin__SubgroupSize{{.*}} : i32
      // CHECK: %[[LANE:.*]] = spirv.Load "Input" %__builtin__SubgroupLocalInvocationId{{.*}} : i32
      // CHECK: spirv.GroupNonUniformShuffleXor <Subgroup> %{{.*}}, %[[OFF:.*]] : f32, i32
      // CHECK: %[[SRC:.*]] = spirv.BitwiseXor %[[LANE]], %[[OFF]] : i32
      // CHECK: spirv.ULessThan %[[SRC]], %[[W]] : i32
      %r0, %ok0 = gpu.shuffle xor %v, %c1, %w : f32
      // CHECK: %[[LANE1:.*]] = spirv.Load "Input" %__builtin__SubgroupLocalInvocationId{{.*}} : i32
      // CHECK: spirv.GroupNonUniformShuffleDown <Subgroup>
      // CHECK: %[[DSRC:.*]] = spirv.IAdd %[[LANE1]], %[[OFF]] : i32
      // CHECK: spirv.ULessThan %[[DSRC]], %[[W]] : i32
      %r1, %ok1 = gpu.shuffle down %v, %c1, %w : f32
      // CHECK: %[[LANE2:.*]] = spirv.Load "Input" %__builtin__SubgroupLocalInvocationId{{.*}} : i32
      // CHECK: spirv.GroupNonUniformShuffleUp <Subgroup>
      // CHECK: spirv.ULessThanEqual %[[OFF]], %[[LANE2]] : i32
      %r2, %ok2 = gpu.shuffle up %v, %c1, %w : f32
      // CHECK: spirv.GroupNonUniformShuffle <Subgroup>
      // CHECK: spirv.ULessThan %[[OFF]], %[[W]] : i32
      %r3, %ok3 = gpu.shuffle idx %v, %c1, %w : f32
      %s0 = arith.select %ok0, %r0, %v : f32
      %s1 = arith.select %ok1, %r1, %v : f32
      %s2 = arith.select %ok2, %r2, %v : f32
      %s3 = arith.select %ok3, %r3, %v : f32
      %a = arith.addf %s0, %s1 : f32
      %c = arith.addf %s2, %s3 : f32
      %d = arith.addf %a, %c : f32
      memref.store %d, %x[%i] : memref<?xf32>
      // A constant width equal to the target's subgroup size is accepted too.
      // CHECK: spirv.GroupNonUniformShuffleXor <Subgroup> %{{.*}} : i32, i32
      // CHECK: spirv.ULessThan %{{.*}}, %cst32_i32 : i32
      %c32 = arith.constant 32 : i32
      %bi = memref.load %b[%i] : memref<?xi32>
      %r4, %ok4 = gpu.shuffle xor %bi, %c1, %c32 : i32
      memref.store %r4, %b[%i] : memref<?xi32>
      gpu.return
    }
  }
}
