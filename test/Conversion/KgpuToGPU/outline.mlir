// RUN: kgpu-opt %s --convert-kgpu-to-gpu | FileCheck %s

// Kernels become gpu.func kernels in gpu.module @kernels with their
// work-group size and argument kinds; device helpers move into the module.
// CHECK: module attributes {gpu.container_module}
// CHECK: gpu.module @kernels {
// CHECK: func.func private @helper(%{{.*}}: f32) -> f32 attributes {kgpu.device}
// CHECK: gpu.func @k(%{{.*}}: memref<?xf32>, %{{.*}}: f32) kernel attributes {kgpu.args = [#kgpu.arg<buffer, read_write>, #kgpu.arg<scalar, read>], kgpu.workgroup_size = array<i32: 128, 1, 1>}
// CHECK: call @helper
// CHECK: gpu.return
// CHECK-NOT: func.func @k
func.func private @helper(%x: f32) -> f32 attributes {kgpu.device} {
  %y = arith.mulf %x, %x : f32
  return %y : f32
}
func.func @k(%p: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>},
             %s: f32 {kgpu.arg = #kgpu.arg<scalar, read>})
    attributes {kgpu.kernel, kgpu.workgroup_size = array<i32: 128>} {
  %c0 = arith.constant 0 : index
  %v = func.call @helper(%s) : (f32) -> f32
  memref.store %v, %p[%c0] : memref<?xf32>
  return
}
