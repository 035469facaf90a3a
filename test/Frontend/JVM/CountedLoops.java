// Counted loops that javac tests at their head (`if_icmpge EXIT`) become
// scf.for (kgpu-jvm-uplift-loops), so that LLVM unrolls them as it does
// kgc's: the tiled matrix multiplication of TornadoVM's Kernel API
// documentation, whose 32-step tile loop LLVM unrolls by 4 into vector
// loads from local memory exactly as for its kgc twin
// (bench/gpu/jvm/tiled_mxm.kgc). A loop that is not counted stays an
// scf.while, with no scf.if left in it.
// REQUIRES: javac17
// RUN: rm -rf %t && mkdir -p %t
// RUN: %javac17 -g -sourcepath %S/Inputs/api -d %t %s
// RUN: kgpu-translate %t/CountedLoops.class --emit=kgpu | FileCheck %s
// RUN: kgpu-translate %t/CountedLoops.class --kernel CountedLoops::matMulTiled --emit=ptx | FileCheck %s --check-prefix=PTX

// CHECK-LABEL: func.func @matMulTiled(
// CHECK-NOT: scf.while
// CHECK: scf.for %{{.*}} = %c0_i32 to %{{.*}} step %c1_i32 iter_args(%{{.*}} = %cst) -> (f32)  : i32 {
// CHECK: kgpu.barrier local
// CHECK: scf.for %{{.*}} = %c0_i32 to %c32_i32 step %c1_i32 iter_args(%{{.*}}) -> (f32)  : i32 {
// CHECK-NOT: scf.if
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: kgpu.barrier local
// CHECK-LABEL: func.func @countDown(
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c3_i32
// CHECK-LABEL: func.func @halving(
// CHECK: scf.while
// CHECK-NOT: scf.if
// CHECK: scf.condition
// CHECK: return

// The inner tile loop unrolled by 4: four products, four vector lanes.
// PTX: ld.shared.v4.b32
// PTX-COUNT-4: mul.rn.f32
// PTX: bar.sync

import uk.ac.manchester.tornado.api.KernelContext;

public class CountedLoops {
  private static final int TS = 32;

  public static void matMulTiled(KernelContext kc, float[] A, float[] B, float[] C, int size) {
    int row = kc.localIdx;
    int col = kc.localIdy;
    int globalRow = TS * kc.groupIdx + row;
    int globalCol = TS * kc.groupIdy + col;
    float[] aSub = kc.allocateFloatLocalArray(TS * TS);
    float[] bSub = kc.allocateFloatLocalArray(TS * TS);
    float sum = 0.0f;
    int numTiles = size / TS;
    for (int t = 0; t < numTiles; t++) {
      int tiledRow = TS * t + row;
      int tiledCol = TS * t + col;
      aSub[col * TS + row] = A[tiledCol * size + globalRow];
      bSub[col * TS + row] = B[globalCol * size + tiledRow];
      kc.localBarrier();
      for (int k = 0; k < TS; k++) {
        sum += aSub[k * TS + row] * bSub[col * TS + k];
      }
      kc.localBarrier();
    }
    C[globalCol * size + globalRow] = sum;
  }

  /** A loop bounded by an array length, with a step of 3. */
  public static void countDown(KernelContext kc, int[] out, int n) {
    int s = 0;
    for (int i = kc.globalIdx; i < n; i += 3) {
      s += i;
    }
    out[kc.globalIdx] = s;
  }

  /** Not counted: the variable halves. */
  public static void halving(KernelContext kc, int[] out, int n) {
    int steps = 0;
    for (int v = n; v > 0; v /= 2) {
      steps++;
    }
    out[kc.globalIdx] = steps;
  }
}
