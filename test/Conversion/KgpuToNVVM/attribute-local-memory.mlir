// The NVVM lowering's first step: work-group memory of the one GPU form
// (memref.alloc in space 3) becomes gpu.func workgroup attributions, 16-byte
// aligned; other allocations, and device functions, stay as they are.
// RUN: kgpu-opt %s --pass-pipeline='builtin.module(gpu.module(kgpu-nvvm-attribute-local-memory))' | FileCheck %s

// CHECK-LABEL: gpu.func @k
// CHECK-SAME: workgroup(%[[A:.*]] : memref<64xf32, 3> {llvm.align = 16 : i64}, %[[B:.*]] : memref<4x4xi32, 3> {llvm.align = 16 : i64})
// CHECK-SAME: kernel
// CHECK-NOT: memref.alloc()
// CHECK: memref.alloca() : memref<8xf32>
// CHECK-NOT: memref.alloc()
// CHECK: memref.store %{{.*}}, %[[A]]
// CHECK: memref.store %{{.*}}, %[[B]]
// CHECK-LABEL: gpu.func @not_a_kernel
// CHECK: memref.alloc() : memref<16xf32, 3>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%x: memref<?xf32>) kernel {
      %a = memref.alloc() : memref<64xf32, 3>
      %b = memref.alloc() : memref<4x4xi32, 3>
      %p = memref.alloca() : memref<8xf32>
      %c0 = arith.constant 0 : index
      %one = arith.constant 1 : i32
      %v = memref.load %x[%c0] : memref<?xf32>
      memref.store %v, %a[%c0] : memref<64xf32, 3>
      memref.store %one, %b[%c0, %c0] : memref<4x4xi32, 3>
      memref.store %v, %p[%c0] : memref<8xf32>
      gpu.return
    }
    gpu.func @not_a_kernel() {
      %a = memref.alloc() : memref<16xf32, 3>
      gpu.return
    }
  }
}
