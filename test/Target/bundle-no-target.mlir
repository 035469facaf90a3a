// When no target of a default bundle can compile the input, that is an
// error, with each target's errors (and no "leaving out" warnings).
// RUN: not kgpu-translate %s -o %t.kgpu 2>&1 | FileCheck %s
// CHECK-NOT: warning
// CHECK: bundle-no-target.mlir:[[@LINE+11]]:8: error: 'kgpu.mma_fill' op uses the tensor-core shape m16n8k16, which the CUDA target does not support yet
// CHECK: bundle-no-target.mlir:[[@LINE+10]]:8: error: tensor-core ops are not supported on the Vulkan target
// CHECK: bundle-no-target.mlir:[[@LINE+15]]:3: error: tensor-core ops are not supported on the Vulkan target
// CHECK: bundle-no-target.mlir:[[@LINE+12]]:5: error: 'gpu.barrier' op is inside control flow that depends on the work-item id
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
