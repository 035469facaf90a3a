// TornadoVM's tensor-core KernelContext members (docs/jvm.md, "Tensor
// cores"): the fragments become !kgpu.mma values of m16n8k16, the int[]
// local tiles (two fp16 per int) an f16 local array that kgpu.mma_load
// reads (A: 16 x 16 row by row, B: 16 x 8 row by row, a byteOffset moves the
// tile's start), the int accesses to a tile pairs of f16 accesses, mmaStore a
// kgpu.mma_store into the FloatArray, and the asynchronous copies
// kgpu.async_copy/commit/wait.
// REQUIRES: javac17, jvm-api
// RUN: rm -rf %t && mkdir -p %t
// RUN: %javac17 -g -parameters -cp %kgpu_jvm_api_jar -d %t %s
// RUN: kgpu-translate %t/MmaKernels.class --kernel MmaKernels::fillStore --emit=kgpu | FileCheck %s --check-prefix=FILL
// RUN: kgpu-translate %t/MmaKernels.class --kernel MmaKernels::loadMultiply --emit=kgpu | FileCheck %s --check-prefix=LOAD
// RUN: kgpu-translate %t/MmaKernels.class --kernel MmaKernels::offsets --emit=kgpu | FileCheck %s --check-prefix=OFFSET
// RUN: kgpu-translate %t/MmaKernels.class --kernel MmaKernels::loop --emit=kgpu | FileCheck %s --check-prefix=LOOP
// RUN: kgpu-translate %t/MmaKernels.class --kernel MmaKernels::async --emit=kgpu | FileCheck %s --check-prefix=ASYNC
// RUN: kgpu-translate %t/MmaKernels.class --kernel MmaKernels::asyncBytes --emit=kgpu | FileCheck %s --check-prefix=BYTES
// RUN: kgpu-translate %t/MmaKernels.class --kernel MmaKernels::int8 --emit=kgpu | FileCheck %s --check-prefix=INT8
// RUN: kgpu-translate %t/MmaKernels.class --kernel MmaKernels::int8Async --emit=kgpu | FileCheck %s --check-prefix=INT8ASYNC
// RUN: kgpu-translate %t/MmaKernels.class --kernel MmaKernels::loop --targets=cpu,cuda,vulkan -o %t/loop.kgpu
// RUN: kgpu-translate %t/MmaKernels.class --kernel MmaKernels::int8 --targets=cpu,cuda,vulkan -o %t/int8.kgpu
// On CUDA, m16n8k32 is mma.sync on s8 with wrapping s32 sums, the tiles
// through ldmatrix (test/Target/NVVM/jvm-mma-int8.test runs ptxas).
// RUN: kgpu-translate %t/MmaKernels.class --kernel MmaKernels::int8 --emit=ptx --chip=sm_80 | FileCheck %s --check-prefix=INT8CUDA
// INT8CUDA: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// INT8CUDA: ldmatrix.sync.aligned.m8n8.x2.shared.b16
// INT8CUDA: mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32

import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.enums.MMAShape;
import uk.ac.manchester.tornado.api.types.HalfFloat;
import uk.ac.manchester.tornado.api.types.arrays.ByteArray;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;
import uk.ac.manchester.tornado.api.types.arrays.HalfFloatArray;
import uk.ac.manchester.tornado.api.types.arrays.IntArray;

class MmaKernels {
    // FILL-LABEL: func.func @fillStore(
    // FILL: %[[V:.*]] = arith.constant 2.500000e+00 : f32
    // FILL: %[[F:.*]] = kgpu.mma_fill %[[V]] : f32 -> !kgpu.mma<m16n8k16, acc, f32>
    // FILL: kgpu.mma_store %[[F]], %arg0[%{{.*}}] lead_dim %{{.*}} : !kgpu.mma<m16n8k16, acc, f32>, memref<?xf32>
    public static void fillStore(KernelContext kc, FloatArray c, int n) {
        float[] acc = kc.mmaFragment(2.5f);
        kc.mmaStore(acc, c, 16, 8, n);
    }

