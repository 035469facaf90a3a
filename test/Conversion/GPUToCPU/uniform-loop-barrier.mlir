// RUN: kgpu-opt %s --convert-gpu-to-cpu --canonicalize | FileCheck %s

// An scf.for with a barrier and uniform bounds is hoisted out of the
// work-item loops (interchanged) and its body split recursively. Its uniform
// iter_arg stays an iter_arg (and its update runs once per group); the
// work-item-dependent one is demoted to per-work-item memory (a private 0-d
// slot, one element per work-item through memref.view).

// CHECK-LABEL: func.func private @uniform_loop(
// CHECK-SAME:    %[[A:[^:]*]]: memref<?xi32>, %[[N:[^:]*]]: index
// CHECK-DAG:     %[[BUF:.*]] = memref.alloca() {alignment = 64 : i64} : memref<512xi8>
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK:         scf.for %{{.*}} = {{.*}} {
// CHECK:           scf.for %[[T:.*]] = %c0 to %c128
// CHECK:             %[[OFF:.*]] = arith.muli %[[T]], %[[C4]]
// CHECK:             %[[V:.*]] = memref.view %[[BUF]][%[[OFF]]][] : memref<512xi8> to memref<i32>
// CHECK:             memref.store %{{.*}}, %[[V]][] : memref<i32>
// CHECK:           %[[R:.*]] = scf.for %[[K:.*]] = %c0 to %[[N]] step %c1 iter_args(%[[U:.*]] = %c0_i32) -> (i32) {
// CHECK:             scf.for %[[T1:.*]] = %c0 to %c128
// CHECK:               memref.view %[[BUF]]
// CHECK:               memref.store
// CHECK:             }
// CHECK-NOT:         gpu.barrier
// CHECK:             %[[U2:.*]] = arith.addi %[[U]], %c1_i32
// CHECK:             scf.for %[[T2:.*]] = %c0 to %c128
// CHECK:               memref.load
// CHECK:               memref.view %[[BUF]]
// CHECK:             }
// CHECK:             scf.yield %[[U2]] : i32
// CHECK:           }
// CHECK:           scf.for %[[T3:.*]] = %c0 to %c128
// CHECK:             memref.view %[[BUF]]
// CHECK:             arith.addi %{{.*}}, %[[R]]
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @uniform_loop(%a: memref<?xi32>, %n: index) kernel
        attributes {kgpu.workgroup_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c0_i32 = arith.constant 0 : i32
      %c1_i32 = arith.constant 1 : i32
      %t = gpu.thread_id x
      %x = memref.load %a[%t] : memref<?xi32>
      %r:2 = scf.for %k = %c0 to %n step %c1
          iter_args(%acc = %x, %u = %c0_i32) -> (i32, i32) {
        memref.store %acc, %a[%t] : memref<?xi32>
        gpu.barrier
        %o = memref.load %a[%c0] : memref<?xi32>
        %acc2 = arith.addi %acc, %o : i32
        %u2 = arith.addi %u, %c1_i32 : i32
        scf.yield %acc2, %u2 : i32, i32
      }
      %s = arith.addi %r#0, %r#1 : i32
      memref.store %s, %a[%t] : memref<?xi32>
      gpu.return
    }
  }
}
