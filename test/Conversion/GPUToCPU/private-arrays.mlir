// RUN: kgpu-opt %s --convert-gpu-to-cpu --canonicalize | FileCheck %s

// A private array used on both sides of a barrier gets storage per
// work-item: one i8 buffer, and a memref.view of the array's type at the
// work-item's offset. One used between two barriers only keeps a single
// buffer that the work-items reuse one after the other.

// CHECK-LABEL: func.func private @private_arrays(
// CHECK-DAG:     %[[SHARED:.*]] = memref.alloca() {alignment = 64 : i64} : memref<1024xi8>
// CHECK-DAG:     %[[LOCAL:.*]] = memref.alloca() : memref<2xi32>
// CHECK-DAG:     %[[C16:.*]] = arith.constant 16 : index
// CHECK:         scf.for
// CHECK:           scf.for %[[T:.*]] = %c0 to %c64
// CHECK:             memref.store %{{.*}}, %[[LOCAL]][%c0] : memref<2xi32>
// CHECK:             %[[OFF:.*]] = arith.muli %[[T]], %[[C16]] : index
// CHECK:             %[[V:.*]] = memref.view %[[SHARED]][%[[OFF]]][] : memref<1024xi8> to memref<4xf32>
// CHECK:             memref.store %{{.*}}, %[[V]][%c3] : memref<4xf32>
// CHECK:           scf.for %[[T2:.*]] = %c0 to %c64
// CHECK:             %[[OFF2:.*]] = arith.muli %[[T2]], %[[C16]] : index
// CHECK:             %[[V2:.*]] = memref.view %[[SHARED]][%[[OFF2]]][] : memref<1024xi8> to memref<4xf32>
// CHECK:             memref.load %[[V2]][%c3] : memref<4xf32>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @private_arrays(%a: memref<?xf32>, %b: memref<?xi32>) kernel
        attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c3 = arith.constant 3 : index
      %t = gpu.thread_id x
      %p = memref.alloca() : memref<4xf32>
      %q = memref.alloca() : memref<2xi32>
      %x = memref.load %a[%t] : memref<?xf32>
      %i = arith.fptosi %x : f32 to i32
      memref.store %i, %q[%c0] : memref<2xi32>
      %j = memref.load %q[%c0] : memref<2xi32>
      memref.store %j, %b[%t] : memref<?xi32>
      memref.store %x, %p[%c3] : memref<4xf32>
      gpu.barrier
      %y = memref.load %p[%c3] : memref<4xf32>
      memref.store %y, %a[%t] : memref<?xf32>
      gpu.return
    }
  }
}
