// RUN: kgpu-opt %s --canonicalize | FileCheck %s

// The folders of the exact-semantics ops give Java's results for constant
// operands (the same values test/Integration/Exact executes on the CPU and
// Vulkan and compares with Java's output). Division by zero is defined by
// the ops (quotient 0, remainder the dividend), so it folds too.

// Java: Integer.MIN_VALUE / -1 == Integer.MIN_VALUE (wraps).
// CHECK-LABEL: func.func @div_min_by_minus_one()
// CHECK-NEXT: %[[R:.*]] = arith.constant -2147483648 : i32
// CHECK-NEXT: return %[[R]] : i32
func.func @div_min_by_minus_one() -> i32 {
  %a = arith.constant -2147483648 : i32
  %b = arith.constant -1 : i32
  %r = kgpu.int_div %a, %b : i32
  return %r : i32
}

// Java: Integer.MIN_VALUE % -1 == 0.
// CHECK-LABEL: func.func @rem_min_by_minus_one()
// CHECK-NEXT: %[[R:.*]] = arith.constant 0 : i32
// CHECK-NEXT: return %[[R]] : i32
func.func @rem_min_by_minus_one() -> i32 {
  %a = arith.constant -2147483648 : i32
  %b = arith.constant -1 : i32
  %r = kgpu.int_rem %a, %b : i32
  return %r : i32
}

// CHECK-LABEL: func.func @div_min_by_minus_one_i64()
// CHECK-NEXT: %[[R:.*]] = arith.constant -9223372036854775808 : i64
// CHECK-NEXT: return %[[R]] : i64
func.func @div_min_by_minus_one_i64() -> i64 {
  %a = arith.constant -9223372036854775808 : i64
  %b = arith.constant -1 : i64
  %r = kgpu.int_div %a, %b : i64
  return %r : i64
}

// Rounds toward zero; the remainder has the sign of the dividend.
// CHECK-LABEL: func.func @div_trunc()
// CHECK-NEXT: %[[R:.*]] = arith.constant -3 : i32
// CHECK-NEXT: return %[[R]] : i32
func.func @div_trunc() -> i32 {
  %a = arith.constant -7 : i32
  %b = arith.constant 2 : i32
  %r = kgpu.int_div %a, %b : i32
  return %r : i32
}

// CHECK-LABEL: func.func @rem_trunc()
// CHECK-NEXT: %[[R:.*]] = arith.constant -1 : i32
// CHECK-NEXT: return %[[R]] : i32
func.func @rem_trunc() -> i32 {
  %a = arith.constant -7 : i32
  %b = arith.constant 2 : i32
  %r = kgpu.int_rem %a, %b : i32
  return %r : i32
}

// CHECK-LABEL: func.func @rem_neg_divisor()
// CHECK-NEXT: %[[R:.*]] = arith.constant 1 : i32
// CHECK-NEXT: return %[[R]] : i32
func.func @rem_neg_divisor() -> i32 {
  %a = arith.constant 7 : i32
  %b = arith.constant -2 : i32
  %r = kgpu.int_rem %a, %b : i32
  return %r : i32
}

// A zero divisor (Java throws ArithmeticException) gives the documented
// replacement: quotient 0, remainder the dividend.
// CHECK-LABEL: func.func @div_by_zero()
// CHECK-NEXT: %[[R:.*]] = arith.constant 0 : i32
// CHECK-NEXT: return %[[R]] : i32
func.func @div_by_zero() -> i32 {
  %a = arith.constant 7 : i32
  %b = arith.constant 0 : i32
  %r = kgpu.int_div %a, %b : i32
  return %r : i32
}

// CHECK-LABEL: func.func @rem_by_zero()
// CHECK-NEXT: %[[R:.*]] = arith.constant -7 : i32
// CHECK-NEXT: return %[[R]] : i32
func.func @rem_by_zero() -> i32 {
  %a = arith.constant -7 : i32
  %b = arith.constant 0 : i32
  %r = kgpu.int_rem %a, %b : i32
  return %r : i32
}

