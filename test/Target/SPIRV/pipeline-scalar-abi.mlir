// The binding ABI: buffer argument i is bind(0, i); the scalars (f32, index,
// i64) are one push-constant block in argument order, 4-byte slots (index is
// 32-bit), 8 for 64-bit types, read by member.
// RUN: kgpu-opt %s --kgpu-gpu-to-spirv | FileCheck %s

// CHECK: spirv.module @__spv__kernels_saxpy Logical GLSL450 requires #spirv.vce<v1.0, [Int64, Shader, Matrix], [SPV_KHR_storage_buffer_storage_class]>
// CHECK-DAG: spirv.GlobalVariable @saxpy_scalars : !spirv.ptr<!spirv.struct<(f32 [0], i32 [4], i64 [8])>, PushConstant>
// CHECK-DAG: spirv.GlobalVariable @saxpy_arg_1 bind(0, 1) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
// CHECK-DAG: spirv.GlobalVariable @saxpy_arg_2 bind(0, 2) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
// CHECK-NOT: spirv.GlobalVariable @saxpy_arg_0
// CHECK-NOT: spirv.GlobalVariable @saxpy_arg_3
// CHECK-NOT: spirv.GlobalVariable @saxpy_arg_4
// CHECK: %[[BLOCK:.*]] = spirv.mlir.addressof @saxpy_scalars
// CHECK: %[[A:.*]] = spirv.AccessChain %[[BLOCK]][%{{.*}}] {{.*}} -> !spirv.ptr<f32, PushConstant>
// CHECK: spirv.Load "PushConstant" %[[A]] : f32
// CHECK: spirv.AccessChain {{.*}} -> !spirv.ptr<i32, PushConstant>
// CHECK: spirv.AccessChain {{.*}} -> !spirv.ptr<i64, PushConstant>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @saxpy(%a: f32, %x: memref<?xf32>, %y: memref<?xf32>, %n: index, %tag: i64) kernel
        attributes {kgpu.workgroup_size = array<i32: 256, 1, 1>} {
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %base = arith.muli %bid, %bdim : index
      %gid = arith.addi %base, %tid : index
      %inb = arith.cmpi ult, %gid, %n : index
      scf.if %inb {
        %xv = memref.load %x[%gid] : memref<?xf32>
        %yv = memref.load %y[%gid] : memref<?xf32>
        %ax = arith.mulf %a, %xv : f32
        %r = arith.addf %ax, %yv : f32
        memref.store %r, %y[%gid] : memref<?xf32>
      }
      %t = arith.trunci %tag : i64 to i32
      gpu.return
    }
  }
}
