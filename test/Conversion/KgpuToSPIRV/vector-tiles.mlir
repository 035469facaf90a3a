// kgpu-spirv-vector-tiles: local f16 tiles that are only filled by 16-byte
// asynchronous copies at provably aligned indices and only read as
// tensor-core fragments at provably aligned rows become arrays of
// vector<4xi32> in SPIR-V; each copy one 16-byte store (and, with an
// aligned source, one 16-byte load through a vector view of the buffer at
// the same binding); the fragments load with the stride in vectors.
// RUN: kgpu-opt %s --kgpu-spirv-vector-tiles | FileCheck %s --check-prefix=MARK
// RUN: kgpu-opt %s --kgpu-spirv-attach-target --kgpu-spirv-vector-tiles --kgpu-expand-async-copies --convert-kgpu-to-spirv | FileCheck %s

// MARK-LABEL: gpu.func @aligned
// MARK: memref.alloc() {__kgpu_vector_tile} : memref<2560xf16, 3>
// MARK: kgpu.async_copy {{.*}} {__kgpu_vector_tile = true}
// MARK: kgpu.async_copy {{.*}} {__kgpu_vector_tile = false}
// MARK: kgpu.mma_load {{.*}} {__kgpu_vector_tile}
// MARK-LABEL: gpu.func @written_source
// MARK: kgpu.async_copy {{.*}} {__kgpu_vector_tile = false}
// MARK-LABEL: gpu.func @unaligned_copy
// MARK-NOT: __kgpu_vector_tile
// MARK-LABEL: gpu.func @unaligned_row
// MARK-NOT: __kgpu_vector_tile
// MARK-LABEL: gpu.func @scalar_read
// MARK-NOT: __kgpu_vector_tile
// MARK-LABEL: gpu.func @loop_counter
// MARK: memref.alloc() {__kgpu_vector_tile}
// MARK-LABEL: gpu.func @odd_step
// MARK-NOT: __kgpu_vector_tile
// MARK: gpu.return

// CHECK-LABEL: spirv.module @{{.*}}tiles
// CHECK-DAG: spirv.GlobalVariable @__kgpu_vector_view_aligned_0_0 bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<vector<4xi32>, stride=16> [0])>, StorageBuffer>
// CHECK-DAG: spirv.GlobalVariable @__kgpu_vector_tile_{{[0-9]+}} : !spirv.ptr<!spirv.struct<(!spirv.array<320 x vector<4xi32>>)>, Workgroup>
// CHECK-LABEL: spirv.func @aligned
// The aligned copy: one vector load through the view, one vector store.
// CHECK: %[[VIEW:.*]] = spirv.mlir.addressof @__kgpu_vector_view_aligned_0_0
// CHECK: %[[SRC:.*]] = spirv.AccessChain %[[VIEW]][%{{.*}}, %{{.*}}] : {{.*}} -> !spirv.ptr<vector<4xi32>, StorageBuffer>
// CHECK: %[[V:.*]] = spirv.Load "StorageBuffer" %[[SRC]] : vector<4xi32>
// CHECK: %[[DST:.*]] = spirv.AccessChain %{{.*}}[%{{.*}}, %{{.*}}] : !spirv.ptr<!spirv.struct<(!spirv.array<320 x vector<4xi32>>)>, Workgroup>, i32, i32 -> !spirv.ptr<vector<4xi32>, Workgroup>
// CHECK: spirv.Store "Workgroup" %[[DST]], %[[V]] : vector<4xi32>
// The copy whose source index is not provably aligned: eight halves packed
// into four words.
// CHECK-COUNT-8: spirv.Load "StorageBuffer" %{{.*}} : f16
// CHECK: spirv.Bitcast %{{.*}} : vector<2xf16> to i32
// CHECK: spirv.CompositeConstruct %{{.*}} : (i32, i32, i32, i32) -> vector<4xi32>
// CHECK: spirv.Store "Workgroup" %{{.*}}, %{{.*}} : vector<4xi32>
// The fragment: 40 halves a row are 5 vectors.
// CHECK: spirv.KHR.CooperativeMatrixLoad %{{.*}}, %cst5_i32{{[_0-9]*}}, <RowMajor> : !spirv.ptr<vector<4xi32>, Workgroup>, i32 -> !spirv.coopmatrix<16x16xf16, Subgroup, MatrixA>
// CHECK-LABEL: spirv.func @unaligned_copy
// CHECK-NOT: vector<4xi32>
// CHECK: spirv.KHR.CooperativeMatrixLoad %{{.*}} : !spirv.ptr<f16, Workgroup>, i32
// CHECK-LABEL: spirv.func @loop_counter
// CHECK: spirv.KHR.CooperativeMatrixLoad {{.*}} : !spirv.ptr<vector<4xi32>, Workgroup>, i32

