// RUN: %kotlin-ir-dump %s %t.ir
// RUN: kgpu-translate %t.ir --emit=kgpu | FileCheck %s
// REQUIRES: kotlinc
// for over until, .., ..<, downTo, step and indices: counted loops that stop at the last element (no overflow near Int.MAX_VALUE); a run-time step <= 0 runs no iterations.
package t.ranges

import io.github.rajumark.kernelin.*
import kotlin.math.*

// CHECK-LABEL: func.func @ranges(
// 0 until n: empty when n is Int.MIN_VALUE, else 0..n-1
// CHECK: %[[MIN:.*]] = arith.cmpi eq, %arg1, %c-2147483648_i32
// CHECK: %[[LAST:.*]] = arith.select %[[MIN]], %c0_i32, %{{.*}} : i32
// CHECK: scf.if
// The loop ends after the last element (no increment past it):
// CHECK: scf.while
// CHECK: arith.cmpi eq, %{{.*}}, %[[LAST]]
// 0..n
// CHECK: scf.while
// 0..<n
// CHECK: scf.while
// n downTo 0 step 2: the last element by Kotlin's getProgressionLastElement
// CHECK: kgpu.int_rem %arg1, %c2_i32
// CHECK: scf.while
// CHECK: arith.addi %{{.*}}, %c-2_i32
// 0 until n step s: s <= 0 at run time runs no iterations
// CHECK: arith.cmpi sgt, %arg2, %c0_i32
// CHECK: scf.while
// out.indices: the hidden size parameter
// CHECK: arith.trunci %arg4 : i64 to i32
// CHECK: scf.while
// MAX-2..MAX: three iterations, ending at the last element
// CHECK: scf.while
// CHECK: arith.cmpi eq, %{{.*}}, %c2147483647_i32
// CHECK-NOT: cf.cond_br
@Kernel
fun ranges(out: IntArray, n: Int, s: Int) {
    val i = globalId()
    var acc = 0
    for (k in 0 until n) acc += k
    for (k in 0..n) acc -= k
    for (k in 0..<n) acc *= 3
    for (k in n downTo 0 step 2) acc = acc xor k
    for (k in 0 until n step s) acc += 1
    for (k in out.indices) acc += out[k]
    for (k in Int.MAX_VALUE - 2..Int.MAX_VALUE) acc += 1
    out[i] = acc
}
