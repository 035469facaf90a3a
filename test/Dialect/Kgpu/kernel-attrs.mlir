// RUN: kgpu-opt %s | kgpu-opt | FileCheck %s
// RUN: kgpu-opt -mlir-print-op-generic %s | kgpu-opt | FileCheck %s

// CHECK-LABEL: func.func @saxpy
// CHECK-SAME: %{{.*}}: f32 {kgpu.arg = #kgpu.arg<scalar, read>}
// CHECK-SAME: %{{.*}}: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read>}
// CHECK-SAME: %{{.*}}: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>}
// CHECK-SAME: %{{.*}}: i32 {kgpu.arg = #kgpu.arg<scalar, read>}
// CHECK-SAME: attributes {kgpu.kernel, kgpu.workgroup_size = array<i32: 256, 1, 1>}
func.func @saxpy(%a: f32 {kgpu.arg = #kgpu.arg<scalar, read>},
                 %x: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read>},
                 %y: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>},
                 %n: i32 {kgpu.arg = #kgpu.arg<scalar, read>})
    attributes {kgpu.kernel, kgpu.workgroup_size = array<i32: 256, 1, 1>} {
  %i = kgpu.global_id x
  %ni = arith.index_cast %n : i32 to index
  %in = arith.cmpi ult, %i, %ni : index
  scf.if %in {
    %xv = memref.load %x[%i] : memref<?xf32>
    %yv = memref.load %y[%i] : memref<?xf32>
    %t = arith.mulf %a, %xv : f32
    %r = arith.addf %t, %yv : f32
    memref.store %r, %y[%i] : memref<?xf32>
  }
  return
}

// CHECK-LABEL: func.func @out_only
// CHECK-SAME: {kgpu.arg = #kgpu.arg<buffer, write>}
func.func @out_only(%o: memref<16x16xi32> {kgpu.arg = #kgpu.arg<buffer, write>})
    attributes {kgpu.kernel} {
  return
}

// A device function and a kernel declaration (no body).
// CHECK-LABEL: func.func @helper
// CHECK-SAME: attributes {kgpu.device}
func.func @helper(%x: f32) -> f32 attributes {kgpu.device} {
  return %x : f32
}
// CHECK-LABEL: func.func private @external_kernel
func.func private @external_kernel(memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read>}) attributes {kgpu.kernel}

// A kernel that accepts any work-group size, with a default one.
// CHECK-LABEL: func.func @dynamic
// CHECK-SAME: attributes {kgpu.default_workgroup_size = array<i32: 32, 8, 1>, kgpu.kernel}
func.func @dynamic(%o: memref<?xi32> {kgpu.arg = #kgpu.arg<buffer, write>})
    attributes {kgpu.kernel, kgpu.default_workgroup_size = array<i32: 32, 8, 1>} {
  return
}
