// fp-contract=off: every float add, sub, mul, div, rem and negate carries
// NoContraction (the driver must not fuse them into FMAs); explicit FMAs
// stay. With on (the default) or fast nothing is decorated.
// RUN: kgpu-opt %s --kgpu-gpu-to-spirv=fp-contract=off | FileCheck %s --check-prefix=OFF
// RUN: kgpu-opt %s --kgpu-gpu-to-spirv | FileCheck %s --check-prefix=ON
// RUN: kgpu-opt %s --kgpu-gpu-to-spirv=fp-contract=fast | FileCheck %s --check-prefix=ON

// OFF-LABEL: spirv.func @k
// OFF: spirv.FMul %{{.*}}, %{{.*}} {no_contraction} : f32
// OFF: spirv.FAdd %{{.*}}, %{{.*}} {no_contraction} : f32
// OFF: spirv.FSub %{{.*}}, %{{.*}} {no_contraction} : f32
// OFF: spirv.FDiv %{{.*}}, %{{.*}} {no_contraction} : f32
// OFF: spirv.FNegate %{{.*}} {no_contraction} : f32
// OFF: spirv.FMul %{{.*}}, %{{.*}} {no_contraction} : f64
// OFF: spirv.FAdd %{{.*}}, %{{.*}} {no_contraction} : f64
// OFF: spirv.GL.Fma %{{.*}}, %{{.*}}, %{{.*}} : f32
// OFF-NOT: no_contraction
// ON-LABEL: spirv.func @k
// ON-NOT: no_contraction
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%x: memref<?xf32>, %d: memref<?xf64>, %a: f32, %b: f64) kernel
        attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      %i = gpu.thread_id x
      %v = memref.load %x[%i] : memref<?xf32>
      %m = arith.mulf %a, %v : f32
      %s = arith.addf %m, %v : f32
      %t = arith.subf %s, %a : f32
      %q = arith.divf %t, %a : f32
      %n = arith.negf %q : f32
      %w = memref.load %d[%i] : memref<?xf64>
      %wm = arith.mulf %w, %b : f64
      %ws = arith.addf %wm, %b : f64
      memref.store %ws, %d[%i] : memref<?xf64>
      %f = math.fma %n, %a, %v : f32
      memref.store %f, %x[%i] : memref<?xf32>
      gpu.return
    }
  }
}
