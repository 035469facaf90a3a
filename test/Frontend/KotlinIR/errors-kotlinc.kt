// RUN: %kotlin-ir-dump %s %t.ir
// RUN: not kgpu-translate %t.ir --emit=kgpu 2>&1 | FileCheck %s
// REQUIRES: kotlinc
// A rejected construct in a dump that the real kotlinc wrote: the error is
// at the dump's file:line:col and names the kernel.
package t.errors

import io.github.rajumark.kernelin.*

// CHECK: errors-kotlinc.kt.tmp.ir:{{[0-9]+}}:{{[0-9]+}}: error: 'kotlin.io.println' can't run on the GPU: kernels may call their own helpers, kotlin.math and the Kernelin API (in @Kernel talk)
@Kernel
fun talk(out: IntArray) {
    println(out[globalId()])
}
