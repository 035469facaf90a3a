// Float atomics that need integer access to memory kgpu cannot retype.
// RUN: kgpu-opt %s --kgpu-spirv-attach-target --kgpu-spirv-emulate-float-atomics -split-input-file -verify-diagnostics

module attributes {gpu.container_module} {
  gpu.module @kernels {
    func.func private @helper(%m: memref<?xf32>, %v: f32) attributes {kgpu.device} {
      %c0 = arith.constant 0 : index
      // expected-error @+1 {{this float atomic needs its memory reinterpreted as integers on the Vulkan (SPIR-V) target, which kgpu can only do for a kernel argument or a local memref.alloc}}
      %0 = kgpu.atomic_rmw max %v, %m[%c0] : memref<?xf32>
      return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    func.func private @reader(%m: memref<?xf32>) attributes {kgpu.device} {
      return
    }
    // expected-note @+1 {{the memref is defined here}}
    gpu.func @k(%m: memref<?xf32>, %v: f32) kernel
        attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %0 = kgpu.atomic_cas %v, %v, %m[%c0] : memref<?xf32>
      // expected-error @+1 {{uses a memref whose float atomics need it reinterpreted as integers on the Vulkan (SPIR-V) target; only loads, stores and kgpu atomics can use such a memref}}
      func.call @reader(%m) : (memref<?xf32>) -> ()
      gpu.return
    }
  }
}
