// When no target of a default bundle can compile the input, that is an
// error (and no "leaving out" warnings). A barrier under divergent control
// flow is rejected once, at the kgpu level (kgpu-verify-convergence), for
// every target alike, before any target runs.
// RUN: not kgpu-translate %s -o %t.kgpu 2>&1 | FileCheck %s
// CHECK-NOT: warning
// CHECK: bundle-no-target.mlir:[[@LINE+14]]:5: error: barrier under divergent control flow: every work-item of the work-group must reach it
// CHECK: bundle-no-target.mlir:[[@LINE+12]]:3: note: the condition of this 'scf.if' varies between the work-items of a work-group
// CHECK-NOT: error: 'kgpu.mma_fill'
// CHECK: kgpu-translate: error: no target can compile '{{.*}}bundle-no-target.mlir' (cuda,vulkan,cpu)
// CHECK-NOT: warning
func.func @k(%c: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, write>, kgpu.name = "c"},
             %n: index {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.name = "n"})
    attributes {kgpu.kernel} {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %f = kgpu.mma_fill %zero : f32 -> !kgpu.mma<m16n8k16, acc, f32>
  %i = kgpu.global_id x
  %p = arith.cmpi slt, %i, %n : index
  scf.if %p {
    kgpu.barrier local
  }
  kgpu.mma_store %f, %c[%c0] lead_dim %n : !kgpu.mma<m16n8k16, acc, f32>, memref<?xf32>
  return
}
