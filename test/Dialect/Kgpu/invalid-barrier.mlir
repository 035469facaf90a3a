// RUN: kgpu-opt %s -split-input-file -verify-diagnostics

func.func @host() {
  // expected-error @+1 {{'kgpu.barrier' op must be inside a kernel or device function}}
  kgpu.barrier local
  return
}

// -----

func.func @in_parallel_for(%n: index {kgpu.arg = #kgpu.arg<scalar, read>}) attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  kgpu.parallel_for (%i) = (%c0) to (%n) step (%c1) {
    // expected-error @+1 {{'kgpu.barrier' op cannot be used inside a 'kgpu.parallel_for': its iterations are not work-items}}
    kgpu.barrier local
  }
  return
}

// -----

func.func @bad_fence() attributes {kgpu.kernel} {
  // expected-error @+2 {{expected ::mlir::kgpu::MemFence to be one of: local, global, all}}
  // expected-error @+2 {{failed to parse Kgpu_MemFenceAttr parameter 'value'}}
  kgpu.barrier shared
  return
}
