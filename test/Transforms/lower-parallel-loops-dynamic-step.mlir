// RUN: kgpu-opt %s --kgpu-lower-parallel-loops | FileCheck %s

// A step that is not a constant may be zero or negative at run time: such a
// dimension runs no iterations (on every target). The upper bound becomes
// the lower bound and the step 1, so the trip count never divides by zero
// and a sequential loop never spins forever.

// CHECK-LABEL: func.func @dynamic_step(
// CHECK-SAME:    %[[N:[^:]*]]: index {{.*}}, %[[S:[^:]*]]: index
// CHECK:         %[[POS:.*]] = arith.cmpi sgt, %[[S]], %{{.*}} : index
// CHECK:         %[[UB:.*]] = arith.select %[[POS]], %[[N]], %[[LB:.*]] : index
// CHECK:         %[[STEP:.*]] = arith.select %[[POS]], %[[S]], %{{.*}} : index
// CHECK:         %[[DIFF:.*]] = arith.subi %[[UB]], %[[LB]] : index
// CHECK:         %[[MAX:.*]] = arith.maxsi %[[DIFF]], %{{.*}} : index
// CHECK:         %[[COUNT:.*]] = arith.ceildivsi %[[MAX]], %[[STEP]] : index
// CHECK:         scf.for %[[L:.*]] = %{{.*}} to %[[COUNT]] step
// CHECK:           arith.muli %[[L]], %[[STEP]] : index
func.func @dynamic_step(%y: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>},
                        %n: index {kgpu.arg = #kgpu.arg<scalar, read>},
                        %s: index {kgpu.arg = #kgpu.arg<scalar, read>})
    attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  kgpu.parallel_for (%i) = (%c0) to (%n) step (%s) {
    memref.store %one, %y[%i] : memref<?xf32>
  }
  return
}

// Constant positive steps are used as they are.
// CHECK-LABEL: func.func @constant_step(
// CHECK-NOT:     arith.select
// CHECK:         arith.ceildivsi %{{.*}}, %c2 : index
func.func @constant_step(%y: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>},
                         %n: index {kgpu.arg = #kgpu.arg<scalar, read>})
    attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %one = arith.constant 1.0 : f32
  kgpu.parallel_for (%i) = (%c0) to (%n) step (%c2) {
    memref.store %one, %y[%i] : memref<?xf32>
  }
  return
}

// An inner (sequential) loop gets the same guard.
// CHECK-LABEL: func.func @nested(
// CHECK-SAME:    %[[N:[^:]*]]: index {{.*}}, %[[S:[^:]*]]: index
// CHECK:         scf.for
// CHECK:           %[[POS:.*]] = arith.cmpi sgt, %[[S]], %{{.*}} : index
// CHECK:           %[[UB:.*]] = arith.select %[[POS]], %[[N]], %{{.*}} : index
// CHECK:           %[[STEP:.*]] = arith.select %[[POS]], %[[S]], %{{.*}} : index
// CHECK:           scf.for %{{.*}} = %{{.*}} to %[[UB]] step %[[STEP]]
func.func @nested(%y: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>},
                  %n: index {kgpu.arg = #kgpu.arg<scalar, read>},
                  %s: index {kgpu.arg = #kgpu.arg<scalar, read>})
    attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  kgpu.parallel_for (%i) = (%c0) to (%c4) step (%c1) {
    kgpu.parallel_for (%j) = (%c0) to (%n) step (%s) {
      %k = arith.addi %i, %j : index
      memref.store %one, %y[%k] : memref<?xf32>
    }
  }
  return
}
