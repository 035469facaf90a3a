// A 1-D @Parallel loop (javac 17): the loop test is marked, the loop becomes
// kgpu.parallel_for over c.length, the body is float arithmetic.
// REQUIRES: javac17
// RUN: rm -rf %t && mkdir -p %t
// RUN: %javac17 -g -sourcepath %S/Inputs/api -d %t %s
// RUN: kgpu-translate %t/VectorAdd.class --emit=mlir | FileCheck %s --check-prefix=CFG
// RUN: kgpu-translate %t/VectorAdd.class --emit=kgpu | FileCheck %s
// RUN: kgpu-translate %t --emit=kgpu --kernel=VectorAdd::add | FileCheck %s

// CFG: module attributes {kgpu.source_language = {fp_contract = "off", integer_semantics = "jvm", math_semantics = "jvm", name = "jvm"}}
// CFG: func.func @add(%arg0: memref<?xf32> {{.*}}kgpu.name = "a"}, %arg1: memref<?xf32> {{.*}}kgpu.name = "b"}, %arg2: memref<?xf32> {{.*}}kgpu.name = "c"}, %arg3: i64 {{.*}}kgpu.size_of = 2 : i32})
// CFG: arith.cmpi slt, %{{.*}}, %{{.*}} {jvm.parallel = "i"} : i32
// CFG: cf.cond_br

// CHECK-LABEL: func.func @add(
// CHECK-SAME: %arg0: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read>, kgpu.name = "a"}
// CHECK-SAME: %arg2: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, write>, kgpu.name = "c"}
// c.length is a hidden parameter the runtime fills with c's element count.
// CHECK-SAME: %arg3: i64 {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.name = "__kgpu_size_c", kgpu.size_of = 2 : i32}
// CHECK: %[[L:.*]] = arith.trunci %arg3 : i64 to i32
// CHECK: %[[N:.*]] = arith.index_cast %[[L]] : i32 to index
// CHECK: kgpu.parallel_for (%[[I:.*]]) = (%{{.*}}) to (%[[N]]) step (%{{.*}}) {
// CHECK:   %[[A:.*]] = memref.load %arg0[%[[I]]]
// CHECK:   %[[B:.*]] = memref.load %arg1[%[[I]]]
// CHECK:   %[[S:.*]] = arith.addf %[[A]], %[[B]] : f32
// CHECK:   memref.store %[[S]], %arg2[%[[I]]]
// CHECK-NOT: scf.while

import uk.ac.manchester.tornado.api.annotations.Parallel;

public class VectorAdd {
  public static void add(float[] a, float[] b, float[] c) {
    for (@Parallel int i = 0; i < c.length; i++) {
      c[i] = a[i] + b[i];
    }
  }
}
