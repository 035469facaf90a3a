// RUN: kgpu-opt %s --kgpu-cpu-allocate-heap-frames="stack-budget=1024" | FileCheck %s

// Entry-block arrays stay on the stack while they fit in the budget (in
// order); the others become views of one 64-byte aligned heap block per
// call, freed at every return. A function without results runs its work
// only if the allocation succeeded.

// CHECK-LABEL: func.func private @kernel(
// CHECK:         %[[BLOCK:.*]] = memref.alloc() {alignment = 64 : i64} : memref<8256xi8>
// CHECK:         %[[C0:.*]] = arith.constant 0 : index
// CHECK:         %[[BIG:.*]] = memref.view %[[BLOCK]][%[[C0]]][] : memref<8256xi8> to memref<1024xf32>
// CHECK:         %[[C4096:.*]] = arith.constant 4096 : index
// CHECK:         %[[PADDED:.*]] = memref.view %[[BLOCK]][%[[C4096]]][] : memref<8256xi8> to memref<1025xf32>
// CHECK:         %[[SMALL:.*]] = memref.alloca() : memref<16xf32>
// CHECK:         %[[SLOT:.*]] = memref.alloca() {alignment = 64 : i64} : memref<64xi8>
// CHECK-NOT:     memref.alloca
// CHECK:         %[[P:.*]] = memref.extract_aligned_pointer_as_index %[[BLOCK]]
// CHECK:         %[[OK:.*]] = arith.cmpi ne, %[[P]], %{{.*}} : index
// CHECK:         scf.if %[[OK]] {
// CHECK:           scf.for
// CHECK:             memref.store %{{.*}}, %[[BIG]]
// CHECK:             memref.store %{{.*}}, %[[PADDED]]
// CHECK:             memref.store %{{.*}}, %[[SMALL]]
// CHECK:           }
// CHECK-NEXT:    }
// CHECK-NEXT:    memref.dealloc %[[BLOCK]] : memref<8256xi8>
// CHECK-NEXT:    return
func.func private @kernel(%buf: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %small = memref.alloca() : memref<16xf32>
  %big = memref.alloca() : memref<1024xf32>
  %slot = memref.alloca() {alignment = 64 : i64} : memref<64xi8>
  %padded = memref.alloca() : memref<1025xf32>
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %buf[%i] : memref<?xf32>
    memref.store %v, %big[%i] : memref<1024xf32>
    memref.store %v, %padded[%i] : memref<1025xf32>
    memref.store %v, %small[%c0] : memref<16xf32>
  }
  return
}

// A function with a result: no guard, the block is freed before each return.
// CHECK-LABEL: func.func private @helper(
// CHECK:         %[[B:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4096xi8>
// CHECK-NOT:     scf.if
// CHECK:         memref.dealloc %[[B]]
// CHECK-NEXT:    return
func.func private @helper(%i: index) -> f32 {
  %a = memref.alloca() : memref<1024xf32>
  %v = memref.load %a[%i] : memref<1024xf32>
  return %v : f32
}

// Small frames are left alone.
// CHECK-LABEL: func.func private @small(
// CHECK-NOT:     memref.alloc(
// CHECK:         memref.alloca() : memref<256xf32>
// CHECK-NOT:     memref.dealloc
func.func private @small(%i: index) -> f32 {
  %a = memref.alloca() : memref<256xf32>
  %v = memref.load %a[%i] : memref<256xf32>
  return %v : f32
}
