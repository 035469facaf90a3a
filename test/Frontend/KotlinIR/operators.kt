// RUN: %kotlin-ir-dump %s %t.ir
// RUN: kgpu-translate %t.ir --emit=kgpu | FileCheck %s
// REQUIRES: kotlinc
// Int operators with Kotlin's semantics: wrapping, masked shift counts, defined division by zero, compound assignment on array elements, ++/--, saturating toInt().
package t.operators

import io.github.rajumark.kernelin.*
import kotlin.math.*

// CHECK-LABEL: func.func @operators(
// CHECK: %[[A:.*]] = memref.load %arg0[%global_id_x]
// CHECK: %[[P:.*]] = arith.addi %[[A]], %arg2 : i32
// CHECK: %[[M:.*]] = arith.subi %[[P]], %c1_i32
// CHECK: %[[T:.*]] = arith.muli %[[M]], %c3_i32
// CHECK: %[[D:.*]] = kgpu.int_div %[[T]], %arg2 : i32
// CHECK: %[[S:.*]] = kgpu.int_rem %[[D]], %c7_i32 : i32
// CHECK: arith.addi %[[A]], %[[S]]
// CHECK: memref.store
// a[i]++ and --a[i]
// CHECK: arith.addi %{{.*}}, %c1_i32
// CHECK: memref.store
// CHECK: arith.addi %{{.*}}, %c-1_i32
// CHECK: memref.store
// CHECK: kgpu.shift shl %[[S]], %arg2
// CHECK: kgpu.shift shrs %[[S]], %c2_i32
// CHECK: kgpu.shift shru %[[S]], %arg2
// CHECK: arith.xori %[[S]], %c-1_i32
// CHECK: arith.andi %[[S]], %c3_i32
// CHECK: arith.ori %[[S]], %c4_i32
// CHECK: arith.subi %c0_i32, %[[S]]
// CHECK: arith.remf %{{.*}}, %cst : f32
// CHECK: arith.sitofp %[[S]] : i32 to f32
// CHECK: %[[F:.*]] = kgpu.fptosi_sat %{{.*}} : f32 to i32
// n / 0 is 0 and n % 0 is n (kgpu.int_div / int_rem, folded):
// CHECK: %[[R:.*]] = arith.addi %[[F]], %arg2 : i32
// CHECK: memref.store %[[R]], %arg0[%c0]
@Kernel
fun operators(a: IntArray, f: FloatArray, n: Int) {
    val i = globalId()
    var s = a[i]
    s += n; s -= 1; s *= 3; s /= n; s %= 7
    a[i] += s
    a[i]++
    --a[i]
    a[i] = (s shl n) + (s shr 2) + (s ushr n) + s.inv() + (s and 3) + (s or 4) + -s
    f[i] = f[i] % 2f + s.toFloat()
    a[0] = f[i].toInt() + (n / 0) + (n % 0)
}
