// RUN: kgpu-opt %s --split-input-file --convert-kgpu-mma-to-loops | FileCheck %s

// Fragments become whole tiles in private memory allocated at the entry;
// each op is a loop nest over the tile; the accumulator the loop carries
// lives in a private slot (copied in before the loop and at the end of each
// iteration), so no memref is carried by scf (convert-gpu-to-cpu cannot
// spill one across a barrier).
// CHECK-LABEL: gpu.func @mma
// CHECK-DAG: %[[SLOT:.*]] = memref.alloca() : memref<16x16xf32>
// CHECK-DAG: memref.alloca() : memref<16x16xf16>
// CHECK: scf.for
// CHECK: memref.store %{{.*}}, %[[FILL:.*]][%{{.*}}] : memref<16x16xf32>
// CHECK: memref.copy %[[FILL]], %[[SLOT]]
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: memref.load %[[SLOT]]
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: memref.store %{{.*}}, %[[OUT:.*]][%{{.*}}] : memref<16x16xf32>
// CHECK: memref.copy %[[OUT]], %[[SLOT]]
// CHECK: memref.load %[[SLOT]]
// CHECK-NOT: kgpu.mma
// CHECK-NOT: iter_args({{.*}}memref
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

// An scf.if that selects a fragment copies the selected tile into the
// result's slot.
// CHECK-LABEL: gpu.func @select
// CHECK-DAG: %[[SEL:.*]] = memref.alloca() : memref<16x16xf32>
// CHECK-DAG: %[[B:.*]] = memref.alloca() : memref<16x16xf32>
// CHECK-DAG: %[[A:.*]] = memref.alloca() : memref<16x16xf32>
// CHECK: memref.store %{{.*}}, %[[A]]
// CHECK: memref.store %{{.*}}, %[[B]]
// CHECK: scf.if %{{.*}} {
// CHECK-NEXT: memref.copy %[[A]], %[[SEL]]
// CHECK-NEXT: } else {
// CHECK-NEXT: memref.copy %[[B]], %[[SEL]]
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

// -----

// scf.while (kgc's loops) carrying an accumulator across a barrier: the
// tile lives in one slot, the loop carries only the counter.
// CHECK-LABEL: gpu.func @while
// CHECK: memref.copy %{{.*}}, %[[SLOT:.*]] : memref<16x8xf32> to memref<16x8xf32>
// CHECK: scf.while (%{{.*}} = %{{.*}}) : (i32) -> i32 {
// CHECK: gpu.barrier
// CHECK: memref.load %[[SLOT]]
// CHECK: memref.copy %{{.*}}, %[[SLOT]]
// CHECK: scf.yield %{{.*}} : i32
// CHECK: memref.load %[[SLOT]]
// CHECK-NOT: kgpu.mma
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @while(%a: memref<?xf16>, %c: memref<?xf32>, %n: i32) kernel
        attributes {kgpu.workgroup_size = array<i32: 32, 1, 1>} {
      %zero = arith.constant 0.0 : f32
      %c0 = arith.constant 0 : index
      %c16 = arith.constant 16 : index
      %i0 = arith.constant 0 : i32
      %i1 = arith.constant 1 : i32
      %acc = kgpu.mma_fill %zero : f32 -> !kgpu.mma<m16n8k16, acc, f32>
      %r:2 = scf.while (%it = %acc, %i = %i0) : (!kgpu.mma<m16n8k16, acc, f32>, i32) -> (!kgpu.mma<m16n8k16, acc, f32>, i32) {
        %go = arith.cmpi slt, %i, %n : i32
        scf.condition(%go) %it, %i : !kgpu.mma<m16n8k16, acc, f32>, i32
      } do {
      ^bb0(%x: !kgpu.mma<m16n8k16, acc, f32>, %j: i32):
        gpu.barrier
        %fa = kgpu.mma_load %a[%c0] lead_dim %c16 : memref<?xf16> -> !kgpu.mma<m16n8k16, a, f16>
        %fb = kgpu.mma_load %a[%c0] lead_dim %c16 : memref<?xf16> -> !kgpu.mma<m16n8k16, b, f16>
        %d = kgpu.mma_compute %fa, %fb, %x : !kgpu.mma<m16n8k16, a, f16>, !kgpu.mma<m16n8k16, b, f16> -> !kgpu.mma<m16n8k16, acc, f32>
        %k = arith.addi %j, %i1 : i32
        scf.yield %d, %k : !kgpu.mma<m16n8k16, acc, f32>, i32
      }
      kgpu.mma_store %r#0, %c[%c0] lead_dim %c16 : !kgpu.mma<m16n8k16, acc, f32>, memref<?xf32>
      gpu.return
    }
  }
}
