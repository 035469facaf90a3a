//===- Pipelines.h - kgpu's named pipelines ---------------------*- C++ -*-===//
//
// The pipelines the compiler driver runs, also registered in kgpu-opt so a
// user can replay them (`--mlir-print-ir-after-all` works through them).
// One naming scheme: `kgpu-to-<target>` runs the whole way from the kgpu
// level, `kgpu-gpu-to-<target>` starts at the GPU form; `kgpu-to-gpu` is
// the kgpu level to the GPU form.
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_PIPELINES_PIPELINES_H
#define KGPU_PIPELINES_PIPELINES_H

#include "kgpu/Pipelines/Options.h"

#include "mlir/Pass/PassManager.h"

namespace mlir {
namespace kgpu {

/// kgpu level → the GPU form (docs/codegen.md), the one input of every
/// target: kgpu-verify-convergence, parallel loops and reductions, group
/// reductions, exact semantics, then convert-kgpu-to-gpu (work-group memory as
/// memref.alloc in space 3), canonicalize and cse.
void buildKgpuToGPUPipeline(OpPassManager &pm);

/// The GPU form → the LLVM/NVVM dialects, ready for gpu-module-to-binary:
/// kgpu-nvvm-attribute-local-memory, kgpu-nvvm-apply-fp-contract,
/// nvvm-attach-target, kgpu-prepare-nvvm, then the upstream conversions
/// and kgpu-convert-gpu-to-nvvm. Anchored on builtin.module.
void buildGPUToNVVMPipeline(OpPassManager &pm, const NVVMOptions &options);

/// What runs after every frontend (`kgpu-frontend-cleanup`): mem2reg,
/// canonicalize, lift-cf-to-scf, canonicalize, kgpu-verify-structured,
/// kgpu-infer-arg-access, kgpu-verify-convergence.
void buildFrontendCleanupPipeline(OpPassManager &pm);
void registerFrontendCleanupPipeline();

/// Registers `kgpu-frontend-cleanup`, `kgpu-to-gpu`, `kgpu-to-nvvm`,
/// `kgpu-to-spirv`, `kgpu-to-cpu`, `kgpu-gpu-to-nvvm`, `kgpu-gpu-to-spirv` and
/// `kgpu-gpu-to-cpu-llvm`.
void registerKgpuPipelines();

} // namespace kgpu
} // namespace mlir

#endif // KGPU_PIPELINES_PIPELINES_H
