// kgpu-spirv-pack-scalars: scalars past 128 bytes of push constants (here
// 17 i64) are one storage buffer at bind(0, B), B one past the highest
// buffer binding (12 here); an f16 scalar (16-bit: no push-constant 16-bit storage
// needed) also goes to the storage buffer; a kernel without scalars keeps
// its buffers only.
// RUN: kgpu-opt %s --split-input-file --kgpu-gpu-to-spirv=float16=true | FileCheck %s

// CHECK-LABEL: spirv.module @__spv__kernels_wide
// CHECK: spirv.GlobalVariable @wide_scalars bind(0, 13) : !spirv.ptr<!spirv.struct<(i64 [0], i64 [8], i64 [16], i64 [24], i64 [32], i64 [40], i64 [48], i64 [56], i64 [64], i64 [72], i64 [80], i64 [88], i64 [96], i64 [104], i64 [112], i64 [120], i64 [128])>, StorageBuffer>
// CHECK-NOT: PushConstant
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @wide(%s0: i64, %y: memref<?xi64>, %s1: i64, %s2: i64, %s3: i64, %s4: i64,
                   %s5: i64, %s6: i64, %s7: i64, %s8: i64, %s9: i64, %s10: i64,
                   %z: memref<?xi64>, %s11: i64, %s12: i64, %s13: i64, %s14: i64,
                   %s15: i64, %s16: i64) kernel
        attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      %i = gpu.thread_id x
      memref.store %s16, %y[%i] : memref<?xi64>
      memref.store %s0, %z[%i] : memref<?xi64>
      gpu.return
    }
  }
}

// -----

// CHECK-LABEL: spirv.module @__spv__kernels_half
// CHECK: spirv.GlobalVariable @half_scalars bind(0, 1) : !spirv.ptr<!spirv.struct<(f16 [0], i32 [4])>, StorageBuffer>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @half(%y: memref<?xf16>, %h: f16, %n: i32) kernel
        attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      %i = gpu.thread_id x
      %ni = arith.index_cast %n : i32 to index
      %j = arith.addi %i, %ni : index
      memref.store %h, %y[%j] : memref<?xf16>
      gpu.return
    }
  }
}

// -----

// CHECK-LABEL: spirv.module @__spv__kernels_buffers
// CHECK-NOT: _scalars
// CHECK: spirv.GlobalVariable @buffers_arg_0 bind(0, 0)
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @buffers(%y: memref<?xf32>) kernel
        attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      %i = gpu.thread_id x
      %one = arith.constant 1.0 : f32
      memref.store %one, %y[%i] : memref<?xf32>
      gpu.return
    }
  }
}
