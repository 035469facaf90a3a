// RUN: %kotlin-ir-dump %s %t.ir
// RUN: kgpu-translate %t.ir --emit=kgpu | FileCheck %s
// REQUIRES: kotlinc
// Kernelin's random numbers (three rounds of the PCG hash, bit-identical to
// kotlin/src/io/github/rajumark/kernelin/Random.kt), a Boolean parameter
// (passed as i32), array sizes, isNaN.
package t.random

import io.github.rajumark.kernelin.*

// CHECK-LABEL: func.func @monteCarlo(
// CHECK-SAME: %arg1: i32 {{.*}}kgpu.name = "flag"
// CHECK-SAME: kgpu.name = "size"
// CHECK-SAME: kgpu.dispatch_params = ["size"]
// the Boolean parameter (tested on entry)
// CHECK: arith.cmpi ne, %arg1, %c0_i32
// The PCG hash: state = v * 747796405 + 2891336453u
// CHECK: arith.muli %{{.*}}, %c747796405_i32
// CHECK: arith.addi %{{.*}}, %c-1403630843_i32
// CHECK: arith.muli %{{.*}}, %c277803737_i32
// randomFloat: the top 24 bits times 2^-24
// CHECK: arith.shrui %{{.*}}, %c8_i32
// CHECK: arith.sitofp
// CHECK: arith.mulf %{{.*}}, %cst{{.*}} : f32
// isNaN
// CHECK: arith.cmpf uno
// hits.size: the hidden i64 size parameter the runtime fills in, after the
// launch size (SPIR-V has no memref.dim of a buffer)
// CHECK: arith.trunci %arg4 : i64 to i32
@Kernel
fun monteCarlo(hits: IntArray, flag: Boolean, seed: Int) {
    val i = globalId()
    val x = randomFloat(seed, i, 0)
    val y = randomFloat(seed, i)
    var h = if (x * x + y * y <= 1f) 1 else 0
    if (flag && !x.isNaN()) h += randomIntBelow(10, seed, i, 2)
    hits[i] = h + hits.size + randomInt(seed, i, 3)
}
