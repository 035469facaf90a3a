// kgpu.atomic_rmw on floats that SPIR-V expresses directly: add as
// spirv.EXT.AtomicFAdd (SPV_EXT_shader_atomic_float_add), sub as an add of the
// negated value (exact in IEEE arithmetic), xchg as spirv.AtomicExchange.
// RUN: kgpu-opt %s --kgpu-spirv-attach-target --convert-kgpu-to-spirv | FileCheck %s

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @rmw(%g: memref<?xf32>, %g64: memref<?xf64>, %v: f32, %v64: f64) kernel
        attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      %l = memref.alloc() : memref<64xf32, 3>
      %i = gpu.thread_id x
      // CHECK: spirv.EXT.AtomicFAdd <Device> <AcquireRelease|UniformMemory> %{{.*}}, %[[V:.*]] : !spirv.ptr<f32, StorageBuffer>
      %0 = kgpu.atomic_rmw add %v, %g[%i] : memref<?xf32>
      // CHECK: %[[NEG:.*]] = spirv.FNegate %{{.*}} : f32
      // CHECK: spirv.EXT.AtomicFAdd <Device> <AcquireRelease|UniformMemory> %{{.*}}, %[[NEG]] : !spirv.ptr<f32, StorageBuffer>
      %1 = kgpu.atomic_rmw sub %v, %g[%i] : memref<?xf32>
      // CHECK: spirv.AtomicExchange <Device> <AcquireRelease|UniformMemory> %{{.*}}, %{{.*}} : !spirv.ptr<f32, StorageBuffer>
      %2 = kgpu.atomic_rmw xchg %v, %g[%i] : memref<?xf32>
      // CHECK: spirv.EXT.AtomicFAdd <Workgroup> <AcquireRelease|WorkgroupMemory> %{{.*}}, %{{.*}} : !spirv.ptr<f32, Workgroup>
      %3 = kgpu.atomic_rmw add %v, %l[%i] : memref<64xf32, 3>
      // CHECK: spirv.EXT.AtomicFAdd <Device> <AcquireRelease|UniformMemory> %{{.*}}, %{{.*}} : !spirv.ptr<f64, StorageBuffer>
      %4 = kgpu.atomic_rmw add %v64, %g64[%i] : memref<?xf64>
      gpu.return
    }
  }
}
