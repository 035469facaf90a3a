// A buffer of `index` elements holds 64-bit integers on every target: on
// Vulkan, whose index is 32-bit, it is an array of i64; loads truncate to
// the index, stores sign-extend it.
// RUN: kgpu-opt %s --kgpu-spirv-attach-target --convert-kgpu-to-spirv | FileCheck %s

// CHECK-LABEL: spirv.func @k
// CHECK-SAME: !spirv.ptr<!spirv.struct<(!spirv.rtarray<i64, stride=8> [0])>, StorageBuffer>
// CHECK: %[[V:.*]] = spirv.Load "StorageBuffer" %{{.*}} : i64
// CHECK: %[[I:.*]] = spirv.SConvert %[[V]] : i64 to i32
// CHECK: %[[W:.*]] = spirv.SConvert %{{.*}} : i32 to i64
// CHECK: spirv.Store "StorageBuffer" %{{.*}}, %[[W]] : i64
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%x: memref<?xindex>) kernel
        attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      %i = gpu.thread_id x
      %v = memref.load %x[%i] : memref<?xindex>
      %w = arith.addi %v, %i : index
      memref.store %w, %x[%i] : memref<?xindex>
      gpu.return
    }
  }
}
