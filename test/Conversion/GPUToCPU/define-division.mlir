// RUN: kgpu-opt %s --kgpu-cpu-define-division --cse | FileCheck %s

// Integer division and remainder never trap on the CPU: the divisor is
// replaced by 1 where it is 0 (or -1 for signed ops), and the result the
// GPUs give is selected: x / 0 = x % 0 = all ones, MIN / -1 = MIN (the
// wrapping negation), MIN % -1 = 0 (which x % 1 gives).

// CHECK-LABEL: func.func @signed_div(
// CHECK-SAME:    %[[X:.*]]: i32, %[[Y:.*]]: i32)
// CHECK:         %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK:         %[[ISZERO:.*]] = arith.cmpi eq, %[[Y]], %[[ZERO]]
// CHECK:         %[[M1:.*]] = arith.constant -1 : i32
// CHECK:         %[[ISM1:.*]] = arith.cmpi eq, %[[Y]], %[[M1]]
// CHECK:         %[[UNSAFE:.*]] = arith.ori %[[ISZERO]], %[[ISM1]]
// CHECK:         %[[ONE:.*]] = arith.constant 1 : i32
// CHECK:         %[[SAFE:.*]] = arith.select %[[UNSAFE]], %[[ONE]], %[[Y]]
// CHECK:         %[[Q:.*]] = arith.divsi %[[X]], %[[SAFE]] : i32
// CHECK:         %[[NEG:.*]] = arith.subi %[[ZERO]], %[[X]]
// CHECK:         %[[R1:.*]] = arith.select %[[ISM1]], %[[NEG]], %[[Q]]
// CHECK:         %[[R:.*]] = arith.select %[[ISZERO]], %[[M1]], %[[R1]]
// CHECK:         return %[[R]]
func.func @signed_div(%x: i32, %y: i32) -> i32 {
  %q = arith.divsi %x, %y : i32
  return %q : i32
}

// CHECK-LABEL: func.func @signed_rem(
// CHECK-SAME:    %[[X:.*]]: i64, %[[Y:.*]]: i64)
// CHECK:         %[[SAFE:.*]] = arith.select %{{.*}}, %{{.*}}, %[[Y]] : i64
// CHECK:         %[[R:.*]] = arith.remsi %[[X]], %[[SAFE]] : i64
// CHECK-NOT:     arith.subi
// CHECK:         arith.select %{{.*}}, %{{.*}}, %[[R]] : i64
func.func @signed_rem(%x: i64, %y: i64) -> i64 {
  %r = arith.remsi %x, %y : i64
  return %r : i64
}

// Unsigned ops only guard against zero.
// CHECK-LABEL: func.func @unsigned(
// CHECK-SAME:    %[[X:.*]]: i32, %[[Y:.*]]: i32)
// CHECK-NOT:     arith.ori
// CHECK:         %[[ISZERO:.*]] = arith.cmpi eq, %[[Y]], %{{.*}} : i32
// CHECK:         %[[SAFE:.*]] = arith.select %[[ISZERO]], %{{.*}}, %[[Y]]
// CHECK:         %[[Q:.*]] = arith.divui %[[X]], %[[SAFE]]
// CHECK:         arith.select %[[ISZERO]], %{{.*}}, %[[Q]]
// CHECK:         arith.remui %[[X]], %{{.*}}
func.func @unsigned(%x: i32, %y: i32) -> (i32, i32) {
  %q = arith.divui %x, %y : i32
  %r = arith.remui %x, %y : i32
  return %q, %r : i32, i32
}

// Safe constant divisors are left alone; -1 is unsafe only for signed ops,
// where x / -1 is the negation and x % -1 is 0; x / 0 and x % 0 are -1.
// CHECK-LABEL: func.func @constants(
// CHECK-SAME:    %[[X:.*]]: i32)
// CHECK-DAG:     %[[C7:.*]] = arith.constant 7 : i32
// CHECK-DAG:     %[[CM1:.*]] = arith.constant -1 : i32
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-DAG:     %[[A:.*]] = arith.divsi %[[X]], %[[C7]] : i32
// CHECK-DAG:     %[[B:.*]] = arith.remui %[[X]], %[[C7]] : i32
// CHECK-DAG:     %[[C:.*]] = arith.divui %[[X]], %[[CM1]] : i32
// CHECK-DAG:     %[[D:.*]] = arith.subi %[[ZERO]], %[[X]] : i32
// CHECK-NOT:     arith.select
// CHECK:         return %[[A]], %[[B]], %[[C]], %[[D]], %[[ZERO]], %[[CM1]], %[[CM1]]
func.func @constants(%x: i32) -> (i32, i32, i32, i32, i32, i32, i32) {
  %c0 = arith.constant 0 : i32
  %c7 = arith.constant 7 : i32
  %cm1 = arith.constant -1 : i32
  %a = arith.divsi %x, %c7 : i32
  %b = arith.remui %x, %c7 : i32
  %c = arith.divui %x, %cm1 : i32
  %d = arith.divsi %x, %cm1 : i32
  %e = arith.remsi %x, %cm1 : i32
  %f = arith.divsi %x, %c0 : i32
  %g = arith.remui %x, %c0 : i32
  return %a, %b, %c, %d, %e, %f, %g : i32, i32, i32, i32, i32, i32, i32
}

// index and vectors (splat constants).
// CHECK-LABEL: func.func @index_and_vector(
// CHECK:         arith.constant dense<0> : vector<4xi16>
// CHECK:         arith.constant dense<-1> : vector<4xi16>
// CHECK:         arith.constant dense<1> : vector<4xi16>
// CHECK:         arith.divsi %{{.*}}, %{{.*}} : vector<4xi16>
// CHECK:         arith.remui %{{.*}}, %{{.*}} : index
// CHECK:         arith.constant -1 : index
func.func @index_and_vector(%x: vector<4xi16>, %y: vector<4xi16>,
                            %i: index, %j: index) -> (vector<4xi16>, index) {
  %q = arith.divsi %x, %y : vector<4xi16>
  %r = arith.remui %i, %j : index
  return %q, %r : vector<4xi16>, index
}

// ceildivsi is expanded first, and its divisions are guarded.
// CHECK-LABEL: func.func @ceildiv(
// CHECK-NOT:     arith.ceildivsi
// CHECK:         arith.select
// CHECK:         arith.divsi
func.func @ceildiv(%x: index, %y: index) -> index {
  %q = arith.ceildivsi %x, %y : index
  return %q : index
}