// Unsigned: 0xffffffff / 2 (Integer.divideUnsigned).
// CHECK-LABEL: func.func @udiv()
// CHECK-NEXT: %[[R:.*]] = arith.constant 2147483647 : i32
// CHECK-NEXT: return %[[R]] : i32
func.func @udiv() -> i32 {
  %a = arith.constant -1 : i32
  %b = arith.constant 2 : i32
  %r = kgpu.int_div unsigned %a, %b : i32
  return %r : i32
}

// Integer.remainderUnsigned(-1, 10) == 5.
// CHECK-LABEL: func.func @urem()
// CHECK-NEXT: %[[R:.*]] = arith.constant 5 : i32
// CHECK-NEXT: return %[[R]] : i32
func.func @urem() -> i32 {
  %a = arith.constant -1 : i32
  %b = arith.constant 10 : i32
  %r = kgpu.int_rem unsigned %a, %b : i32
  return %r : i32
}

// Unsigned MIN / -1 is 0x80000000 / 0xffffffff == 0.
// CHECK-LABEL: func.func @udiv_min_by_minus_one()
// CHECK-NEXT: %[[R:.*]] = arith.constant 0 : i32
// CHECK-NEXT: return %[[R]] : i32
func.func @udiv_min_by_minus_one() -> i32 {
  %a = arith.constant -2147483648 : i32
  %b = arith.constant -1 : i32
  %r = kgpu.int_div unsigned %a, %b : i32
  return %r : i32
}

// CHECK-LABEL: func.func @udiv_by_zero()
// CHECK-NEXT: %[[R:.*]] = arith.constant 0 : i64
// CHECK-NEXT: return %[[R]] : i64
func.func @udiv_by_zero() -> i64 {
  %a = arith.constant -1 : i64
  %b = arith.constant 0 : i64
  %r = kgpu.int_div unsigned %a, %b : i64
  return %r : i64
}

// CHECK-LABEL: func.func @urem_by_zero()
// CHECK-NEXT: %[[R:.*]] = arith.constant -5 : i64
// CHECK-NEXT: return %[[R]] : i64
func.func @urem_by_zero() -> i64 {
  %a = arith.constant -5 : i64
  %b = arith.constant 0 : i64
  %r = kgpu.int_rem unsigned %a, %b : i64
  return %r : i64
}

// Counts are masked to the width (Java: 1 << 32 == 1, 1 << 33 == 2).
// CHECK-LABEL: func.func @shl_32()
// CHECK-NEXT: %[[R:.*]] = arith.constant 1 : i32
// CHECK-NEXT: return %[[R]] : i32
func.func @shl_32() -> i32 {
  %a = arith.constant 1 : i32
  %b = arith.constant 32 : i32
  %r = kgpu.shift shl %a, %b : i32
  return %r : i32
}

// CHECK-LABEL: func.func @shl_33()
// CHECK-NEXT: %[[R:.*]] = arith.constant 2 : i32
// CHECK-NEXT: return %[[R]] : i32
func.func @shl_33() -> i32 {
  %a = arith.constant 1 : i32
  %b = arith.constant 33 : i32
  %r = kgpu.shift shl %a, %b : i32
  return %r : i32
}

// A negative count is masked too: 1 << -1 == 1 << 31.
// CHECK-LABEL: func.func @shl_minus_one()
// CHECK-NEXT: %[[R:.*]] = arith.constant -2147483648 : i32
// CHECK-NEXT: return %[[R]] : i32
func.func @shl_minus_one() -> i32 {
  %a = arith.constant 1 : i32
  %b = arith.constant -1 : i32
  %r = kgpu.shift shl %a, %b : i32
  return %r : i32
}

