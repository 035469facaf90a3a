// RUN: kgpu-opt %s --convert-gpu-to-cpu --canonicalize | FileCheck %s

// Each gpu.barrier ends a work-item loop: three barriers-separated pieces
// become three loops over the work-items, in order, in the group loop.

// CHECK-LABEL: func.func private @fission(
// CHECK-SAME:    %[[A:[^:]*]]: memref<?xf32>
// CHECK:         scf.for %{{.*}} = {{.*}} {
// CHECK:           scf.for %[[T0:.*]] = %c0 to %c32 step %c1 {
// CHECK:             memref.store %{{.*}}, %[[A]][%[[T0]]]
// CHECK:           }
// CHECK-NOT:       gpu.barrier
// CHECK:           scf.for %[[T1:.*]] = %c0 to %c32 step %c1 {
// CHECK:             %[[R:.*]] = arith.subi %c31, %[[T1]]
// CHECK:             memref.load %[[A]][%[[R]]]
// CHECK:           }
// CHECK:           scf.for %[[T2:.*]] = %c0 to %c32 step %c1 {
// CHECK:             memref.store %{{.*}}, %[[A]][%[[T2]]]
// CHECK:           }
// CHECK-NEXT:    }
// CHECK-NEXT:    return
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @fission(%a: memref<?xf32>, %b: memref<?xf32>) kernel
        attributes {kgpu.workgroup_size = array<i32: 32, 1, 1>} {
      %c31 = arith.constant 31 : index
      %one = arith.constant 1.0 : f32
      %t = gpu.thread_id x
      memref.store %one, %a[%t] : memref<?xf32>
      gpu.barrier
      %r = arith.subi %c31, %t : index
      %v = memref.load %a[%r] : memref<?xf32>
      memref.store %v, %b[%t] : memref<?xf32>
      gpu.barrier
      memref.store %one, %a[%t] : memref<?xf32>
      gpu.return
    }
  }
}
