// kgpu-jvm-raise-reductions: `out[0] = out[0] OP x` on a @Reduce parameter
// inside a kgpu.parallel_for becomes kgpu.reduce with the operator inferred.
// RUN: kgpu-opt %s --kgpu-jvm-raise-reductions --split-input-file | FileCheck %s


// CHECK-LABEL: func.func @sum
// CHECK-NOT: jvm.reduce
// CHECK: kgpu.parallel_for
// CHECK:   %[[X:.*]] = memref.load %arg0
// CHECK:   kgpu.reduce add %[[X]], %arg1[%{{.*}}] : memref<?xf32>
// CHECK-NOT: memref.store
func.func @sum(%a: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read>, kgpu.name = "a"},
               %out: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>, kgpu.name = "out", jvm.reduce},
               %n: index {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.name = "n"})
    attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  kgpu.parallel_for (%i) = (%c0) to (%n) step (%c1) {
    %x = memref.load %a[%i] : memref<?xf32>
    %acc = memref.load %out[%c0] : memref<?xf32>
    %s = arith.addf %acc, %x : f32
    memref.store %s, %out[%c0] : memref<?xf32>
  }
  return
}

// -----

// CHECK-LABEL: func.func @ops
// CHECK: kgpu.reduce mul
// CHECK: kgpu.reduce max
// CHECK: kgpu.reduce min
// CHECK: kgpu.reduce max
// CHECK: kgpu.reduce and
// CHECK: kgpu.reduce or
// CHECK: kgpu.reduce xor
func.func @ops(%a: memref<?xi32> {kgpu.arg = #kgpu.arg<buffer, read>, kgpu.name = "a"},
               %out: memref<?xi32> {kgpu.arg = #kgpu.arg<buffer, read_write>, kgpu.name = "out", jvm.reduce},
               %f: memref<?xf64> {kgpu.arg = #kgpu.arg<buffer, read_write>, kgpu.name = "f", jvm.reduce},
               %n: index {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.name = "n"})
    attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  kgpu.parallel_for (%i) = (%c0) to (%n) step (%c1) {
    %x = memref.load %a[%i] : memref<?xi32>
    %p = memref.load %out[%c0] : memref<?xi32>
    %p2 = arith.muli %x, %p : i32
    memref.store %p2, %out[%c0] : memref<?xi32>
    %m = memref.load %out[%c1] : memref<?xi32>
    %m2 = arith.maxsi %m, %x : i32
    memref.store %m2, %out[%c1] : memref<?xi32>
    %xf = arith.sitofp %x : i32 to f64
    %fm = memref.load %f[%c0] : memref<?xf64>
    %fm2 = kgpu.jvm_min %fm, %xf : f64
    memref.store %fm2, %f[%c0] : memref<?xf64>
    %fx = memref.load %f[%c1] : memref<?xf64>
    %fx2 = kgpu.jvm_max %fx, %xf : f64
    memref.store %fx2, %f[%c1] : memref<?xf64>
    %q = memref.load %out[%c2] : memref<?xi32>
    %q2 = arith.andi %q, %x : i32
    memref.store %q2, %out[%c2] : memref<?xi32>
    %r = memref.load %out[%c3] : memref<?xi32>
    %r2 = arith.ori %r, %x : i32
    memref.store %r2, %out[%c3] : memref<?xi32>
    %t = memref.load %out[%c4] : memref<?xi32>
    %t2 = arith.xori %t, %x : i32
    memref.store %t2, %out[%c4] : memref<?xi32>
  }
  return
}

// -----

// A constant stored to the reduced element before the loop is the
// reduction's initial value: the store leaves the kernel (every work-item
// would run it) for the parameter's kgpu.reduce_init; the last store to an
// element wins.
// CHECK-LABEL: func.func @init
// CHECK-SAME: kgpu.reduce_init = {{\[}}[0, 5.000000e-01 : f32]]
// CHECK-NOT: memref.store
// CHECK: kgpu.parallel_for
// CHECK:   kgpu.reduce add
func.func @init(%a: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read>, kgpu.name = "a"},
                %out: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>, kgpu.name = "out", jvm.reduce},
                %n: index {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.name = "n"})
    attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  memref.store %zero, %out[%c0] : memref<?xf32>
  memref.store %half, %out[%c0] : memref<?xf32>
  kgpu.parallel_for (%i) = (%c0) to (%n) step (%c1) {
    %x = memref.load %a[%i] : memref<?xf32>
    %acc = memref.load %out[%c0] : memref<?xf32>
    %s = arith.addf %acc, %x : f32
    memref.store %s, %out[%c0] : memref<?xf32>
  }
  return
}
