// RUN: kgpu-opt %s --kgpu-prepare-nvvm | FileCheck %s

// Tensor-core ops become nvvm.wmma.* on the LLVM structs of their fragments
// (the WMMA lowering's fragment conversion); scf.for and scf.if that carry a
// fragment are converted structurally, with the struct type.
// CHECK-LABEL: gpu.func @mma
// CHECK: %[[FILL:.*]] = llvm.insertvalue %{{.*}}[7] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
// CHECK: %[[LOOP:.*]] = scf.for %{{.*}} iter_args(%[[ACC:.*]] = %[[FILL]]) -> (!llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>)
// CHECK: nvvm.wmma.load {{.*}}frag = #nvvm.mma_frag<a>{{.*}} -> !llvm.struct<(vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>)>
// CHECK: nvvm.wmma.load {{.*}}frag = #nvvm.mma_frag<b>
// CHECK: llvm.extractvalue %[[ACC]][0]
// CHECK: %[[MMA:.*]] = nvvm.wmma.mma
// CHECK: scf.yield %[[MMA]] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
// CHECK: %[[SEL:.*]] = scf.if %{{.*}} -> (!llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>)
// CHECK-NEXT: scf.yield %[[LOOP]]
// CHECK: scf.yield %[[FILL]]
// CHECK: llvm.extractvalue %[[SEL]][7]
// CHECK: nvvm.wmma.store
// CHECK-NOT: kgpu.mma
// CHECK-NOT: !kgpu.mma
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @mma(%a: memref<?xf16>, %b: memref<?xf16>, %c: memref<?xf32>, %n: index, %flag: i1) kernel {
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
      %s = scf.if %flag -> (!kgpu.mma<m16n16k16, acc, f32>) {
        scf.yield %r : !kgpu.mma<m16n16k16, acc, f32>
      } else {
        scf.yield %acc : !kgpu.mma<m16n16k16, acc, f32>
      }
      kgpu.mma_store %s, %c[%c0] lead_dim %n : !kgpu.mma<m16n16k16, acc, f32>, memref<?xf32>
      gpu.return
    }
  }
}
