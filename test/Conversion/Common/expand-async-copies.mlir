// RUN: kgpu-opt %s --kgpu-expand-async-copies | FileCheck %s

// Plain copies (the CPU, Vulkan, CUDA before sm_80): one load and one
// store per element, along the innermost dimension of each side; commit and
// wait disappear.
// CHECK-LABEL: gpu.func @k
// CHECK: %[[V0:.*]] = memref.load %arg0[%{{.*}}] : memref<?xf16>
// CHECK: memref.store %[[V0]], %[[T:.*]][%arg2, %{{.*}}] : memref<64x40xf16, 3>
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[S1:.*]] = arith.addi %arg1, %[[C1]]
// CHECK: %[[V1:.*]] = memref.load %arg0[%[[S1]]]
// CHECK: %[[D1:.*]] = arith.addi %arg2, %[[C1]]
// CHECK: memref.store %[[V1]], %[[T]][%arg2, %[[D1]]]
// CHECK-COUNT-2: memref.store
// CHECK-NOT: memref.store
// CHECK-NOT: kgpu.async
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: memref<?xf16>, %g: index, %l: index) kernel {
      %tile = memref.alloc() : memref<64x40xf16, 3>
      kgpu.async_copy %a[%g], %tile[%l, %l], 4 : memref<?xf16>, memref<64x40xf16, 3>
      kgpu.async_commit
      kgpu.async_wait 0
      gpu.return
    }
  }
}
