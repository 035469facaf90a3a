// Atomics through the pipeline: integer atomics, f32 atomic add with
// SPV_EXT_shader_atomic_float_add, and float max emulated on the integer bits;
// the VCE lists what is used.
// RUN: kgpu-opt %s --kgpu-gpu-to-spirv | FileCheck %s
// RUN: kgpu-opt %s --kgpu-gpu-to-spirv=atomic-float-add=false | FileCheck %s --check-prefix=NOEXT

// CHECK: spirv.module @__spv__kernels_histogram Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Matrix], [SPV_KHR_storage_buffer_storage_class]>
// CHECK: spirv.AtomicIAdd <Workgroup> <AcquireRelease|WorkgroupMemory>
// CHECK: spirv.AtomicIAdd <Device> <AcquireRelease|UniformMemory>
// CHECK: spirv.module @__spv__kernels_sum_max Logical GLSL450 requires #spirv.vce<v1.0, [Shader, AtomicFloat32AddEXT, Matrix], [SPV_KHR_storage_buffer_storage_class, SPV_EXT_shader_atomic_float_add]>
// The max buffer is stored as integers; the sum buffer stays f32.
// CHECK-DAG: spirv.GlobalVariable @sum_max_arg_0 bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
// CHECK-DAG: spirv.GlobalVariable @sum_max_arg_1 bind(0, 1) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0])>, StorageBuffer>
// CHECK: spirv.EXT.AtomicFAdd <Device> <AcquireRelease|UniformMemory>
// CHECK: spirv.AtomicUMin <Device>
// CHECK: spirv.AtomicSMax <Device>
// NOEXT: spirv.module @__spv__kernels_sum_max Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Matrix], [SPV_KHR_storage_buffer_storage_class]>
// NOEXT-NOT: spirv.EXT.AtomicFAdd
// NOEXT: spirv.AtomicCompareExchange <Device>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @histogram(%data: memref<?xi32>, %hist: memref<?xi32>) kernel
        attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      %local = memref.alloc() : memref<16xi32, 3>
      %c1 = arith.constant 1 : i32
      %c16 = arith.constant 16 : i32
      %tid = gpu.thread_id x
      %d = memref.load %data[%tid] : memref<?xi32>
      %b = arith.remui %d, %c16 : i32
      %bin = arith.index_cast %b : i32 to index
      %0 = kgpu.atomic_rmw add %c1, %local[%bin] : memref<16xi32, 3>
      gpu.barrier
      %v = memref.load %local[%bin] : memref<16xi32, 3>
      %1 = kgpu.atomic_rmw add %v, %hist[%bin] : memref<?xi32>
      gpu.return
    }
    gpu.func @sum_max(%sum: memref<?xf32>, %max: memref<?xf32>, %v: f32) kernel
        attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %0 = kgpu.atomic_rmw add %v, %sum[%c0] : memref<?xf32>
      %1 = kgpu.atomic_rmw max %v, %max[%c0] : memref<?xf32>
      gpu.return
    }
  }
}
