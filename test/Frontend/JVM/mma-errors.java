// Misuses of TornadoVM's tensor-core members: one located error each
// (KG-E0121: a fragment used as an array; KG-E0122: a tile, K, shape or
// store target kgpu cannot compile), checked against the expected-error
// comments below.
// REQUIRES: javac17, jvm-api
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/MmaErrors.java
// RUN: %javac17 -g -cp %kgpu_jvm_api_jar -d %t %t/MmaErrors.java
// RUN: kgpu-translate %t/MmaErrors.class --emit=mlir --verify-diagnostics
// RUN: not kgpu-translate %t/MmaErrors.class --emit=mlir --kernel=MmaErrors::indexed 2>&1 | FileCheck %s
// CHECK: MmaErrors.java:[[@LINE+19]]:0: error: KG-E0121: an MMA fragment cannot be indexed in MmaErrors.indexed; hint: a fragment (the result of mmaFragment, mmaLoadA, mmaLoadB or mma) is held by the whole SIMD group; pass it only to mma and mmaStore

import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.enums.MMAShape;
import uk.ac.manchester.tornado.api.types.HalfFloat;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;
import uk.ac.manchester.tornado.api.types.arrays.HalfFloatArray;
import uk.ac.manchester.tornado.api.types.arrays.IntArray;

public class MmaErrors {
    static final int K = 16;

    static float first(float[] f) {
        return f[0];
    }

    public static void indexed(KernelContext kc, float[] out) {
        float[] acc = kc.mmaFragment(0.0f);
        // expected-error @+1 {{KG-E0121: an MMA fragment cannot be indexed}}
        out[kc.globalIdx] = acc[0];
    }

    public static void halfIndexed(KernelContext kc, float[] out) {
        int[] tile = kc.allocateIntLocalArray(128);
        HalfFloat[] fa = kc.mmaLoadA(tile, K);
        // expected-error @+1 {{KG-E0121: an MMA fragment cannot be indexed}}
        out[kc.globalIdx] = fa[1].getFloat32();
    }

    public static void length(KernelContext kc, int[] out) {
        float[] acc = kc.mmaFragment(0.0f);
        // expected-error @+1 {{KG-E0121: an MMA fragment has no length a kernel can read}}
        out[kc.globalIdx] = acc.length;
    }

    public static void passed(KernelContext kc, float[] out) {
        float[] acc = kc.mmaFragment(0.0f);
        // expected-error @+1 {{KG-E0121: an MMA fragment cannot be passed to MmaErrors.first}}
        out[kc.globalIdx] = first(acc);
    }

    public static void swapped(KernelContext kc, FloatArray c) {
        int[] tile = kc.allocateIntLocalArray(128);
        HalfFloat[] fa = kc.mmaLoadA(tile, 16);
        HalfFloat[] fb = kc.mmaLoadB(tile, 16);
        // expected-error @+1 {{KG-E0121: KernelContext.mma takes the B fragment of mmaLoadB (second operand) as its operand, got another fragment}}
        float[] d = kc.mma(fb, fa, kc.mmaFragment(0.0f), MMAShape.M16N8K16);
        kc.mmaStore(d, c, 0, 0, 8);
    }

    public static void notAFragment(KernelContext kc, FloatArray c, float[] mine) {
        int[] tile = kc.allocateIntLocalArray(128);
        HalfFloat[] fa = kc.mmaLoadA(tile, 16);
        HalfFloat[] fb = kc.mmaLoadB(tile, 16);
        // expected-error @+1 {{KG-E0121: KernelContext.mma takes the accumulator of mmaFragment or mma as its operand, got an array}}
        float[] d = kc.mma(fa, fb, mine, MMAShape.M16N8K16);
        kc.mmaStore(d, c, 0, 0, 8);
    }

    public static void variableK(KernelContext kc, int k) {
        int[] tile = kc.allocateIntLocalArray(128);
        // expected-error @+1 {{KG-E0122: the K of KernelContext.mmaLoadA must be the constant 16 (the m16n8k16 tile's depth)}}
        HalfFloat[] fa = kc.mmaLoadA(tile, k);
    }

