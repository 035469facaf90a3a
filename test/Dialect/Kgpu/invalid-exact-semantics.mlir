// RUN: kgpu-opt %s -split-input-file -verify-diagnostics

func.func @to_i1(%f: f32) -> i1 {
  // expected-error @+1 {{'kgpu.fptosi_sat' op needs an integer result of at least 8 bits, got 'i1'}}
  %0 = kgpu.fptosi_sat %f : f32 to i1
  return %0 : i1
}

// -----

func.func @from_int(%i: i32) -> i32 {
  // expected-error @+1 {{'kgpu.fptosi_sat' op operand #0 must be floating-point, but got 'i32'}}
  %0 = "kgpu.fptosi_sat"(%i) : (i32) -> i32
  return %0 : i32
}

// -----

func.func @jvm_min_int(%a: i32) -> i32 {
  // expected-error @+1 {{'kgpu.jvm_min' op operand #0 must be floating-point, but got 'i32'}}
  %0 = "kgpu.jvm_min"(%a, %a) : (i32, i32) -> i32
  return %0 : i32
}

// -----

func.func @jvm_max_mixed(%a: f32, %b: f64) -> f32 {
  // expected-error @+1 {{'kgpu.jvm_max' op requires the same type for all operands and results}}
  %0 = "kgpu.jvm_max"(%a, %b) : (f32, f64) -> f32
  return %0 : f32
}

// -----

func.func @div_float(%a: f32) -> f32 {
  // expected-error @+1 {{'kgpu.int_div' op operand #0 must be signless integer, but got 'f32'}}
  %0 = "kgpu.int_div"(%a, %a) : (f32, f32) -> f32
  return %0 : f32
}

// -----

func.func @rem_mixed(%a: i32, %b: i64) -> i32 {
  // expected-error @+1 {{'kgpu.int_rem' op requires the same type for all operands and results}}
  %0 = "kgpu.int_rem"(%a, %b) : (i32, i64) -> i32
  return %0 : i32
}

// -----

func.func @shift_float(%a: f32) -> f32 {
  // expected-error @+1 {{'kgpu.shift' op operand #0 must be signless integer, but got 'f32'}}
  %0 = "kgpu.shift"(%a, %a) <{kind = #kgpu<shift shl>}> : (f32, f32) -> f32
  return %0 : f32
}
