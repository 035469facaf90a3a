// RUN: kgpu-opt %s --kgpu-infer-arg-access --split-input-file --verify-diagnostics

// A declared access (e.g. a `const` buffer of the source language) must
// cover the uses.

// expected-note @below {{argument #0 of 'k' is declared here}}
func.func @k(%in: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read>})
    attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  // expected-error @below {{writes kernel argument #0, which is declared read-only}}
  memref.store %f, %in[%c0] : memref<?xf32>
  return
}

// -----

// Through a device function: the error is at the call.
func.func private @store(%p: memref<?xf32>, %v: f32) attributes {kgpu.device} {
  %c0 = arith.constant 0 : index
  memref.store %v, %p[%c0] : memref<?xf32>
  return
}

// expected-note @below {{argument #0 of 'k' is declared here}}
func.func @k(%in: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read>})
    attributes {kgpu.kernel} {
  %f = arith.constant 1.0 : f32
  // expected-error @below {{writes kernel argument #0, which is declared read-only}}
  func.call @store(%in, %f) : (memref<?xf32>, f32) -> ()
  return
}

// -----

// expected-note @below {{argument #0 of 'k' is declared here}}
func.func @k(%out: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, write>})
    attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  // expected-error @below {{reads kernel argument #0, which is declared write-only}}
  %v = memref.load %out[%c0] : memref<?xf32>
  return
}
