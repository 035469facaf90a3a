// The SPIR-V pipeline rewrites scf.for into scf.while before converting:
// upstream's scf.for conversion leaves the results of a loop that runs zero
// times undefined (they come from the body), which broke work-group
// reductions on 32-lane subgroups.
// RUN: kgpu-opt %s --pass-pipeline='builtin.module(kgpu-gpu-to-spirv)' --mlir-print-ir-after-all 2>&1 | FileCheck %s
// CHECK-LABEL: IR Dump After SCFForToWhileLoop
// CHECK-NOT: scf.for
// CHECK: scf.while
// CHECK: IR Dump After ConvertKgpuToSPIRV
// CHECK: spirv.mlir.loop
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%out: memref<?xi32>) kernel
        attributes {kgpu.workgroup_size = array<i32: 32, 1, 1>} {
      %tid = gpu.thread_id x
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %seven = arith.constant 7 : i32
      %one = arith.constant 1 : i32
      // Zero iterations for tid >= 4: the result must be 7 there.
      %r = scf.for %i = %tid to %c4 step %c1 iter_args(%a = %seven) -> (i32) {
        %b = arith.addi %a, %one : i32
        scf.yield %b : i32
      }
      memref.store %r, %out[%tid] : memref<?xi32>
      gpu.return
    }
  }
}
