// RUN: %kotlin-ir-dump %s %t.ir
// RUN: kgpu-translate %t.ir --emit=kgpu | FileCheck %s
// REQUIRES: kotlinc
// kotlin.math Float functions, min/max with Kotlin's NaN and -0f rules (kgpu.jvm_min/jvm_max), coerceIn/AtLeast/AtMost, sign.
package t.math

import io.github.rajumark.kernelin.*
import kotlin.math.*

// CHECK-LABEL: func.func @maths(
// CHECK: math.sqrt
// CHECK: math.absf
// CHECK: math.sin
// CHECK: math.cos
// CHECK: math.exp
// CHECK: math.log
// CHECK: math.powf
// CHECK: math.floor
// round() is half to even:
// CHECK: math.roundeven
// sign: +-1, or x itself (NaN, +-0)
// CHECK: arith.select %{{.*}}, %cst{{.*}}, %{{.*}} : f32
// CHECK: kgpu.jvm_min
// CHECK: kgpu.jvm_max
// coerceIn is `if (x < min) min else if (x > max) max else x` (NaN stays):
// CHECK: arith.cmpf olt
// CHECK: arith.select
// CHECK: arith.select
// CHECK: arith.minsi
// CHECK: arith.select
@Kernel
fun maths(f: FloatArray, a: IntArray) {
    val i = globalId()
    val x = f[i]
    f[i] = sqrt(x) + abs(x) + sin(x) + cos(x) + exp(x) + ln(x) + x.pow(2f) + floor(x) + round(x) + sign(x) +
        min(x, 1f) + max(x, 2f) + x.coerceIn(0f, 1f) + x.coerceAtLeast(0f) + x.coerceAtMost(1f)
    a[i] = min(a[i], 3) + abs(a[i]) + a[i].coerceIn(0, 9)
}
