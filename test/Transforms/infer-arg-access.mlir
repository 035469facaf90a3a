// RUN: kgpu-opt %s --kgpu-infer-arg-access --split-input-file | FileCheck %s

// The access of each kernel buffer, from its uses: loads read, stores
// write, atomics do both, through views and device-function calls.

// CHECK-LABEL: func.func @k
// CHECK-SAME: %arg0: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read>
// CHECK-SAME: %arg1: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, write>
// CHECK-SAME: %arg2: memref<?xi32> {kgpu.arg = #kgpu.arg<buffer, read_write>
// CHECK-SAME: %arg3: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read>
// CHECK-SAME: %arg4: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>
// CHECK-SAME: %arg5: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, write>
// CHECK-SAME: %arg6: f32 {kgpu.arg = #kgpu.arg<scalar, read>
func.func @k(%in: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>},
             %out: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>},
             %count: memref<?xi32> {kgpu.arg = #kgpu.arg<buffer, read_write>},
             %unused: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>},
             %both: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>},
             %viaCall: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>},
             %s: f32 {kgpu.arg = #kgpu.arg<scalar, read>})
    attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i32
  %v = memref.load %in[%c0] : memref<?xf32>
  memref.store %v, %out[%c0] : memref<?xf32>
  %old = kgpu.atomic_rmw add %one, %count[%c0] : memref<?xi32>
  %view = memref.subview %both[1] [4] [1] : memref<?xf32> to memref<4xf32, strided<[1], offset: 1>>
  %w = memref.load %view[%c0] : memref<4xf32, strided<[1], offset: 1>>
  func.call @store(%both, %w) : (memref<?xf32>, f32) -> ()
  func.call @outer(%viaCall, %s) : (memref<?xf32>, f32) -> ()
  return
}

func.func private @store(%p: memref<?xf32>, %v: f32) attributes {kgpu.device} {
  %c0 = arith.constant 0 : index
  memref.store %v, %p[%c0] : memref<?xf32>
  return
}

// Two levels of calls: only a store at the bottom.
func.func private @outer(%p: memref<?xf32>, %v: f32) attributes {kgpu.device} {
  func.call @store(%p, %v) : (memref<?xf32>, f32) -> ()
  return
}
