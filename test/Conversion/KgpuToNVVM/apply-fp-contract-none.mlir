// Without kgpu.source_language and without a mode nothing is marked (the
// .mlir default: exact, as for the JVM).
// RUN: kgpu-opt %s --pass-pipeline='builtin.module(gpu.module(kgpu-nvvm-apply-fp-contract))' | FileCheck %s
// CHECK: arith.mulf %{{.*}}, %{{.*}} : f32
// CHECK-NOT: contract
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: f32, %b: f32, %out: memref<1xf32>) kernel {
      %m = arith.mulf %a, %b : f32
      %c0 = arith.constant 0 : index
      memref.store %m, %out[%c0] : memref<1xf32>
      gpu.return
    }
  }
}
