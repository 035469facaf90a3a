// RUN: kgpu-opt %s | kgpu-opt | FileCheck %s
// RUN: kgpu-opt -mlir-print-op-generic %s | kgpu-opt | FileCheck %s

// CHECK-LABEL: func.func @reductions
func.func @reductions(%x: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read>},
                      %y: memref<?xi32> {kgpu.arg = #kgpu.arg<buffer, read>},
                      %fs: memref<4xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>},
                      %is: memref<5xi32> {kgpu.arg = #kgpu.arg<buffer, read_write>},
                      %n: index {kgpu.arg = #kgpu.arg<scalar, read>})
    attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  kgpu.parallel_for (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %x[%i] : memref<?xf32>
    %w = memref.load %y[%i] : memref<?xi32>
    // CHECK: kgpu.reduce add %{{.*}}, %{{.*}}[%{{.*}}] : memref<4xf32>
    kgpu.reduce add %v, %fs[%c0] : memref<4xf32>
    // CHECK: kgpu.reduce mul %{{.*}}, %{{.*}}[%{{.*}}] : memref<4xf32>
    kgpu.reduce mul %v, %fs[%c1] : memref<4xf32>
    // CHECK: kgpu.reduce min
    kgpu.reduce min %v, %fs[%c2] : memref<4xf32>
    // CHECK: kgpu.reduce max
    kgpu.reduce max %v, %fs[%c3] : memref<4xf32>
    // CHECK: kgpu.reduce umin
    kgpu.reduce umin %w, %is[%c0] : memref<5xi32>
    // CHECK: kgpu.reduce umax
    kgpu.reduce umax %w, %is[%c1] : memref<5xi32>
    // CHECK: kgpu.reduce and
    kgpu.reduce and %w, %is[%c2] : memref<5xi32>
    // CHECK: kgpu.reduce or
    kgpu.reduce or %w, %is[%c3] : memref<5xi32>
    // CHECK: kgpu.reduce xor %{{.*}}, %{{.*}}[%{{.*}}] : memref<5xi32>
    kgpu.reduce xor %w, %is[%c4] : memref<5xi32>
  }
  return
}