module attributes {gpu.container_module} {
  gpu.module @tiles {
    gpu.func @aligned(%a: memref<?xf16>, %c: memref<?xf32>, %k: i32, %n: index) kernel
        attributes {kgpu.workgroup_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c8 = arith.constant 8 : index
      %c40 = arith.constant 40 : index
      %c16i = arith.constant 16 : i32
      %tid = gpu.thread_id x
      %tile = memref.alloc() : memref<2560xf16, 3>
      // Row tid of the tile, 40 halves a row; source row tid of A, whose
      // rows are k * 16 halves (a multiple of 8) apart.
      %row = arith.muli %tid, %c40 : index
      %tid32 = arith.index_cast %tid : index to i32
      %pitch = arith.muli %k, %c16i : i32
      %src32 = arith.muli %tid32, %pitch : i32
      %src = arith.index_cast %src32 : i32 to index
      kgpu.async_copy %a[%src], %tile[%row], 8 : memref<?xf16>, memref<2560xf16, 3>
      // Source index tid * k + 8: alignment unknown.
      %odd32 = arith.muli %tid32, %k : i32
      %odd = arith.index_cast %odd32 : i32 to index
      %row8 = arith.addi %row, %c8 : index
      kgpu.async_copy %a[%odd], %tile[%row8], 8 : memref<?xf16>, memref<2560xf16, 3>
      %zero = arith.constant 0.0 : f32
      %acc = kgpu.mma_fill %zero : f32 -> !kgpu.mma<m16n16k16, acc, f32>
      %fa = kgpu.mma_load %tile[%c0] lead_dim %c40 : memref<2560xf16, 3> -> !kgpu.mma<m16n16k16, a, f16>
      %fb = kgpu.mma_load %a[%c0] lead_dim %n : memref<?xf16> -> !kgpu.mma<m16n16k16, b, f16>
      %d = kgpu.mma_compute %fa, %fb, %acc : !kgpu.mma<m16n16k16, a, f16>, !kgpu.mma<m16n16k16, b, f16> -> !kgpu.mma<m16n16k16, acc, f32>
      kgpu.mma_store %d, %c[%c0] lead_dim %n : !kgpu.mma<m16n16k16, acc, f32>, memref<?xf32>
      gpu.return
    }
    // An aligned copy from a buffer the kernel also writes: no second view
    // of it (the driver may assume different variables do not alias).
    gpu.func @written_source(%a: memref<?xf16>, %c: memref<?xf32>, %n: index) kernel
        attributes {kgpu.workgroup_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c40 = arith.constant 40 : index
      %h = arith.constant 1.0 : f16
      %tile = memref.alloc() : memref<2560xf16, 3>
      kgpu.async_copy %a[%c0], %tile[%c0], 8 : memref<?xf16>, memref<2560xf16, 3>
      memref.store %h, %a[%c40] : memref<?xf16>
      %zero = arith.constant 0.0 : f32
      %acc = kgpu.mma_fill %zero : f32 -> !kgpu.mma<m16n16k16, acc, f32>
      %fa = kgpu.mma_load %tile[%c0] lead_dim %c40 : memref<2560xf16, 3> -> !kgpu.mma<m16n16k16, a, f16>
      %fb = kgpu.mma_load %tile[%c0] lead_dim %c40 : memref<2560xf16, 3> -> !kgpu.mma<m16n16k16, b, f16>
      %d = kgpu.mma_compute %fa, %fb, %acc : !kgpu.mma<m16n16k16, a, f16>, !kgpu.mma<m16n16k16, b, f16> -> !kgpu.mma<m16n16k16, acc, f32>
      kgpu.mma_store %d, %c[%c0] lead_dim %n : !kgpu.mma<m16n16k16, acc, f32>, memref<?xf32>
      gpu.return
    }
    // A copy into the tile at a local index not provably a multiple of 8.
    gpu.func @unaligned_copy(%a: memref<?xf16>, %c: memref<?xf32>, %n: index) kernel
        attributes {kgpu.workgroup_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c40 = arith.constant 40 : index
      %tid = gpu.thread_id x
      %tile = memref.alloc() : memref<2560xf16, 3>
      kgpu.async_copy %a[%c0], %tile[%tid], 8 : memref<?xf16>, memref<2560xf16, 3>
      %zero = arith.constant 0.0 : f32
      %acc = kgpu.mma_fill %zero : f32 -> !kgpu.mma<m16n16k16, acc, f32>
      %fa = kgpu.mma_load %tile[%c0] lead_dim %c40 : memref<2560xf16, 3> -> !kgpu.mma<m16n16k16, a, f16>
      %fb = kgpu.mma_load %tile[%c0] lead_dim %c40 : memref<2560xf16, 3> -> !kgpu.mma<m16n16k16, b, f16>
      %d = kgpu.mma_compute %fa, %fb, %acc : !kgpu.mma<m16n16k16, a, f16>, !kgpu.mma<m16n16k16, b, f16> -> !kgpu.mma<m16n16k16, acc, f32>
      kgpu.mma_store %d, %c[%c0] lead_dim %n : !kgpu.mma<m16n16k16, acc, f32>, memref<?xf32>
      gpu.return
    }
    // A fragment whose first row is not provably 16-byte aligned.
    gpu.func @unaligned_row(%a: memref<?xf16>, %c: memref<?xf32>, %n: index) kernel
        attributes {kgpu.workgroup_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c4 = arith.constant 4 : index
      %c40 = arith.constant 40 : index
      %tile = memref.alloc() : memref<2560xf16, 3>
      kgpu.async_copy %a[%c0], %tile[%c0], 8 : memref<?xf16>, memref<2560xf16, 3>
      %zero = arith.constant 0.0 : f32
      %acc = kgpu.mma_fill %zero : f32 -> !kgpu.mma<m16n16k16, acc, f32>
      %fa = kgpu.mma_load %tile[%c4] lead_dim %c40 : memref<2560xf16, 3> -> !kgpu.mma<m16n16k16, a, f16>
      %fb = kgpu.mma_load %tile[%c0] lead_dim %c40 : memref<2560xf16, 3> -> !kgpu.mma<m16n16k16, b, f16>
      %d = kgpu.mma_compute %fa, %fb, %acc : !kgpu.mma<m16n16k16, a, f16>, !kgpu.mma<m16n16k16, b, f16> -> !kgpu.mma<m16n16k16, acc, f32>
      kgpu.mma_store %d, %c[%c0] lead_dim %n : !kgpu.mma<m16n16k16, acc, f32>, memref<?xf32>
      gpu.return
    }
    // A plain read of the tile keeps it an array of halves.
    gpu.func @scalar_read(%a: memref<?xf16>, %c: memref<?xf32>, %n: index) kernel
        attributes {kgpu.workgroup_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c40 = arith.constant 40 : index
      %tile = memref.alloc() : memref<2560xf16, 3>
      kgpu.async_copy %a[%c0], %tile[%c0], 8 : memref<?xf16>, memref<2560xf16, 3>
      %h = memref.load %tile[%c0] : memref<2560xf16, 3>
      memref.store %h, %a[%c0] : memref<?xf16>
      %zero = arith.constant 0.0 : f32
      %acc = kgpu.mma_fill %zero : f32 -> !kgpu.mma<m16n16k16, acc, f32>
      %fa = kgpu.mma_load %tile[%c0] lead_dim %c40 : memref<2560xf16, 3> -> !kgpu.mma<m16n16k16, a, f16>
      %fb = kgpu.mma_load %tile[%c0] lead_dim %c40 : memref<2560xf16, 3> -> !kgpu.mma<m16n16k16, b, f16>
      %d = kgpu.mma_compute %fa, %fb, %acc : !kgpu.mma<m16n16k16, a, f16>, !kgpu.mma<m16n16k16, b, f16> -> !kgpu.mma<m16n16k16, acc, f32>
      kgpu.mma_store %d, %c[%c0] lead_dim %n : !kgpu.mma<m16n16k16, acc, f32>, memref<?xf32>
      gpu.return
    }
    // kgc's loops: an scf.while counter from 0 stepping by 16 (induction).
    gpu.func @loop_counter(%a: memref<?xf16>, %c: memref<?xf32>, %n: index) kernel
        attributes {kgpu.workgroup_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c0i = arith.constant 0 : i32
      %c16i = arith.constant 16 : i32
      %c64i = arith.constant 64 : i32
      %c40 = arith.constant 40 : index
      %tile = memref.alloc() : memref<2560xf16, 3>
      %zero = arith.constant 0.0 : f32
      %acc = kgpu.mma_fill %zero : f32 -> !kgpu.mma<m16n16k16, acc, f32>
      %r:2 = scf.while (%kk = %c0i, %cc = %acc) : (i32, !kgpu.mma<m16n16k16, acc, f32>) -> (i32, !kgpu.mma<m16n16k16, acc, f32>) {
        %go = arith.cmpi slt, %kk, %c64i : i32
        scf.condition(%go) %kk, %cc : i32, !kgpu.mma<m16n16k16, acc, f32>
      } do {
      ^bb0(%kk: i32, %cc: !kgpu.mma<m16n16k16, acc, f32>):
        %i = arith.index_cast %kk : i32 to index
        kgpu.async_copy %a[%i], %tile[%i], 8 : memref<?xf16>, memref<2560xf16, 3>
        %fa = kgpu.mma_load %tile[%i] lead_dim %c40 : memref<2560xf16, 3> -> !kgpu.mma<m16n16k16, a, f16>
        %fb = kgpu.mma_load %tile[%i] lead_dim %c40 : memref<2560xf16, 3> -> !kgpu.mma<m16n16k16, b, f16>
        %d = kgpu.mma_compute %fa, %fb, %cc : !kgpu.mma<m16n16k16, a, f16>, !kgpu.mma<m16n16k16, b, f16> -> !kgpu.mma<m16n16k16, acc, f32>
        %next = arith.addi %kk, %c16i : i32
        scf.yield %next, %d : i32, !kgpu.mma<m16n16k16, acc, f32>
      }
      kgpu.mma_store %r#1, %c[%c0] lead_dim %n : !kgpu.mma<m16n16k16, acc, f32>, memref<?xf32>
      gpu.return
    }
    // The same loop stepping by 4: the counter is no multiple of 8 after the
    // first iteration.
    gpu.func @odd_step(%a: memref<?xf16>, %c: memref<?xf32>, %n: index) kernel
        attributes {kgpu.workgroup_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c0i = arith.constant 0 : i32
      %c4i = arith.constant 4 : i32
      %c64i = arith.constant 64 : i32
      %c40 = arith.constant 40 : index
      %tile = memref.alloc() : memref<2560xf16, 3>
      %zero = arith.constant 0.0 : f32
      %acc = kgpu.mma_fill %zero : f32 -> !kgpu.mma<m16n16k16, acc, f32>
      %r:2 = scf.while (%kk = %c0i, %cc = %acc) : (i32, !kgpu.mma<m16n16k16, acc, f32>) -> (i32, !kgpu.mma<m16n16k16, acc, f32>) {
        %go = arith.cmpi slt, %kk, %c64i : i32
        scf.condition(%go) %kk, %cc : i32, !kgpu.mma<m16n16k16, acc, f32>
      } do {
      ^bb0(%kk: i32, %cc: !kgpu.mma<m16n16k16, acc, f32>):
        %i = arith.index_cast %kk : i32 to index
        kgpu.async_copy %a[%i], %tile[%i], 8 : memref<?xf16>, memref<2560xf16, 3>
        %fa = kgpu.mma_load %tile[%c0] lead_dim %c40 : memref<2560xf16, 3> -> !kgpu.mma<m16n16k16, a, f16>
        %fb = kgpu.mma_load %tile[%c0] lead_dim %c40 : memref<2560xf16, 3> -> !kgpu.mma<m16n16k16, b, f16>
        %d = kgpu.mma_compute %fa, %fb, %cc : !kgpu.mma<m16n16k16, a, f16>, !kgpu.mma<m16n16k16, b, f16> -> !kgpu.mma<m16n16k16, acc, f32>
        %next = arith.addi %kk, %c4i : i32
        scf.yield %next, %d : i32, !kgpu.mma<m16n16k16, acc, f32>
      }
      kgpu.mma_store %r#1, %c[%c0] lead_dim %n : !kgpu.mma<m16n16k16, acc, f32>, memref<?xf32>
      gpu.return
    }
  }
}
