// RUN: %kotlin-ir-dump %s %t.ir
// RUN: kgpu-translate %t.ir --emit=kgpu | FileCheck %s
// --check-bounds reuses the frontend's size parameter (one per buffer).
// RUN: kgpu-translate %t.ir --emit=kgpu --check-bounds | FileCheck %s --check-prefix=BOUNDS
// REQUIRES: kotlinc
// top-level and extension helpers, also with array parameters, become device functions.
package t.helpers

import io.github.rajumark.kernelin.*
import kotlin.math.*

// A helper's array parameter is followed by its size (after the helper's own
// parameters): the kernel passes its hidden kgpu.size_of parameter.
// CHECK-LABEL: func.func @waves(
// CHECK-SAME: %arg3: i64 {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.name = "__kgpu_size_input", kgpu.size_of = 0 : i32}
// CHECK: %[[S:.*]] = func.call @smooth(%{{.*}}) : (f32) -> f32
// CHECK: func.call @sq(%[[S]]) : (f32) -> f32
// CHECK: %[[N:.*]] = arith.trunci %arg3 : i64 to i32
// CHECK: func.call @sum3(%arg0, %{{.*}}, %[[N]]) : (memref<?xf32>, i32, i32) -> f32
// CHECK-DAG: func.func private @sq(%arg0: f32) -> f32 attributes {kgpu.device}
// CHECK-DAG: func.func private @smooth(%arg0: f32) -> f32 attributes {kgpu.device}
// CHECK-DAG: func.func private @sum3(%arg0: memref<?xf32>, %arg1: i32, %arg2: i32) -> f32 attributes {kgpu.device}
// BOUNDS-LABEL: func.func @waves(
// BOUNDS-SAME: kgpu.name = "__kgpu_size_input", kgpu.size_of = 0 : i32
// BOUNDS-NOT: kgpu.name = "__kgpu_size_input"
// BOUNDS-SAME: kgpu.name = "__kgpu_size_out", kgpu.size_of = 1 : i32
// BOUNDS-SAME: kgpu.name = "__kgpu_bounds"
// sum3 uses a.size: its size parameter
// CHECK-DAG: arith.subi %arg2, %c1_i32 : i32
fun smooth(x: Float): Float = x / (1f + sqrt(x * x))
fun Float.sq(): Float = this * this
fun sum3(a: FloatArray, i: Int): Float {
    if (i == 0 || i >= a.size - 1) return a[i]
    return a[i - 1] + a[i] + a[i + 1]
}

@Kernel
fun waves(input: FloatArray, out: FloatArray) {
    val i = globalId()
    out[i] = smooth(input[i]).sq() + sum3(input, i)
}
