// RUN: %kotlin-ir-dump %s %t.ir
// RUN: kgpu-translate %t.ir --emit=kgpu | FileCheck %s
// REQUIRES: kotlinc
// 2D and 3D launches: trailing width/height(/depth) parameters, globalId() the row-major index, the guard on every dimension.
package t.launch2d

import io.github.rajumark.kernelin.*
import kotlin.math.*

// The 2D blur has its own width/height: kgpu's are kgpu_width/kgpu_height.
// CHECK-LABEL: func.func @blur(
// CHECK-SAME: kgpu.name = "kgpu_width"
// CHECK-SAME: kgpu.name = "kgpu_height"
// CHECK-SAME: kgpu.dispatch_params = ["kgpu_width", "kgpu_height"]
// CHECK: %[[X:.*]] = arith.index_cast %global_id_x
// CHECK: %[[Y:.*]] = arith.index_cast %global_id_y
// CHECK: arith.ori
// CHECK: %[[YW:.*]] = arith.muli %[[Y]], %arg4 : i32
// CHECK: %[[LIN:.*]] = arith.addi %[[X]], %[[YW]] : i32
// CHECK: scf.if
@Kernel
fun blur(src: FloatArray, dst: FloatArray, width: Int, height: Int) {
    val x = globalIdX()
    val y = globalIdY()
    dst[globalId()] = src[y * width + x]
}

// CHECK-LABEL: func.func @cube(
// CHECK-SAME: kgpu.name = "width"
// CHECK-SAME: kgpu.name = "height"
// CHECK-SAME: kgpu.name = "depth"
// CHECK-SAME: kgpu.dispatch_params = ["width", "height", "depth"]
// CHECK: kgpu.global_id z
// CHECK: arith.muli %arg1, %arg2 : i32
@Kernel
fun cube(out: IntArray) {
    out[globalId()] = globalIdX() + globalIdY() + globalIdZ()
}
