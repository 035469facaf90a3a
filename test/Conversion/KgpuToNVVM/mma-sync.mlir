// RUN: kgpu-opt %s --kgpu-prepare-nvvm | FileCheck %s

// m16n8k16 on CUDA: mma.sync on PTX's per-lane fragments. `a` and `b` from
// local memory come through ldmatrix (x4 for a, x2.trans for a row-major b)
// when the tile is 16-byte aligned, else element by element; from global
// memory element by element; the f32 accumulator is stored as pairs where
// the rows are 8-byte aligned.
// CHECK-LABEL: gpu.func @f16
// CHECK: %[[FILL:.*]] = llvm.insertvalue %{{.*}}[3] : !llvm.struct<(f32, f32, f32, f32)>
// CHECK: scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[FILL]]) -> (!llvm.struct<(f32, f32, f32, f32)>)
// CHECK: %[[A:.*]] = scf.if %{{.*}} -> (!llvm.struct<(vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>)>)
// CHECK: nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>
// CHECK: llvm.bitcast %{{.*}} : i32 to vector<2xf16>
// CHECK: } else {
// CHECK-COUNT-8: llvm.load %{{.*}} {alignment = 2 : i64} : !llvm.ptr<3> -> f16
// CHECK: %[[B:.*]] = scf.if %{{.*}} -> (!llvm.struct<(vector<2xf16>, vector<2xf16>)>)
// CHECK: nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<col>, num = 2 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32)>
// CHECK: %[[D:.*]] = nvvm.mma.sync A[{{.*}}] B[{{.*}}] C[{{.*}}] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (vector<2xf16>, vector<2xf16>, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK: scf.yield %[[D]]
// CHECK: scf.if
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 8 : i64} : vector<2xf32>, !llvm.ptr<1>
// CHECK: } else {
// CHECK-COUNT-4: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<1>
// CHECK-NOT: kgpu.mma
// CHECK-NOT: !kgpu.mma
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @f16(%c: memref<?xf32>, %n: index) kernel {
      %zero = arith.constant 0.0 : f32
      %c0 = arith.constant 0 : index
      %c16 = arith.constant 16 : index
      %sa = memref.alloc() : memref<16x24xf16, 3>
      %sb = memref.alloc() : memref<16x16xf16, 3>
      %acc = kgpu.mma_fill %zero : f32 -> !kgpu.mma<m16n8k16, acc, f32>
      %r = scf.for %k = %c0 to %n step %c16 iter_args(%it = %acc) -> (!kgpu.mma<m16n8k16, acc, f32>) {
        %fa = kgpu.mma_load %sa[%c0, %c0] : memref<16x24xf16, 3> -> !kgpu.mma<m16n8k16, a, f16>
        %fb = kgpu.mma_load %sb[%c0, %c0] : memref<16x16xf16, 3> -> !kgpu.mma<m16n8k16, b, f16>
        %d = kgpu.mma_compute %fa, %fb, %it : !kgpu.mma<m16n8k16, a, f16>, !kgpu.mma<m16n8k16, b, f16> -> !kgpu.mma<m16n8k16, acc, f32>
        scf.yield %d : !kgpu.mma<m16n8k16, acc, f32>
      }
      kgpu.mma_store %r, %c[%c0] lead_dim %n : !kgpu.mma<m16n8k16, acc, f32>, memref<?xf32>
      gpu.return
    }

    // bf16 from global memory, a column-major: element loads (no ldmatrix);
    // PTX takes the bf16 pairs as i32 registers.
    // CHECK-LABEL: gpu.func @bf16
    // CHECK-NOT: nvvm.ldmatrix
    // CHECK: llvm.load %{{.*}} {alignment = 2 : i64} : !llvm.ptr<1> -> bf16
    // CHECK: llvm.bitcast %{{.*}} : vector<2xbf16> to i32
    // CHECK: nvvm.mma.sync A[{{.*}}] B[{{.*}}] C[{{.*}}] {{{.*}}multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
    gpu.func @bf16(%a: memref<?xbf16>, %b: memref<?xbf16>, %c: memref<?xf32>, %n: index) kernel {
      %zero = arith.constant 0.0 : f32
      %c0 = arith.constant 0 : index
      %acc = kgpu.mma_fill %zero : f32 -> !kgpu.mma<m16n8k16, acc, f32>
      %fa = kgpu.mma_load %a[%c0] lead_dim %n col_major : memref<?xbf16> -> !kgpu.mma<m16n8k16, a, bf16>
      %fb = kgpu.mma_load %b[%c0] lead_dim %n : memref<?xbf16> -> !kgpu.mma<m16n8k16, b, bf16>
      %d = kgpu.mma_compute %fa, %fb, %acc : !kgpu.mma<m16n8k16, a, bf16>, !kgpu.mma<m16n8k16, b, bf16> -> !kgpu.mma<m16n8k16, acc, f32>
      kgpu.mma_store %d, %c[%c0] lead_dim %n : !kgpu.mma<m16n8k16, acc, f32>, memref<?xf32>
      gpu.return
    }
  }
}
