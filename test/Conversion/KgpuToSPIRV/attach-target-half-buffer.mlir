// kgpu-spirv-attach-target: a gpu.module whose kernel takes an f16 buffer
// asks for Float16 and 16-bit storage even when `float16` is off (the
// default); without them the type converter would hold the buffer's
// elements in f32 and read the caller's halves as floats. Other modules keep
// the environment the options give.
// RUN: kgpu-opt %s --kgpu-spirv-attach-target | FileCheck %s

// CHECK: gpu.module @halves attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [{{.*}}Float16, StorageBuffer16BitAccess{{.*}}], [{{.*}}SPV_KHR_16bit_storage{{.*}}]>
// CHECK: gpu.module @vectors attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [{{.*}}Float16, StorageBuffer16BitAccess{{.*}}]
// CHECK: gpu.module @floats attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.3,
// CHECK-NOT: Float16
// CHECK-SAME: api=Vulkan
module attributes {gpu.container_module} {
  gpu.module @halves {
    gpu.func @k(%x: memref<?xf16>, %y: memref<?xf32>) kernel
        attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      gpu.return
    }
  }
  gpu.module @vectors {
    gpu.func @k(%x: memref<?xvector<2xf16>>) kernel
        attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      gpu.return
    }
  }
  gpu.module @floats {
    gpu.func @k(%x: memref<?xf32>) kernel
        attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      gpu.return
    }
  }
}
