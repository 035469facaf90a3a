// RUN: kgpu-opt %s --kgpu-verify-abi -split-input-file -verify-diagnostics

// expected-error @+1 {{kernel name 'a b' is not a C identifier (letters, digits and '_', not starting with a digit): kernel names become PTX, SPIR-V and ELF symbols}}
func.func @"a b"(%p: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, write>}) attributes {kgpu.kernel} {
  return
}

// -----

// expected-error @+1 {{kernel name 'a\00b' is not a C identifier}}
func.func @"a\00b"() attributes {kgpu.kernel} {
  return
}

// -----

// expected-error @+1 {{kernel name 'k\22' is not a C identifier}}
func.func @"k\""() attributes {kgpu.kernel} {
  return
}

// -----

// expected-error @+1 {{kernel name 'k\C3\A9' is not a C identifier}}
func.func @"k\C3\A9"() attributes {kgpu.kernel} {
  return
}

// -----

// expected-error @+1 {{kernel name 'k\FF' is not a C identifier}}
func.func @"k\FF"() attributes {kgpu.kernel} {
  return
}

// -----

// expected-error @+1 {{kernel name '1k' is not a C identifier}}
func.func @"1k"() attributes {kgpu.kernel} {
  return
}

// -----

func.func @k(
  // expected-error @+1 {{parameter name 'x y' of kernel 'k' is not a C identifier (letters, digits and '_', not starting with a digit)}}
  %p: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, write>, kgpu.name = "x y"})
    attributes {kgpu.kernel} {
  return
}

// -----

func.func @k(
  // expected-error @+1 {{parameter name '{\22x\22:1}' of kernel 'k' is not a C identifier}}
  %p: f32 {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.name = "{\"x\":1}"})
    attributes {kgpu.kernel} {
  return
}

// -----

func.func @k(%p: f32 {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.name = "x"},
  // expected-error @+1 {{parameters #0 and #1 of kernel 'k' are both named 'x'}}
  %q: f32 {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.name = "x"})
    attributes {kgpu.kernel} {
  return
}

// -----

// expected-error @+1 {{parameter 'p' of kernel 'k' has type 'f80', which the kgpu targets do not support (i1, i8, i16, i32, i64, index, f16, bf16, f32, f64, and memrefs of them of rank 1 to 8 (0 to 8 inside kernels))}}
func.func @k(%p: f80 {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.name = "p"}) attributes {kgpu.kernel} {
  return
}

// -----

// expected-error @+1 {{parameter 'p' of kernel 'k' has type 'f128'}}
func.func @k(%p: f128 {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.name = "p"}) attributes {kgpu.kernel} {
  return
}

// -----

// expected-error @+1 {{parameter 'p' of kernel 'k' has type 'i7'}}
func.func @k(%p: i7 {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.name = "p"}) attributes {kgpu.kernel} {
  return
}

// -----

