// RUN: kgpu-opt %s -split-input-file -verify-diagnostics

func.func @no_dims() attributes {kgpu.kernel} {
  // expected-error @+1 {{'kgpu.parallel_for' op expects 1 to 3 dimensions, got 0}}
  kgpu.parallel_for () = () to () step () {
  }
  return
}

// -----

func.func @four_dims(%n: index {kgpu.arg = #kgpu.arg<scalar, read>}) attributes {kgpu.kernel} {
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'kgpu.parallel_for' op expects 1 to 3 dimensions, got 4}}
  kgpu.parallel_for (%i, %j, %k, %l) = (%c1, %c1, %c1, %c1) to (%n, %n, %n, %n) step (%c1, %c1, %c1, %c1) {
  }
  return
}

// -----

// Nested parallel loops deeper than 3 dimensions in total.
func.func @too_deep(%n: index {kgpu.arg = #kgpu.arg<scalar, read>}) attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  kgpu.parallel_for (%i, %j) = (%c0, %c0) to (%n, %n) step (%c1, %c1) {
    kgpu.parallel_for (%k) = (%c0) to (%n) step (%c1) {
      // expected-error @+1 {{'kgpu.parallel_for' op nests parallel loops 4 dimensions deep; at most 3 are allowed}}
      kgpu.parallel_for (%l) = (%c0) to (%n) step (%c1) {
      }
    }
  }
  return
}

// -----

func.func @zero_step(%n: index {kgpu.arg = #kgpu.arg<scalar, read>}) attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'kgpu.parallel_for' op steps must be positive, got 0}}
  kgpu.parallel_for (%i) = (%c0) to (%n) step (%c0) {
  }
  return
}

// -----

func.func @mismatched(%n: index {kgpu.arg = #kgpu.arg<scalar, read>}) attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'kgpu.parallel_for' op expects as many upper bounds and steps as lower bounds (1), got 2 and 1}}
  "kgpu.parallel_for"(%c0, %n, %n, %c0) <{operandSegmentSizes = array<i32: 1, 2, 1>}> ({
  ^bb0(%i: index):
    kgpu.yield
  }) : (index, index, index, index) -> ()
  return
}

// -----

func.func @wrong_ivs(%n: index {kgpu.arg = #kgpu.arg<scalar, read>}) attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'kgpu.parallel_for' op expects 1 induction variables, got 2}}
  "kgpu.parallel_for"(%c0, %n, %c1) <{operandSegmentSizes = array<i32: 1, 1, 1>}> ({
  ^bb0(%i: index, %j: index):
    kgpu.yield
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @iv_type(%n: index {kgpu.arg = #kgpu.arg<scalar, read>}) attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'kgpu.parallel_for' op induction variables must be of index type, got 'i32'}}
  "kgpu.parallel_for"(%c0, %n, %c1) <{operandSegmentSizes = array<i32: 1, 1, 1>}> ({
  ^bb0(%i: i32):
    kgpu.yield
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @host(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'kgpu.parallel_for' op must be inside a kernel or device function}}
  kgpu.parallel_for (%i) = (%c0) to (%n) step (%c1) {
  }
  return
}

// -----

func.func @yield_outside() attributes {kgpu.kernel} {
  // expected-error @+1 {{'kgpu.yield' op expects parent op 'kgpu.parallel_for'}}
  kgpu.yield
}
