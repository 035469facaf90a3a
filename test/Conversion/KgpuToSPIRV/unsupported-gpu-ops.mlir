// GPU-form constructs Vulkan cannot express: located errors naming the op and
// the target.
// RUN: kgpu-opt %s --kgpu-spirv-attach-target --convert-kgpu-to-spirv -split-input-file -verify-diagnostics

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%x: memref<?xf32>) kernel
        attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %v = memref.load %x[%c0] : memref<?xf32>
      // expected-error @+1 {{'gpu.all_reduce' is not supported on the Vulkan (SPIR-V) target: Vulkan allows group operations only at subgroup scope}}
      %s = gpu.all_reduce add %v {} : (f32) -> f32
      memref.store %s, %x[%c0] : memref<?xf32>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-error @+1 {{workgroup and private attributions are not supported on the Vulkan (SPIR-V) target; use memref.alloc in memory space 3}}
    gpu.func @k(%x: memref<?xf32>) workgroup(%tile: memref<64xf32, 3>) kernel
        attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%x: memref<?xf32>) kernel
        attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      // expected-error @+1 {{'kgpu.global_id' is not part of the GPU form and has no lowering to the Vulkan (SPIR-V) target; run the kgpu-level passes and convert-kgpu-to-gpu first}}
      %i = kgpu.global_id x
      %v = arith.constant 1.0 : f32
      memref.store %v, %x[%i] : memref<?xf32>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%x: memref<?xf32>) kernel
        attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %v = memref.load %x[%c0] : memref<?xf32>
      %c1 = arith.constant 1 : i32
      %c16 = arith.constant 16 : i32
      // expected-error @+1 {{'gpu.shuffle' on the Vulkan (SPIR-V) target needs the subgroup size as its width (gpu.subgroup_size or the constant 32)}}
      %r, %ok = gpu.shuffle xor %v, %c1, %c16 : f32
      memref.store %r, %x[%c0] : memref<?xf32>
      gpu.return
    }
  }
}

// -----

// Upstream patterns that fail name the target too.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%x: memref<?xindex>) kernel
        attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      // expected-error @+1 {{failed to legalize operation 'memref.dim' (the Vulkan (SPIR-V) target)}}
      %d = memref.dim %x, %c0 : memref<?xindex>
      memref.store %d, %x[%c0] : memref<?xindex>
      gpu.return
    }
  }
}