    public static void wrongK(KernelContext kc) {
        int[] tile = kc.allocateIntLocalArray(128);
        // expected-error @+1 {{KG-E0122: the K of KernelContext.mmaLoadB must be the constant 16}}
        HalfFloat[] fb = kc.mmaLoadB(tile, 32);
    }

    public static void globalTile(KernelContext kc, int[] tile) {
        // expected-error @+1 {{KG-E0122: KernelContext.mmaLoadA works on an int[] local array (kc.allocateIntLocalArray)}}
        HalfFloat[] fa = kc.mmaLoadA(tile, 16);
    }

    public static void wrongShape(KernelContext kc, FloatArray c) {
        int[] tile = kc.allocateIntLocalArray(128);
        HalfFloat[] fa = kc.mmaLoadA(tile, 16);
        HalfFloat[] fb = kc.mmaLoadB(tile, 16);
        // expected-error @+1 {{KG-E0122: KernelContext.mma with fp16 fragments takes the constant MMAShape.M16N8K16}}
        float[] d = kc.mma(fa, fb, kc.mmaFragment(0.0f), MMAShape.M16N8K32);
        kc.mmaStore(d, c, 0, 0, 8);
    }

    public static void storeTarget(KernelContext kc, HalfFloatArray c) {
        float[] acc = kc.mmaFragment(0.0f);
        // expected-error @+1 {{KG-E0122: KernelContext.mmaStore stores into a FloatArray parameter}}
        kc.mmaStore(acc, null, 0, 0, 8);
    }

    public static void waitVariable(KernelContext kc, int n) {
        // expected-error @+1 {{KG-E0122: the argument of KernelContext.asyncCopyWaitGroup must be a constant of at least 0}}
        kc.asyncCopyWaitGroup(n);
    }

    public static void tileAtomic(KernelContext kc) {
        int[] tile = kc.allocateIntLocalArray(128);
        // expected-error @+1 {{KG-E0122: an int[] local array that KernelContext MMA members read as a tile is only read and written by index (aTile[i])}}
        kc.atomicAdd(tile, 0, 1);
        HalfFloat[] fa = kc.mmaLoadA(tile, 16);
    }

    public static void int8K(KernelContext kc) {
        int[] tile = kc.allocateIntLocalArray(128);
        // expected-error @+1 {{KG-E0122: the K of KernelContext.mmaLoadBInt8 must be the constant 32 (the m16n8k32 tile's depth)}}
        byte[] fb = kc.mmaLoadBInt8(tile, 16);
    }

    public static void int8Mixed(KernelContext kc) {
        int[] tile = kc.allocateIntLocalArray(128);
        byte[] fa = kc.mmaLoadAInt8(tile, 32);
        // expected-error @+1 {{KG-E0122: an int[] local array used both as an int8 B tile (mmaLoadBInt8) and as another tile by KernelContext.mmaLoadBInt8}}
        byte[] fb = kc.mmaLoadBInt8(tile, 32);
    }

    public static void int8Shape(KernelContext kc, IntArray c) {
        int[] tile = kc.allocateIntLocalArray(128);
        int[] tileB = kc.allocateIntLocalArray(64);
        byte[] fa = kc.mmaLoadAInt8(tile, 32);
        byte[] fb = kc.mmaLoadBInt8(tileB, 32);
        // expected-error @+1 {{KG-E0122: KernelContext.mmaInt8 takes the constant MMAShape.M16N8K32}}
        int[] d = kc.mmaInt8(fa, fb, kc.mmaFragmentInt(0), MMAShape.M16N8K16);
        kc.mmaStoreInt(d, c, 0, 0, 8);
    }

    public static void halfWithInt8(KernelContext kc, HalfFloatArray h) {
        int[] tile = kc.allocateIntLocalArray(128);
        kc.asyncCopyToLocal(tile, 0, h, 0);
        // expected-error @+1 {{KG-E0122: an int[] local array used both as an fp16 and as an int8 tile by KernelContext.mmaLoadAInt8}}
        byte[] fa = kc.mmaLoadAInt8(tile, 32);
    }
}
