//===- Pipelines.h - kgpu's named pipelines ---------------------*- C++ -*-===//
//
// The pipelines kgpu-translate runs, also registered in kgpu-opt so a user
// can replay them (`--mlir-print-ir-after-all` works through them).
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_PIPELINES_PIPELINES_H
#define KGPU_PIPELINES_PIPELINES_H

#include "mlir/Pass/PassManager.h"

#include <string>

namespace mlir {
namespace kgpu {

/// kgpu level → GPU form: kgpu-verify-convergence, parallel loops and
/// reductions, group reductions,
/// exact semantics, then convert-kgpu-to-gpu with `localMemory` ("alloc" or
/// "attribution"), canonicalize and cse.
void buildKgpuToGPUPipeline(OpPassManager &pm, const std::string &localMemory);

/// What runs after every frontend (`kgpu-frontend-cleanup`): mem2reg,
/// canonicalize, lift-cf-to-scf, canonicalize, kgpu-verify-structured,
/// kgpu-infer-arg-access, kgpu-verify-convergence.
void buildFrontendCleanupPipeline(OpPassManager &pm);
void registerFrontendCleanupPipeline();

/// Registers `kgpu-frontend-cleanup`, `kgpu-to-gpu`, `kgpu-to-nvvm`,
/// `kgpu-to-spirv`, `kgpu-to-cpu`, `kgpu-gpu-to-spirv` and
/// `kgpu-gpu-to-cpu-llvm` (`kgpu-gpu-to-nvvm` is registered with the NVVM
/// target, registerKgpuNVVMTarget()).
void registerKgpuPipelines();

} // namespace kgpu
} // namespace mlir

#endif // KGPU_PIPELINES_PIPELINES_H
