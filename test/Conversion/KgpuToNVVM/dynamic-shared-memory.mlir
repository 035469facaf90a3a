// Work-group memory beyond CUDA's 48 KiB of static shared memory: every
// local array of the kernel becomes a memref.view of the block's dynamic
// shared memory (cast to the allocation's memory space spelling), at
// 16-byte aligned offsets in allocation order (40,962 +
// 14 bytes of padding, then 12,000 bytes); a kernel that fits (48 KiB
// exactly) keeps workgroup attributions.
// RUN: kgpu-opt %s --pass-pipeline='builtin.module(gpu.module(kgpu-nvvm-attribute-local-memory))' | FileCheck %s

// CHECK-LABEL: gpu.func @big
// CHECK-NOT: workgroup(
// CHECK-SAME: kernel
// CHECK-DAG: %[[D0:.*]] = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
// CHECK-DAG: %[[S0:.*]] = memref.memory_space_cast %[[D0]] : memref<?xi8, #gpu.address_space<workgroup>> to memref<?xi8, 3>
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[A:.*]] = memref.view %[[S0]][%[[C0]]][] : memref<?xi8, 3> to memref<20481xf16, 3>
// CHECK-DAG: %[[D1:.*]] = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
// CHECK-DAG: %[[C1:.*]] = arith.constant 40976 : index
// CHECK-DAG: %[[B:.*]] = memref.view %[[D1]][%[[C1]]][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<50x60xf32, #gpu.address_space<workgroup>>
// CHECK-NOT: memref.alloc()
// CHECK: memref.store %{{.*}}, %[[A]]
// CHECK: memref.store %{{.*}}, %[[B]]
// CHECK-LABEL: gpu.func @fits
// CHECK-SAME: workgroup(%{{.*}} : memref<12288xf32, 3> {llvm.align = 16 : i64})
// CHECK-NOT: gpu.dynamic_shared_memory
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @big(%x: memref<?xf32>) kernel {
      %a = memref.alloc() : memref<20481xf16, 3>
      %b = memref.alloc() : memref<50x60xf32, #gpu.address_space<workgroup>>
      %c0 = arith.constant 0 : index
      %v = memref.load %x[%c0] : memref<?xf32>
      %h = arith.truncf %v : f32 to f16
      memref.store %h, %a[%c0] : memref<20481xf16, 3>
      memref.store %v, %b[%c0, %c0] : memref<50x60xf32, #gpu.address_space<workgroup>>
      gpu.return
    }
    gpu.func @fits(%x: memref<?xf32>) kernel {
      %a = memref.alloc() : memref<12288xf32, 3>
      %c0 = arith.constant 0 : index
      %v = memref.load %x[%c0] : memref<?xf32>
      memref.store %v, %a[%c0] : memref<12288xf32, 3>
      gpu.return
    }
  }
}
