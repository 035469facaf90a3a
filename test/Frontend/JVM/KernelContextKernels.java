// KernelContext kernels: the boxed id fields (getfield + Integer.intValue)
// become kgpu id ops, barriers, local arrays of a constant size, atomics and
// the SIMD operations; the KernelContext parameter disappears wherever it is.
// REQUIRES: javac17
// RUN: rm -rf %t && mkdir -p %t
// RUN: %javac17 -g -sourcepath %S/Inputs/api -d %t %s
// RUN: kgpu-translate %t/KernelContextKernels.class --emit=kgpu | FileCheck %s

// CHECK-LABEL: func.func @ids(%arg0: memref<?xi32> {{.*}}kgpu.name = "out"})
// CHECK-DAG: kgpu.global_id x
// CHECK-DAG: kgpu.global_id y
// CHECK-DAG: kgpu.local_id z
// CHECK-DAG: kgpu.group_id x
// CHECK-DAG: kgpu.global_size x
// CHECK-DAG: kgpu.local_size y

// CHECK-LABEL: func.func @reduceLocal(
// CHECK-SAME: %arg0: memref<?xf32> {{.*}}kgpu.name = "in"}
// CHECK-SAME: %arg1: memref<?xf32> {{.*}}kgpu.name = "out"}
// CHECK: %[[TILE:.*]] = kgpu.alloc_local : memref<256xf32, 3>
// CHECK: memref.store %{{.*}}, %[[TILE]]
// CHECK: kgpu.barrier local
// CHECK: kgpu.barrier global

// CHECK-LABEL: func.func @histogram(
// CHECK: kgpu.atomic_rmw add

// CHECK-LABEL: func.func @simd(
// CHECK: kgpu.subgroup_reduce add %{{.*}} : f32
// CHECK: kgpu.shuffle down
// CHECK: kgpu.shuffle idx

import uk.ac.manchester.tornado.api.KernelContext;

public class KernelContextKernels {
  public static void ids(int[] out, KernelContext kc) {
    out[kc.globalIdx] = kc.globalIdy + kc.localIdz + kc.groupIdx
        + kc.globalGroupSizeX + kc.localGroupSizeY;
  }

  public static void reduceLocal(KernelContext kc, float[] in, float[] out) {
    int gid = kc.globalIdx;
    int lid = kc.localIdx;
    int size = kc.localGroupSizeX;
    float[] tile = kc.allocateFloatLocalArray(256);
    tile[lid] = in[gid];
    for (int s = size / 2; s > 0; s /= 2) {
      kc.localBarrier();
      if (lid < s)
        tile[lid] += tile[lid + s];
    }
    kc.globalBarrier();
    if (lid == 0)
      out[kc.groupIdx] = tile[0];
  }

  public static void histogram(KernelContext kc, int[] data, int[] bins) {
    kc.atomicAdd(bins, data[kc.globalIdx] & 15, 1);
  }

  public static void simd(KernelContext kc, float[] a) {
    int i = kc.globalIdx;
    float v = a[i];
    a[i] = kc.simdSum(v) + kc.simdShuffleDown(v, 1) + kc.simdBroadcastFirst(v);
  }
}
