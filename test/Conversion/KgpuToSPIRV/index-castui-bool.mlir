// arith.index_castui between i1 and index (kgc's `(uint)(a && b)` used as
// an index): upstream's UConvert cannot take a boolean, so i1 -> index
// selects 1 or 0 and index -> i1 takes the low bit.
// RUN: kgpu-opt %s --kgpu-spirv-attach-target --convert-kgpu-to-spirv | FileCheck %s

// CHECK-LABEL: spirv.func @k
// CHECK: %[[B:.*]] = spirv.ULessThan
// CHECK-DAG: %[[ONE:.*]] = spirv.Constant 1 : i32
// CHECK-DAG: %[[ZERO:.*]] = spirv.Constant 0 : i32
// CHECK: %[[U:.*]] = spirv.Select %[[B]], %[[ONE]], %[[ZERO]] : i1, i32
// CHECK-DAG: %[[ONE2:.*]] = spirv.Constant 1 : i32
// CHECK-DAG: %[[ZERO2:.*]] = spirv.Constant 0 : i32
// CHECK: %[[LOW:.*]] = spirv.BitwiseAnd %[[U]], %[[ONE2]] : i32
// CHECK: spirv.INotEqual %[[LOW]], %[[ZERO2]] : i32
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%out: memref<?xi32>, %s: i32) kernel
        attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      %c15 = arith.constant 15 : i32
      %b = arith.cmpi ugt, %c15, %s : i32
      %u = arith.index_castui %b : i1 to index
      %t = arith.index_castui %u : index to i1
      %v = arith.extui %t : i1 to i32
      memref.store %v, %out[%u] : memref<?xi32>
      gpu.return
    }
  }
}
