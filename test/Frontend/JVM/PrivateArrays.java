// Private arrays: `newarray` of a compile-time-constant length that stays in
// the work-item becomes a memref.alloca of that length at the function's
// entry, zeroed where newarray runs (Java's new array is all zeros, in a
// loop at every iteration), `arr.length` is the constant; a static helper
// that receives one is translated for the array's type and inlined into its
// caller (its allocations moved to the caller's entry), so that no device
// function takes private memory.
// REQUIRES: javac17
// RUN: rm -rf %t && mkdir -p %t
// RUN: %javac17 -g -sourcepath %S/Inputs/api -d %t %s
// RUN: kgpu-translate %t/PrivateArrays.class --emit=mlir | FileCheck %s --check-prefix=MLIR
// RUN: kgpu-translate %t/PrivateArrays.class --emit=kgpu | FileCheck %s
// RUN: kgpu-translate %t/PrivateArrays.class --emit=kgpu --check-bounds | FileCheck %s --check-prefix=BOUNDS
// RUN: kgpu-translate %t/PrivateArrays.class --targets=cpu,vulkan -o %t/p.kgpu

// The helpers that take private arrays are inlined and gone; the helper
// with its own private array (and a buffer) stays a device function.
// MLIR-NOT: func.func private @PrivateArrays_dot
// MLIR-NOT: func.func private @PrivateArrays_fill
// MLIR-NOT: kgpu.jvm_inline
// MLIR-LABEL: func.func private @PrivateArrays_ownArray(
// MLIR: memref.alloca() : memref<3xi32>

// CHECK-LABEL: func.func @context(
// CHECK: %[[ACC:.*]] = memref.alloca() : memref<8xf32>
// CHECK-NOT: memref.alloca() : memref<8xf32>
// CHECK: memref.store %{{.*}}, %[[ACC]][%{{.*}}] : memref<8xf32>
// CHECK: memref.load %[[ACC]]

// CHECK-LABEL: func.func @initialised(
// CHECK-DAG: memref.alloca() : memref<5xi32>
// CHECK-DAG: memref.alloca() : memref<4xi64>
// CHECK: kgpu.parallel_for

// CHECK-LABEL: func.func @helpers(
// CHECK-NOT: call @PrivateArrays_dot
// CHECK-NOT: call @PrivateArrays_fill
// CHECK: kgpu.parallel_for
// CHECK: call @PrivateArrays_ownArray

// byte, short, char and boolean elements are held as ints, narrowed by the
// store as Java's bastore/sastore/castore do.
// CHECK-LABEL: func.func @smallTypes(
// CHECK-COUNT-4: memref.alloca() : memref<4xi32>
// CHECK: arith.trunci %{{.*}} : i32 to i8
// CHECK: arith.extsi %{{.*}} : i8 to i32
// CHECK: arith.trunci %{{.*}} : i32 to i16
// CHECK: arith.extsi %{{.*}} : i16 to i32
// CHECK: arith.trunci %{{.*}} : i32 to i16
// CHECK: arith.extui %{{.*}} : i16 to i32
// CHECK: arith.andi %{{.*}}, %c1_i32

// CHECK-LABEL: func.func @large(
// CHECK: memref.alloca() : memref<100xf64>
// CHECK: scf.for

// javac gives the arrays of the two branches (and the loop body's array)
// one local slot: where the paths merge the slot is dead, so the arrays
// may differ there (the reference liveness of the frontend).
// CHECK-LABEL: func.func @branches(
// CHECK-DAG: memref.alloca() : memref<2xi64>
// CHECK-DAG: memref.alloca() : memref<4xi32>
// CHECK-DAG: memref.alloca() : memref<2xf32>

// --check-bounds checks private arrays too (the extent is the constant).
// BOUNDS-LABEL: func.func @context(
// BOUNDS: arith.cmpi ult, %{{.*}}, %c8

import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.annotations.Parallel;

public class PrivateArrays {
  static final int TAPS = 4;

  static float dot(float[] w, float[] x, int base) {
    float s = 0f;
    for (int k = 0; k < w.length; k++)
      s += w[k] * x[(base + k) % x.length];
    return s;
  }

  static void fill(int[] a, int v) {
    for (int k = 0; k < a.length; k++)
      a[k] = v + k;
    last(a);
  }

  static void last(int[] a) {
    a[a.length - 1] *= 2;
  }

  static int ownArray(int[] in, int i) {
    int[] t = {in[i], 1, 2};
    return t[i % 3];
  }

  public static void context(KernelContext kc, float[] in, float[] out) {
    int i = kc.globalIdx;
    float[] acc = new float[8];
    for (int k = 0; k < acc.length; k++)
      acc[k] += in[i] * k;
    out[i] = acc[i & 7] + acc.length;
  }

  public static void initialised(int[] in, int[] out) {
    for (@Parallel int i = 0; i < out.length; i++) {
      int[] w = {3, 1, 4, 1, 5};
      long[] l = new long[TAPS];
      l[i & 3] = in[i];
      out[i] = w[i % 5] + (int) l[1];
    }
  }

  public static void helpers(float[] x, int[] in, float[] out) {
    for (@Parallel int i = 0; i < out.length; i++) {
      float[] w = new float[TAPS];
      w[0] = 0.5f;
      w[3] = -1f;
      int[] t = new int[3];
      fill(t, i);
      out[i] = dot(w, x, i) + t[2] + ownArray(in, i);
    }
  }

  public static void smallTypes(KernelContext kc, int[] out) {
    int i = kc.globalIdx;
    byte[] b = new byte[4];
    short[] s = new short[4];
    char[] c = new char[4];
    boolean[] z = new boolean[4];
    b[i & 3] = (byte) (i * 77);
    s[i & 3] = (short) (i * 1000);
    c[i & 3] = (char) -i;
    z[i & 3] = (i & 1) == 0;
    out[i] = b[i & 3] + s[i & 3] + c[i & 3] + (z[i & 3] ? 1 : 0) + b[(i + 1) & 3];
  }

  public static void large(KernelContext kc, double[] out) {
    int i = kc.globalIdx;
    double[] h = new double[100];
    h[i % 100] = i;
    out[i] = h[(i * 7) % 100] + h[i % 100];
  }

  public static void branches(KernelContext kc, int[] in, int[] out) {
    int i = kc.globalIdx;
    int r;
    if (in[i] > 0) {
      long[] a = {1L, 2L};
      r = (int) a[i & 1];
    } else {
      int[] b = {4, 0, 0, 0};
      r = b[i & 3];
    }
    for (int k = 0; k < 2; k++) {
      float[] c = new float[2];
      c[k] = k;
      r += (int) c[1];
    }
    out[i] = r;
  }
}
