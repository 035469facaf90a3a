// RUN: kgpu-opt %s --kgpu-check-bounds | FileCheck %s
// RUN: kgpu-opt %s --kgpu-check-bounds --canonicalize | kgpu-opt | FileCheck %s --check-prefix=VALID

// Each access is checked index by index against its extent: a buffer's
// dynamic extent from the hidden element count (over the static extents), a
// static extent as a constant. Loads read element 0 and yield zero when out
// of bounds, stores and atomics are skipped, a reduction into a fixed element
// is checked before its parallel loop; the first violation goes to the
// status buffer, which comes after the size parameters.

// CHECK-LABEL: func.func @k(
// CHECK-SAME: %[[X:.*]]: memref<?x4xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>, kgpu.name = "x"}
// CHECK-SAME: %[[C:.*]]: memref<?xi32> {kgpu.arg = #kgpu.arg<buffer, read_write>, kgpu.name = "c"}
// CHECK-SAME: %[[XN:[^:]*]]: i64 {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.name = "__kgpu_size_x", kgpu.size_of = 0 : i32}
// CHECK-SAME: %[[CN:[^:]*]]: i64 {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.name = "__kgpu_size_c", kgpu.size_of = 1 : i32}
// CHECK-SAME: %[[ST:[^:]*]]: memref<8xi32> {kgpu.arg = #kgpu.arg<buffer, read_write>, kgpu.bounds_status, kgpu.name = "__kgpu_bounds"}
// CHECK-SAME: kgpu.bounds_sites = [{loc = #{{.*}}, what = "buffer 'x'"}, {loc = #{{.*}}, what = "buffer 'x'"}, {loc = #{{.*}}, what = "buffer 'c'"}, {loc = #{{.*}}, what = "private array"}, {loc = #{{.*}}, what = "buffer 'c'"}]
// The load x[i, 1]: dimension 0 against size / 4, dimension 1 against 4.
// CHECK: %[[ROWS:.*]] = arith.divui %[[XN]], %c4_i64
// CHECK: %[[I:.*]] = arith.index_cast %{{.*}} : index to i64
// CHECK: %[[OK0:.*]] = arith.cmpi ult, %[[I]], %[[ROWS]] : i64
// CHECK: %[[OK1:.*]] = arith.cmpi ult, %{{.*}}, %{{.*}} : i64
// CHECK: %[[OK:.*]] = arith.andi %[[OK0]], %[[OK1]] : i1
// CHECK: %[[BAD:.*]] = arith.xori %[[OK]], %true
// CHECK: scf.if %[[BAD]] {
// CHECK:   %[[OLD:.*]] = kgpu.atomic_cas %c0_i32{{.*}}, %c1_i32{{.*}}, %[[ST]][%c0{{.*}}] : memref<8xi32>
// CHECK:   %[[FIRST:.*]] = arith.cmpi eq, %[[OLD]], %c0_i32
// CHECK:   scf.if %[[FIRST]] {
// CHECK-COUNT-5: memref.store %{{.*}}, %[[ST]][%c{{[1-5]}}{{.*}}] : memref<8xi32>
// CHECK: %[[S0:.*]] = arith.select %[[OK]], %{{.*}}, %c0{{.*}} : index
// CHECK: %[[S1:.*]] = arith.select %[[OK]], %c1, %c0{{.*}} : index
// CHECK: %[[V:.*]] = memref.load %[[X]][%[[S0]], %[[S1]]] : memref<?x4xf32>
// CHECK: %[[VS:.*]] = arith.select %[[OK]], %[[V]], %cst : f32
// The store: skipped when out of bounds.
// CHECK: %[[SOK:.*]] = arith.andi
// CHECK: kgpu.atomic_cas %c0_i32{{.*}}, %c2_i32, %[[ST]]
// CHECK: scf.if %[[SOK]] {
// CHECK-NEXT: memref.store %[[VS]], %[[X]][%c0, %{{.*}}] : memref<?x4xf32>
// CHECK-NEXT: }
// The atomic: yields zero when out of bounds.
// CHECK: %[[AOK:.*]] = arith.cmpi ult, %{{.*}}, %[[CN]] : i64
// CHECK: kgpu.atomic_cas %c0_i32{{.*}}, %c3_i32, %[[ST]]
// CHECK: %[[OLDV:.*]] = scf.if %[[AOK]] -> (i32) {
// CHECK-NEXT: %[[R:.*]] = kgpu.atomic_rmw add %{{.*}}, %[[C]][%{{.*}}] : memref<?xi32>
// CHECK-NEXT: scf.yield %[[R]] : i32
// CHECK-NEXT: } else {
// CHECK: scf.yield %c0_i32{{.*}} : i32
// A private array: against its static extent.
// CHECK: %[[P:.*]] = memref.alloca() : memref<16xi32>
// CHECK: arith.cmpi ult, %{{.*}}, %c16_i64 : i64
// CHECK: kgpu.atomic_cas %c0_i32{{.*}}, %c4_i32, %[[ST]]
// CHECK: memref.store %[[OLDV]], %[[P]]
// The reduction into c[1]: checked before the loop, the identity when out
// of bounds.
// CHECK: %[[ROK:.*]] = arith.cmpi ult, %{{.*}}, %[[CN]] : i64
// CHECK: kgpu.atomic_cas %c0_i32{{.*}}, %c5_i32, %[[ST]]
// CHECK: %[[RI:.*]] = arith.select %[[ROK]], %c1, %c0{{.*}} : index
// CHECK: kgpu.parallel_for
// CHECK: %[[RV:.*]] = arith.select %[[ROK]], %{{.*}}, %c0_i32{{.*}} : i32
// CHECK: kgpu.reduce add %[[RV]], %[[C]][%[[RI]]] : memref<?xi32>

// A kernel without memory accesses is left alone.
// CHECK-LABEL: func.func @untouched(%{{.*}}: i32 {kgpu.arg = #kgpu.arg<scalar, read>}) attributes {kgpu.kernel} {
// CHECK-NEXT: return

// VALID-LABEL: func.func @k(
// VALID: kgpu.reduce
// VALID-LABEL: func.func @untouched(

func.func @k(%x: memref<?x4xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>, kgpu.name = "x"},
             %c: memref<?xi32> {kgpu.arg = #kgpu.arg<buffer, read_write>, kgpu.name = "c"},
             %n: index {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.name = "n"}) attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %i = kgpu.global_id x
  %v = memref.load %x[%i, %c1] : memref<?x4xf32>
  memref.store %v, %x[%c0, %i] : memref<?x4xf32>
  %one = arith.constant 1 : i32
  %old = kgpu.atomic_rmw add %one, %c[%i] : memref<?xi32>
  %p = memref.alloca() : memref<16xi32>
  memref.store %old, %p[%i] : memref<16xi32>
  kgpu.parallel_for (%j) = (%c0) to (%n) step (%c1) {
    kgpu.reduce add %one, %c[%c1] : memref<?xi32>
  }
  return
}
func.func @untouched(%n: i32 {kgpu.arg = #kgpu.arg<scalar, read>}) attributes {kgpu.kernel} {
  return
}
