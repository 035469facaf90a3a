// kgpu-spirv-expand-math: f64 transcendental functions (not in GLSL.std.450
// for 64-bit floats) become f64 arithmetic, and f32 atan2 (no GL.Atan2 in
// MLIR 22) f32 arithmetic (an atan series and the quadrant); the other f32
// functions are computed in f64 and rounded once (f32-via-f64, the
// default), or stay for GLSL.std.450; without Float64/Int64 in the target,
// f64 functions stay.
// RUN: kgpu-opt %s --kgpu-spirv-attach-target --kgpu-spirv-expand-math | FileCheck %s
// RUN: kgpu-opt %s --kgpu-spirv-attach-target --kgpu-spirv-expand-math --convert-kgpu-to-spirv | FileCheck %s --check-prefix=SPIRV
// RUN: kgpu-opt %s --kgpu-spirv-attach-target=float64=false --kgpu-spirv-expand-math | FileCheck %s --check-prefix=NOF64
// RUN: kgpu-opt %s --kgpu-spirv-attach-target --kgpu-spirv-expand-math=f32-via-f64=false | FileCheck %s --check-prefix=F32

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // CHECK-LABEL: gpu.func @f64_functions
    // SPIRV-LABEL: spirv.func @f64_functions
    // NOF64-LABEL: gpu.func @f64_functions
    gpu.func @f64_functions(%out: memref<?xf64>, %x: f64, %y: f64) kernel
        attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      // The reduction integer of sin, then the quadrant.
      // CHECK-NOT: math.sin
      // CHECK: math.roundeven %{{.*}} : f64
      // CHECK: arith.fptosi %{{.*}} : f64 to i64
      // CHECK: arith.andi %{{.*}}, %{{.*}} : i64
      // NOF64: math.sin %{{.*}} : f64
      %s = math.sin %x : f64
      // exp scales by 2^k through the exponent bits.
      // CHECK: arith.shli %{{.*}}, %{{.*}} : i64
      // CHECK: arith.bitcast %{{.*}} : i64 to f64
      %e = math.exp %x : f64
      // log reads the exponent from the bits.
      // CHECK: arith.bitcast %{{.*}} : f64 to i64
      // CHECK: arith.shrui %{{.*}}, %{{.*}} : i64
      %l = math.log %x : f64
      %p = math.powf %x, %y : f64
      %a = math.atan2 %x, %y : f64
      %t = math.tanh %x : f64
      %c = math.cbrt %x : f64
      %r1 = arith.addf %s, %e : f64
      %r2 = arith.addf %r1, %l : f64
      %r3 = arith.addf %r2, %p : f64
      %r4 = arith.addf %r3, %a : f64
      %r5 = arith.addf %r4, %t : f64
      %r6 = arith.addf %r5, %c : f64
      memref.store %r6, %out[%c0] : memref<?xf64>
      // CHECK-NOT: math.{{(sin|cos|tan|exp|log|powf|atan2|atan|tanh|cbrt)}} {{.*}}f64
      // CHECK: gpu.return
      // Only operations of f64 SPIR-V remain: no GLSL.std.450 function but
      // those that accept 64-bit floats.
      // SPIRV-NOT: spirv.GL.{{(Sin|Cos|Tan|Exp|Log|Pow|Atan|Tanh)}}
      // SPIRV: spirv.GL.RoundEven %{{.*}} : f64
      // SPIRV-NOT: spirv.GL.{{(Sin|Cos|Tan|Exp|Log|Pow|Atan|Tanh)}}
      // SPIRV: spirv.Return
      gpu.return
    }

    // CHECK-LABEL: gpu.func @f32_functions
    // CHECK-SAME: (%{{.*}}: memref<?xf32>, %[[Y:.*]]: f32, %[[X:.*]]: f32)
    // SPIRV-LABEL: spirv.func @f32_functions
    gpu.func @f32_functions(%out: memref<?xf32>, %y: f32, %x: f32) kernel
        attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      // atan2: the smaller magnitude over the larger, its atan (a series in
      // f32: lavapipe's GL.Atan is 335 ulp off), then pi/2 - a when
      // |y| > |x|, pi - a when x's sign bit is set, and y's sign.
      // CHECK: %[[AX:.*]] = math.absf %[[X]] : f32
      // CHECK: %[[AY:.*]] = math.absf %[[Y]] : f32
      // CHECK: %[[YB:.*]] = arith.cmpf ogt, %[[AY]], %[[AX]] : f32
      // CHECK: %[[Q:.*]] = arith.divf
      // CHECK-NOT: math.atan
      // CHECK: arith.bitcast %[[X]] : f32 to i32
      // CHECK: math.copysign %{{.*}}, %[[Y]] : f32
      // CHECK-NOT: math.atan2
      // SPIRV-NOT: spirv.GL.Atan
      %a = math.atan2 %y, %x : f32
      // CHECK: %[[XD:.*]] = arith.extf %[[X]] : f32 to f64
      // CHECK: math.roundeven %{{.*}} : f64
      // CHECK: arith.truncf %{{.*}} : f64 to f32
      // CHECK-NOT: math.sin
      // SPIRV-NOT: spirv.GL.Sin
      // F32-LABEL: gpu.func @f32_functions
      // F32-NOT: math.atan2
      // F32: math.sin %{{.*}} : f32
      %s = math.sin %x : f32
      // math.trunc (no upstream SPIR-V pattern): copysign(floor(|x|), x).
      // CHECK: %[[TA:.*]] = math.absf %[[X]] : f32
      // CHECK: %[[TF:.*]] = math.floor %[[TA]] : f32
      // CHECK: math.copysign %[[TF]], %[[X]] : f32
      // SPIRV: spirv.GL.Floor %{{.*}} : f32
      %tr = math.trunc %x : f32
      %r0 = arith.addf %a, %s : f32
      %r = arith.addf %r0, %tr : f32
      memref.store %r, %out[%c0] : memref<?xf32>
      gpu.return
    }
  }
}
