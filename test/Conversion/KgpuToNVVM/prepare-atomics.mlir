// kgpu atomics become memref atomics (sub adds the negation, xchg assigns,
// float min is IEEE minimum); an integer CAS a generic atomic, a float CAS
// one llvm.cmpxchg of its bits on the element's address in the memref's
// address space (upstream's generic atomic of f32 is an invalid cmpxchg).
// RUN: kgpu-opt %s --kgpu-prepare-nvvm | FileCheck %s

// CHECK-LABEL: gpu.func @k
// CHECK: memref.atomic_rmw addf
// CHECK: memref.atomic_rmw addi %c-2_i32
// CHECK: memref.atomic_rmw minimumf
// CHECK: memref.atomic_rmw assign
// CHECK: memref.atomic_rmw maxu
// CHECK: %[[P:.*]] = llvm.inttoptr %{{.*}} : i64 to !llvm.ptr
// CHECK: llvm.cmpxchg %[[P]], %c1065353216_i32, %c1065353216_i32 acq_rel monotonic : !llvm.ptr, i32
// CHECK: memref.generic_atomic_rmw
// CHECK: arith.cmpi eq
// CHECK: memref.atomic_yield
// CHECK: llvm.inttoptr %{{.*}} : i64 to !llvm.ptr<3>
// CHECK: llvm.cmpxchg %{{.*}} : !llvm.ptr<3>, i64
// CHECK-NOT: kgpu.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%f: memref<?xf32>, %i: memref<?xi32>,
                %l: memref<8xf64, 3>) kernel {
      %c0 = arith.constant 0 : index
      %one = arith.constant 1.0 : f32
      %two = arith.constant 2 : i32
      %0 = kgpu.atomic_rmw add %one, %f[%c0] : memref<?xf32>
      %1 = kgpu.atomic_rmw sub %two, %i[%c0] : memref<?xi32>
      %2 = kgpu.atomic_rmw min %one, %f[%c0] : memref<?xf32>
      %3 = kgpu.atomic_rmw xchg %two, %i[%c0] : memref<?xi32>
      %4 = kgpu.atomic_rmw umax %two, %i[%c0] : memref<?xi32>
      %5 = kgpu.atomic_cas %one, %one, %f[%c0] : memref<?xf32>
      %five = arith.constant 5 : i32
      %6 = kgpu.atomic_cas %two, %five, %i[%c0] : memref<?xi32>
      %d = arith.constant 2.0 : f64
      %7 = kgpu.atomic_cas %d, %d, %l[%c0] : memref<8xf64, 3>
      gpu.return
    }
  }
}
