// RUN: kgpu-opt %s -split-input-file -verify-diagnostics

func.func @i8(%v: i8, %o: i32) attributes {kgpu.device} {
  // expected-error @+1 {{'kgpu.shuffle' op operand #0 must be 32/64-bit integer, f16, bf16, f32 or f64, but got 'i8'}}
  %0 = kgpu.shuffle down %v, %o : i8
  return
}

// -----

func.func @offset_type(%v: f32, %o: i64) attributes {kgpu.device} {
  // expected-error @+1 {{'kgpu.shuffle' op operand #1 must be 32-bit signless integer, but got 'i64'}}
  %0 = "kgpu.shuffle"(%v, %o) <{mode = #kgpu<shuffle down>}> : (f32, i64) -> f32
  return
}

// -----

func.func @in_parallel_for(%n: index {kgpu.arg = #kgpu.arg<scalar, read>}) attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = arith.constant 1.0 : f32
  %o = arith.constant 1 : i32
  kgpu.parallel_for (%i) = (%c0) to (%n) step (%c1) {
    // expected-error @+1 {{'kgpu.shuffle' op cannot be used inside a 'kgpu.parallel_for'}}
    %0 = kgpu.shuffle xor %v, %o : f32
  }
  return
}

// -----

func.func @bad_mode(%v: f32, %o: i32) attributes {kgpu.device} {
  // expected-error @+2 {{expected ::mlir::kgpu::ShuffleMode to be one of: down, up, xor, idx}}
  // expected-error @+1 {{failed to parse Kgpu_ShuffleModeAttr parameter 'value'}}
  %0 = kgpu.shuffle left %v, %o : f32
  return
}
