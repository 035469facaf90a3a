// kgpu.atomic_cas on integers: spirv.AtomicCompareExchange, acquire-release
// when it stores, acquire only when the comparison fails.
// RUN: kgpu-opt %s --kgpu-spirv-attach-target --convert-kgpu-to-spirv | FileCheck %s

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @cas(%g: memref<?xi32>, %g64: memref<?xi64>, %c: i32, %v: i32, %c64: i64, %v64: i64) kernel
        attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      %l = memref.alloc() : memref<64xi32, 3>
      %i = gpu.thread_id x
      // CHECK: spirv.AtomicCompareExchange <Device> <AcquireRelease|UniformMemory> <Acquire|UniformMemory> %{{.*}}, %[[V:[^,]*]], %[[C:[^ ]*]] : !spirv.ptr<i32, StorageBuffer>
      %0 = kgpu.atomic_cas %c, %v, %g[%i] : memref<?xi32>
      // CHECK: spirv.AtomicCompareExchange <Workgroup> <AcquireRelease|WorkgroupMemory> <Acquire|WorkgroupMemory> %{{.*}} : !spirv.ptr<i32, Workgroup>
      %1 = kgpu.atomic_cas %c, %v, %l[%i] : memref<64xi32, 3>
      // CHECK: spirv.AtomicCompareExchange <Device> <AcquireRelease|UniformMemory> <Acquire|UniformMemory> %{{.*}} : !spirv.ptr<i64, StorageBuffer>
      %2 = kgpu.atomic_cas %c64, %v64, %g64[%i] : memref<?xi64>
      gpu.return
    }
  }
}
