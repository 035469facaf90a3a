// RUN: kgpu-opt %s --convert-gpu-to-cpu --canonicalize | FileCheck %s

// A 4x2x2 work-group: z, y, x loops; the linear work-item index
// ((z * 2 + y) * 4 + x) addresses per-work-item spill slots.

// CHECK-LABEL: func.func private @ids3d(
// CHECK-SAME:    %[[OUT:[^:]*]]: memref<?xindex>, %[[GX:[^:]*]]: index, %[[GY:[^:]*]]: index
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[SLOT:.*]] = memref.alloca() : memref<16xindex>
// CHECK:         scf.for %[[G:.*]] =
// CHECK:           %[[Q:.*]] = arith.divui %[[G]], %[[GX]] : index
// CHECK:           %[[BZ:.*]] = arith.divui %[[Q]], %[[GY]] : index
// CHECK:           scf.for %[[TZ:.*]] = %{{.*}} to %[[C2]]
// CHECK-NEXT:        scf.for %[[TY:.*]] = %{{.*}} to %[[C2]]
// CHECK-NEXT:          scf.for %[[TX:.*]] = %{{.*}} to %[[C4]]
// CHECK:                 %[[ZY:.*]] = arith.muli %[[TZ]], %[[C2]]
// CHECK:                 %[[ZY1:.*]] = arith.addi %[[ZY]], %[[TY]]
// CHECK:                 %[[ZYX:.*]] = arith.muli %[[ZY1]], %[[C4]]
// CHECK:                 %[[LIN:.*]] = arith.addi %[[ZYX]], %[[TX]]
// CHECK:                 memref.store %{{.*}}, %[[SLOT]][%[[LIN]]] : memref<16xindex>
// CHECK:           scf.for %[[TZ2:.*]] = %{{.*}} to %[[C2]]
// CHECK:                 memref.load %[[SLOT]]
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @ids3d(%out: memref<?xindex>) kernel
        attributes {kgpu.workgroup_size = array<i32: 4, 2, 2>} {
      %x = gpu.thread_id x
      %y = gpu.thread_id y
      %z = gpu.thread_id z
      %bz = gpu.block_id z
      %a = arith.addi %x, %y : index
      %b = arith.addi %a, %z : index
      %c = arith.addi %b, %bz : index
      gpu.barrier
      memref.store %c, %out[%x] : memref<?xindex>
      gpu.return
    }
  }
}
