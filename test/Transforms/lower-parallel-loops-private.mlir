// RUN: kgpu-opt %s --kgpu-lower-parallel-loops | FileCheck %s

// A private array the body uses, allocated at the function's entry (kgc's
// and the JVM frontend's private arrays live there): the four unrolled
// copies run in lockstep, so each lane gets its own copy of the array; with
// one array for all four, lane 1's stores landed between lane 0's store and
// its load (kgc `parallel for` with `int a[4]` in the body: every element
// wrong on the CPU and lavapipe). The tail loop uses the original.
// CHECK-LABEL: func.func @scratch
// CHECK: %[[P1:.*]] = memref.alloca() : memref<4xi32>
// CHECK-NEXT: %[[P2:.*]] = memref.alloca() : memref<4xi32>
// CHECK-NEXT: %[[P3:.*]] = memref.alloca() : memref<4xi32>
// CHECK-NEXT: %[[P0:.*]] = memref.alloca() : memref<4xi32>
// CHECK: scf.for
// CHECK: memref.store %{{.*}}, %[[P0]][%{{.*}}]
// CHECK-NEXT: memref.store %{{.*}}, %[[P1]][%{{.*}}]
// CHECK-NEXT: memref.store %{{.*}}, %[[P2]][%{{.*}}]
// CHECK-NEXT: memref.store %{{.*}}, %[[P3]][%{{.*}}]
// CHECK-NEXT: memref.load %[[P0]]
// CHECK-NEXT: memref.load %[[P1]]
// CHECK-NEXT: memref.load %[[P2]]
// CHECK-NEXT: memref.load %[[P3]]
// CHECK: } {kgpu.grid_stride}
// CHECK: scf.for
// CHECK: memref.store %{{.*}}, %[[P0]]
// CHECK: } {kgpu.grid_stride}
func.func @scratch(%out: memref<?xi32> {kgpu.arg = #kgpu.arg<buffer, write>},
                   %n: index {kgpu.arg = #kgpu.arg<scalar, read>})
    attributes {kgpu.kernel} {
  %p = memref.alloca() : memref<4xi32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  kgpu.parallel_for (%i) = (%c0) to (%n) step (%c1) {
    %k = arith.andi %i, %c3 : index
    %v = arith.index_cast %i : index to i32
    memref.store %v, %p[%k] : memref<4xi32>
    %r = memref.load %p[%k] : memref<4xi32>
    memref.store %r, %out[%i] : memref<?xi32>
  }
  return
}

// An array that is also used outside the loop (a table filled before it):
// it cannot be copied per lane, so the loop keeps one iteration per step.
// CHECK-LABEL: func.func @table
// CHECK-COUNT-1: memref.alloca() : memref<4xi32>
// CHECK-NOT: arith.divsi
// CHECK: scf.for
// CHECK-COUNT-1: memref.load %{{.*}} : memref<4xi32>
// CHECK-NEXT: memref.store
// CHECK-NEXT: } {kgpu.grid_stride}
func.func @table(%out: memref<?xi32> {kgpu.arg = #kgpu.arg<buffer, write>},
                 %n: index {kgpu.arg = #kgpu.arg<scalar, read>})
    attributes {kgpu.kernel} {
  %p = memref.alloca() : memref<4xi32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : i32
  memref.store %c7, %p[%c1] : memref<4xi32>
  kgpu.parallel_for (%i) = (%c0) to (%n) step (%c1) {
    %k = arith.andi %i, %c3 : index
    %r = memref.load %p[%k] : memref<4xi32>
    memref.store %r, %out[%i] : memref<?xi32>
  }
  return
}
