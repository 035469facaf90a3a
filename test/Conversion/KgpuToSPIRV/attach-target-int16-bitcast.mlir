// kgpu-spirv-attach-target: a gpu.module that reinterprets 16-bit values
// (arith.bitcast between f16 and i16: the JVM's HalfFloat.getHalfFloatValue,
// the int-packed fp16 tiles of TornadoVM's MMA members) asks for Int16 (and
// Float16 for its f16 buffer); without Int16 the type converter holds i16 in
// 32 bits and the bitcast has no SPIR-V form. Others do not get Int16.
// RUN: kgpu-opt %s --kgpu-spirv-attach-target | FileCheck %s
// RUN: kgpu-opt %s --kgpu-spirv-attach-target --convert-kgpu-to-spirv | FileCheck %s --check-prefix=SPIRV

// CHECK: gpu.module @bits attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [{{.*}}Float16, StorageBuffer16BitAccess, Int16{{.*}}]
// CHECK: gpu.module @plain attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.3,
// CHECK-NOT: Int16
// CHECK-SAME: api=Vulkan
// SPIRV-LABEL: spirv.module @{{.*}}bits
// SPIRV: spirv.Bitcast %{{.*}} : f16 to i16
module attributes {gpu.container_module} {
  gpu.module @bits {
    gpu.func @k(%x: memref<?xf16>, %y: memref<?xi32>) kernel
        attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %h = memref.load %x[%c0] : memref<?xf16>
      %b = arith.bitcast %h : f16 to i16
      %w = arith.extui %b : i16 to i32
      memref.store %w, %y[%c0] : memref<?xi32>
      gpu.return
    }
  }
  gpu.module @plain {
    gpu.func @k(%x: memref<?xf32>) kernel
        attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      gpu.return
    }
  }
}
