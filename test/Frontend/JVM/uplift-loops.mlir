// kgpu-jvm-uplift-loops on the shape lift-cf-to-scf gives a loop tested at
// its head: the body guarded by the inverted exit test in the before
// region.
// RUN: kgpu-opt %s --kgpu-jvm-uplift-loops --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @guarded
// CHECK-NOT: scf.while
// CHECK: %[[R:.*]] = scf.for %[[I:.*]] = %c0_i32 to %arg1 step %c1_i32 iter_args(%[[S:.*]] = %cst) -> (f32)  : i32 {
// CHECK:   %[[V:.*]] = memref.load
// CHECK:   %[[N:.*]] = arith.addf %[[S]], %[[V]] : f32
// CHECK:   scf.yield %[[N]] : f32
// CHECK: memref.store %[[R]]
func.func @guarded(%a: memref<?xf32>, %n: i32) {
  %p = ub.poison : f32
  %q = ub.poison : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %z = arith.constant 0.0 : f32
  %r:3 = scf.while (%i = %c0, %s = %z) : (i32, f32) -> (i32, f32, f32) {
    %exit = arith.cmpi sge, %i, %n : i32
    %stay = arith.cmpi slt, %i, %n : i32
    %b:2 = scf.if %exit -> (i32, f32) {
      scf.yield %q, %p : i32, f32
    } else {
      %ix = arith.index_cast %i : i32 to index
      %v = memref.load %a[%ix] : memref<?xf32>
      %s1 = arith.addf %s, %v : f32
      %i1 = arith.addi %i, %c1 : i32
      scf.yield %i1, %s1 : i32, f32
    }
    scf.condition(%stay) %b#0, %b#1, %s : i32, f32, f32
  } do {
  ^bb0(%x: i32, %y: f32, %w: f32):
    scf.yield %x, %y : i32, f32
  }
  %c0i = arith.constant 0 : index
  memref.store %r#2, %a[%c0i] : memref<?xf32>
  return
}

// -----

// The guard as `xori %stay, true`; a loop that is not counted (the bound
// changes) keeps its while, in the after-region form.
// CHECK-LABEL: func.func @not_counted
// CHECK: scf.while
// CHECK-NEXT: arith.cmpi slt
// CHECK-NEXT: scf.condition
// CHECK: } do {
// CHECK-NOT: scf.if
// CHECK: arith.muli
// CHECK: scf.yield
func.func @not_counted(%a: memref<?xi32>, %n: i32) {
  %q = ub.poison : i32
  %true = arith.constant true
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %r:3 = scf.while (%i = %c1, %m = %n) : (i32, i32) -> (i32, i32, i32) {
    %stay = arith.cmpi slt, %i, %m : i32
    %exit = arith.xori %stay, %true : i1
    %b:2 = scf.if %exit -> (i32, i32) {
      scf.yield %q, %q : i32, i32
    } else {
      %i2 = arith.muli %i, %c2 : i32
      %m1 = arith.subi %m, %c1 : i32
      scf.yield %i2, %m1 : i32, i32
    }
    scf.condition(%stay) %b#0, %b#1, %i : i32, i32, i32
  } do {
  ^bb0(%x: i32, %y: i32, %w: i32):
    scf.yield %x, %y : i32, i32
  }
  %c0i = arith.constant 0 : index
  memref.store %r#2, %a[%c0i] : memref<?xi32>
  return
}

// -----

// An scf.if on something else than the inverted condition is left alone.
// CHECK-LABEL: func.func @other_guard
// CHECK: scf.while
// CHECK: scf.if %arg2
func.func @other_guard(%a: memref<?xi32>, %n: i32, %f: i1) {
  %q = ub.poison : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:2 = scf.while (%i = %c0) : (i32) -> (i32, i32) {
    %stay = arith.cmpi slt, %i, %n : i32
    %b = scf.if %f -> (i32) {
      scf.yield %q : i32
    } else {
      %i1 = arith.addi %i, %c1 : i32
      scf.yield %i1 : i32
    }
    scf.condition(%stay) %b, %i : i32, i32
  } do {
  ^bb0(%x: i32, %w: i32):
    scf.yield %x : i32
  }
  %c0i = arith.constant 0 : index
  memref.store %r#1, %a[%c0i] : memref<?xi32>
  return
}
