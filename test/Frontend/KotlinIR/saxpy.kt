// RUN: %kotlin-ir-dump %s %t.ir
// RUN: kgpu-translate %t.ir --emit=mlir | FileCheck %s --check-prefix=CFG
// RUN: kgpu-translate %t.ir --emit=kgpu | FileCheck %s
// REQUIRES: kotlinc
// Kernelin's saxpy: a 1D kernel gets the trailing `size` parameter, the
// guard, and y[i] += a * x[i] without contraction.
package t.saxpy

import io.github.rajumark.kernelin.Kernel
import io.github.rajumark.kernelin.globalId

// CFG-LABEL: func.func @saxpy(
// CFG-SAME: %{{.*}}: f32 {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.name = "alpha"}
// CFG-SAME: %{{.*}}: memref<?xf32> {{.*}}kgpu.name = "x"}
// CFG-SAME: %{{.*}}: i32 {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.name = "size"}
// CFG-SAME: kgpu.dispatch_params = ["size"]
// CFG-SAME: kgpu.kernel
// CFG: memref.alloca() : memref<i32>
// CFG: kgpu.global_id x
// CFG: arith.cmpi sge
// CFG: cf.cond_br

// CHECK-LABEL: func.func @saxpy(
// CHECK: %[[ID:.*]] = kgpu.global_id x
// CHECK: %[[I:.*]] = arith.index_cast %[[ID]] : index to i32
// CHECK: arith.cmpi sge, %[[I]], %arg3 : i32
// CHECK: scf.if
// CHECK: %[[X:.*]] = memref.load %arg1
// CHECK: %[[M:.*]] = arith.mulf %arg0, %[[X]] : f32
// CHECK: arith.addf %{{.*}}, %[[M]] : f32
// CHECK-NOT: math.fma
// CHECK: memref.store
@Kernel
fun saxpy(alpha: Float, x: FloatArray, y: FloatArray) {
    val i = globalId()
    y[i] += alpha * x[i]
}
