// Without SPV_EXT_shader_atomic_float_add, float atomic add/sub become a
// compare-and-swap loop on the bits of the retyped memory (no write when the
// new bits equal the old ones).
// RUN: kgpu-opt %s --kgpu-spirv-attach-target=atomic-float-add=false --kgpu-spirv-emulate-float-atomics | FileCheck %s
// RUN: kgpu-opt %s --kgpu-spirv-attach-target=atomic-float-add=false --kgpu-spirv-emulate-float-atomics --convert-kgpu-to-spirv | FileCheck %s --check-prefix=SPIRV

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // CHECK-LABEL: gpu.func @add
    // CHECK-SAME: (%[[OUT:.*]]: memref<?xi32>, %[[V:.*]]: f32)
    gpu.func @add(%out: memref<?xf32>, %v: f32) kernel
        attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      // CHECK: %[[INIT:.*]] = memref.load %[[OUT]][%{{.*}}] : memref<?xi32>
      // CHECK: %[[RES:.*]] = scf.while (%[[EXP:.*]] = %[[INIT]]) : (i32) -> i32 {
      // CHECK:   %[[OLD:.*]] = arith.bitcast %[[EXP]] : i32 to f32
      // CHECK:   %[[NEW:.*]] = arith.subf %[[OLD]], %[[V]] : f32
      // CHECK:   %[[NEWB:.*]] = arith.bitcast %[[NEW]] : f32 to i32
      // CHECK:   %[[SAME:.*]] = arith.cmpi eq, %[[NEWB]], %[[EXP]] : i32
      // CHECK:   %[[SEEN:.*]] = scf.if %[[SAME]] -> (i32) {
      // CHECK:     scf.yield %[[EXP]] : i32
      // CHECK:   } else {
      // CHECK:     %[[CAS:.*]] = kgpu.atomic_cas %[[EXP]], %[[NEWB]], %[[OUT]][%{{.*}}] : memref<?xi32>
      // CHECK:     scf.yield %[[CAS]] : i32
      // CHECK:   }
      // CHECK:   %[[RETRY:.*]] = arith.cmpi ne, %[[SEEN]], %[[EXP]] : i32
      // CHECK:   scf.condition(%[[RETRY]]) %[[SEEN]] : i32
      // CHECK: } do {
      // CHECK: arith.bitcast %[[RES]] : i32 to f32
      // SPIRV: spirv.mlir.loop
      // SPIRV: spirv.AtomicCompareExchange <Device> <AcquireRelease|UniformMemory> <Acquire|UniformMemory>
      // SPIRV-NOT: spirv.EXT.AtomicFAdd
      %0 = kgpu.atomic_rmw sub %v, %out[%c0] : memref<?xf32>
      gpu.return
    }
  }
}
