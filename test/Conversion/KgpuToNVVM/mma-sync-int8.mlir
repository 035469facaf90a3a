// RUN: kgpu-opt %s --kgpu-prepare-nvvm | FileCheck %s

// m16n8k32 with i8 inputs on CUDA: nvvm.mma.sync on s8 (signed products,
// wrapping s32 sums, as on the CPU and Vulkan), a lane's `a` in four and
// its `b` in two 32-bit registers of four bytes each, its i32 accumulator
// in four. From local memory, a row-major `a` is one ldmatrix.x4 and a
// column-major `b` one ldmatrix.x2 (16-byte rows of 16 bytes each) where
// the tile is 16-byte aligned, else element by element; the accumulator is
// stored as pairs where the rows are 8-byte aligned.
// CHECK-LABEL: gpu.func @local
// CHECK: %[[A:.*]] = scf.if %{{.*}} -> (!llvm.struct<(vector<4xi8>, vector<4xi8>, vector<4xi8>, vector<4xi8>)>)
// CHECK: nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>
// CHECK: llvm.bitcast %{{.*}} : i32 to vector<4xi8>
// CHECK: } else {
// CHECK-COUNT-16: llvm.load %{{.*}} {alignment = 1 : i64} : !llvm.ptr<3> -> i8
// CHECK: %[[B:.*]] = scf.if %{{.*}} -> (!llvm.struct<(vector<4xi8>, vector<4xi8>)>)
// CHECK: nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 2 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32)>
// CHECK: } else {
// CHECK-COUNT-8: llvm.load %{{.*}} {alignment = 1 : i64} : !llvm.ptr<3> -> i8
// CHECK: llvm.bitcast %{{.*}} : vector<4xi8> to i32
// CHECK: %[[D:.*]] = nvvm.mma.sync A[{{.*}}] B[{{.*}}] C[{{.*}}] {intOverflowBehavior = #nvvm.mma_int_overflow<wrapped>, layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<s8>, multiplicandBPtxType = #nvvm.mma_type<s8>, shape = #nvvm.shape<m = 16, n = 8, k = 32>} : (i32, i32, i32) -> !llvm.struct<(i32, i32, i32, i32)>
// CHECK: scf.if
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 8 : i64} : vector<2xi32>, !llvm.ptr<1>
// CHECK: } else {
// CHECK-COUNT-4: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : i32, !llvm.ptr<1>
// CHECK-NOT: kgpu.mma
// CHECK-NOT: !kgpu.mma
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @local(%c: memref<?xi32>, %n: index) kernel {
      %zero = arith.constant 0 : i32
      %c0 = arith.constant 0 : index
      %c32 = arith.constant 32 : index
      %sa = memref.alloc() : memref<512xi8, 3>
      %sb = memref.alloc() : memref<256xi8, 3>
      %acc = kgpu.mma_fill %zero : i32 -> !kgpu.mma<m16n8k32, acc, i32>
      %fa = kgpu.mma_load %sa[%c0] lead_dim %c32 : memref<512xi8, 3> -> !kgpu.mma<m16n8k32, a, i8>
      %fb = kgpu.mma_load %sb[%c0] lead_dim %c32 col_major : memref<256xi8, 3> -> !kgpu.mma<m16n8k32, b, i8>
      %d = kgpu.mma_compute %fa, %fb, %acc : !kgpu.mma<m16n8k32, a, i8>, !kgpu.mma<m16n8k32, b, i8> -> !kgpu.mma<m16n8k32, acc, i32>
      kgpu.mma_store %d, %c[%c0] lead_dim %n : !kgpu.mma<m16n8k32, acc, i32>, memref<?xi32>
      gpu.return
    }

    // From global memory, and the transposed orders from local memory
    // (ldmatrix transposes 16-bit elements only): element by element, each
    // lane's bytes at PTX's places (a: row g + 8 (r & 1), column
    // 4t + h + 16 (r >> 1); b: row 4t + h + 16 r, column g); the
    // accumulator loaded and stored column-major element by element.
    // CHECK-LABEL: gpu.func @global
    // CHECK-NOT: nvvm.ldmatrix
    // CHECK-COUNT-16: llvm.load %{{.*}} {alignment = 1 : i64} : !llvm.ptr<1> -> i8
    // CHECK-COUNT-8: llvm.load %{{.*}} {alignment = 1 : i64} : !llvm.ptr<1> -> i8
    // CHECK-COUNT-4: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<1> -> i32
    // CHECK-COUNT-16: llvm.load %{{.*}} {alignment = 1 : i64} : !llvm.ptr<3> -> i8
    // CHECK-COUNT-8: llvm.load %{{.*}} {alignment = 1 : i64} : !llvm.ptr<3> -> i8
    // CHECK-NOT: nvvm.ldmatrix
    // CHECK: nvvm.mma.sync {{.*}}shape = #nvvm.shape<m = 16, n = 8, k = 32>
    // CHECK: nvvm.mma.sync {{.*}}shape = #nvvm.shape<m = 16, n = 8, k = 32>
    // CHECK-COUNT-4: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : i32, !llvm.ptr<1>
    // CHECK-NOT: llvm.store
    gpu.func @global(%a: memref<?xi8>, %b: memref<?xi8>, %c: memref<?xi32>, %n: index) kernel {
      %c0 = arith.constant 0 : index
      %c32 = arith.constant 32 : index
      %fa = kgpu.mma_load %a[%c0] lead_dim %n : memref<?xi8> -> !kgpu.mma<m16n8k32, a, i8>
      %fb = kgpu.mma_load %b[%c0] lead_dim %n col_major : memref<?xi8> -> !kgpu.mma<m16n8k32, b, i8>
      %acc = kgpu.mma_load %c[%c0] lead_dim %n : memref<?xi32> -> !kgpu.mma<m16n8k32, acc, i32>
      %sa = memref.alloc() : memref<512xi8, 3>
      %sb = memref.alloc() : memref<256xi8, 3>
      %ta = kgpu.mma_load %sa[%c0] lead_dim %c32 col_major : memref<512xi8, 3> -> !kgpu.mma<m16n8k32, a, i8>
      %tb = kgpu.mma_load %sb[%c0] lead_dim %c32 : memref<256xi8, 3> -> !kgpu.mma<m16n8k32, b, i8>
      %d = kgpu.mma_compute %fa, %fb, %acc : !kgpu.mma<m16n8k32, a, i8>, !kgpu.mma<m16n8k32, b, i8> -> !kgpu.mma<m16n8k32, acc, i32>
      %e = kgpu.mma_compute %ta, %tb, %d : !kgpu.mma<m16n8k32, a, i8>, !kgpu.mma<m16n8k32, b, i8> -> !kgpu.mma<m16n8k32, acc, i32>
      kgpu.mma_store %e, %c[%c0] lead_dim %n col_major : !kgpu.mma<m16n8k32, acc, i32>, memref<?xi32>
      gpu.return
    }

    // m16n8k16 with i8 inputs: a in two registers (ldmatrix.x2), b in one
    // (x1).
    // CHECK-LABEL: gpu.func @k16
    // CHECK: nvvm.ldmatrix {{.*}}num = 2 : i32{{.*}} -> !llvm.struct<(i32, i32)>
    // CHECK: nvvm.ldmatrix {{.*}}num = 1 : i32{{.*}} -> i32
    // CHECK: nvvm.mma.sync A[{{.*}}] B[{{.*}}] C[{{.*}}] {intOverflowBehavior = #nvvm.mma_int_overflow<wrapped>, {{.*}}multiplicandAPtxType = #nvvm.mma_type<s8>, multiplicandBPtxType = #nvvm.mma_type<s8>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, i32) -> !llvm.struct<(i32, i32, i32, i32)>
    gpu.func @k16(%c: memref<?xi32>, %n: index) kernel {
      %zero = arith.constant 0 : i32
      %c0 = arith.constant 0 : index
      %c16 = arith.constant 16 : index
      %sa = memref.alloc() : memref<256xi8, 3>
      %sb = memref.alloc() : memref<128xi8, 3>
      %acc = kgpu.mma_fill %zero : i32 -> !kgpu.mma<m16n8k16, acc, i32>
      %fa = kgpu.mma_load %sa[%c0] lead_dim %c16 : memref<256xi8, 3> -> !kgpu.mma<m16n8k16, a, i8>
      %fb = kgpu.mma_load %sb[%c0] lead_dim %c16 col_major : memref<128xi8, 3> -> !kgpu.mma<m16n8k16, b, i8>
      %d = kgpu.mma_compute %fa, %fb, %acc : !kgpu.mma<m16n8k16, a, i8>, !kgpu.mma<m16n8k16, b, i8> -> !kgpu.mma<m16n8k16, acc, i32>
      kgpu.mma_store %d, %c[%c0] lead_dim %n : !kgpu.mma<m16n8k16, acc, i32>, memref<?xi32>
      gpu.return
    }
  }
}
