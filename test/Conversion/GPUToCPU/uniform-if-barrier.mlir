// RUN: kgpu-opt %s --convert-gpu-to-cpu --canonicalize | FileCheck %s

// An scf.if with a barrier under a work-group-uniform condition (here a
// kernel argument compared at group level) is hoisted: the condition is
// evaluated once per group and each branch is split at its barriers. Its
// work-item-dependent result is demoted to per-work-item memory.

// CHECK-LABEL: func.func private @uniform_if(
// CHECK-SAME:    %[[A:[^:]*]]: memref<?xf32>, %[[N:[^:]*]]: i32
// CHECK:         scf.for
// CHECK:           %[[C:.*]] = arith.cmpi sgt, %[[N]], %c0_i32
// CHECK-NEXT:      scf.if %[[C]] {
// CHECK:             scf.for %{{.*}} = %c0 to %c16
// CHECK:               memref.store
// CHECK:             scf.for %{{.*}} = %c0 to %c16
// CHECK:               memref.view
// CHECK:           } else {
// CHECK:             scf.for %{{.*}} = %c0 to %c16
// CHECK:               memref.view
// CHECK:           }
// CHECK:           scf.for %{{.*}} = %c0 to %c16
// CHECK:             memref.view
// CHECK:             memref.store %{{.*}}, %[[A]]
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @uniform_if(%a: memref<?xf32>, %n: i32) kernel
        attributes {kgpu.workgroup_size = array<i32: 16, 1, 1>} {
      %c0_i32 = arith.constant 0 : i32
      %c15 = arith.constant 15 : index
      %t = gpu.thread_id x
      %c = arith.cmpi sgt, %n, %c0_i32 : i32
      %r = scf.if %c -> (f32) {
        %x = memref.load %a[%t] : memref<?xf32>
        memref.store %x, %a[%t] : memref<?xf32>
        gpu.barrier
        %m = arith.subi %c15, %t : index
        %y = memref.load %a[%m] : memref<?xf32>
        scf.yield %y : f32
      } else {
        %z = memref.load %a[%t] : memref<?xf32>
        scf.yield %z : f32
      }
      memref.store %r, %a[%t] : memref<?xf32>
      gpu.return
    }
  }
}
