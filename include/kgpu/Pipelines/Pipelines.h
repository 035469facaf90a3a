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

/// The GPU form → one spirv.module per kernel, for Vulkan (anchored on
/// builtin.module): kgpu-spirv-attach-target, emulate float atomics,
/// convert (upstream GPU/SCF/arith/memref/func/math + kgpu patterns), split
/// into one spirv.module per kernel, then `spirv-lower-abi-attrs`, kgpu's
/// scalar packing, `kgpu-spirv-forbid-contraction` (fp-contract=off) and
/// `spirv-update-vce` on every spirv.module.
void buildGPUToSPIRVPipeline(OpPassManager &pm, const SPIRVOptions &options);

/// The GPU form → the LLVM dialect for the CPU: `convert-gpu-to-cpu`,
/// cleanups, and the upstream conversions to LLVM (upstream has no CPU path
/// for gpu.func kernels).
void buildGPUToCPULLVMPipeline(OpPassManager &pm, const CPUOptions &options);

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
