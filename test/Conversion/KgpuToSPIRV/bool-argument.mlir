// A storage buffer cannot hold a boolean: an i1 kernel argument is passed as
// a 4-byte 0/1 and compared with 0 on entry.
// RUN: kgpu-opt %s --kgpu-spirv-attach-target --convert-kgpu-to-spirv | FileCheck %s

// CHECK: spirv.func @k(%{{.*}}, %[[B:.*]]: i32 {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 1), StorageBuffer>})
// CHECK: %[[ZERO:.*]] = spirv.Constant 0 : i32
// CHECK: spirv.INotEqual %[[B]], %[[ZERO]] : i32
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%x: memref<?xi32>, %b: i1) kernel
        attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      %i = gpu.thread_id x
      %e = arith.extui %b : i1 to i32
      memref.store %e, %x[%i] : memref<?xi32>
      gpu.return
    }
  }
}
