// RUN: %kotlin-ir-dump %s %t.ir
// RUN: kgpu-translate %t.ir --emit=kgpu | FileCheck %s
// REQUIRES: kotlinc
// while, do-while, break, continue, labels, repeat with return@repeat.
package t.loops

import io.github.rajumark.kernelin.*
import kotlin.math.*

// CHECK-LABEL: func.func @loops(
// while
// CHECK: scf.while
// do-while
// CHECK: scf.while
// outer@ / inner for loops with continue@outer and break@outer
// CHECK: scf.while
// CHECK: scf.while
// repeat(n)
// CHECK: scf.while
// CHECK-NOT: cf.cond_br
@Kernel
fun loops(out: IntArray, n: Int) {
    val i = globalId()
    var s = 0
    var w = 0
    while (w < n) { w++; if (w == 3) continue; s += w }
    do { w-- } while (w > 0)
    outer@ for (p in 0 until 4) {
        for (q in 0 until 4) {
            if (q == p) continue@outer
            if (q > 2) break@outer
            s += q
        }
    }
    repeat(n) {
        if (it == 2) return@repeat
        s += it
    }
    out[i] = s + w
}
