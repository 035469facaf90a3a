// 2-D and 3-D @Parallel loops: a perfect nest becomes one kgpu.parallel_for
// with the outer loop first (the innermost source loop, TornadoVM's
// dimension 0, varies fastest); bounds from scalars and array lengths.
// REQUIRES: javac17
// RUN: rm -rf %t && mkdir -p %t
// RUN: %javac17 -g -sourcepath %S/Inputs/api -d %t %s
// RUN: kgpu-translate %t/Parallel2D.class --emit=kgpu --kernel=Parallel2D::matmul | FileCheck %s --check-prefix=MM
// RUN: kgpu-translate %t/Parallel2D.class --emit=kgpu --kernel=Parallel2D::volume | FileCheck %s --check-prefix=VOL
// RUN: kgpu-translate %t/Parallel2D.class --emit=kgpu --kernel=Parallel2D::strided | FileCheck %s --check-prefix=STRIDE

// MM-LABEL: func.func @matmul(
// MM: kgpu.parallel_for (%[[I:.*]], %[[J:.*]]) = (%{{.*}}, %{{.*}}) to (%{{.*}}, %{{.*}}) step (%{{.*}}, %{{.*}}) {
// The sequential k loop stays a loop inside (a counted scf.for).
// MM:   scf.for %{{.*}} = %c0_i32 to %arg3 step %c1_i32 iter_args(%{{.*}} = %cst) -> (f32)  : i32 {
// MM:     arith.mulf
// MM:     arith.addf
// MM-NOT: kgpu.parallel_for

// VOL-LABEL: func.func @volume(
// VOL: kgpu.parallel_for (%{{.*}}, %{{.*}}, %{{.*}}) = (%{{.*}}, %{{.*}}, %{{.*}}) to (%{{.*}}, %{{.*}}, %{{.*}})

// STRIDE-LABEL: func.func @strided(
// STRIDE-DAG: %[[C2:.*]] = arith.constant 2 : index
// STRIDE-DAG: %[[C3:.*]] = arith.constant 3 : index
// STRIDE: kgpu.parallel_for (%{{.*}}) = (%[[C3]]) to (%{{.*}}) step (%[[C2]])

import uk.ac.manchester.tornado.api.annotations.Parallel;

public class Parallel2D {
  public static void matmul(float[] a, float[] b, float[] c, int n) {
    for (@Parallel int i = 0; i < n; i++) {
      for (@Parallel int j = 0; j < n; j++) {
        float sum = 0.0f;
        for (int k = 0; k < n; k++) {
          sum += a[i * n + k] * b[k * n + j];
        }
        c[i * n + j] = sum;
      }
    }
  }

  public static void volume(int[] v, int nx, int ny, int nz) {
    for (@Parallel int z = 0; z < nz; z++)
      for (@Parallel int y = 0; y < ny; y++)
        for (@Parallel int x = 0; x < nx; x++)
          v[(z * ny + y) * nx + x] = x + y + z;
  }

  public static void strided(int[] v) {
    for (@Parallel int i = 3; i < v.length; i += 2)
      v[i] = i;
  }
}
