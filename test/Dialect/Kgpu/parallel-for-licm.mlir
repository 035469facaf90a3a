// RUN: kgpu-opt %s --loop-invariant-code-motion | FileCheck %s
// RUN: kgpu-opt %s --int-range-optimizations | FileCheck %s --check-prefix=RANGE

// kgpu.parallel_for is a LoopLikeOpInterface loop: upstream LICM hoists
// what does not depend on the iteration, and leaves the rest.

// CHECK-LABEL: func.func @hoist
// CHECK: %[[MUL:.*]] = arith.muli %arg1, %arg1 : index
// CHECK: kgpu.parallel_for (%[[I:.*]]) =
// CHECK-NEXT: %[[ADD:.*]] = arith.addi %[[I]], %[[MUL]] : index
// CHECK-NEXT: memref.store %{{.*}}, %arg0[%[[ADD]]]
func.func @hoist(%buf: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, write>},
                 %n: index {kgpu.arg = #kgpu.arg<scalar, read>},
                 %v: f32 {kgpu.arg = #kgpu.arg<scalar, read>})
    attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  kgpu.parallel_for (%i) = (%c0) to (%n) step (%c1) {
    %sq = arith.muli %n, %n : index
    %at = arith.addi %i, %sq : index
    memref.store %v, %buf[%at] : memref<?xf32>
  }
  return
}

// The induction variable is in [lb, ub): the comparison folds to true.
// RANGE-LABEL: func.func @iv_range
// RANGE-NOT: arith.cmpi
// RANGE: memref.store %true
// RANGE-NOT: arith.cmpi
func.func @iv_range(%out: memref<16xi1> {kgpu.arg = #kgpu.arg<buffer, write>})
    attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  kgpu.parallel_for (%i) = (%c0) to (%c16) step (%c1) {
    %in = arith.cmpi ult, %i, %c16 : index
    memref.store %in, %out[%i] : memref<16xi1>
  }
  return
}
