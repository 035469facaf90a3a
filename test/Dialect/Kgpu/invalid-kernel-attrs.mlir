// RUN: kgpu-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{a kgpu kernel must not return values, but 'k' returns 1}}
func.func @k() -> i32 attributes {kgpu.kernel} {
  %0 = arith.constant 0 : i32
  return %0 : i32
}

// -----

// expected-error @+1 {{kernel argument #1 has no 'kgpu.arg' attribute (#kgpu.arg<buffer|scalar, access>)}}
func.func @k(%a: f32 {kgpu.arg = #kgpu.arg<scalar, read>}, %x: memref<?xf32>) attributes {kgpu.kernel} {
  return
}

// -----

// expected-error @+1 {{'kgpu.kernel' may only be attached to a function}}
module attributes {kgpu.kernel} {
}

// -----

// expected-error @+1 {{a function cannot be both 'kgpu.kernel' and 'kgpu.device'}}
func.func @k() attributes {kgpu.kernel, kgpu.device} {
  return
}

// -----

// expected-error @+1 {{'kgpu.kernel' must be a unit attribute}}
func.func @k() attributes {kgpu.kernel = 1 : i32} {
  return
}

// -----

// expected-error @+1 {{'kgpu.device' must be a unit attribute}}
func.func @d() attributes {kgpu.device = "yes"} {
  return
}

// -----

// expected-error @+1 {{'kgpu.device' may only be attached to a function}}
module attributes {kgpu.device} {
}

// -----

// expected-error @+1 {{'kgpu.workgroup_size' must be an array<i32> of 1 to 3 sizes}}
func.func @k() attributes {kgpu.kernel, kgpu.workgroup_size = array<i32: 1, 1, 1, 1>} {
  return
}

// -----

// expected-error @+1 {{'kgpu.workgroup_size' must be an array<i32> of 1 to 3 sizes}}
func.func @k() attributes {kgpu.kernel, kgpu.workgroup_size = [256]} {
  return
}

// -----

// expected-error @+1 {{'kgpu.workgroup_size' is only valid on a kernel}}
func.func @d() attributes {kgpu.device, kgpu.workgroup_size = array<i32: 64>} {
  return
}

// -----

// expected-error @+1 {{work-group sizes must be positive, got 0}}
func.func @k() attributes {kgpu.kernel, kgpu.workgroup_size = array<i32: 64, 0>} {
  return
}

// -----

// expected-error @+1 {{work-group of 2048 work-items exceeds the limit of 1024}}
func.func @k() attributes {kgpu.kernel, kgpu.workgroup_size = array<i32: 64, 32>} {
  return
}

// -----

// expected-error @+1 {{unknown kgpu attribute 'kgpu.kernle'}}
func.func @k() attributes {kgpu.kernle} {
  return
}

// -----

// expected-error @+1 {{unknown kgpu argument attribute 'kgpu.access'}}
func.func @k(%x: memref<?xf32> {kgpu.access = 1 : i32}) {
  return
}

// -----

// expected-error @+1 {{'kgpu.arg' must be a #kgpu.arg attribute}}
func.func @k(%x: memref<?xf32> {kgpu.arg = "buffer"}) attributes {kgpu.kernel} {
  return
}

// -----

// expected-error @+1 {{'kgpu.arg' is only valid on arguments of a kernel}}
func.func @d(%x: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read>}) attributes {kgpu.device} {
  return
}

// -----

// expected-error @+1 {{buffer argument #0 must be a memref in global memory, got 'f32'}}
func.func @k(%x: f32 {kgpu.arg = #kgpu.arg<buffer, read>}) attributes {kgpu.kernel} {
  return
}

// -----

// expected-error @+1 {{buffer argument #0 must be a memref in global memory, got 'memref<16xf32, 3>'}}
func.func @k(%x: memref<16xf32, 3> {kgpu.arg = #kgpu.arg<buffer, read>}) attributes {kgpu.kernel} {
  return
}

// -----

// expected-error @+1 {{scalar argument #0 must be an integer, index or float, got 'memref<?xf32>'}}
func.func @k(%x: memref<?xf32> {kgpu.arg = #kgpu.arg<scalar, read>}) attributes {kgpu.kernel} {
  return
}

// -----

// expected-error @+1 {{scalar argument #0 is passed by value and can only be 'read'}}
func.func @k(%x: f32 {kgpu.arg = #kgpu.arg<scalar, write>}) attributes {kgpu.kernel} {
  return
}

// -----

// expected-error @+2 {{expected ::mlir::kgpu::Access to be one of: read, write, read_write}}
// expected-error @+1 {{failed to parse Kgpu_ArgAttr parameter 'access'}}
func.func private @bad(%x: f32 {kgpu.arg = #kgpu.arg<scalar, readonly>}) attributes {kgpu.kernel}

// -----

// expected-error @+1 {{a kernel cannot have both 'kgpu.workgroup_size' (a fixed size) and 'kgpu.default_workgroup_size' (a default size)}}
func.func @k() attributes {kgpu.kernel, kgpu.workgroup_size = array<i32: 64>, kgpu.default_workgroup_size = array<i32: 64>} {
  return
}

// -----

// expected-error @+1 {{work-group of 2048 work-items exceeds the limit of 1024}}
func.func @k() attributes {kgpu.kernel, kgpu.default_workgroup_size = array<i32: 64, 32>} {
  return
}

// -----

// expected-error @+1 {{'kgpu.default_workgroup_size' is only valid on a kernel}}
func.func @d() attributes {kgpu.device, kgpu.default_workgroup_size = array<i32: 64>} {
  return
}
