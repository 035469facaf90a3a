// RUN: kgpu-opt %s --convert-gpu-to-cpu --canonicalize | FileCheck %s

// A 16x8 work-group: y outer, x inner; the block id comes from the linear
// group index (x fastest).

// CHECK-LABEL: func.func private @ids2d(
// CHECK-SAME:    %[[OUT:[^:]*]]: memref<?xindex>, %[[GX:[^:]*]]: index, %[[GY:[^:]*]]: index
// CHECK-DAG:     %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : index
// CHECK:         scf.for %[[G:.*]] =
// CHECK:           %[[Q:.*]] = arith.divui %[[G]], %[[GX]] : index
// CHECK:           %[[BX:.*]] = arith.remui %[[G]], %[[GX]] : index
// CHECK:           %[[BY:.*]] = arith.remui %[[Q]], %[[GY]] : index
// CHECK:           scf.for %[[TY:.*]] = %{{.*}} to %[[C8]]
// CHECK-NEXT:        scf.for %[[TX:.*]] = %{{.*}} to %[[C16]]
// CHECK-DAG:           arith.muli %[[BX]], %[[C16]]
// CHECK-DAG:           arith.muli %[[BY]], %[[C8]]
// CHECK:               memref.store
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @ids2d(%out: memref<?xindex>) kernel
        attributes {kgpu.workgroup_size = array<i32: 16, 8, 1>} {
      %x = gpu.global_id x
      %y = gpu.global_id y
      %w = arith.constant 1000 : index
      %row = arith.muli %y, %w : index
      %i = arith.addi %row, %x : index
      memref.store %i, %out[%i] : memref<?xindex>
      gpu.return
    }
  }
}