    // The int stores to the tiles are pairs of f16 stores into their f16
    // views (the int arrays are gone).
    // LOAD-LABEL: func.func @loadMultiply(
    // LOAD-NOT: memref<128xi32, 3>
    // LOAD-DAG: %[[A:.*]] = kgpu.alloc_local : memref<256xf16, 3>
    // LOAD-DAG: %[[B:.*]] = kgpu.alloc_local : memref<128xf16, 3>
    // LOAD-NOT: xi32, 3>
    // LOAD: arith.trunci %{{.*}} : i32 to i16
    // LOAD: arith.bitcast %{{.*}} : i16 to f16
    // LOAD: memref.store %{{.*}}, %[[A]][%{{.*}}] : memref<256xf16, 3>
    // LOAD: arith.shrui
    // LOAD: memref.store %{{.*}}, %[[A]][%{{.*}}] : memref<256xf16, 3>
    // LOAD: kgpu.barrier local
    // LOAD: %[[FA:.*]] = kgpu.mma_load %[[A]][%{{.*}}] lead_dim %c16 : memref<256xf16, 3> -> !kgpu.mma<m16n8k16, a, f16>
    // LOAD: %[[FB:.*]] = kgpu.mma_load %[[B]][%{{.*}}] lead_dim %c8 : memref<128xf16, 3> -> !kgpu.mma<m16n8k16, b, f16>
    // LOAD: %[[C:.*]] = kgpu.mma_fill
    // LOAD: %[[D:.*]] = kgpu.mma_compute %[[FA]], %[[FB]], %[[C]] : !kgpu.mma<m16n8k16, a, f16>, !kgpu.mma<m16n8k16, b, f16> -> !kgpu.mma<m16n8k16, acc, f32>
    // LOAD: kgpu.mma_store %[[D]], %arg2
    public static void loadMultiply(KernelContext kc, int[] words, int[] bwords, FloatArray c) {
        int lane = kc.localIdx;
        int[] aTile = kc.allocateIntLocalArray(128);
        int[] bTile = kc.allocateIntLocalArray(64);
        for (int e = lane; e < 128; e += 32) {
            aTile[e] = words[e];
        }
        for (int e = lane; e < 64; e += 32) {
            bTile[e] = bwords[e];
        }
        kc.localBarrier();
        HalfFloat[] fa = kc.mmaLoadA(aTile, 16);
        HalfFloat[] fb = kc.mmaLoadB(bTile, 16);
        float[] acc = kc.mmaFragment(0.0f);
        float[] d = kc.mma(fa, fb, acc, MMAShape.M16N8K16);
        kc.mmaStore(d, c, 0, 0, 8);
    }

    // The byteOffset forms: the tile starts byteOffset / 2 halves in; an int
    // read back from a tile is its two halves.
    // OFFSET-LABEL: func.func @offsets(
    // OFFSET: %[[T:.*]] = kgpu.alloc_local : memref<512xf16, 3>
    // OFFSET: %[[L0:.*]] = memref.load %[[T]][%{{.*}}] : memref<512xf16, 3>
    // OFFSET: arith.bitcast %[[L0]] : f16 to i16
    // OFFSET: arith.extui %{{.*}} : i16 to i32
    // OFFSET: arith.shli
    // OFFSET: arith.ori
    // OFFSET: arith.shrsi %arg2, %{{.*}} : i32
    // OFFSET: kgpu.mma_load %[[T]][%{{.*}}] lead_dim %c16 : memref<512xf16, 3> -> !kgpu.mma<m16n8k16, a, f16>
    // OFFSET: kgpu.mma_load %[[T]][%{{.*}}] lead_dim %c8 : memref<512xf16, 3> -> !kgpu.mma<m16n8k16, b, f16>
    public static void offsets(KernelContext kc, int[] out, FloatArray c, int off) {
        int[] tile = kc.allocateIntLocalArray(256);
        tile[kc.localIdx] = kc.localIdx;
        kc.localBarrier();
        out[kc.globalIdx] = tile[kc.localIdx ^ 1];
        HalfFloat[] fa = kc.mmaLoadA(tile, 16, off);
        HalfFloat[] fb = kc.mmaLoadB(tile, 16, 256);
        float[] d = kc.mma(fa, fb, kc.mmaFragment(0.0f), MMAShape.M16N8K16);
        kc.mmaStore(d, c, 0, 0, 8);
    }

