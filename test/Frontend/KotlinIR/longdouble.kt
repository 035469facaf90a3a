// RUN: %kotlin-ir-dump %s %t.ir
// RUN: kgpu-translate %t.ir --emit=kgpu | FileCheck %s
// REQUIRES: kotlinc
// Long and Double values and arrays.
package t.longdouble

import io.github.rajumark.kernelin.*
import kotlin.math.*

// CHECK-LABEL: func.func @wide(
// CHECK-SAME: memref<?xi64>
// CHECK-SAME: memref<?xf64>
// CHECK: arith.muli %{{.*}}, %c2_i64 : i64
// CHECK: arith.addi %{{.*}}, %c1_i64 : i64
// CHECK: arith.divf %{{.*}}, %cst : f64
// CHECK: arith.sitofp %{{.*}} : i64 to f64
@Kernel
fun wide(d: LongArray, e: DoubleArray) {
    val i = globalId()
    d[i] = d[i] * 2L + 1
    e[i] = e[i] / 2.0 + d[i].toDouble()
}
