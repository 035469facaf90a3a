// RUN: kgpu-opt %s -split-input-file -verify-diagnostics

func.func @dynamic() attributes {kgpu.kernel} {
  // expected-error @+1 {{'kgpu.alloc_local' op needs a static shape; local memory of dynamic size is not supported, got 'memref<?xf32, 3>'}}
  %0 = kgpu.alloc_local : memref<?xf32, 3>
  return
}

// -----

func.func @global_space() attributes {kgpu.kernel} {
  // expected-error @+1 {{'kgpu.alloc_local' op must allocate in local memory (memory space 3), got 'memref<16xf32>'}}
  %0 = kgpu.alloc_local : memref<16xf32>
  return
}

// -----

func.func @strided() attributes {kgpu.kernel} {
  // expected-error @+1 {{'kgpu.alloc_local' op needs the identity layout, got 'memref<16xf32, strided<[2]>, 3>'}}
  %0 = kgpu.alloc_local : memref<16xf32, strided<[2]>, 3>
  return
}

// -----

func.func @index_elements() attributes {kgpu.kernel} {
  // expected-error @+1 {{'kgpu.alloc_local' op needs integer or float elements, got 'index'}}
  %0 = kgpu.alloc_local : memref<16xindex, 3>
  return
}

// -----

func.func @in_device_function() attributes {kgpu.device} {
  // expected-error @+1 {{'kgpu.alloc_local' op is only allowed in a kernel function, not in a device function}}
  %0 = kgpu.alloc_local : memref<16xf32, 3>
  return
}

// -----

func.func @in_parallel_for(%n: index {kgpu.arg = #kgpu.arg<scalar, read>}) attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  kgpu.parallel_for (%i) = (%c0) to (%n) step (%c1) {
    // expected-error @+1 {{'kgpu.alloc_local' op cannot be used inside a 'kgpu.parallel_for'}}
    %0 = kgpu.alloc_local : memref<16xf32, 3>
  }
  return
}

// -----

func.func @host() {
  // expected-error @+1 {{'kgpu.alloc_local' op must be inside a kernel or device function}}
  %0 = kgpu.alloc_local : memref<16xf32, 3>
  return
}
