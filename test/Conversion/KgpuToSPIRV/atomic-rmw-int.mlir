// kgpu.atomic_rmw on integers: one spirv.Atomic* per kind, device scope on
// global memory (StorageBuffer), work-group scope on local memory (Workgroup),
// acquire-release on that kind of memory.
// RUN: kgpu-opt %s --kgpu-spirv-attach-target --convert-kgpu-to-spirv | FileCheck %s

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @rmw(%g: memref<?xi32>, %g64: memref<?xi64>, %v: i32, %v64: i64) kernel
        attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      %l = memref.alloc() : memref<64xi32, 3>
      %i = gpu.thread_id x
      // CHECK: spirv.AtomicIAdd <Device> <AcquireRelease|UniformMemory> %{{.*}}, %{{.*}} : !spirv.ptr<i32, StorageBuffer>
      %0 = kgpu.atomic_rmw add %v, %g[%i] : memref<?xi32>
      // CHECK: spirv.AtomicISub <Device> <AcquireRelease|UniformMemory>
      %1 = kgpu.atomic_rmw sub %v, %g[%i] : memref<?xi32>
      // CHECK: spirv.AtomicSMin <Device> <AcquireRelease|UniformMemory>
      %2 = kgpu.atomic_rmw min %v, %g[%i] : memref<?xi32>
      // CHECK: spirv.AtomicSMax <Device> <AcquireRelease|UniformMemory>
      %3 = kgpu.atomic_rmw max %v, %g[%i] : memref<?xi32>
      // CHECK: spirv.AtomicUMin <Device> <AcquireRelease|UniformMemory>
      %4 = kgpu.atomic_rmw umin %v, %g[%i] : memref<?xi32>
      // CHECK: spirv.AtomicUMax <Device> <AcquireRelease|UniformMemory>
      %5 = kgpu.atomic_rmw umax %v, %g[%i] : memref<?xi32>
      // CHECK: spirv.AtomicAnd <Device> <AcquireRelease|UniformMemory>
      %6 = kgpu.atomic_rmw and %v, %g[%i] : memref<?xi32>
      // CHECK: spirv.AtomicOr <Device> <AcquireRelease|UniformMemory>
      %7 = kgpu.atomic_rmw or %v, %g[%i] : memref<?xi32>
      // CHECK: spirv.AtomicXor <Device> <AcquireRelease|UniformMemory>
      %8 = kgpu.atomic_rmw xor %v, %g[%i] : memref<?xi32>
      // CHECK: spirv.AtomicExchange <Device> <AcquireRelease|UniformMemory> %{{.*}}, %{{.*}} : !spirv.ptr<i32, StorageBuffer>
      %9 = kgpu.atomic_rmw xchg %v, %g[%i] : memref<?xi32>
      // CHECK: spirv.AtomicIAdd <Workgroup> <AcquireRelease|WorkgroupMemory> %{{.*}}, %{{.*}} : !spirv.ptr<i32, Workgroup>
      %10 = kgpu.atomic_rmw add %v, %l[%i] : memref<64xi32, 3>
      // CHECK: spirv.AtomicUMax <Workgroup> <AcquireRelease|WorkgroupMemory>
      %11 = kgpu.atomic_rmw umax %v, %l[%i] : memref<64xi32, 3>
      // CHECK: spirv.AtomicIAdd <Device> <AcquireRelease|UniformMemory> %{{.*}}, %{{.*}} : !spirv.ptr<i64, StorageBuffer>
      %12 = kgpu.atomic_rmw add %v64, %g64[%i] : memref<?xi64>
      // The old value is the op's result.
      // CHECK: %[[OLD:.*]] = spirv.AtomicSMax <Device>
      // CHECK: spirv.Store "StorageBuffer" %{{.*}}, %[[OLD]] : i32
      %13 = kgpu.atomic_rmw max %v, %g[%i] : memref<?xi32>
      memref.store %13, %g[%i] : memref<?xi32>
      gpu.return
    }
  }
}
