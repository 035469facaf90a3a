// RUN: kgpu-opt %s --kgpu-cpu-allocate-heap-frames="frame-limit=8192" -verify-diagnostics

// A call of a CPU function may not need more than frame-limit bytes of
// arrays: the error is at the largest array.
// expected-note @below {{in this function}}
func.func private @kernel(%i: index) -> f32 {
  %a = memref.alloca() : memref<1024xf32>
  // expected-error @below {{this array is part of 12288 bytes of storage per call of the CPU function 'kernel'}}
  %b = memref.alloca() : memref<2048xf32>
  %v = memref.load %a[%i] : memref<1024xf32>
  %w = memref.load %b[%i] : memref<2048xf32>
  %s = arith.addf %v, %w : f32
  return %s : f32
}
