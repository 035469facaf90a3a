// Contraction travels as `contract` fast-math flags: from the pass option,
// else from the module's kgpu.source_language; none (or off) marks nothing.
// RUN: kgpu-opt %s --pass-pipeline='builtin.module(gpu.module(kgpu-nvvm-apply-fp-contract))' | FileCheck %s --check-prefix=LANG
// RUN: kgpu-opt %s --pass-pipeline='builtin.module(gpu.module(kgpu-nvvm-apply-fp-contract{mode=off}))' | FileCheck %s --check-prefix=OFF
// RUN: kgpu-opt %s --pass-pipeline='builtin.module(gpu.module(kgpu-nvvm-apply-fp-contract{mode=fast}))' | FileCheck %s --check-prefix=LANG
// RUN: not kgpu-opt %s --pass-pipeline='builtin.module(gpu.module(kgpu-nvvm-apply-fp-contract{mode=sometimes}))' 2>&1 | FileCheck %s --check-prefix=BAD

// LANG: arith.mulf %{{.*}}, %{{.*}} fastmath<contract> : f32
// LANG: arith.addf %{{.*}}, %{{.*}} fastmath<nnan,contract> : f32
// LANG: arith.divf %{{.*}}, %{{.*}} : f32
// OFF: arith.mulf %{{.*}}, %{{.*}} : f32
// OFF: arith.addf %{{.*}}, %{{.*}} fastmath<nnan> : f32
// BAD: error: kgpu-nvvm-apply-fp-contract: mode must be off, on or fast, got 'sometimes'
module attributes {gpu.container_module,
    kgpu.source_language = {name = "kgc", fp_contract = "on", integer_semantics = "c"}} {
  gpu.module @kernels {
    gpu.func @k(%a: f32, %b: f32, %c: f32, %out: memref<1xf32>) kernel {
      %m = arith.mulf %a, %b : f32
      %s = arith.addf %m, %c fastmath<nnan> : f32
      %d = arith.divf %s, %c : f32
      %c0 = arith.constant 0 : index
      memref.store %d, %out[%c0] : memref<1xf32>
      gpu.return
    }
  }
}
