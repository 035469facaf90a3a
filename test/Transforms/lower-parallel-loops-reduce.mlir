// RUN: kgpu-opt %s --kgpu-lower-parallel-loops=vector-width=1 | FileCheck %s

// A reduction into a fixed element: private accumulator from the identity,
// a work-group reduction after the loop, one atomic per work-group. The
// identity of a float add is -0.0 (+0.0 would turn a -0.0 in memory into
// +0.0 when nothing is added).
// CHECK-LABEL: func.func @sum
// CHECK: %[[ACC:.*]] = memref.alloca() : memref<f32>
// CHECK: %[[ZERO:.*]] = arith.constant -0.000000e+00 : f32
// CHECK: memref.store %[[ZERO]], %[[ACC]][]
// CHECK: scf.for
// CHECK: %[[OLD:.*]] = memref.load %[[ACC]][]
// CHECK: %[[NEW:.*]] = arith.addf %[[OLD]], %{{.*}} : f32
// CHECK: memref.store %[[NEW]], %[[ACC]][]
// CHECK: }
// CHECK: %[[P:.*]] = memref.load %[[ACC]][]
// CHECK: %[[T:.*]] = kgpu.group_reduce  add %[[P]] : f32
// CHECK: scf.if
// CHECK: kgpu.atomic_rmw  add %[[T]], %{{.*}}[%{{.*}}] : memref<?xf32>
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

// Product: no atomic multiply exists, so a compare-and-swap loop, which
// writes nothing when the product leaves the value as it is.
// CHECK-LABEL: func.func @product
// CHECK: arith.constant 1 : i32
// CHECK: %[[T:.*]] = kgpu.group_reduce  mul
// CHECK: scf.while (%[[E:.*]] = %{{.*}}) : (i32) -> i32
// CHECK: %[[D:.*]] = arith.muli %[[E]], %[[T]] : i32
// CHECK: %[[SAME:.*]] = arith.cmpi eq, %[[D]], %[[E]] : i32
// CHECK: scf.if %[[SAME]] -> (i32)
// CHECK: } else {
// CHECK: kgpu.atomic_cas %[[E]], %[[D]]
func.func @product(%x: memref<?xi32> {kgpu.arg = #kgpu.arg<buffer, read>},
                   %out: memref<?xi32> {kgpu.arg = #kgpu.arg<buffer, read_write>},
                   %n: index {kgpu.arg = #kgpu.arg<scalar, read>}) attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  kgpu.parallel_for (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %x[%i] : memref<?xi32>
    kgpu.reduce mul %v, %out[%c0] : memref<?xi32>
  }
  return
}

// An output indexed by the iteration: every contribution is an atomic.
// CHECK-LABEL: func.func @scatter
// CHECK: scf.for
// CHECK: kgpu.atomic_rmw  max
// CHECK-NOT: kgpu.group_reduce
func.func @scatter(%x: memref<?xi32> {kgpu.arg = #kgpu.arg<buffer, read>},
                   %out: memref<?xi32> {kgpu.arg = #kgpu.arg<buffer, read_write>},
                   %n: index {kgpu.arg = #kgpu.arg<scalar, read>}) attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  kgpu.parallel_for (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %x[%i] : memref<?xi32>
    %b = arith.remui %i, %c4 : index
    kgpu.reduce max %v, %out[%b] : memref<?xi32>
  }
  return
}

// Float min: IEEE-754 2019 minimum in the private accumulator (NaN kept,
// -0.0 < +0.0), then the float min atomic, which has the same meaning.
// CHECK-LABEL: func.func @fmin
// CHECK: arith.constant 0x7F800000 : f32
// CHECK: scf.for
// CHECK: arith.minimumf
// CHECK: kgpu.group_reduce  min
// CHECK: kgpu.atomic_rmw  min
func.func @fmin(%x: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read>},
                %out: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>},
                %n: index {kgpu.arg = #kgpu.arg<scalar, read>}) attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  kgpu.parallel_for (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %x[%i] : memref<?xf32>
    kgpu.reduce min %v, %out[%c0] : memref<?xf32>
  }
  return
}
