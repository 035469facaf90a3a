// RUN: kgpu-opt %s --kgpu-lower-index-switch | FileCheck %s

// scf.index_switch as a chain of scf.if (for the SPIR-V conversion, which
// has no index_switch).

// CHECK-LABEL: func.func @f(
// CHECK-SAME:    %[[ARG:.*]]: index
// CHECK-NOT:     scf.index_switch
// CHECK:         %[[C0:.*]] = arith.cmpi eq, %[[ARG]], %c0
// CHECK:         %[[R:.*]] = scf.if %[[C0]] -> (i32) {
// CHECK:           scf.yield %c10_i32
// CHECK:         } else {
// CHECK:           %[[C5:.*]] = arith.cmpi eq, %[[ARG]], %c5
// CHECK:           %[[R1:.*]] = scf.if %[[C5]] -> (i32) {
// CHECK:             scf.yield %c20_i32
// CHECK:           } else {
// CHECK:             scf.yield %c30_i32
// CHECK:           }
// CHECK:           scf.yield %[[R1]]
// CHECK:         }
// CHECK:         return %[[R]]
func.func @f(%arg: index) -> i32 {
  %a = arith.constant 10 : i32
  %b = arith.constant 20 : i32
  %c = arith.constant 30 : i32
  %r = scf.index_switch %arg -> i32
  case 0 {
    scf.yield %a : i32
  }
  case 5 {
    scf.yield %b : i32
  }
  default {
    scf.yield %c : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @only_default(
// CHECK-NOT:     scf.index_switch
// CHECK:         return %c7_i32
func.func @only_default(%arg: index) -> i32 {
  %a = arith.constant 7 : i32
  %r = scf.index_switch %arg -> i32
  default {
    scf.yield %a : i32
  }
  return %r : i32
}