    // A loop-carried accumulator: an iter_arg of the loop.
    // LOOP-LABEL: func.func @loop(
    // LOOP: %[[Z:.*]] = kgpu.mma_fill %{{.*}} : f32 -> !kgpu.mma<m16n8k16, acc, f32>
    // LOOP: %[[R:.*]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:arg[0-9]+]] = %[[Z]]) -> (!kgpu.mma<m16n8k16, acc, f32>)
    // LOOP: kgpu.mma_load
    // LOOP: kgpu.mma_load
    // LOOP: %[[D:.*]] = kgpu.mma_compute %{{.*}}, %{{.*}}, %[[ACC]]
    // LOOP: scf.yield %[[D]] : !kgpu.mma<m16n8k16, acc, f32>
    // LOOP: kgpu.mma_store %[[R]], %arg2
    public static void loop(KernelContext kc, HalfFloatArray a, HalfFloatArray b, FloatArray c, int n) {
        int lane = kc.localIdx;
        int[] aTile = kc.allocateIntLocalArray(128);
        int[] bTile = kc.allocateIntLocalArray(64);
        float[] acc = kc.mmaFragment(0.0f);
        for (int k0 = 0; k0 < n; k0 += 16) {
            for (int e = lane; e < 128; e += 32) {
                int lo = a.get(k0 * 16 + 2 * e).getHalfFloatValue() & 0xffff;
                int hi = a.get(k0 * 16 + 2 * e + 1).getHalfFloatValue() & 0xffff;
                aTile[e] = lo | (hi << 16);
            }
            for (int e = lane; e < 64; e += 32) {
                int lo = b.get(k0 * 8 + 2 * e).getHalfFloatValue() & 0xffff;
                int hi = b.get(k0 * 8 + 2 * e + 1).getHalfFloatValue() & 0xffff;
                bTile[e] = lo | (hi << 16);
            }
            kc.localBarrier();
            HalfFloat[] fa = kc.mmaLoadA(aTile, 16);
            HalfFloat[] fb = kc.mmaLoadB(bTile, 16);
            acc = kc.mma(fa, fb, acc, MMAShape.M16N8K16);
            kc.localBarrier();
        }
        kc.mmaStore(acc, c, 0, 0, 8);
    }

    // asyncCopyToLocal of a HalfFloatArray: two halves into int dstIndex
    // of the tile, halves 2 dstIndex, 2 dstIndex + 1 of its f16 view.
    // ASYNC-LABEL: func.func @async(
    // ASYNC: %[[T:.*]] = kgpu.alloc_local : memref<256xf16, 3>
    // ASYNC: %[[LID:.*]] = arith.index_cast %local_id_x : index to i32
    // ASYNC: %[[D:.*]] = arith.muli %[[LID]], %c2_i32 : i32
    // ASYNC: %[[DI:.*]] = arith.index_cast %[[D]] : i32 to index
    // ASYNC: kgpu.async_copy %arg0[%{{.*}}], %[[T]][%[[DI]]], 2 : memref<?xf16>, memref<256xf16, 3>
    // ASYNC: kgpu.async_commit
    // ASYNC: kgpu.async_wait 1
    // ASYNC: kgpu.barrier local
    // ASYNC: kgpu.mma_load %[[T]]
    public static void async(KernelContext kc, HalfFloatArray a, FloatArray c) {
        int[] tile = kc.allocateIntLocalArray(128);
        kc.asyncCopyToLocal(tile, kc.localIdx, a, 2 * kc.globalIdx);
        kc.asyncCopyCommit();
        kc.asyncCopyWaitGroup(1);
        kc.localBarrier();
        HalfFloat[] fa = kc.mmaLoadA(tile, 16);
        HalfFloat[] fb = kc.mmaLoadB(tile, 16);
        kc.mmaStore(kc.mma(fa, fb, kc.mmaFragment(1.0f), MMAShape.M16N8K16), c, 0, 0, 8);
    }

    // asyncCopyToLocal of a ByteArray: four bytes into int dstIndex, read
    // back as an int of the i8 view.
    // BYTES-LABEL: func.func @asyncBytes(
    // BYTES: %[[T:.*]] = kgpu.alloc_local : memref<64xi8, 3>
    // BYTES: kgpu.async_copy %arg0[%{{.*}}], %[[T]][%{{.*}}], 4 : memref<?xi8>, memref<64xi8, 3>
    // BYTES: kgpu.async_wait 0
    // BYTES: memref.load %[[T]]
    // BYTES: arith.extui %{{.*}} : i8 to i32
    public static void asyncBytes(KernelContext kc, ByteArray src, int[] out) {
        int[] tile = kc.allocateIntLocalArray(16);
        kc.asyncCopyToLocal(tile, kc.localIdx, src, 4 * kc.localIdx);
        kc.asyncCopyCommit();
        kc.asyncCopyWaitGroup(0);
        kc.localBarrier();
        out[kc.globalIdx] = tile[15 - kc.localIdx];
    }

