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

// On a Vulkan device without 64-bit support (the SPIR-V target's
// float64=0 / int64=0), Long and Double are a located error at the dump line
// of the first use, naming the kernel.
// RUN: kgpu-translate %t.ir --emit=kgpu --mlir-print-debuginfo -o %t.mlir
// RUN: not kgpu-opt %t.mlir --pass-pipeline='builtin.module(kgpu-to-spirv{float64=0})' 2>&1 | FileCheck %s --check-prefix=NOF64
// RUN: not kgpu-opt %t.mlir --pass-pipeline='builtin.module(kgpu-to-spirv{int64=0})' 2>&1 | FileCheck %s --check-prefix=NOI64
// NOF64: .ir:{{[0-9]+}}:{{[0-9]+}}: error: kernel 'wide' uses 64-bit floats (f64: kgc double, Java and Kotlin Double), but this target has no Float64 (float64=false) on the Vulkan (SPIR-V) target
// NOI64: .ir:{{[0-9]+}}:{{[0-9]+}}: error: kernel 'wide' uses 64-bit integers (i64: kgc long, Java and Kotlin Long), but this target has no Int64 (int64=false) on the Vulkan (SPIR-V) target
