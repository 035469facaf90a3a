// RUN: kgpu-opt %s --kgpu-verify-abi -split-input-file -verify-diagnostics
// kgpu.dispatch_params (Kernelin-style launches, docs/kotlin.md): the names
// of the kernel's trailing i32 scalar parameters, in order.

func.func @ok(%out: memref<?xi32> {kgpu.arg = #kgpu.arg<buffer, write>, kgpu.name = "out"},
              %width: i32 {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.name = "width"},
              %height: i32 {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.name = "height"})
    attributes {kgpu.kernel, kgpu.dispatch_params = ["width", "height"]} {
  return
}

// -----

// Hidden kgpu.size_of parameters (array sizes the runtime fills in) follow
// the dispatch parameters: these are the last visible ones.
func.func @hiddenAfter(%out: memref<?xi32> {kgpu.arg = #kgpu.arg<buffer, write>, kgpu.name = "out"},
                       %size: i32 {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.name = "size"},
                       %n: i64 {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.name = "__kgpu_size_out", kgpu.size_of = 0 : i32})
    attributes {kgpu.kernel, kgpu.dispatch_params = ["size"]} {
  return
}

// -----

// expected-error @+1 {{kgpu.dispatch_params of kernel 'notLast': 'size' is not the kernel's parameter #1 (the dispatch parameters are the last ones, in order)}}
func.func @notLast(%size: i32 {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.name = "size"},
                   %out: memref<?xi32> {kgpu.arg = #kgpu.arg<buffer, write>, kgpu.name = "out"})
    attributes {kgpu.kernel, kgpu.dispatch_params = ["size"]} {
  return
}

// -----

// expected-error @+1 {{kgpu.dispatch_params of kernel 'order': 'height' is not the kernel's parameter #0}}
func.func @order(%width: i32 {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.name = "width"},
                 %height: i32 {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.name = "height"})
    attributes {kgpu.kernel, kgpu.dispatch_params = ["height", "width"]} {
  return
}

// -----

// expected-error @+1 {{kgpu.dispatch_params of kernel 'wide': parameter 'size' is not an i32 scalar}}
func.func @wide(%size: i64 {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.name = "size"})
    attributes {kgpu.kernel, kgpu.dispatch_params = ["size"]} {
  return
}

// -----

// expected-error @+1 {{'kgpu.dispatch_params' must be an array of 1 to 3 strings}}
func.func @many(%a: i32 {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.name = "a"})
    attributes {kgpu.kernel, kgpu.dispatch_params = ["a", "a", "a", "a"]} {
  return
}

// -----

// expected-error @+1 {{'kgpu.dispatch_params' must be an array of 1 to 3 strings}}
func.func @empty(%a: i32 {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.name = "a"})
    attributes {kgpu.kernel, kgpu.dispatch_params = []} {
  return
}

// -----

// expected-error @+1 {{kgpu.dispatch_params of kernel 'tooFew': the kernel has only 1 parameters}}
func.func @tooFew(%a: i32 {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.name = "a"})
    attributes {kgpu.kernel, kgpu.dispatch_params = ["a", "b"]} {
  return
}

// -----

// expected-error @+1 {{'kgpu.dispatch_params' must be an array of 1 to 3 strings}}
func.func @notNames(%a: i32 {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.name = "a"})
    attributes {kgpu.kernel, kgpu.dispatch_params = [1 : i32]} {
  return
}
