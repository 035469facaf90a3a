// Without Float16, f16 values live in f32 and kgpu rounds each one to half
// explicitly (roundToHalf): conversions to f16, and f16 arithmetic and math,
// done in f32 and rounded once. Found by difftest (k3_19, k2_95; 2026-12-07):
// `math.sqrt : f16` became GL.Sqrt on f32 with no rounding after it, and
// `math.powf : f16` did not convert (an f16 constant in an f32 op).
// RUN: kgpu-opt %s --kgpu-spirv-attach-target --convert-kgpu-to-spirv | FileCheck %s

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // CHECK-LABEL: spirv.func @hm
    gpu.func @hm(%out: memref<?xf32>, %x: f32) kernel
        attributes {kgpu.workgroup_size = array<i32: 1, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      // The conversion's rounding: bit work on the f32, then the value.
      // CHECK: spirv.Bitcast %{{.*}} : f32 to i32
      // CHECK: spirv.ConvertUToF
      %h = arith.truncf %x : f32 to f16
      // sqrt in f32, then rounded the same way.
      // CHECK: %[[S:.*]] = spirv.GL.Sqrt %[[H:.*]] : f32
      // CHECK: spirv.Bitcast %[[S]] : f32 to i32
      %s = math.sqrt %h : f16
      %se = arith.extf %s : f16 to f32
      memref.store %se, %out[%c0] : memref<?xf32>
      // CHECK: %[[F:.*]] = spirv.GL.Fma %[[H]], %[[H]], %[[H]] : f32
      // CHECK: spirv.Bitcast %[[F]] : f32 to i32
      %f = math.fma %h, %h, %h : f16
      %fe = arith.extf %f : f16 to f32
      memref.store %fe, %out[%c1] : memref<?xf32>
      // (upstream's pow: |x| ** y, the sign fixed up after)
      // CHECK: spirv.GL.Pow %{{.*}}, %[[H]] : f32
      // CHECK: spirv.Bitcast %{{.*}} : f32 to i32
      %p = math.powf %h, %h : f16
      %pe = arith.extf %p : f16 to f32
      memref.store %pe, %out[%c2] : memref<?xf32>
      // CHECK: %[[M:.*]] = spirv.FMul %[[H]], %[[H]] : f32
      // CHECK: spirv.Bitcast %[[M]] : f32 to i32
      %m = arith.mulf %h, %h : f16
      %me = arith.extf %m : f16 to f32
      memref.store %me, %out[%c3] : memref<?xf32>
      gpu.return
    }
  }
}