// expected-error @+1 {{parameter 'arg0' of kernel 'k' has type 'i128'}}
func.func @k(%p: i128 {kgpu.arg = #kgpu.arg<scalar, read>}) attributes {kgpu.kernel} {
  return
}

// -----

// expected-error @+1 {{parameter 'p' of kernel 'k' has type 'ui32'}}
func.func @k(%p: ui32 {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.name = "p"}) attributes {kgpu.kernel} {
  return
}

// -----

// expected-error @+1 {{parameter 'p' of kernel 'k' has type 'memref<f32>', which the kgpu targets do not support}}
func.func @k(%p: memref<f32> {kgpu.arg = #kgpu.arg<buffer, read>, kgpu.name = "p"}) attributes {kgpu.kernel} {
  return
}

// -----

// expected-error @+1 {{parameter 'p' of kernel 'k' has type 'memref<1x1x1x1x1x1x1x1x1xf32>', which the kgpu targets do not support}}
func.func @k(%p: memref<1x1x1x1x1x1x1x1x1xf32> {kgpu.arg = #kgpu.arg<buffer, read>, kgpu.name = "p"}) attributes {kgpu.kernel} {
  return
}

// -----

// expected-error @+1 {{parameter 'p' of kernel 'k' has type 'memref<?xf80>', which the kgpu targets do not support}}
func.func @k(%p: memref<?xf80> {kgpu.arg = #kgpu.arg<buffer, read>, kgpu.name = "p"}) attributes {kgpu.kernel} {
  return
}

// -----

// expected-error @+1 {{parameter 'p' of kernel 'k' has type 'memref<?xvector<4xf32>>', which the kgpu targets do not support}}
func.func @k(%p: memref<?xvector<4xf32>> {kgpu.arg = #kgpu.arg<buffer, read>, kgpu.name = "p"}) attributes {kgpu.kernel} {
  return
}

// -----

// expected-error @+1 {{parameter 'p' of kernel 'k' has type 'memref<?xcomplex<f32>>', which the kgpu targets do not support}}
func.func @k(%p: memref<?xcomplex<f32>> {kgpu.arg = #kgpu.arg<buffer, read>, kgpu.name = "p"}) attributes {kgpu.kernel} {
  return
}

// -----

// expected-error @+1 {{parameter 'p' of kernel 'k' has type 'memref<?x4xf32>': only 1-D buffers may have a dynamic extent}}
func.func @k(%p: memref<?x4xf32> {kgpu.arg = #kgpu.arg<buffer, read>, kgpu.name = "p"}) attributes {kgpu.kernel} {
  return
}

// -----

// expected-error @+1 {{parameter 'p' of kernel 'k' has type 'memref<0xf32>': buffer extents must be positive}}
func.func @k(%p: memref<0xf32> {kgpu.arg = #kgpu.arg<buffer, read>, kgpu.name = "p"}) attributes {kgpu.kernel} {
  return
}

// -----

// expected-error @+1 {{parameter 'p' of kernel 'k' has type 'memref<?xf32, strided<[2]>>': buffer parameters must have the identity layout}}
func.func @k(%p: memref<?xf32, strided<[2]>> {kgpu.arg = #kgpu.arg<buffer, read>, kgpu.name = "p"}) attributes {kgpu.kernel} {
  return
}

// -----

func.func @k(%p: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>}) attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %v = memref.load %p[%c0] : memref<?xf32>
  // expected-error @+1 {{the result of 'arith.extf' has type 'f80', which the kgpu targets do not support}}
  %e = arith.extf %v : f32 to f80
  %t = arith.truncf %e : f80 to f32
  memref.store %t, %p[%c0] : memref<?xf32>
  return
}

// -----

func.func @k(%p: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>}) attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %v = memref.load %p[%c0] : memref<?xf32>
  // expected-error @+1 {{the result of 'arith.fptosi' has type 'i128'}}
  %e = arith.fptosi %v : f32 to i128
  return
}

// -----

func.func @k(%p: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>}) attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %v = memref.load %p[%c0] : memref<?xf32>
  // expected-error @+1 {{the result of 'vector.broadcast' has type 'vector<4xf32>'}}
  %e = vector.broadcast %v : f32 to vector<4xf32>
  return
}

// -----

func.func @k(%p: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>}) attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %v = memref.load %p[%c0] : memref<?xf32>
  // expected-error @+1 {{the result of 'complex.create' has type 'complex<f32>'}}
  %e = complex.create %v, %v : complex<f32>
  return
}

// -----

func.func @k() attributes {kgpu.kernel} {
  // expected-error @+1 {{the result of 'memref.alloca' has type 'memref<1x1x1x1x1x1x1x1x1xi32>'}}
  %m = memref.alloca() : memref<1x1x1x1x1x1x1x1x1xi32>
  return
}

// -----

// expected-error @+1 {{function 'helper' has type 'f80'}}
func.func private @helper(f80) -> f32 attributes {kgpu.device}

// -----

// What the targets lower passes: every scalar type, memrefs of rank 1 to 8
// (and 0-D ones inside kernels), tensor-core fragments.
func.func @ok(%a: i1 {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.name = "a"},
              %b: i8 {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.name = "b_1"},
              %c: i16 {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.name = "_c"},
              %d: i64 {kgpu.arg = #kgpu.arg<scalar, read>},
              %e: index {kgpu.arg = #kgpu.arg<scalar, read>},
              %f: bf16 {kgpu.arg = #kgpu.arg<scalar, read>},
              %g: f16 {kgpu.arg = #kgpu.arg<scalar, read>},
              %h: f64 {kgpu.arg = #kgpu.arg<scalar, read>},
              %m: memref<2x2x2x2x2x2x2x2xf32> {kgpu.arg = #kgpu.arg<buffer, read>},
              %n: memref<?xi32> {kgpu.arg = #kgpu.arg<buffer, read>})
    attributes {kgpu.kernel} {
  %zero = arith.constant 0.0 : f32
  %frag = kgpu.mma_fill %zero : f32 -> !kgpu.mma<m16n16k16, acc, f32>
  %acc = memref.alloca() : memref<f32>
  return
}