    // int8, m16n8k32: the A tile is 16 x 32 bytes row by row (four per
    // int), TornadoVM's B tile 32 x 8 in pairs of k, which kgpu keeps column
    // by column: tile byte o (o < 256) is view element
    // 32 ((o % 16) / 2) + 2 (o / 16) + o % 2.
    // INT8-LABEL: func.func @int8(
    // INT8-DAG: %[[A:.*]] = kgpu.alloc_local : memref<512xi8, 3>
    // INT8-DAG: %[[B:.*]] = kgpu.alloc_local : memref<256xi8, 3>
    // INT8: %[[Z:.*]] = kgpu.mma_fill %c0_i32 : i32 -> !kgpu.mma<m16n8k32, acc, i32>
    // INT8: memref.store %{{.*}}, %[[A]][%{{.*}}] : memref<512xi8, 3>
    // INT8: arith.shrui %{{.*}}, %c4 : index
    // INT8: arith.andi %{{.*}}, %c15 : index
    // INT8: arith.cmpi ult, %{{.*}}, %c256 : index
    // INT8: arith.select
    // INT8: memref.store %{{.*}}, %[[B]][%{{.*}}] : memref<256xi8, 3>
    // INT8: %[[FA:.*]] = kgpu.mma_load %[[A]][%c0] lead_dim %c32 : memref<512xi8, 3> -> !kgpu.mma<m16n8k32, a, i8>
    // INT8: %[[FB:.*]] = kgpu.mma_load %[[B]][%c0] lead_dim %c32 col_major : memref<256xi8, 3> -> !kgpu.mma<m16n8k32, b, i8>
    // INT8: %[[D:.*]] = kgpu.mma_compute %[[FA]], %[[FB]], %[[Z]] : !kgpu.mma<m16n8k32, a, i8>, !kgpu.mma<m16n8k32, b, i8> -> !kgpu.mma<m16n8k32, acc, i32>
    // INT8: kgpu.mma_store %[[D]], %arg2[%{{.*}}] lead_dim %{{.*}} : !kgpu.mma<m16n8k32, acc, i32>, memref<?xi32>
    public static void int8(KernelContext kc, int[] aw, int[] bw, IntArray c, int n) {
        int lane = kc.localIdx;
        int[] aTile = kc.allocateIntLocalArray(128);
        int[] bTile = kc.allocateIntLocalArray(64);
        int[] acc = kc.mmaFragmentInt(0);
        for (int e = lane; e < 128; e += 32) {
            aTile[e] = aw[e];
        }
        for (int e = lane; e < 64; e += 32) {
            bTile[e] = bw[e];
        }
        kc.localBarrier();
        byte[] fa = kc.mmaLoadAInt8(aTile, 32);
        byte[] fb = kc.mmaLoadBInt8(bTile, 32);
        int[] d = kc.mmaInt8(fa, fb, acc, MMAShape.M16N8K32);
        kc.mmaStoreInt(d, c, 16, 8, n);
    }

    // An asynchronous copy into an int8 B tile: its four bytes go to their
    // places in the column-by-column view one by one.
    // INT8ASYNC-LABEL: func.func @int8Async(
    // INT8ASYNC-NOT: kgpu.async_copy %arg1
    // INT8ASYNC: kgpu.async_copy %arg0[%{{.*}}], %{{.*}}[%{{.*}}], 4 : memref<?xi8>, memref<512xi8, 3>
    // INT8ASYNC-NOT: kgpu.async_copy
    // INT8ASYNC: memref.load %arg1[%{{.*}}] : memref<?xi8>
    // INT8ASYNC: arith.select
    // INT8ASYNC: memref.store %{{.*}} : memref<256xi8, 3>
    // INT8ASYNC: kgpu.async_commit
    // INT8ASYNC: kgpu.mma_load %{{.*}} col_major : memref<256xi8, 3> -> !kgpu.mma<m16n8k32, b, i8>
    public static void int8Async(KernelContext kc, ByteArray a, ByteArray b, IntArray c) {
        int lane = kc.localIdx;
        int[] aTile = kc.allocateIntLocalArray(128);
        int[] bTile = kc.allocateIntLocalArray(64);
        kc.asyncCopyToLocal(aTile, lane, a, 4 * lane);
        kc.asyncCopyToLocal(bTile, lane, b, 4 * lane);
        kc.asyncCopyCommit();
        kc.asyncCopyWaitGroup(0);
        kc.localBarrier();
        int[] d = kc.mmaInt8(kc.mmaLoadAInt8(aTile, 32), kc.mmaLoadBInt8(bTile, 32), kc.mmaFragmentInt(0), MMAShape.M16N8K32);
        kc.mmaStoreInt(d, c, 0, 0, 8);
    }
}