// -2147483648 >> -1 == -1, >>> -1 == 1.
// CHECK-LABEL: func.func @shrs_minus_one()
// CHECK-NEXT: %[[R:.*]] = arith.constant -1 : i32
// CHECK-NEXT: return %[[R]] : i32
func.func @shrs_minus_one() -> i32 {
  %a = arith.constant -2147483648 : i32
  %b = arith.constant -1 : i32
  %r = kgpu.shift shrs %a, %b : i32
  return %r : i32
}

// CHECK-LABEL: func.func @shru_minus_one()
// CHECK-NEXT: %[[R:.*]] = arith.constant 1 : i32
// CHECK-NEXT: return %[[R]] : i32
func.func @shru_minus_one() -> i32 {
  %a = arith.constant -2147483648 : i32
  %b = arith.constant -1 : i32
  %r = kgpu.shift shru %a, %b : i32
  return %r : i32
}

// 1L << 64 == 1L; -1L >>> 64 == -1L, >>> 63 == 1L.
// CHECK-LABEL: func.func @shru_64()
// CHECK-NEXT: %[[R:.*]] = arith.constant -1 : i64
// CHECK-NEXT: return %[[R]] : i64
func.func @shru_64() -> i64 {
  %a = arith.constant -1 : i64
  %b = arith.constant 64 : i64
  %r = kgpu.shift shru %a, %b : i64
  return %r : i64
}

// CHECK-LABEL: func.func @shru_63()
// CHECK-NEXT: %[[R:.*]] = arith.constant 1 : i64
// CHECK-NEXT: return %[[R]] : i64
func.func @shru_63() -> i64 {
  %a = arith.constant -1 : i64
  %b = arith.constant 63 : i64
  %r = kgpu.shift shru %a, %b : i64
  return %r : i64
}

// CHECK-LABEL: func.func @shrs_neg()
// CHECK-NEXT: %[[R:.*]] = arith.constant -4 : i32
// CHECK-NEXT: return %[[R]] : i32
func.func @shrs_neg() -> i32 {
  %a = arith.constant -8 : i32
  %b = arith.constant 1 : i32
  %r = kgpu.shift shrs %a, %b : i32
  return %r : i32
}

// NaN gives 0; out of range saturates; rounds toward zero.
// CHECK-LABEL: func.func @f2i_nan()
// CHECK-NEXT: %[[R:.*]] = arith.constant 0 : i32
// CHECK-NEXT: return %[[R]] : i32
func.func @f2i_nan() -> i32 {
  %x = arith.constant 0x7FC00000 : f32
  %r = kgpu.fptosi_sat %x : f32 to i32
  return %r : i32
}

// CHECK-LABEL: func.func @f2i_big()
// CHECK-NEXT: %[[R:.*]] = arith.constant 2147483647 : i32
// CHECK-NEXT: return %[[R]] : i32
func.func @f2i_big() -> i32 {
  %x = arith.constant 3.0e+09 : f32
  %r = kgpu.fptosi_sat %x : f32 to i32
  return %r : i32
}

// CHECK-LABEL: func.func @f2i_small()
// CHECK-NEXT: %[[R:.*]] = arith.constant -2147483648 : i32
// CHECK-NEXT: return %[[R]] : i32
func.func @f2i_small() -> i32 {
  %x = arith.constant -3.0e+09 : f32
  %r = kgpu.fptosi_sat %x : f32 to i32
  return %r : i32
}

// CHECK-LABEL: func.func @f2i_inf()
// CHECK-NEXT: %[[R:.*]] = arith.constant 2147483647 : i32
// CHECK-NEXT: return %[[R]] : i32
func.func @f2i_inf() -> i32 {
  %x = arith.constant 0x7F800000 : f32
  %r = kgpu.fptosi_sat %x : f32 to i32
  return %r : i32
}

// CHECK-LABEL: func.func @f2i_ninf()
// CHECK-NEXT: %[[R:.*]] = arith.constant -2147483648 : i32
// CHECK-NEXT: return %[[R]] : i32
func.func @f2i_ninf() -> i32 {
  %x = arith.constant 0xFF800000 : f32
  %r = kgpu.fptosi_sat %x : f32 to i32
  return %r : i32
}

