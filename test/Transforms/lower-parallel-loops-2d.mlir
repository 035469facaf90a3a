// RUN: kgpu-opt %s --kgpu-lower-parallel-loops | FileCheck %s

// Two dimensions are linearised and recovered with div/rem; a nested
// parallel loop runs sequentially inside the work-item.
// CHECK-LABEL: func.func @nest
// CHECK: scf.for %[[L:.*]] =
// CHECK: %[[J:.*]] = arith.remui %[[L]], %{{.*}} : index
// CHECK: %[[I:.*]] = arith.divui %[[L]], %{{.*}} : index
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: memref.store
// CHECK-NOT: kgpu.parallel_for
func.func @nest(%a: memref<?x?x?xf32> {kgpu.arg = #kgpu.arg<buffer, write>},
                %n: index {kgpu.arg = #kgpu.arg<scalar, read>}) attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  kgpu.parallel_for (%i, %j) = (%c0, %c0) to (%n, %n) step (%c1, %c1) {
    kgpu.parallel_for (%k) = (%c0) to (%n) step (%c1) {
      memref.store %f, %a[%i, %j, %k] : memref<?x?x?xf32>
    }
  }
  return
}
