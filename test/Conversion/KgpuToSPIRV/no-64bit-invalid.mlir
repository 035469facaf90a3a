// 64-bit values on a Vulkan target configured without them are a located
// error, once per function: at the function for a 64-bit buffer or scalar
// parameter, else at the first op that uses one. (Upstream's type converter
// would narrow i64 to i32 silently.)
// RUN: kgpu-opt %s --split-input-file --kgpu-spirv-attach-target="float64=false int64=false" --convert-kgpu-to-spirv -verify-diagnostics

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-error @+1 {{kernel 'buffer' uses 64-bit floats (f64: kgc double, Java and Kotlin Double), but this target has no Float64 (float64=false) on the Vulkan (SPIR-V) target}}
    gpu.func @buffer(%x: memref<?xf64>) kernel
        attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @value(%x: memref<?xi32>, %n: i32) kernel
        attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      %i = gpu.thread_id x
      // expected-error @+1 {{kernel 'value' uses 64-bit integers (i64: kgc long, Java and Kotlin Long), but this target has no Int64 (int64=false) on the Vulkan (SPIR-V) target}}
      %w = arith.extsi %n : i32 to i64
      %c = arith.constant 3 : i64
      %m = arith.muli %w, %c : i64
      %t = arith.trunci %m : i64 to i32
      memref.store %t, %x[%i] : memref<?xi32>
      gpu.return
    }
  }
}
