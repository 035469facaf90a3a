// Float compare-and-swap compares the bits: an integer kgpu.atomic_cas on the
// memory retyped to integers (here local memory), then
// spirv.AtomicCompareExchange.
// RUN: kgpu-opt %s --kgpu-spirv-attach-target --kgpu-spirv-emulate-float-atomics | FileCheck %s
// RUN: kgpu-opt %s --kgpu-spirv-attach-target --kgpu-spirv-emulate-float-atomics --convert-kgpu-to-spirv | FileCheck %s --check-prefix=SPIRV

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @cas(%c: f64, %v: f64) kernel
        attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      // CHECK: %[[L:.*]] = memref.alloc() : memref<64xi64, 3>
      %l = memref.alloc() : memref<64xf64, 3>
      %i = gpu.thread_id x
      // CHECK: %[[CB:.*]] = arith.bitcast %{{.*}} : f64 to i64
      // CHECK: %[[VB:.*]] = arith.bitcast %{{.*}} : f64 to i64
      // CHECK: %[[OLD:.*]] = kgpu.atomic_cas %[[CB]], %[[VB]], %[[L]][%{{.*}}] : memref<64xi64, 3>
      // CHECK: %[[OLDF:.*]] = arith.bitcast %[[OLD]] : i64 to f64
      // CHECK: memref.store %{{.*}}, %[[L]]
      // SPIRV: spirv.AtomicCompareExchange <Workgroup> <AcquireRelease|WorkgroupMemory> <Acquire|WorkgroupMemory> %{{.*}} : !spirv.ptr<i64, Workgroup>
      %0 = kgpu.atomic_cas %c, %v, %l[%i] : memref<64xf64, 3>
      memref.store %0, %l[%i] : memref<64xf64, 3>
      gpu.return
    }
  }
}
