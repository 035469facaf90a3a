// What the Vulkan target cannot express, as located errors: index values
// beyond its 32-bit index (64-bit parallel-for bounds), private arrays past
// 16 KiB per work-item, and index buffers it cannot make 64-bit.
// RUN: kgpu-opt %s --split-input-file --kgpu-spirv-attach-target --convert-kgpu-to-spirv -verify-diagnostics

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%x: memref<?xf32>) kernel
        attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      // expected-error @+1 {{64-bit parallel-for bounds and indices are not supported on the Vulkan target: its index is 32-bit and 4294967296 does not fit}}
      %big = arith.constant 4294967296 : index
      %i = gpu.thread_id x
      %j = arith.addi %i, %big : index
      %one = arith.constant 1.0 : f32
      memref.store %one, %x[%j] : memref<?xf32>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%x: memref<?xf32>) kernel
        attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      // Negative and unsigned 32-bit values fit.
      %neg = arith.constant -2147483648 : index
      %max = arith.constant 4294967295 : index
      %ok = memref.alloca() : memref<4096xf32>
      // expected-error @+1 {{a private array of 16388 bytes exceeds the limit of 16384 bytes per work-item of the Vulkan (SPIR-V) target}}
      %big = memref.alloca() : memref<4097xf32>
      %i = gpu.thread_id x
      %v = memref.load %big[%i] : memref<4097xf32>
      %w = memref.load %ok[%i] : memref<4096xf32>
      %s = arith.addf %v, %w : f32
      memref.store %s, %x[%i] : memref<?xf32>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    func.func private @use(%x: memref<?xindex>) attributes {kgpu.device}
    gpu.func @k(%x: memref<?xindex>) kernel
        attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      // expected-error @+1 {{a buffer of 'index' elements (64-bit integers on every target) can only be loaded and stored on the Vulkan (SPIR-V) target}}
      func.call @use(%x) : (memref<?xindex>) -> ()
      gpu.return
    }
  }
}
