// kgpu-spirv-vector-access: four loads (or stores) of a kernel buffer at
// b + 0 .. 3 with b provably a multiple of 4 become one vector<4xT> access,
// lowered through a vector view at the buffer's binding; the view of a
// written buffer, and the buffer's own variable, are Aliased.
// RUN: kgpu-opt %s --split-input-file --kgpu-spirv-vector-access | FileCheck %s --check-prefix=VEC
// RUN: kgpu-opt %s --split-input-file --kgpu-spirv-attach-target --kgpu-spirv-vector-access --convert-kgpu-to-spirv | FileCheck %s --check-prefix=SPV
// RUN: kgpu-opt %s --split-input-file --kgpu-spirv-attach-target --kgpu-spirv-vector-access --convert-kgpu-to-spirv --kgpu-spirv-split-kernels | kgpu-opt --split-input-file --pass-pipeline='builtin.module(spirv.module(spirv-lower-abi-attrs,kgpu-spirv-alias-views))' | FileCheck %s --check-prefix=ALIAS

// The body of a parallel loop lowered four iterations per step (saxpy).
// VEC-LABEL: gpu.func @saxpy
// VEC: scf.for %[[V:.*]] =
// VEC: %[[B:.*]] = arith.muli %[[V]], %c4
// VEC: %[[X:.*]] = vector.load %arg2[%[[B]]] {__kgpu_vector_view = false} : memref<?xf32>, vector<4xf32>
// VEC-COUNT-4: vector.extract %[[X]]
// VEC: %[[Y:.*]] = vector.load %arg3[%[[B]]] {__kgpu_vector_view = true} : memref<?xf32>, vector<4xf32>
// VEC: %[[S:.*]] = vector.from_elements
// VEC: vector.store %[[S]], %arg3[%[[B]]] {__kgpu_vector_view = true} : memref<?xf32>, vector<4xf32>
// VEC-NOT: memref.store
// VEC: } {kgpu.grid_stride}
// The tail stays scalar.
// VEC: scf.for
// VEC: memref.load %arg2
// VEC: memref.store

// SPV-LABEL: spirv.module @{{.*}}
// SPV-DAG: spirv.GlobalVariable @__kgpu_vector_view_saxpy_0_2_f32 bind(0, 2) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<vector<4xf32>, stride=16> [0])>, StorageBuffer>
// SPV-DAG: spirv.GlobalVariable @__kgpu_vector_view_saxpy_0_3_f32 bind(0, 3) {aliased} : !spirv.ptr<!spirv.struct<(!spirv.rtarray<vector<4xf32>, stride=16> [0])>, StorageBuffer>
// SPV-LABEL: spirv.func @saxpy
// SPV: spirv.mlir.addressof @__kgpu_vector_view_saxpy_0_2_f32
// SPV: spirv.ShiftRightLogical
// SPV: spirv.Load "StorageBuffer" %{{.*}} : vector<4xf32>
// SPV: spirv.CompositeExtract %{{.*}}[0 : i32] : vector<4xf32>
// SPV: spirv.CompositeExtract %{{.*}}[3 : i32] : vector<4xf32>
// SPV: spirv.Load "StorageBuffer" %{{.*}} : vector<4xf32>
// SPV: spirv.CompositeConstruct %{{.*}} : (f32, f32, f32, f32) -> vector<4xf32>
// SPV: spirv.Store "StorageBuffer" %{{.*}}, %{{.*}} : vector<4xf32>
// The tail: elements.
// SPV: spirv.Load "StorageBuffer" %{{.*}} : f32

