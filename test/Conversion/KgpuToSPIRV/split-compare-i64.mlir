// 64-bit ordered integer compares are split into 32-bit halves on Vulkan:
// NVIDIA's Vulkan driver (580, the H200) takes a branch on `(s3 + s3) > 2l`
// for a negative s3 (docs/difftest.md, "NVIDIA"; test/Random/h200/nv64.kgc,
// a_branch). Equality stays 64-bit; a compare that NarrowSignExtendedCompare
// can make 32-bit is made so first.
// RUN: kgpu-opt %s --kgpu-spirv-attach-target --convert-kgpu-to-spirv | FileCheck %s

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // CHECK-LABEL: spirv.func @cmp
    gpu.func @cmp(%x: memref<?xi64>, %y: memref<?xi32>, %n: i32) kernel
        attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c2_i64 = arith.constant 2 : i64
      %a = memref.load %x[%c0] : memref<?xi64>
      %s = arith.addi %a, %a : i64
      // signed: the high halves by an arithmetic shift, compared signed
      // strictly, then equal high halves and the low halves unsigned
      // CHECK: %[[S:.*]] = spirv.IAdd %{{.*}}, %{{.*}} : i64
      // CHECK: %[[SH:.*]] = spirv.ShiftRightArithmetic %[[S]], %{{.*}} : i64
      // CHECK: %[[HI:.*]] = spirv.SConvert %[[SH]] : i64 to i32
      // CHECK: %[[LO:.*]] = spirv.SConvert %[[S]] : i64 to i32
      // CHECK-DAG: spirv.SGreaterThan %[[HI]], %{{.*}} : i32
      // CHECK-DAG: spirv.IEqual %[[HI]], %{{.*}} : i32
      // CHECK-DAG: spirv.UGreaterThan %[[LO]], %{{.*}} : i32
      // CHECK: spirv.LogicalAnd
      // CHECK: spirv.LogicalOr
      // CHECK-NOT: spirv.SGreaterThan {{.*}} : i64
      %gt = arith.cmpi sgt, %s, %c2_i64 : i64
      %r0 = arith.extui %gt : i1 to i32
      memref.store %r0, %y[%c0] : memref<?xi32>
      // unsigned <=: logical shift, unsigned strict high, unsigned <= low
      // CHECK: spirv.ShiftRightLogical
      // CHECK-DAG: spirv.ULessThan %{{.*}}, %{{.*}} : i32
      // CHECK-DAG: spirv.ULessThanEqual %{{.*}}, %{{.*}} : i32
      // CHECK-NOT: spirv.ULessThanEqual {{.*}} : i64
      %b = memref.load %x[%c1] : memref<?xi64>
      %le = arith.cmpi ule, %s, %b : i64
      %r1 = arith.extui %le : i1 to i32
      memref.store %r1, %y[%c1] : memref<?xi32>
      // equality keeps its 64-bit compare
      // CHECK: spirv.IEqual %{{.*}}, %{{.*}} : i64
      %eq = arith.cmpi eq, %s, %b : i64
      %r2 = arith.extui %eq : i1 to i32
      memref.store %r2, %y[%c2] : memref<?xi32>
      // a sign-extended 32-bit value against a constant that fits: one
      // 32-bit compare (NarrowSignExtendedCompare), no split
      // CHECK-NOT: spirv.ShiftRightArithmetic
      // CHECK: spirv.SGreaterThanEqual %{{.*}}, %{{.*}} : i32
      %w = arith.extsi %n : i32 to i64
      %c5000 = arith.constant 5000 : i64
      %ge = arith.cmpi sge, %w, %c5000 : i64
      %r3 = arith.extui %ge : i1 to i32
      memref.store %r3, %y[%c3] : memref<?xi32>
      gpu.return
    }
  }
}
