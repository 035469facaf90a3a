// @Reduce parameters: `r[0] = r[0] OP x` in a @Parallel loop becomes
// kgpu.reduce with the operator inferred, over int, long, float and double.
// REQUIRES: javac17
// RUN: rm -rf %t && mkdir -p %t
// RUN: %javac17 -g -sourcepath %S/Inputs/api -d %t %s
// RUN: kgpu-translate %t/ReduceKernels.class --emit=kgpu | FileCheck %s

// CHECK-LABEL: func.func @sumFloat(
// CHECK: kgpu.parallel_for
// CHECK:   kgpu.reduce add %{{.*}}, %arg1[%{{.*}}] : memref<?xf32>
// CHECK-LABEL: func.func @productLong(
// CHECK:   kgpu.reduce mul %{{.*}}, %arg1[%{{.*}}] : memref<?xi64>
// CHECK-LABEL: func.func @maxInt(
// CHECK:   kgpu.reduce max %{{.*}}, %arg1[%{{.*}}] : memref<?xi32>
// CHECK-LABEL: func.func @minDouble(
// CHECK:   kgpu.reduce min %{{.*}}, %arg1[%{{.*}}] : memref<?xf64>
// CHECK-LABEL: func.func @bits(
// CHECK:   kgpu.reduce and
// CHECK:   kgpu.reduce or
// CHECK:   kgpu.reduce xor
// CHECK-NOT: jvm.reduce

import uk.ac.manchester.tornado.api.annotations.Parallel;
import uk.ac.manchester.tornado.api.annotations.Reduce;

public class ReduceKernels {
  public static void sumFloat(float[] a, @Reduce float[] sum) {
    for (@Parallel int i = 0; i < a.length; i++)
      sum[0] += a[i];
  }

  public static void productLong(long[] a, @Reduce long[] p) {
    for (@Parallel int i = 0; i < a.length; i++)
      p[0] *= a[i];
  }

  public static void maxInt(int[] a, @Reduce int[] m) {
    for (@Parallel int i = 0; i < a.length; i++)
      m[0] = Math.max(m[0], a[i]);
  }

  public static void minDouble(double[] a, @Reduce double[] m) {
    for (@Parallel int i = 0; i < a.length; i++)
      m[0] = Math.min(m[0], a[i]);
  }

  public static void bits(int[] a, @Reduce int[] r) {
    for (@Parallel int i = 0; i < a.length; i++) {
      r[0] &= a[i];
      r[1] |= a[i];
      r[2] ^= a[i];
    }
  }
}
