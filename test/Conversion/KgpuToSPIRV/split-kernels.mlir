// kgpu-spirv-split-kernels: one spirv.module per kernel holding only what the
// kernel reaches (its helpers, its work-group variables, its builtins), so
// every kernel's arguments are bind(0, i) of its own module.
// RUN: kgpu-opt %s --kgpu-spirv-attach-target --convert-kgpu-to-spirv --kgpu-spirv-split-kernels | FileCheck %s

// CHECK-NOT: spirv.module @__spv__kernels {
// CHECK-LABEL: spirv.module @__spv__kernels_first
// CHECK-NOT: spirv.func @second
// CHECK-NOT: Workgroup
// CHECK: spirv.func @helper
// CHECK: spirv.func @first
// CHECK-SAME: spirv.interface_var_abi = #spirv.interface_var_abi<(0, 0)>
// CHECK-LABEL: spirv.module @__spv__kernels_second
// CHECK-NOT: spirv.func @helper
// CHECK: spirv.GlobalVariable @{{.*}} : !spirv.ptr<!spirv.struct<(!spirv.array<64 x f32>)>, Workgroup>
// CHECK-NOT: spirv.func @first
// CHECK: spirv.func @second
// CHECK-SAME: spirv.interface_var_abi = #spirv.interface_var_abi<(0, 0)>
// CHECK-SAME: spirv.interface_var_abi = #spirv.interface_var_abi<(0, 1), StorageBuffer>
// CHECK: gpu.module @kernels
module attributes {gpu.container_module} {
  gpu.module @kernels {
    func.func private @helper(%v: f32) -> f32 attributes {kgpu.device} {
      %r = arith.mulf %v, %v : f32
      return %r : f32
    }
    gpu.func @first(%x: memref<?xf32>) kernel
        attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      %i = gpu.thread_id x
      %v = memref.load %x[%i] : memref<?xf32>
      %r = func.call @helper(%v) : (f32) -> f32
      memref.store %r, %x[%i] : memref<?xf32>
      gpu.return
    }
    gpu.func @second(%y: memref<?xf32>, %s: f32) kernel
        attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      %tile = memref.alloc() : memref<64xf32, 3>
      %i = gpu.thread_id x
      memref.store %s, %tile[%i] : memref<64xf32, 3>
      gpu.barrier
      %v = memref.load %tile[%i] : memref<64xf32, 3>
      memref.store %v, %y[%i] : memref<?xf32>
      gpu.return
    }
  }
}
