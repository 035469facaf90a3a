// kgpu atomics become memref atomics (sub adds the negation, xchg assigns,
// float min is IEEE minimum), CAS a generic atomic with a bitwise compare.
// RUN: kgpu-opt %s --kgpu-prepare-nvvm | FileCheck %s

// CHECK-LABEL: gpu.func @k
// CHECK: memref.atomic_rmw addf
// CHECK: memref.atomic_rmw addi %c-2_i32
// CHECK: memref.atomic_rmw minimumf
// CHECK: memref.atomic_rmw assign
// CHECK: memref.atomic_rmw maxu
// CHECK: memref.generic_atomic_rmw
// CHECK: arith.bitcast
// CHECK: arith.cmpi eq
// CHECK: memref.atomic_yield
// CHECK-NOT: kgpu.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%f: memref<?xf32>, %i: memref<?xi32>) kernel {
      %c0 = arith.constant 0 : index
      %one = arith.constant 1.0 : f32
      %two = arith.constant 2 : i32
      %0 = kgpu.atomic_rmw add %one, %f[%c0] : memref<?xf32>
      %1 = kgpu.atomic_rmw sub %two, %i[%c0] : memref<?xi32>
      %2 = kgpu.atomic_rmw min %one, %f[%c0] : memref<?xf32>
      %3 = kgpu.atomic_rmw xchg %two, %i[%c0] : memref<?xi32>
      %4 = kgpu.atomic_rmw umax %two, %i[%c0] : memref<?xi32>
      %5 = kgpu.atomic_cas %one, %one, %f[%c0] : memref<?xf32>
      gpu.return
    }
  }
}
