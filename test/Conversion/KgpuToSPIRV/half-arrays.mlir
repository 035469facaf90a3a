// Without Float16, a kernel's own arrays of f16 (private memref.alloca,
// local memref.alloc) get f32 elements, one per half: upstream's type
// converter alone sized them in f32 words (`half a[2]` became one f32, a
// local `half l[64]` 32 f32s) while the accesses index by element, out of
// bounds from the second half on (difftest k120_32, k167_73 on NVIDIA's
// driver, 2026-12-07).
// RUN: kgpu-opt %s -split-input-file -verify-diagnostics --kgpu-spirv-attach-target --convert-kgpu-to-spirv | FileCheck %s

// CHECK: spirv.GlobalVariable @{{.*}} : !spirv.ptr<!spirv.struct<(!spirv.array<64 x f32>)>, Workgroup>
// CHECK-LABEL: spirv.func @arrays
// CHECK: spirv.Variable : !spirv.ptr<!spirv.struct<(!spirv.array<2 x f32>)>, Function>
// CHECK: spirv.AccessChain %{{.*}}[%{{.*}}, %{{.*}}] : !spirv.ptr<!spirv.struct<(!spirv.array<2 x f32>)>, Function>
// CHECK: spirv.AccessChain %{{.*}}[%{{.*}}, %{{.*}}] : !spirv.ptr<!spirv.struct<(!spirv.array<64 x f32>)>, Workgroup>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @arrays(%out: memref<?xf32>, %x: f32, %i: index) kernel
        attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %h = arith.truncf %x : f32 to f16
      %a = memref.alloca() : memref<2xf16>
      memref.store %h, %a[%c0] : memref<2xf16>
      memref.store %h, %a[%c1] : memref<2xf16>
      %v = memref.load %a[%i] : memref<2xf16>
      %l = memref.alloc() : memref<64xf16, 3>
      memref.store %v, %l[%i] : memref<64xf16, 3>
      %w = memref.load %l[%c1] : memref<64xf16, 3>
      %we = arith.extf %w : f16 to f32
      memref.store %we, %out[%c0] : memref<?xf32>
      gpu.return
    }
  }
}

// -----

// A half array used other than by loads and stores is a located error, not
// an array of half its size.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @view(%out: memref<?xf32>) kernel
        attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      %a = memref.alloca() : memref<4xf16>
      // expected-error @below {{an array of 16-bit floats used by 'memref.subview' is not supported on a Vulkan target without 16-bit floats (Float16)}}
      %s = memref.subview %a[1] [2] [1] : memref<4xf16> to memref<2xf16, strided<[1], offset: 1>>
      gpu.return
    }
  }
}
