// RUN: kgpu-opt %s --split-input-file --convert-kgpu-mma-to-loops | FileCheck %s

// Fragments become whole tiles in private memory allocated at the entry;
// each op is a loop nest over the tile; the accumulator is carried by scf.
// CHECK-LABEL: gpu.func @mma
// CHECK-DAG: memref.alloca() : memref<16x16xf32>
// CHECK-DAG: memref.alloca() : memref<16x16xf16>
// CHECK: scf.for
// CHECK: memref.store %{{.*}} : memref<16x16xf32>
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %{{.*}}) -> (memref<16x16xf32>)
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK-NOT: kgpu.mma
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @mma(%a: memref<?xf16>, %b: memref<?xf16>, %c: memref<?xf32>, %n: index) kernel
        attributes {kgpu.workgroup_size = array<i32: 32, 1, 1>} {
      %zero = arith.constant 0.0 : f32
      %c0 = arith.constant 0 : index
      %c16 = arith.constant 16 : index
      %acc = kgpu.mma_fill %zero : f32 -> !kgpu.mma<m16n16k16, acc, f32>
      %r = scf.for %k = %c0 to %n step %c16 iter_args(%it = %acc) -> (!kgpu.mma<m16n16k16, acc, f32>) {
        %fa = kgpu.mma_load %a[%k] lead_dim %n : memref<?xf16> -> !kgpu.mma<m16n16k16, a, f16>
        %fb = kgpu.mma_load %b[%k] lead_dim %n : memref<?xf16> -> !kgpu.mma<m16n16k16, b, f16>
        %d = kgpu.mma_compute %fa, %fb, %it : !kgpu.mma<m16n16k16, a, f16>, !kgpu.mma<m16n16k16, b, f16> -> !kgpu.mma<m16n16k16, acc, f32>
        scf.yield %d : !kgpu.mma<m16n16k16, acc, f32>
      }
      kgpu.mma_store %r, %c[%c0] lead_dim %n : !kgpu.mma<m16n16k16, acc, f32>, memref<?xf32>
      gpu.return
    }
  }
}

// -----

// An scf.if that selects a fragment selects the tile (the fragment
// conversion is structural for every scf op).
// CHECK-LABEL: gpu.func @select
// CHECK-DAG: %[[A:.*]] = memref.alloca() : memref<16x16xf32>
// CHECK-DAG: %[[B:.*]] = memref.alloca() : memref<16x16xf32>
// CHECK: %[[SEL:.*]] = scf.if %{{.*}} -> (memref<16x16xf32>)
// CHECK-NEXT: scf.yield %{{.*}} : memref<16x16xf32>
// CHECK: scf.yield %{{.*}} : memref<16x16xf32>
// CHECK: memref.load %[[SEL]]
// CHECK-NOT: kgpu.mma
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @select(%c: memref<?xf32>, %n: index, %flag: i1) kernel
        attributes {kgpu.workgroup_size = array<i32: 32, 1, 1>} {
      %zero = arith.constant 0.0 : f32
      %one = arith.constant 1.0 : f32
      %c0 = arith.constant 0 : index
      %x = kgpu.mma_fill %zero : f32 -> !kgpu.mma<m16n16k16, acc, f32>
      %y = kgpu.mma_fill %one : f32 -> !kgpu.mma<m16n16k16, acc, f32>
      %s = scf.if %flag -> (!kgpu.mma<m16n16k16, acc, f32>) {
        scf.yield %x : !kgpu.mma<m16n16k16, acc, f32>
      } else {
        scf.yield %y : !kgpu.mma<m16n16k16, acc, f32>
      }
      kgpu.mma_store %s, %c[%c0] lead_dim %n : !kgpu.mma<m16n16k16, acc, f32>, memref<?xf32>
      gpu.return
    }
  }
}