// ALIAS-DAG: spirv.GlobalVariable @__kgpu_vector_view_saxpy_0_3_f32 bind(0, 3) {aliased}
// ALIAS-DAG: spirv.GlobalVariable @saxpy_arg_3 bind(0, 3) {aliased}
// ALIAS-DAG: spirv.GlobalVariable @__kgpu_vector_view_saxpy_0_2_f32 bind(0, 2) :
// ALIAS-DAG: spirv.GlobalVariable @saxpy_arg_2 bind(0, 2) :
// ALIAS-DAG: spirv.GlobalVariable @scalar_arg_1 bind(0, 1) :

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @saxpy(%n: i32, %a: f32, %x: memref<?xf32>, %y: memref<?xf32>) kernel
        attributes {kgpu.workgroup_size = array<i32: 256, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %dim = gpu.block_dim x
      %grid = gpu.grid_dim x
      %t0 = arith.muli %bid, %dim : index
      %start = arith.addi %t0, %tid : index
      %stride = arith.muli %grid, %dim : index
      %n0 = arith.index_cast %n : i32 to index
      %vectors = arith.divsi %n0, %c4 : index
      scf.for %v = %start to %vectors step %stride {
        %b = arith.muli %v, %c4 : index
        %i1 = arith.addi %b, %c1 : index
        %i2 = arith.addi %b, %c2 : index
        %i3 = arith.addi %b, %c3 : index
        %x0 = memref.load %x[%b] : memref<?xf32>
        %x1 = memref.load %x[%i1] : memref<?xf32>
        %x2 = memref.load %x[%i2] : memref<?xf32>
        %x3 = memref.load %x[%i3] : memref<?xf32>
        %m0 = arith.mulf %a, %x0 : f32
        %m1 = arith.mulf %a, %x1 : f32
        %m2 = arith.mulf %a, %x2 : f32
        %m3 = arith.mulf %a, %x3 : f32
        %y0 = memref.load %y[%b] : memref<?xf32>
        %y1 = memref.load %y[%i1] : memref<?xf32>
        %y2 = memref.load %y[%i2] : memref<?xf32>
        %y3 = memref.load %y[%i3] : memref<?xf32>
        %s0 = arith.addf %m0, %y0 : f32
        %s1 = arith.addf %m1, %y1 : f32
        %s2 = arith.addf %m2, %y2 : f32
        %s3 = arith.addf %m3, %y3 : f32
        memref.store %s0, %y[%b] : memref<?xf32>
        memref.store %s1, %y[%i1] : memref<?xf32>
        memref.store %s2, %y[%i2] : memref<?xf32>
        memref.store %s3, %y[%i3] : memref<?xf32>
      } {kgpu.grid_stride}
      %done = arith.muli %vectors, %c4 : index
      %rest = arith.addi %done, %start : index
      scf.for %i = %rest to %n0 step %stride {
        %xi = memref.load %x[%i] : memref<?xf32>
        %mi = arith.mulf %a, %xi : f32
        %yi = memref.load %y[%i] : memref<?xf32>
        %si = arith.addf %mi, %yi : f32
        memref.store %si, %y[%i] : memref<?xf32>
      } {kgpu.grid_stride}
      gpu.return
    }
  }
}

// -----

// What stays scalar: a base not known to be a multiple of 4; a store
// between the loads; a barrier between the stores; lanes stored twice; a
// buffer passed to an atomic; 64-bit elements.
// VEC-LABEL: gpu.func @scalar
// VEC-NOT: vector.
// VEC: gpu.return
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @scalar(%x: memref<?xf32>, %y: memref<?xf32>, %z: memref<?xi32>,
                     %w: memref<?xi64>, %b: index) kernel
        attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %one = arith.constant 1 : i32
      %f = arith.constant 1.0 : f32
      %i1 = arith.addi %b, %c1 : index
      %i2 = arith.addi %b, %c2 : index
      %i3 = arith.addi %b, %c3 : index
      // Unknown alignment.
      %u0 = memref.load %x[%b] : memref<?xf32>
      %u1 = memref.load %x[%i1] : memref<?xf32>
      %u2 = memref.load %x[%i2] : memref<?xf32>
      %u3 = memref.load %x[%i3] : memref<?xf32>
      %a = arith.muli %b, %c4 : index
      %a1 = arith.addi %a, %c1 : index
      %a2 = arith.addi %a, %c2 : index
      %a3 = arith.addi %a, %c3 : index
      // A store between the loads.
      %l0 = memref.load %y[%a] : memref<?xf32>
      %l1 = memref.load %y[%a1] : memref<?xf32>
      memref.store %u0, %x[%a] : memref<?xf32>
      %l2 = memref.load %y[%a2] : memref<?xf32>
      %l3 = memref.load %y[%a3] : memref<?xf32>
      // A barrier between the stores.
      memref.store %l0, %y[%a] : memref<?xf32>
      memref.store %l1, %y[%a1] : memref<?xf32>
      gpu.barrier
      memref.store %l2, %y[%a2] : memref<?xf32>
      memref.store %l3, %y[%a3] : memref<?xf32>
      // The same lane twice.
      memref.store %u1, %x[%a] : memref<?xf32>
      memref.store %u2, %x[%a1] : memref<?xf32>
      memref.store %u3, %x[%a1] : memref<?xf32>
      memref.store %u3, %x[%a2] : memref<?xf32>
      // An atomic on the buffer.
      %z0 = memref.load %z[%a] : memref<?xi32>
      %z1 = memref.load %z[%a1] : memref<?xi32>
      %z2 = memref.load %z[%a2] : memref<?xi32>
      %z3 = memref.load %z[%a3] : memref<?xi32>
      %old = kgpu.atomic_rmw add %one, %z[%a] : memref<?xi32>
      // 64-bit elements.
      %w0 = memref.load %w[%a] : memref<?xi64>
      %w1 = memref.load %w[%a1] : memref<?xi64>
      %w2 = memref.load %w[%a2] : memref<?xi64>
      %w3 = memref.load %w[%a3] : memref<?xi64>
      gpu.return
    }
  }
}
