// RUN: kgpu-opt %s --kgpu-lower-exact-semantics | FileCheck %s

// CHECK-LABEL: func.func @f2i
// CHECK-DAG: %[[HI:.*]] = arith.constant 2.14748365E+9 : f32
// CHECK-DAG: %[[LO:.*]] = arith.constant -2.14748365E+9 : f32
// CHECK: %[[NAN:.*]] = arith.cmpf uno, %[[X:.*]], %[[X]]
// CHECK: %[[BIG:.*]] = arith.cmpf oge, %[[X]], %[[HI]]
// CHECK: %[[SMALL:.*]] = arith.cmpf olt, %[[X]], %[[LO]]
// CHECK: %[[C:.*]] = arith.fptosi %[[X]] : f32 to i32
// CHECK: %[[R1:.*]] = arith.select %[[NAN]], %{{.*}}, %[[C]]
// CHECK: %[[R2:.*]] = arith.select %[[SMALL]], %{{.*}}, %[[R1]]
// CHECK: arith.select %[[BIG]], %{{.*}}, %[[R2]]
func.func @f2i(%x: f32) -> i32 {
  %0 = kgpu.fptosi_sat %x : f32 to i32
  return %0 : i32
}

// Java's Math.min/max are IEEE-754 2019 minimum/maximum (NaN wins,
// -0.0 < +0.0): exactly arith.minimumf/maximumf.
// CHECK-LABEL: func.func @jmin
// A NaN result is the NaN operand (the first if both are), as in Java.
// CHECK-SAME: (%[[A:.*]]: f64, %[[B:.*]]: f64)
// CHECK: %[[M:.*]] = arith.minimumf %[[A]], %[[B]] : f64
// CHECK: %[[BN:.*]] = arith.cmpf uno, %[[B]], %[[B]] : f64
// CHECK: %[[S:.*]] = arith.select %[[BN]], %[[B]], %[[M]] : f64
// CHECK: %[[AN:.*]] = arith.cmpf uno, %[[A]], %[[A]] : f64
// CHECK: %[[R:.*]] = arith.select %[[AN]], %[[A]], %[[S]] : f64
// CHECK-NEXT: return %[[R]]
func.func @jmin(%a: f64, %b: f64) -> f64 {
  %0 = kgpu.jvm_min %a, %b : f64
  return %0 : f64
}

// CHECK-LABEL: func.func @jmax
// CHECK-SAME: (%[[A:.*]]: f32, %[[B:.*]]: f32)
// CHECK: %[[M:.*]] = arith.maximumf %[[A]], %[[B]] : f32
// CHECK: %[[BN:.*]] = arith.cmpf uno, %[[B]], %[[B]] : f32
// CHECK: %[[S:.*]] = arith.select %[[BN]], %[[B]], %[[M]] : f32
// CHECK: %[[AN:.*]] = arith.cmpf uno, %[[A]], %[[A]] : f32
// CHECK: %[[R:.*]] = arith.select %[[AN]], %[[A]], %[[S]] : f32
// CHECK-NEXT: return %[[R]]
func.func @jmax(%a: f32, %b: f32) -> f32 {
  %0 = kgpu.jvm_max %a, %b : f32
  return %0 : f32
}

// A zero divisor (or MIN / -1) divides by 1 instead; the zero case then
// selects 0 for the quotient and the dividend for the remainder.
// CHECK-LABEL: func.func @div
// CHECK: %[[Z:.*]] = arith.cmpi eq, %[[D:.*]], %c0_i32
// CHECK: %[[OVF:.*]] = arith.andi
// CHECK: %[[BAD:.*]] = arith.ori %[[Z]], %[[OVF]]
// CHECK: %[[SAFE:.*]] = arith.select %[[BAD]], %c1_i32, %[[D]]
// CHECK: %[[Q:.*]] = arith.divsi %{{.*}}, %[[SAFE]]
// CHECK: arith.select %[[Z]], %c0_i32, %[[Q]]
func.func @div(%a: i32, %d: i32) -> i32 {
  %0 = kgpu.int_div %a, %d : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @urem
// CHECK: %[[Z:.*]] = arith.cmpi eq
// CHECK-NOT: arith.andi
// CHECK: %[[R:.*]] = arith.remui
// CHECK: arith.select %[[Z]], %[[A:.*]], %[[R]]
func.func @urem(%a: i64, %d: i64) -> i64 {
  %0 = kgpu.int_rem unsigned %a, %d : i64
  return %0 : i64
}

// CHECK-LABEL: func.func @shift
// CHECK: %[[M:.*]] = arith.andi %{{.*}}, %c31_i32
// CHECK: arith.shrui %{{.*}}, %[[M]]
func.func @shift(%a: i32, %n: i32) -> i32 {
  %0 = kgpu.shift shru %a, %n : i32
  return %0 : i32
}
