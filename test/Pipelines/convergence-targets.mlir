// Hand-written kgpu IR with a barrier under `local_id < 16` is rejected for
// every target (kgpu-verify-convergence runs in the kgpu-level pipeline all
// targets share), at the barrier, with a note at the branch.
// RUN: not kgpu-translate %s --targets=cuda -o %t.kgpu 2>&1 | FileCheck %s
// RUN: not kgpu-translate %s --targets=vulkan -o %t.kgpu 2>&1 | FileCheck %s
// RUN: not kgpu-translate %s --targets=cpu -o %t.kgpu 2>&1 | FileCheck %s
// RUN: not kgpu-opt %s --kgpu-to-cpu 2>&1 | FileCheck %s
// RUN: not kgpu-opt %s --kgpu-to-spirv 2>&1 | FileCheck %s
// RUN: not kgpu-opt %s --kgpu-to-nvvm 2>&1 | FileCheck %s

// CHECK: convergence-targets.mlir:[[#@LINE+8]]:5: error: barrier under divergent control flow: every work-item of the work-group must reach it
// CHECK: convergence-targets.mlir:[[#@LINE+6]]:3: note: the condition of this 'scf.if' varies between the work-items of a work-group
func.func @k(%x: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>})
    attributes {kgpu.kernel} {
  %c16 = arith.constant 16 : index
  %t = kgpu.local_id x
  %c = arith.cmpi ult, %t, %c16 : index
  scf.if %c {
    kgpu.barrier local
  }
  return
}
