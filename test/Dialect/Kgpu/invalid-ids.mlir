// RUN: kgpu-opt %s -split-input-file -verify-diagnostics

// A dimension other than x, y or z.
func.func @bad_dimension() attributes {kgpu.kernel} {
  // expected-error @+2 {{expected ::mlir::kgpu::Dimension to be one of: x, y, z}}
  // expected-error @+2 {{failed to parse Kgpu_DimensionAttr parameter 'value'}}
  %0 = kgpu.global_id w
  return
}

// -----

// Ids outside a kernel or device function.
func.func @host() {
  // expected-error @+1 {{'kgpu.global_id' op must be inside a kernel or device function}}
  %0 = kgpu.global_id x
  return
}

// -----

func.func @host() {
  // expected-error @+1 {{'kgpu.lane_id' op must be inside a kernel or device function}}
  %0 = kgpu.lane_id
  return
}

// -----

// An id op at module level has no function at all.
// expected-error @+1 {{'kgpu.num_groups' op must be inside a kernel or device function}}
%0 = kgpu.num_groups x
