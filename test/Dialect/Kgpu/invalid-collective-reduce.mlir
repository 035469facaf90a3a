// RUN: kgpu-opt %s -split-input-file -verify-diagnostics

func.func @and_float(%v: f32) attributes {kgpu.device} {
  // expected-error @+1 {{'kgpu.group_reduce' op reduction 'and' is not defined for 'f32'; it needs an integer}}
  %0 = kgpu.group_reduce and %v : f32
  return
}

// -----

func.func @umin_float(%v: f16) attributes {kgpu.device} {
  // expected-error @+1 {{'kgpu.subgroup_reduce' op reduction 'umin' is not defined for 'f16'; it needs an integer}}
  %0 = kgpu.subgroup_reduce umin %v : f16
  return
}

// -----

// Work-group collectives are meaningless inside a parallel loop.
func.func @in_parallel_for(%n: index {kgpu.arg = #kgpu.arg<scalar, read>}) attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = arith.constant 1.0 : f32
  kgpu.parallel_for (%i) = (%c0) to (%n) step (%c1) {
    // expected-error @+1 {{'kgpu.group_reduce' op cannot be used inside a 'kgpu.parallel_for': its iterations are not work-items}}
    %0 = kgpu.group_reduce add %v : f32
  }
  return
}

// -----

func.func @sg_in_parallel_for(%n: index {kgpu.arg = #kgpu.arg<scalar, read>}) attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = arith.constant 1 : i32
  kgpu.parallel_for (%i) = (%c0) to (%n) step (%c1) {
    // expected-error @+1 {{'kgpu.subgroup_reduce' op cannot be used inside a 'kgpu.parallel_for'}}
    %0 = kgpu.subgroup_reduce add %v : i32
  }
  return
}

// -----

func.func @host(%v: f32) -> f32 {
  // expected-error @+1 {{'kgpu.group_reduce' op must be inside a kernel or device function}}
  %0 = kgpu.group_reduce add %v : f32
  return %0 : f32
}
