// kgpu-jvm-raise-parallel-loops on the plain CFG form the JVM frontend
// writes (one memref.alloca per local slot), after kgpu-frontend-cleanup.
// RUN: kgpu-opt %s --kgpu-frontend-cleanup --kgpu-jvm-raise-parallel-loops --canonicalize --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @vadd
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[N:.*]] = arith.index_cast %arg3 : i32 to index
// CHECK: kgpu.parallel_for (%[[I:.*]]) = (%[[C0]]) to (%[[N]]) step (%[[C1]]) {
// CHECK:   memref.load %arg0[%[[I]]]
// CHECK:   memref.store {{.*}}, %arg2[%[[I]]]
// CHECK-NOT: scf.while
func.func @vadd(%a: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>, kgpu.name = "a"},
                %b: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>, kgpu.name = "b"},
                %c: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>, kgpu.name = "c"},
                %n: i32 {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.name = "n"})
    attributes {kgpu.kernel} {
  %s = memref.alloca() : memref<i32>
  %c0 = arith.constant 0 : i32
  memref.store %c0, %s[] : memref<i32>
  cf.br ^hdr
^hdr:
  %i = memref.load %s[] : memref<i32>
  %lt = arith.cmpi slt, %i, %n {jvm.parallel = "i"} : i32
  cf.cond_br %lt, ^body, ^exit
^body:
  %i2 = memref.load %s[] : memref<i32>
  %ix = arith.index_cast %i2 : i32 to index
  %x = memref.load %a[%ix] : memref<?xf32>
  %y = memref.load %b[%ix] : memref<?xf32>
  %z = arith.addf %x, %y : f32
  memref.store %z, %c[%ix] : memref<?xf32>
  %i3 = memref.load %s[] : memref<i32>
  %one = arith.constant 1 : i32
  %inc = arith.addi %i3, %one : i32
  memref.store %inc, %s[] : memref<i32>
  cf.br ^hdr
^exit:
  return
}

// -----

// A perfect nest of two marked loops is one 2-D loop, the outer loop first
// (the inner one varies fastest). The bound `a.length` re-read in the test
// is hoisted.
// CHECK-LABEL: func.func @nest
// CHECK: %[[DIM:.*]] = memref.dim %arg0
// CHECK: kgpu.parallel_for (%[[I:.*]], %[[J:.*]]) = (%{{.*}}, %{{.*}}) to (%{{.*}}, %{{.*}}) step (%{{.*}}, %{{.*}}) {
// CHECK:   arith.index_cast %[[I]] : index to i32
// CHECK-NOT: kgpu.parallel_for
// CHECK: }
func.func @nest(%a: memref<?xi32> {kgpu.arg = #kgpu.arg<buffer, read_write>, kgpu.name = "a"},
                %n: i32 {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.name = "n"})
    attributes {kgpu.kernel} {
  %si = memref.alloca() : memref<i32>
  %sj = memref.alloca() : memref<i32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  memref.store %c0, %si[] : memref<i32>
  cf.br ^hi
^hi:
  %i = memref.load %si[] : memref<i32>
  %lti = arith.cmpi slt, %i, %n {jvm.parallel = "i"} : i32
  cf.cond_br %lti, ^init_j, ^exit
^init_j:
  memref.store %c0, %sj[] : memref<i32>
  cf.br ^hj
^hj:
  %j = memref.load %sj[] : memref<i32>
  %c0_idx = arith.constant 0 : index
  %len = memref.dim %a, %c0_idx : memref<?xi32>
  %leni = arith.index_cast %len : index to i32
  %ltj = arith.cmpi slt, %j, %leni {jvm.parallel = "j"} : i32
  cf.cond_br %ltj, ^body, ^next_i
^body:
  %i1 = memref.load %si[] : memref<i32>
  %j1 = memref.load %sj[] : memref<i32>
  %v = arith.muli %i1, %j1 : i32
  %jx = arith.index_cast %j1 : i32 to index
  memref.store %v, %a[%jx] : memref<?xi32>
  %j2 = memref.load %sj[] : memref<i32>
  %jn = arith.addi %j2, %c1 : i32
  memref.store %jn, %sj[] : memref<i32>
  cf.br ^hj
^next_i:
  %i2 = memref.load %si[] : memref<i32>
  %in = arith.addi %i2, %c1 : i32
  memref.store %in, %si[] : memref<i32>
  cf.br ^hi
^exit:
  return
}

// -----

// An unmarked loop stays a sequential loop.
// CHECK-LABEL: func.func @sequential
// CHECK-NOT: kgpu.parallel_for
// CHECK: scf.
func.func @sequential(%a: memref<?xi32> {kgpu.arg = #kgpu.arg<buffer, read_write>, kgpu.name = "a"},
                      %n: i32 {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.name = "n"})
    attributes {kgpu.kernel} {
  %s = memref.alloca() : memref<i32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  memref.store %c0, %s[] : memref<i32>
  cf.br ^hdr
^hdr:
  %i = memref.load %s[] : memref<i32>
  %lt = arith.cmpi slt, %i, %n : i32
  cf.cond_br %lt, ^body, ^exit
^body:
  %ix = arith.index_cast %i : i32 to index
  memref.store %i, %a[%ix] : memref<?xi32>
  %inc = arith.addi %i, %c1 : i32
  memref.store %inc, %s[] : memref<i32>
  cf.br ^hdr
^exit:
  return
}
