// RUN: kgpu-opt %s -split-input-file -verify-diagnostics

func.func @outside_loop(%o: memref<1xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>}) attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %v = arith.constant 1.0 : f32
  // expected-error @+1 {{'kgpu.reduce' op must be inside a 'kgpu.parallel_for'}}
  kgpu.reduce add %v, %o[%c0] : memref<1xf32>
  return
}

// -----

// A bitwise reduction of floats makes no sense.
func.func @xor_float(%o: memref<1xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>},
                     %n: index {kgpu.arg = #kgpu.arg<scalar, read>}) attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = arith.constant 1.0 : f32
  kgpu.parallel_for (%i) = (%c0) to (%n) step (%c1) {
    // expected-error @+1 {{'kgpu.reduce' op reduction 'xor' is not defined for 'f32'; it needs an integer}}
    kgpu.reduce xor %v, %o[%c0] : memref<1xf32>
  }
  return
}

// -----

func.func @umax_float(%o: memref<1xf64> {kgpu.arg = #kgpu.arg<buffer, read_write>},
                      %n: index {kgpu.arg = #kgpu.arg<scalar, read>}) attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = arith.constant 1.0 : f64
  kgpu.parallel_for (%i) = (%c0) to (%n) step (%c1) {
    // expected-error @+1 {{'kgpu.reduce' op reduction 'umax' is not defined for 'f64'; it needs an integer}}
    kgpu.reduce umax %v, %o[%c0] : memref<1xf64>
  }
  return
}

// -----

func.func @index_count(%o: memref<2x2xi32> {kgpu.arg = #kgpu.arg<buffer, read_write>},
                       %n: index {kgpu.arg = #kgpu.arg<scalar, read>}) attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = arith.constant 1 : i32
  kgpu.parallel_for (%i) = (%c0) to (%n) step (%c1) {
    // expected-error @+1 {{'kgpu.reduce' op expects 2 indices for 'memref<2x2xi32>', got 1}}
    kgpu.reduce add %v, %o[%c0] : memref<2x2xi32>
  }
  return
}

// -----

// Reducing into private memory is pointless: nobody else can see it.
func.func @private(%n: index {kgpu.arg = #kgpu.arg<scalar, read>}) attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = arith.constant 1 : i32
  %p = memref.alloca() : memref<1xi32>
  kgpu.parallel_for (%i) = (%c0) to (%n) step (%c1) {
    // expected-error @+1 {{'kgpu.reduce' op cannot operate on private memory (memref.alloca)}}
    kgpu.reduce add %v, %p[%c0] : memref<1xi32>
  }
  return
}

// -----

func.func @other_space(%o: memref<1xi32, 5>, %n: index) attributes {kgpu.device} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = arith.constant 1 : i32
  kgpu.parallel_for (%i) = (%c0) to (%n) step (%c1) {
    // expected-error @+1 {{'kgpu.reduce' op needs a memref in global memory (default memory space) or local memory (memory space 3), got 'memref<1xi32, 5>'}}
    kgpu.reduce add %v, %o[%c0] : memref<1xi32, 5>
  }
  return
}

// -----

func.func @type_mismatch(%o: memref<1xi32> {kgpu.arg = #kgpu.arg<buffer, read_write>},
                         %n: index {kgpu.arg = #kgpu.arg<scalar, read>}) attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = arith.constant 1 : i64
  kgpu.parallel_for (%i) = (%c0) to (%n) step (%c1) {
    // expected-error @+1 {{'kgpu.reduce' op failed to verify that value type matches the element type of the output}}
    "kgpu.reduce"(%v, %o, %c0) <{kind = #kgpu<reduction add>}> : (i64, memref<1xi32>, index) -> ()
  }
  return
}
