// RUN: kgpu-opt %s --kgpu-cpu-check-private-memory -verify-diagnostics
// RUN: kgpu-opt %s --kgpu-cpu-check-private-memory="limit=1000000000" | FileCheck %s --check-prefix=OK

// The private memory of a work-item (the kernel's private arrays and those
// of the device functions it calls) is bounded on the CPU; local memory
// does not count. The default limit is 256 MiB.
// OK: gpu.func @big
module attributes {gpu.container_module} {
  gpu.module @kernels {
    func.func private @helper(%i: index) -> f32 {
      %h = memref.alloca() : memref<1xf32>
      %v = memref.load %h[%i] : memref<1xf32>
      return %v : f32
    }
    // expected-note @below {{kernel defined here}}
    gpu.func @big(%out: memref<?xf32>) kernel
        attributes {kgpu.workgroup_size = array<i32: 1, 1, 1>} {
      %c0 = arith.constant 0 : index
      %local = memref.alloc() : memref<1048576xf32, 3>
      // expected-error @below {{this private array (268435456 bytes) is part of 268435460 bytes of private memory per work-item of kernel 'big', more than the CPU target's limit of 256 MiB}}
      %a = memref.alloca() : memref<67108864xf32>
      %v = memref.load %a[%c0] : memref<67108864xf32>
      %w = func.call @helper(%c0) : (index) -> f32
      %l = memref.load %local[%c0] : memref<1048576xf32, 3>
      memref.store %v, %out[%c0] : memref<?xf32>
      gpu.return
    }
  }
}
