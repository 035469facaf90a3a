// Java's semantics with the kgpu dialect's exact ops: wrapping int/long
// arithmetic, masked shifts, division by int_div/int_rem, saturating
// float-to-int, the NaN rules of fcmpl/fcmpg fused into one comparison,
// Math.min/max, byte/char/short element widths, and float arithmetic kept
// in float.
// REQUIRES: javac17
// RUN: rm -rf %t && mkdir -p %t
// RUN: %javac17 -g -sourcepath %S/Inputs/api -d %t %s
// RUN: kgpu-translate %t/Semantics.class --emit=mlir --kernel=Semantics::ints | FileCheck %s --check-prefix=INT
// RUN: kgpu-translate %t/Semantics.class --emit=mlir --kernel=Semantics::floats | FileCheck %s --check-prefix=FLT
// RUN: kgpu-translate %t/Semantics.class --emit=mlir --kernel=Semantics::narrow | FileCheck %s --check-prefix=NARROW
// RUN: kgpu-translate %t/Semantics.class --emit=mlir --kernel=Semantics::compares | FileCheck %s --check-prefix=CMP
// RUN: kgpu-translate %t/Semantics.class --targets=cpu -o /dev/null

// INT-LABEL: func.func @ints(
// INT: kgpu.int_div %{{.*}}, %{{.*}} : i32
// INT: kgpu.int_rem %{{.*}}, %{{.*}} : i32
// INT: kgpu.shift shl %{{.*}}, %{{.*}} : i32
// INT: kgpu.shift shrs %{{.*}}, %{{.*}} : i32
// INT: kgpu.shift shru %{{.*}}, %{{.*}} : i32
// INT: %[[W:.*]] = arith.extsi %{{.*}} : i32 to i64
// INT: kgpu.shift shl %{{.*}}, %[[W]] : i64
// INT: kgpu.int_div %{{.*}}, %{{.*}} : i64
// INT: arith.minsi
// Integer.bitCount: a shift-and-add population count (x * 0x01010101 >> 24).
// INT: arith.constant 16843009 : i32

// FLT-LABEL: func.func @floats(
// FLT: kgpu.fptosi_sat %{{.*}} : f32 to i32
// FLT: kgpu.fptosi_sat %{{.*}} : f64 to i64
// FLT: kgpu.jvm_min %{{.*}}, %{{.*}} : f32
// FLT: arith.mulf %{{.*}}, %{{.*}} : f32
// FLT: kgpu.jvm_max %{{.*}}, %{{.*}} : f64
// FLT: math.sqrt %{{.*}} : f64

// NARROW-LABEL: func.func @narrow(
// NARROW-SAME: memref<?xi8>
// NARROW-SAME: memref<?xi16>
// NARROW-SAME: memref<?xi16>
// NARROW: arith.extsi %{{.*}} : i8 to i32
// NARROW: arith.extui %{{.*}} : i16 to i32
// NARROW: arith.extsi %{{.*}} : i16 to i32
// NARROW: arith.trunci %{{.*}} : i32 to i8

// x < y (fcmpg, jump if >= 0): the loop continues while ordered-less.
// CMP-LABEL: func.func @compares(
// CMP: arith.cmpf uge
// CMP: arith.cmpf ule
// CMP: arith.cmpi sle, %{{.*}}, %{{.*}} : i64

import uk.ac.manchester.tornado.api.KernelContext;

public class Semantics {
  public static void ints(KernelContext kc, int[] a, long[] l) {
    int i = kc.globalIdx;
    int x = a[i], y = a[i + 1];
    a[i] = x / y + x % y + (x << y) + (x >> y) + (x >>> y) + x * y - y;
    l[i] = (l[i] << x) + l[i] / l[i + 1];
    a[i + 2] = Math.min(x, y) + Integer.bitCount(x);
  }

  public static void floats(KernelContext kc, float[] f, double[] d, int[] r, long[] q) {
    int i = kc.globalIdx;
    r[i] = (int) f[i];
    q[i] = (long) d[i];
    f[i] = Math.min(f[i], f[i + 1]) * 2.0f;
    d[i] = Math.max(d[i], d[i + 1]) + Math.sqrt(d[i]);
  }

  public static void narrow(KernelContext kc, byte[] b, char[] c, short[] s) {
    int i = kc.globalIdx;
    b[i] = (byte) (b[i] + c[i] + s[i]);
  }

  public static void compares(KernelContext kc, float[] f, double[] d, long[] l, int[] out) {
    int i = kc.globalIdx;
    if (f[i] < f[i + 1])
      out[i] = 1;
    if (d[i] > d[i + 1])
      out[i] = 2;
    if (l[i] > l[i + 1])
      out[i] = 3;
  }
}
