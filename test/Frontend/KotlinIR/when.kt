// RUN: %kotlin-ir-dump %s %t.ir
// RUN: kgpu-translate %t.ir --emit=kgpu | FileCheck %s
// REQUIRES: kotlinc
// if and when as statements and values, when with a subject and commas, in/!in ranges, && and ||.
package t.choose

import io.github.rajumark.kernelin.*
import kotlin.math.*

// CHECK-LABEL: func.func @choose(
// the Float if-value: 1.5f or -0.0f
// CHECK-DAG: arith.constant -0.000000e+00 : f32
// CHECK-DAG: arith.constant 1.500000e+00 : f32
// when without a subject, as a value
// CHECK: scf.if %{{.*}} -> (i32)
// CHECK: arith.select %{{.*}}, %c2_i32, %c3_i32
// && (a value through an alloca, then SSA)
// CHECK: scf.if %{{.*}} -> (i1)
// when (n) { 1, 2 -> ...}
// CHECK: scf.if %{{.*}} -> (i32)
// CHECK: arith.select %{{.*}}, %c6_i32, %c7_i32
// CHECK: memref.store
// CHECK-NOT: cf.cond_br
@Kernel
fun choose(out: IntArray, f: FloatArray, n: Int) {
    val i = globalId()
    val z = when { n < 0 -> 1; n == 0 -> 2; else -> 3 }
    val z2 = when (n) { 1, 2 -> 5; 3 -> 6; else -> 7 }
    val inside = i in 0 until n && i !in 10..20 || n == 5
    if (inside) out[i] = z else out[i] = z2
    f[i] = if (f[i] > 0.5f) 1.5f else -0.0f
}

// `in` on a progression (downTo, step) and on a Float range.
// CHECK-LABEL: func.func @inProgressions(
// CHECK: kgpu.int_rem
// CHECK: arith.cmpf ole
// CHECK: arith.cmpf ole
@Kernel
fun inProgressions(x: IntArray, f: FloatArray, out: IntArray) {
    val i = globalId()
    var r = 0
    if (x[i] in 10 downTo 5) r += 4
    if (x[i] in 0..20 step 4) r += 2
    if (f[i] in 0.25f..0.75f) r += 8
    out[i] = r
}
