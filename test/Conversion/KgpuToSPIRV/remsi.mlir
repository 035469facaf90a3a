// arith.remsi becomes a - (a / b) * b: Vulkan leaves OpSRem/OpSMod undefined
// for negative operands, and upstream's emulation (remainder of the absolute
// values, sign from comparing the dividend with its absolute value) is wrong
// for MIN, whose absolute value wraps to itself (INT64_MIN % 7 gave 1, not
// -1, on lavapipe: test/Integration/Exact/exact-vulkan.test).
// RUN: kgpu-opt %s --kgpu-spirv-attach-target --convert-kgpu-to-spirv | FileCheck %s

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // CHECK-LABEL: spirv.func @rem
    gpu.func @rem(%x: memref<?xi32>) kernel
        attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %a = memref.load %x[%c0] : memref<?xi32>
      %b = memref.load %x[%c1] : memref<?xi32>
      // CHECK: %[[A:.*]] = spirv.Load "StorageBuffer" %{{.*}} : i32
      // CHECK: %[[B:.*]] = spirv.Load "StorageBuffer" %{{.*}} : i32
      // CHECK-NOT: spirv.UMod
      // CHECK-NOT: spirv.GL.SAbs
      // CHECK: %[[Q:.*]] = spirv.SDiv %[[A]], %[[B]] : i32
      // CHECK: %[[P:.*]] = spirv.IMul %[[Q]], %[[B]] : i32
      // CHECK: %[[R:.*]] = spirv.ISub %[[A]], %[[P]] : i32
      // CHECK: spirv.Store "StorageBuffer" %{{.*}}, %[[R]] : i32
      %r = arith.remsi %a, %b : i32
      memref.store %r, %x[%c0] : memref<?xi32>
      gpu.return
    }
  }
}
