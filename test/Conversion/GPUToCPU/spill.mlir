// RUN: kgpu-opt %s --convert-gpu-to-cpu --canonicalize | FileCheck %s

// Values live across a barrier: a work-item-dependent one goes to a slot per
// work-item, a work-group-uniform one (a load at a uniform address) to one
// scalar slot; constants and ids are rematerialised, not spilled.

// CHECK-LABEL: func.func private @spill(
// CHECK-SAME:    %[[A:[^:]*]]: memref<?xf32>
// CHECK-DAG:     %[[VAR:.*]] = memref.alloca() : memref<64xf32>
// CHECK-DAG:     %[[UNI:.*]] = memref.alloca() : memref<f32>
// CHECK:         scf.for
// CHECK:           scf.for %[[T:.*]] = %c0 to %c64
// CHECK:             %[[X:.*]] = memref.load %[[A]][%[[T]]]
// CHECK:             %[[Y:.*]] = arith.mulf %[[X]], %[[X]]
// CHECK:             memref.store %[[Y]], %[[VAR]][%[[T]]] : memref<64xf32>
// CHECK:             %[[U:.*]] = memref.load %[[A]][%c0]
// CHECK:             memref.store %[[U]], %[[UNI]][] : memref<f32>
// CHECK:           scf.for %[[T2:.*]] = %c0 to %c64
// CHECK:             %[[Y2:.*]] = memref.load %[[VAR]][%[[T2]]] : memref<64xf32>
// CHECK:             %[[U2:.*]] = memref.load %[[UNI]][] : memref<f32>
// CHECK:             %[[S:.*]] = arith.addf %[[Y2]], %[[U2]]
// CHECK:             memref.store %[[S]], %[[A]][%[[T2]]]
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @spill(%a: memref<?xf32>) kernel
        attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %t = gpu.thread_id x
      %x = memref.load %a[%t] : memref<?xf32>
      %y = arith.mulf %x, %x : f32
      %u = memref.load %a[%c0] : memref<?xf32>
      gpu.barrier
      %s = arith.addf %y, %u : f32
      memref.store %s, %a[%t] : memref<?xf32>
      gpu.return
    }
  }
}
