// RUN: %kotlin-ir-dump %s %t.ir
// RUN: not kgpu-translate %t.ir --emit=kgpu 2>&1 | FileCheck %s
// REQUIRES: kotlinc
// barrier() where only some work-items of a group get (kgpu-verify-
// convergence in kgpu-frontend-cleanup): an error at the barrier's dump
// line, with a note at the branch.
package t.divergent

import dev.kgpu.kotlin.*
import io.github.rajumark.kernelin.*

// CHECK: .ir:{{[0-9]+}}:{{[0-9]+}}: error: barrier under divergent control flow: every work-item of the work-group must reach it
// CHECK-NEXT: then: CALL 'public final fun barrier (): kotlin.Unit declared in dev.kgpu.kotlin'
@Kernel
@WorkGroupSize(64)
fun divergent(x: IntArray) {
    val t = localIntArray(64)
    t[localId()] = x[globalId()]
    if (x[globalId()] > 0) barrier()
    x[globalId()] = t[63 - localId()]
}
