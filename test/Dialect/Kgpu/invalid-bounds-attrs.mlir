// RUN: kgpu-opt %s -split-input-file -verify-diagnostics
// The attributes of bounds-checked kernels (kgpu-check-bounds).

// expected-error @+1 {{'kgpu.size_of' must be the index of another argument}}
func.func @size_of_self(%n: i64 {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.size_of = 0 : i32}) attributes {kgpu.kernel} {
  return
}

// -----

// expected-error @+1 {{'kgpu.size_of' must be the index of another argument}}
func.func @size_of_out_of_range(%n: i64 {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.size_of = 5 : i32}) attributes {kgpu.kernel} {
  return
}

// -----

// expected-error @+1 {{'kgpu.size_of' must be the index of another argument}}
func.func @size_of_not_int(%x: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read>}, %n: i64 {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.size_of = "x"}) attributes {kgpu.kernel} {
  return
}

// -----

// expected-error @+1 {{'kgpu.bounds_status' must be a unit attribute}}
func.func @status_not_unit(%s: memref<8xi32> {kgpu.arg = #kgpu.arg<buffer, read_write>, kgpu.bounds_status = 1 : i32}) attributes {kgpu.kernel} {
  return
}

// -----

// expected-error @+1 {{'kgpu.bounds_sites' must be an array of {what = string, loc = location} on a function}}
func.func @sites_bad() attributes {kgpu.kernel, kgpu.bounds_sites = [{what = 1 : i32}]} {
  return
}

// -----

// The accepted form.
func.func @ok(%x: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read>}, %n: i64 {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.size_of = 0 : i32}, %s: memref<8xi32> {kgpu.arg = #kgpu.arg<buffer, read_write>, kgpu.bounds_status}) attributes {kgpu.kernel, kgpu.bounds_sites = [{what = "buffer 'x'", loc = loc("a.kgc":1:2)}]} {
  return
}
