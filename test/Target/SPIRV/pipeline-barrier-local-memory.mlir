// The kgpu-gpu-to-spirv pipeline on a GPU-form kernel with local memory and
// barriers: a Workgroup variable, OpControlBarrier, the entry point with the
// work-group size baked in, and kernel arguments as bind(0, i).
// RUN: kgpu-opt %s --kgpu-gpu-to-spirv | FileCheck %s

// Shader implies Matrix; spirv-update-vce lists both.
// CHECK: spirv.module @__spv__kernels_reverse Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Matrix], [SPV_KHR_storage_buffer_storage_class]>
// CHECK-DAG: spirv.GlobalVariable @{{.*}} : !spirv.ptr<!spirv.struct<(!spirv.array<256 x f32>)>, Workgroup>
// CHECK-DAG: spirv.GlobalVariable @reverse_arg_0 bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
// CHECK: spirv.func @reverse() "None"
// CHECK: spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory>
// CHECK: spirv.EntryPoint "GLCompute" @reverse
// CHECK: spirv.ExecutionMode @reverse "LocalSize", 256, 1, 1
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @reverse(%x: memref<?xf32>) kernel
        attributes {kgpu.workgroup_size = array<i32: 256, 1, 1>,
                    kgpu.args = [#kgpu.arg<buffer, read_write>]} {
      %tile = memref.alloc() : memref<256xf32, 3>
      %c255 = arith.constant 255 : index
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %base = arith.muli %bid, %bdim : index
      %gid = arith.addi %base, %tid : index
      %v = memref.load %x[%gid] : memref<?xf32>
      memref.store %v, %tile[%tid] : memref<256xf32, 3>
      gpu.barrier
      %rev = arith.subi %c255, %tid : index
      %w = memref.load %tile[%rev] : memref<256xf32, 3>
      memref.store %w, %x[%gid] : memref<?xf32>
      gpu.return
    }
  }
}
