// RUN: kgpu-opt %s --kgpu-verify-structured --split-input-file --verify-diagnostics

// Kernels and device functions must be structured after the frontend
// cleanup; a branch left is a located error.

// expected-note @below {{in this function}}
func.func @k(%x: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>})
    attributes {kgpu.kernel} {
  // expected-error @below {{unstructured control flow in kernel 'k'}}
  cf.br ^next
^next:
  return
}

// -----

// Other functions are none of its business.
func.func @host(%c: i1) {
  cf.cond_br %c, ^a, ^b
^a:
  return
^b:
  return
}
