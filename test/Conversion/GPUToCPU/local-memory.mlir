// RUN: kgpu-opt %s --convert-gpu-to-cpu --canonicalize | FileCheck %s

// Local memory (memref.alloc in space 3, or a workgroup attribution) becomes
// one stack buffer per work-group in the default memory space, allocated
// once per call and reused by the work-groups the call runs. Its deallocation
// disappears.

// CHECK-LABEL: func.func private @local(
// CHECK-DAG:     %[[TILE:.*]] = memref.alloca() {alignment = 64 : i64} : memref<8x9xf32>
// CHECK-DAG:     %[[ATT:.*]] = memref.alloca() {alignment = 64 : i64} : memref<4xi32>
// CHECK:         scf.for
// CHECK:           scf.for %[[TY:.*]] = %c0 to %c8
// CHECK:             scf.for %[[TX:.*]] = %c0 to %c8
// CHECK:               memref.store %{{.*}}, %[[TILE]][%[[TY]], %[[TX]]] : memref<8x9xf32>
// CHECK:               memref.store %{{.*}}, %[[ATT]][%c0] : memref<4xi32>
// CHECK:           scf.for %[[TY2:.*]] = %c0 to %c8
// CHECK:             scf.for %[[TX2:.*]] = %c0 to %c8
// CHECK:               memref.load %[[TILE]][%[[TX2]], %[[TY2]]] : memref<8x9xf32>
// CHECK:               memref.load %[[ATT]][%c0] : memref<4xi32>
// CHECK-NOT:     memref.dealloc
// CHECK-NOT:     , 3>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @local(%a: memref<?xf32>, %b: memref<?xf32>)
        workgroup(%att: memref<4xi32, 3>) kernel
        attributes {kgpu.workgroup_size = array<i32: 8, 8, 1>} {
      %tile = memref.alloc() : memref<8x9xf32, 3>
      %c0 = arith.constant 0 : index
      %c8 = arith.constant 8 : index
      %c1_i32 = arith.constant 1 : i32
      %x = gpu.thread_id x
      %y = gpu.thread_id y
      %row = arith.muli %y, %c8 : index
      %i = arith.addi %row, %x : index
      %v = memref.load %a[%i] : memref<?xf32>
      memref.store %v, %tile[%y, %x] : memref<8x9xf32, 3>
      memref.store %c1_i32, %att[%c0] : memref<4xi32, 3>
      gpu.barrier
      %w = memref.load %tile[%x, %y] : memref<8x9xf32, 3>
      %k = memref.load %att[%c0] : memref<4xi32, 3>
      %kf = arith.sitofp %k : i32 to f32
      %s = arith.addf %w, %kf : f32
      memref.store %s, %b[%i] : memref<?xf32>
      memref.dealloc %tile : memref<8x9xf32, 3>
      gpu.return
    }
  }
}
