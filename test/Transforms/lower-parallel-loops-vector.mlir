// RUN: kgpu-opt %s --kgpu-lower-parallel-loops | FileCheck %s
// RUN: kgpu-opt %s --kgpu-lower-parallel-loops=vector-width=1 | FileCheck %s --check-prefix=W1

// A 1-D loop of step 1 with a loop-free body: each work-item runs four
// contiguous iterations per step (the body unrolled four times in lockstep,
// op by op: the four loads of each access adjacent, then the stores), then
// a grid-stride loop runs the n % 4 left.
// CHECK-LABEL: func.func @saxpy
// CHECK: %[[C4:.*]] = arith.constant 4 : index
// CHECK: %[[VECS:.*]] = arith.divsi %[[COUNT:.*]], %[[C4]] : index
// CHECK: scf.for %[[V:.*]] = %[[G:.*]] to %[[VECS]] step %[[GS:.*]] {
// CHECK: %[[BASE:.*]] = arith.muli %[[V]], %[[C4]] : index
// CHECK: %[[I0:.*]] = arith.addi %{{.*}}, %[[BASE]] : index
// CHECK: %[[B1:.*]] = arith.addi %[[BASE]], %c1
// CHECK: %[[I1:.*]] = arith.addi %{{.*}}, %[[B1]] : index
// CHECK: %[[B2:.*]] = arith.addi %[[BASE]], %c2
// CHECK: %[[I2:.*]] = arith.addi %{{.*}}, %[[B2]] : index
// CHECK: %[[B3:.*]] = arith.addi %[[BASE]], %c3
// CHECK: %[[I3:.*]] = arith.addi %{{.*}}, %[[B3]] : index
// CHECK-NEXT: memref.load %arg1[%[[I0]]]
// CHECK-NEXT: memref.load %arg1[%[[I1]]]
// CHECK-NEXT: memref.load %arg1[%[[I2]]]
// CHECK-NEXT: memref.load %arg1[%[[I3]]]
// CHECK-NEXT: memref.load %arg2[%[[I0]]]
// CHECK-COUNT-4: arith.mulf
// CHECK-COUNT-4: arith.addf
// CHECK-NEXT: memref.store %{{.*}}, %arg2[%[[I0]]]
// CHECK-NEXT: memref.store %{{.*}}, %arg2[%[[I1]]]
// CHECK-NEXT: memref.store %{{.*}}, %arg2[%[[I2]]]
// CHECK-NEXT: memref.store %{{.*}}, %arg2[%[[I3]]]
// CHECK-NEXT: } {kgpu.grid_stride}
// CHECK: %[[DONE:.*]] = arith.muli %[[VECS]], %[[C4]] : index
// CHECK: %[[START:.*]] = arith.addi %[[DONE]], %[[G]] : index
// CHECK: scf.for %{{.*}} = %[[START]] to %[[COUNT]] step %[[GS]] {
// CHECK: memref.store
// CHECK-NEXT: } {kgpu.grid_stride}
// CHECK-NOT: kgpu.parallel_for
// W1-LABEL: func.func @saxpy
// W1-NOT: arith.divsi
// W1: scf.for
// W1-COUNT-1: memref.store
// W1-NEXT: }
// W1-NEXT: return
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

// A reduction: one accumulator per lane (four independent chains), the tail
// into lane 0's; the lanes are combined before the work-group reduction.
// CHECK-LABEL: func.func @sum
// CHECK: %[[A0:.*]] = memref.alloca() : memref<f32>
// CHECK: %[[A1:.*]] = memref.alloca() : memref<f32>
// CHECK: %[[A2:.*]] = memref.alloca() : memref<f32>
// CHECK: %[[A3:.*]] = memref.alloca() : memref<f32>
// CHECK: scf.for
// CHECK: memref.load %[[A0]][]
// CHECK-NEXT: memref.load %[[A1]][]
// CHECK-NEXT: memref.load %[[A2]][]
// CHECK-NEXT: memref.load %[[A3]][]
// CHECK-COUNT-4: arith.addf
// CHECK-NEXT: memref.store %{{.*}}, %[[A0]][]
// CHECK-NEXT: memref.store %{{.*}}, %[[A1]][]
// CHECK-NEXT: memref.store %{{.*}}, %[[A2]][]
// CHECK-NEXT: memref.store %{{.*}}, %[[A3]][]
// CHECK: scf.for
// CHECK: memref.load %[[A0]][]
// CHECK: memref.store %{{.*}}, %[[A0]][]
// CHECK: %[[P0:.*]] = memref.load %[[A0]][]
// CHECK: %[[P1:.*]] = memref.load %[[A1]][]
// CHECK: %[[S1:.*]] = arith.addf %[[P0]], %[[P1]] : f32
// CHECK: %[[P2:.*]] = memref.load %[[A2]][]
// CHECK: %[[S2:.*]] = arith.addf %[[S1]], %[[P2]] : f32
// CHECK: %[[P3:.*]] = memref.load %[[A3]][]
// CHECK: %[[S3:.*]] = arith.addf %[[S2]], %[[P3]] : f32
// CHECK: kgpu.group_reduce  add %[[S3]] : f32
func.func @sum(%x: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read>},
               %out: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>},
               %n: index {kgpu.arg = #kgpu.arg<scalar, read>}) attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  kgpu.parallel_for (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %x[%i] : memref<?xf32>
    kgpu.reduce add %v, %out[%c0] : memref<?xf32>
  }
  return
}

// Not unrolled: a step other than 1, a loop in the body, two dimensions.
// CHECK-LABEL: func.func @strided
// CHECK-NOT: arith.divsi
// CHECK: return
func.func @strided(%x: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>},
                   %n: index {kgpu.arg = #kgpu.arg<scalar, read>}) attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %f = arith.constant 1.0 : f32
  kgpu.parallel_for (%i) = (%c0) to (%n) step (%c2) {
    memref.store %f, %x[%i] : memref<?xf32>
  }
  return
}

// CHECK-LABEL: func.func @inner_loop
// CHECK-NOT: arith.divsi
// CHECK: return
func.func @inner_loop(%x: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>},
                      %n: index {kgpu.arg = #kgpu.arg<scalar, read>}) attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %f = arith.constant 1.0 : f32
  kgpu.parallel_for (%i) = (%c0) to (%n) step (%c1) {
    scf.for %k = %c0 to %c8 step %c1 {
      memref.store %f, %x[%i] : memref<?xf32>
    }
  }
  return
}

// CHECK-LABEL: func.func @two_d
// CHECK-NOT: arith.divsi
// CHECK: return
func.func @two_d(%x: memref<?x?xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>},
                 %n: index {kgpu.arg = #kgpu.arg<scalar, read>}) attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  kgpu.parallel_for (%i, %j) = (%c0, %c0) to (%n, %n) step (%c1, %c1) {
    memref.store %f, %x[%i, %j] : memref<?x?xf32>
  }
  return
}

// Not unrolled: an atomic in the body (four float CAS loops in a row lost
// updates on lavapipe, test/Integration/Exact).
// CHECK-LABEL: func.func @atomic
// CHECK-NOT: arith.divsi
// CHECK: return
func.func @atomic(%x: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read>},
                  %out: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>},
                  %n: index {kgpu.arg = #kgpu.arg<scalar, read>}) attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  kgpu.parallel_for (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %x[%i] : memref<?xf32>
    %old = kgpu.atomic_rmw max %v, %out[%c0] : memref<?xf32>
  }
  return
}
