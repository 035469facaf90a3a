// The binding ABI: argument i is bind(0, i); scalars (f32, i64, index) are
// storage buffers holding one value; index is 32-bit.
// RUN: kgpu-opt %s --kgpu-gpu-to-spirv | FileCheck %s

// CHECK: spirv.module @__spv__kernels_saxpy Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Int64, Matrix], [SPV_KHR_storage_buffer_storage_class]>
// CHECK-DAG: spirv.GlobalVariable @saxpy_arg_0 bind(0, 0) : !spirv.ptr<!spirv.struct<(f32 [0])>, StorageBuffer>
// CHECK-DAG: spirv.GlobalVariable @saxpy_arg_1 bind(0, 1) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
// CHECK-DAG: spirv.GlobalVariable @saxpy_arg_2 bind(0, 2) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
// CHECK-DAG: spirv.GlobalVariable @saxpy_arg_3 bind(0, 3) : !spirv.ptr<!spirv.struct<(i32 [0])>, StorageBuffer>
// CHECK-DAG: spirv.GlobalVariable @saxpy_arg_4 bind(0, 4) : !spirv.ptr<!spirv.struct<(i64 [0])>, StorageBuffer>
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
