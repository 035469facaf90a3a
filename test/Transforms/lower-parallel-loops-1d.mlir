// RUN: kgpu-opt %s --kgpu-lower-parallel-loops | FileCheck %s

// A 1-D parallel loop becomes a grid-stride loop over the linear global id.
// CHECK-LABEL: func.func @saxpy
// CHECK: %[[COUNT:.*]] = arith.ceildivsi
// CHECK-DAG: kgpu.global_id  x
// CHECK-DAG: kgpu.global_size  x
// CHECK: scf.for %[[L:.*]] = %{{.*}} to %[[COUNT]] step %{{.*}} {
// CHECK: %[[MUL:.*]] = arith.muli %[[L]], %{{.*}} : index
// CHECK: %[[I:.*]] = arith.addi %{{.*}}, %[[MUL]] : index
// CHECK: memref.load %{{.*}}[%[[I]]]
// CHECK-NOT: kgpu.parallel_for
func.func @saxpy(%a: f32 {kgpu.arg = #kgpu.arg<scalar, read>},
                 %x: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read>},
                 %y: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>},
                 %n: index {kgpu.arg = #kgpu.arg<scalar, read>})
    attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  kgpu.parallel_for (%i) = (%c0) to (%n) step (%c1) {
    %xv = memref.load %x[%i] : memref<?xf32>
    %yv = memref.load %y[%i] : memref<?xf32>
    %ax = arith.mulf %a, %xv : f32
    %r = arith.addf %ax, %yv : f32
    memref.store %r, %y[%i] : memref<?xf32>
  }
  return
}
