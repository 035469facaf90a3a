// RUN: kgpu-opt %s --convert-gpu-to-cpu | FileCheck %s

// kgpu atomics stay atomic (work-groups run on several threads):
// memref.atomic_rmw for the kinds it has, `sub` as an add of the negation,
// float min/max as minnumf/maxnumf, compare-and-swap as one llvm.cmpxchg on
// the element's address (floats by their bits).

// CHECK-LABEL: func.func private @atomics(
// CHECK-SAME:    %[[I:[^:]*]]: memref<?xi32>, %[[F:[^:]*]]: memref<?xf32>, %[[V:[^:]*]]: i32, %[[W:[^:]*]]: f32
//                Work-group-uniform operands are computed once per group.
// CHECK-DAG:     %[[NEG:.*]] = arith.subi %{{.*}}, %[[V]] : i32
// CHECK-DAG:     %[[NEGF:.*]] = arith.negf %[[W]] : f32
// CHECK-DAG:     %[[IP:.*]] = memref.extract_aligned_pointer_as_index %[[I]]
// CHECK-DAG:     %[[CB:.*]] = arith.bitcast %[[W]] : f32 to i32
// CHECK:         scf.for
// CHECK:           %[[OLD0:.*]] = memref.atomic_rmw addi %[[V]], %[[I]][%{{.*}}] : (i32, memref<?xi32>) -> i32
// CHECK:           memref.atomic_rmw addi %[[NEG]], %[[I]]
// CHECK:           %[[OLD2:.*]] = memref.atomic_rmw addf %[[NEGF]], %[[F]]
// CHECK:           memref.atomic_rmw maxs %[[V]], %[[I]]
// CHECK:           memref.atomic_rmw minu %[[V]], %[[I]]
// CHECK:           memref.atomic_rmw minnumf %[[W]], %[[F]]
// CHECK:           memref.atomic_rmw maxnumf %[[W]], %[[F]]
// CHECK:           memref.atomic_rmw andi %[[V]], %[[I]]
// CHECK:           memref.atomic_rmw ori %[[V]], %[[I]]
// CHECK:           memref.atomic_rmw xori %[[V]], %[[I]]
// CHECK:           memref.atomic_rmw assign %[[W]], %[[F]]
// CHECK:           %[[A:.*]] = arith.addi %[[IP]], %{{.*}} : index
// CHECK:           %[[A64:.*]] = arith.index_cast %[[A]] : index to i64
// CHECK:           %[[P:.*]] = llvm.inttoptr %[[A64]] : i64 to !llvm.ptr
// CHECK:           %[[X:.*]] = llvm.cmpxchg %[[P]], %[[V]], %[[OLD0]] acq_rel monotonic : !llvm.ptr, i32
// CHECK:           llvm.extractvalue %[[X]][0]
// CHECK:           %[[P2:.*]] = llvm.inttoptr
// CHECK:           %[[NB:.*]] = arith.bitcast %[[OLD2]] : f32 to i32
// CHECK:           %[[X2:.*]] = llvm.cmpxchg %[[P2]], %[[CB]], %[[NB]] acq_rel monotonic : !llvm.ptr, i32
// CHECK:           %[[OLD:.*]] = llvm.extractvalue %[[X2]][0]
// CHECK:           arith.bitcast %[[OLD]] : i32 to f32
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @atomics(%i: memref<?xi32>, %f: memref<?xf32>, %v: i32, %w: f32)
        kernel attributes {kgpu.workgroup_size = array<i32: 32, 1, 1>} {
      %t = gpu.thread_id x
      %0 = kgpu.atomic_rmw add %v, %i[%t] : memref<?xi32>
      %1 = kgpu.atomic_rmw sub %v, %i[%t] : memref<?xi32>
      %2 = kgpu.atomic_rmw sub %w, %f[%t] : memref<?xf32>
      %3 = kgpu.atomic_rmw max %v, %i[%t] : memref<?xi32>
      %4 = kgpu.atomic_rmw umin %v, %i[%t] : memref<?xi32>
      %5 = kgpu.atomic_rmw min %w, %f[%t] : memref<?xf32>
      %6 = kgpu.atomic_rmw max %w, %f[%t] : memref<?xf32>
      %7 = kgpu.atomic_rmw and %v, %i[%t] : memref<?xi32>
      %8 = kgpu.atomic_rmw or %v, %i[%t] : memref<?xi32>
      %9 = kgpu.atomic_rmw xor %v, %i[%t] : memref<?xi32>
      %10 = kgpu.atomic_rmw xchg %w, %f[%t] : memref<?xf32>
      %11 = kgpu.atomic_cas %v, %0, %i[%t] : memref<?xi32>
      %12 = kgpu.atomic_cas %w, %2, %f[%t] : memref<?xf32>
      gpu.return
    }
  }
}