// CHECK-LABEL: func.func @f2i_trunc()
// CHECK-NEXT: %[[R:.*]] = arith.constant -2 : i32
// CHECK-NEXT: return %[[R]] : i32
func.func @f2i_trunc() -> i32 {
  %x = arith.constant -2.75 : f32
  %r = kgpu.fptosi_sat %x : f32 to i32
  return %r : i32
}

// CHECK-LABEL: func.func @f2i_neg_zero()
// CHECK-NEXT: %[[R:.*]] = arith.constant 0 : i32
// CHECK-NEXT: return %[[R]] : i32
func.func @f2i_neg_zero() -> i32 {
  %x = arith.constant -0.0 : f32
  %r = kgpu.fptosi_sat %x : f32 to i32
  return %r : i32
}

// CHECK-LABEL: func.func @f2l_nan()
// CHECK-NEXT: %[[R:.*]] = arith.constant 0 : i64
// CHECK-NEXT: return %[[R]] : i64
func.func @f2l_nan() -> i64 {
  %x = arith.constant 0x7FF8000000000000 : f64
  %r = kgpu.fptosi_sat %x : f64 to i64
  return %r : i64
}

// CHECK-LABEL: func.func @d2l_big()
// CHECK-NEXT: %[[R:.*]] = arith.constant 9223372036854775807 : i64
// CHECK-NEXT: return %[[R]] : i64
func.func @d2l_big() -> i64 {
  %x = arith.constant 1.0e+19 : f64
  %r = kgpu.fptosi_sat %x : f64 to i64
  return %r : i64
}

// CHECK-LABEL: func.func @d2l_small()
// CHECK-NEXT: %[[R:.*]] = arith.constant -9223372036854775808 : i64
// CHECK-NEXT: return %[[R]] : i64
func.func @d2l_small() -> i64 {
  %x = arith.constant -1.0e+19 : f64
  %r = kgpu.fptosi_sat %x : f64 to i64
  return %r : i64
}

// 2^31 is just out of range; 2147483647.9 truncates to MAX.
// CHECK-LABEL: func.func @d2i_big()
// CHECK-NEXT: %[[R:.*]] = arith.constant 2147483647 : i32
// CHECK-NEXT: return %[[R]] : i32
func.func @d2i_big() -> i32 {
  %x = arith.constant 2147483648.0 : f64
  %r = kgpu.fptosi_sat %x : f64 to i32
  return %r : i32
}

// CHECK-LABEL: func.func @d2i_max()
// CHECK-NEXT: %[[R:.*]] = arith.constant 2147483647 : i32
// CHECK-NEXT: return %[[R]] : i32
func.func @d2i_max() -> i32 {
  %x = arith.constant 2147483647.9 : f64
  %r = kgpu.fptosi_sat %x : f64 to i32
  return %r : i32
}

// CHECK-LABEL: func.func @f2l_small()
// CHECK-NEXT: %[[R:.*]] = arith.constant -9223372036854775808 : i64
// CHECK-NEXT: return %[[R]] : i64
func.func @f2l_small() -> i64 {
  %x = arith.constant -9.3e+18 : f32
  %r = kgpu.fptosi_sat %x : f32 to i64
  return %r : i64
}

// Math.min/max: a NaN operand gives NaN; -0.0 < +0.0.
// CHECK-LABEL: func.func @min_nan()
// CHECK-NEXT: %[[R:.*]] = arith.constant 0x7FC00000 : f32
// CHECK-NEXT: return %[[R]] : f32
func.func @min_nan() -> f32 {
  %a = arith.constant 0x7FC00000 : f32
  %b = arith.constant 1.0 : f32
  %r = kgpu.jvm_min %a, %b : f32
  return %r : f32
}

