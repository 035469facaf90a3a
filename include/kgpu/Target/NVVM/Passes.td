//===- Passes.td - kgpu NVVM target passes ------------------*- tablegen -*-===//

#ifndef KGPU_TARGET_NVVM_PASSES_TD
#define KGPU_TARGET_NVVM_PASSES_TD

include "mlir/Pass/PassBase.td"

def KgpuPrepareNVVM : Pass<"kgpu-prepare-nvvm", "mlir::ModuleOp"> {
  let summary = "Lower what the GPU form still holds so convert-gpu-to-nvvm accepts it";
  let description = [{
    Upstream's `convert-gpu-to-nvvm` does not lower kgpu ops, f32
    `gpu.subgroup_reduce`, `gpu.subgroup_size`, `gpu.subgroup_id` or
    `gpu.num_subgroups`. This pass rewrites them with upstream ops:
    `kgpu.atomic_rmw` → `memref.atomic_rmw` (`sub` adds the negation,
    `xchg` assigns, float min/max are IEEE minimum/maximum),
    `kgpu.atomic_cas` → `memref.generic_atomic_rmw` (bitwise comparison
    for floats), subgroup queries for a warp of 32, and subgroup reductions
    → `gpu.shuffle` butterflies (upstream's
    `populateGpuLowerSubgroupReduceToShufflePatterns`), and tensor-core ops
    → `nvvm.wmma.*` (upstream's `gpu.subgroup_mma_*` needs a constant
    leading dimension; kgpu's is a value).
  }];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::gpu::GPUDialect",
                           "mlir::memref::MemRefDialect",
                           "mlir::LLVM::LLVMDialect", "mlir::NVVM::NVVMDialect"];
}

#endif // KGPU_TARGET_NVVM_PASSES_TD
