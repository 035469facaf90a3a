// 64-bit integer min/max become GLSL.std.450 UMax/SMax/UMin/SMin, not
// upstream's expansion into a compare and an OpSelect: NVIDIA's Vulkan
// driver (580, the H200) computes wrong upper halves for `x - max(x, c)` in
// the expanded form next to other 64-bit work (docs/difftest.md, "NVIDIA";
// test/Random/h200/nv64.kgc, b_push). 32-bit min/max keep the expansion.
// RUN: kgpu-opt %s --kgpu-spirv-attach-target --convert-kgpu-to-spirv | FileCheck %s

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // CHECK-LABEL: spirv.func @mm
    gpu.func @mm(%x: memref<?xi64>, %y: memref<?xi32>) kernel
        attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %a = memref.load %x[%c0] : memref<?xi64>
      %b = memref.load %x[%c1] : memref<?xi64>
      // CHECK: %[[A:.*]] = spirv.Load "StorageBuffer" %{{.*}} : i64
      // CHECK: %[[B:.*]] = spirv.Load "StorageBuffer" %{{.*}} : i64
      // CHECK-NOT: spirv.Select
      // CHECK: %[[U:.*]] = spirv.GL.UMax %[[A]], %[[B]] : i64
      // CHECK: spirv.ISub %[[A]], %[[U]] : i64
      %u = arith.maxui %a, %b : i64
      %d = arith.subi %a, %u : i64
      memref.store %d, %x[%c0] : memref<?xi64>
      // CHECK: spirv.GL.SMax %[[A]], %[[B]] : i64
      %s = arith.maxsi %a, %b : i64
      memref.store %s, %x[%c1] : memref<?xi64>
      // CHECK: spirv.GL.UMin %[[A]], %[[B]] : i64
      %m = arith.minui %a, %b : i64
      memref.store %m, %x[%c2] : memref<?xi64>
      // CHECK: spirv.GL.SMin %[[A]], %[[B]] : i64
      %n = arith.minsi %a, %b : i64
      memref.store %n, %x[%c3] : memref<?xi64>
      // CHECK-NOT: spirv.Select
      // 32 bits: the expansion, as before
      // CHECK: %[[C:.*]] = spirv.Load "StorageBuffer" %{{.*}} : i32
      // CHECK: spirv.UGreaterThan %[[C]], %{{.*}} : i32
      // CHECK: spirv.Select
      %p = memref.load %y[%c0] : memref<?xi32>
      %q = memref.load %y[%c1] : memref<?xi32>
      %r = arith.maxui %p, %q : i32
      memref.store %r, %y[%c0] : memref<?xi32>
      gpu.return
    }
  }
}