// CHECK-LABEL: func.func @max_nan()
// CHECK-NEXT: %[[R:.*]] = arith.constant 0x7FC00000 : f32
// CHECK-NEXT: return %[[R]] : f32
func.func @max_nan() -> f32 {
  %a = arith.constant 1.0 : f32
  %b = arith.constant 0x7FC00000 : f32
  %r = kgpu.jvm_max %a, %b : f32
  return %r : f32
}

// CHECK-LABEL: func.func @min_zeros()
// CHECK-NEXT: %[[R:.*]] = arith.constant -0.000000e+00 : f32
// CHECK-NEXT: return %[[R]] : f32
func.func @min_zeros() -> f32 {
  %a = arith.constant 0.0 : f32
  %b = arith.constant -0.0 : f32
  %r = kgpu.jvm_min %a, %b : f32
  return %r : f32
}

// CHECK-LABEL: func.func @max_zeros()
// CHECK-NEXT: %[[R:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: return %[[R]] : f32
func.func @max_zeros() -> f32 {
  %a = arith.constant -0.0 : f32
  %b = arith.constant 0.0 : f32
  %r = kgpu.jvm_max %a, %b : f32
  return %r : f32
}

// CHECK-LABEL: func.func @min_f64()
// CHECK-NEXT: %[[R:.*]] = arith.constant -1.500000e+00 : f64
// CHECK-NEXT: return %[[R]] : f64
func.func @min_f64() -> f64 {
  %a = arith.constant -1.5 : f64
  %b = arith.constant 0x7FF0000000000000 : f64
  %r = kgpu.jvm_min %a, %b : f64
  return %r : f64
}

// CHECK-LABEL: func.func @max_ninf()
// CHECK-NEXT: %[[R:.*]] = arith.constant -2.000000e+00 : f64
// CHECK-NEXT: return %[[R]] : f64
func.func @max_ninf() -> f64 {
  %a = arith.constant 0xFFF0000000000000 : f64
  %b = arith.constant -2.0 : f64
  %r = kgpu.jvm_max %a, %b : f64
  return %r : f64
}

// Identities with one unknown operand.
// CHECK-LABEL: func.func @identities(
// CHECK-SAME: %[[X:[^:]*]]: i32
// CHECK-DAG: %[[Z:.*]] = arith.constant 0 : i32
// CHECK-NOT: kgpu.
// CHECK: return %[[X]], %[[Z]], %[[X]], %[[X]], %[[Z]], %[[X]] : i32, i32, i32, i32, i32, i32
func.func @identities(%x: i32) -> (i32, i32, i32, i32, i32, i32) {
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %c64 = arith.constant -64 : i32
  %0 = kgpu.int_div %x, %one : i32
  %1 = kgpu.int_rem unsigned %x, %one : i32
  %2 = kgpu.shift shl %x, %c32 : i32
  %3 = kgpu.shift shrs %x, %c64 : i32
  %4 = kgpu.int_div unsigned %x, %zero : i32
  %5 = kgpu.int_rem %x, %zero : i32
  return %0, %1, %2, %3, %4, %5 : i32, i32, i32, i32, i32, i32
}

// Not folded: a non-constant operand where no identity applies.
// CHECK-LABEL: func.func @not_folded(
// CHECK: kgpu.int_div
// CHECK: kgpu.int_rem
// CHECK: kgpu.shift shl
// CHECK: kgpu.fptosi_sat
// CHECK: kgpu.jvm_min
func.func @not_folded(%x: i32, %f: f32) -> (i32, i32, i32, i32, f32) {
  %c7 = arith.constant 7 : i32
  %nan = arith.constant 0x7FC00000 : f32
  %0 = kgpu.int_div %x, %c7 : i32
  %1 = kgpu.int_rem %c7, %x : i32
  %2 = kgpu.shift shl %c7, %x : i32
  %3 = kgpu.fptosi_sat %f : f32 to i32
  %4 = kgpu.jvm_min %f, %nan : f32
  return %0, %1, %2, %3, %4 : i32, i32, i32, i32, f32
}
