// SPIRVOptions' f32-math: by default (native) an f32 math function is
// GLSL.std.450's, so f32 kernels need no Float64 and reach HLSL;
// f32-math=f64 computes it in f64 and rounds once (kgpu-spirv-expand-math;
// GLSL.std.450's f32 tanh is 300 ulp off on lavapipe); without Float64 the
// f32 function stays GLSL.std.450's even then.
// RUN: kgpu-opt %s --kgpu-gpu-to-spirv | FileCheck %s --check-prefix=NATIVE
// RUN: kgpu-opt %s --kgpu-gpu-to-spirv=f32-math=f64 | FileCheck %s --check-prefix=F64
// RUN: kgpu-opt %s --kgpu-gpu-to-spirv="f32-math=f64 float64=false" | FileCheck %s --check-prefix=NATIVE

// F64: spirv.FConvert %{{.*}} : f32 to f64
// F64-NOT: spirv.GL.Tanh
// F64: spirv.FConvert %{{.*}} : f64 to f32
// F64-NOT: spirv.GL.Tanh
// NATIVE: spirv.GL.Tanh %{{.*}} : f32
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%x: memref<?xf32>) kernel
        attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      %i = gpu.thread_id x
      %v = memref.load %x[%i] : memref<?xf32>
      %t = math.tanh %v : f32
      memref.store %t, %x[%i] : memref<?xf32>
      gpu.return
    }
  }
}
