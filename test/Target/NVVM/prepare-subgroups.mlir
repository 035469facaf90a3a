// Subgroup queries for a warp of 32; subgroup reductions become butterflies.
// RUN: kgpu-opt %s --kgpu-prepare-nvvm | FileCheck %s

// CHECK-LABEL: gpu.func @k
// CHECK: arith.constant 32 : index
// CHECK: arith.divui
// CHECK: arith.ceildivui
// CHECK: gpu.shuffle  xor
// CHECK-NOT: gpu.subgroup_reduce
// CHECK-NOT: gpu.subgroup_size
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%x: memref<?xf32>) kernel {
      %a = gpu.subgroup_size : index
      %b = gpu.subgroup_id : index
      %c = gpu.num_subgroups : index
      %s = arith.addi %a, %b : index
      %t = arith.addi %s, %c : index
      %v = memref.load %x[%t] : memref<?xf32>
      %r = gpu.subgroup_reduce add %v : (f32) -> f32
      memref.store %r, %x[%t] : memref<?xf32>
      gpu.return
    }
  }
}
