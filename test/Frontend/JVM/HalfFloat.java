// TornadoVM's HalfFloat and HalfFloatArray: fp16 buffers (memref<?xf16>),
// HalfFloat values as f16, arithmetic as the API documents it (in float,
// rounded to fp16 to nearest even), getFloat32 exact, getHalfFloatValue the
// bits as a short.
// REQUIRES: javac17, jvm-api
// RUN: rm -rf %t && mkdir -p %t
// RUN: %javac17 -g -parameters -cp %kgpu_jvm_api_jar -d %t %s
// RUN: kgpu-translate %t/HalfFloatKernels.class --kernel HalfFloatKernels::axpyHalf --emit=kgpu | FileCheck %s --check-prefix=AXPY
// RUN: kgpu-translate %t/HalfFloatKernels.class --kernel HalfFloatKernels::bits --emit=kgpu | FileCheck %s --check-prefix=BITS
// RUN: kgpu-translate %t/HalfFloatKernels.class --kernel HalfFloatKernels::dot --emit=kgpu | FileCheck %s --check-prefix=DOT
// RUN: not kgpu-translate %t/HalfFloatKernels.class --kernel HalfFloatKernels::unsupported --emit=kgpu 2>&1 | FileCheck %s --check-prefix=ERR

// AXPY-LABEL: func.func @axpyHalf(
// AXPY-SAME: memref<?xf16> {{.*}}kgpu.name = "x"}
// AXPY-SAME: memref<?xf16> {{.*}}kgpu.name = "y"}
// AXPY: %[[A:.*]] = arith.truncf %{{.*}} : f32 to f16
// AXPY: %[[X:.*]] = memref.load %arg0[%{{.*}}] : memref<?xf16>
// AXPY: %[[AX:.*]] = arith.extf %[[A]] : f16 to f32
// AXPY: %[[XX:.*]] = arith.extf %[[X]] : f16 to f32
// AXPY: %[[M:.*]] = arith.mulf %[[AX]], %[[XX]] : f32
// AXPY: %[[MH:.*]] = arith.truncf %[[M]] : f32 to f16
// AXPY: %[[Y:.*]] = memref.load %arg1[%{{.*}}] : memref<?xf16>
// AXPY: arith.addf
// AXPY: %[[S:.*]] = arith.truncf %{{.*}} : f32 to f16
// AXPY: memref.store %[[S]], %arg1[%{{.*}}] : memref<?xf16>

// BITS-LABEL: func.func @bits(
// BITS: %cst = arith.constant 1.000000e+00 : f16
// BITS: %[[H:.*]] = memref.load %arg0[%{{.*}}] : memref<?xf16>
// BITS: %[[B:.*]] = arith.bitcast %[[H]] : f16 to i16
// BITS: arith.extsi %[[B]] : i16 to i32
// new HalfFloat((short) 0x3c00) is 1.0 (folded from the bitcast).
// BITS: memref.store %cst, %arg0[%{{.*}}] : memref<?xf16>

// DOT-LABEL: func.func @dot(
// DOT: scf.for
// DOT: arith.extf %{{.*}} : f16 to f32
// DOT: arith.extf %{{.*}} : f16 to f32
// DOT: arith.mulf %{{.*}}, %{{.*}} : f32

// ERR: HalfFloat.java:[[@LINE+31]]:0: error: KG-E0109: uk.ac.manchester.tornado.api.types.HalfFloat.toString()Ljava/lang/String; is not supported by kgpu

import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.types.HalfFloat;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;
import uk.ac.manchester.tornado.api.types.arrays.HalfFloatArray;

class HalfFloatKernels {
  public static void axpyHalf(KernelContext kc, HalfFloatArray x, HalfFloatArray y, float alpha) {
    int i = kc.globalIdx;
    HalfFloat a = new HalfFloat(alpha);
    HalfFloat ax = HalfFloat.mult(a, x.get(i));
    y.set(i, HalfFloat.add(ax, y.get(i)));
  }

  public static void bits(KernelContext kc, HalfFloatArray x, int[] out) {
    int i = kc.globalIdx;
    out[i] = x.get(i).getHalfFloatValue();
    x.set(i, new HalfFloat((short) 0x3c00));
  }

  public static void dot(KernelContext kc, HalfFloatArray a, HalfFloatArray b, FloatArray c, int n) {
    float s = 0.0f;
    for (int k = 0; k < n; k++) {
      s += a.get(k).getFloat32() * b.get(k).getFloat32();
    }
    c.set(kc.globalIdx, s);
  }

  public static void unsupported(KernelContext kc, HalfFloatArray a, int[] out) {
    int i = kc.globalIdx;
    out[i] = a.get(i).toString().length();
  }
}
