// RUN: kgpu-opt %s | kgpu-opt | FileCheck %s
// RUN: kgpu-opt -mlir-print-op-generic %s | kgpu-opt | FileCheck %s

// CHECK-LABEL: func.func @one_dim
func.func @one_dim(%x: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>},
                   %n: index {kgpu.arg = #kgpu.arg<scalar, read>})
    attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // CHECK: kgpu.parallel_for (%[[I:.*]]) = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) {
  kgpu.parallel_for (%i) = (%c0) to (%n) step (%c1) {
    // CHECK: memref.load %{{.*}}[%[[I]]]
    %v = memref.load %x[%i] : memref<?xf32>
    %w = arith.addf %v, %v : f32
    memref.store %w, %x[%i] : memref<?xf32>
  }
  // CHECK-NOT: kgpu.yield
  return
}

// Three dimensions, split over two nested loops.
// CHECK-LABEL: func.func @three_dims
func.func @three_dims(%a: memref<?x?x?xf32> {kgpu.arg = #kgpu.arg<buffer, write>},
                      %n: index {kgpu.arg = #kgpu.arg<scalar, read>})
    attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %f = arith.constant 1.0 : f32
  // CHECK: kgpu.parallel_for (%[[I:.*]], %[[J:.*]]) = (%{{.*}}, %{{.*}}) to (%{{.*}}, %{{.*}}) step (%{{.*}}, %{{.*}}) {
  kgpu.parallel_for (%i, %j) = (%c0, %c0) to (%n, %n) step (%c1, %c2) {
    // CHECK: kgpu.parallel_for (%[[K:.*]]) =
    kgpu.parallel_for (%k) = (%c0) to (%n) step (%c1) {
      // CHECK: memref.store %{{.*}}, %{{.*}}[%[[I]], %[[J]], %[[K]]]
      memref.store %f, %a[%i, %j, %k] : memref<?x?x?xf32>
    }
  }
  return
}
