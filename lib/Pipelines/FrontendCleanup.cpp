//===- FrontendCleanup.cpp - kgpu-frontend-cleanup ------------------------===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//
//
// What runs after every frontend, before the kgpu level: SSA construction
// and structuring by upstream passes (so a frontend may emit a plain CFG
// with one memref.alloca per local slot, the clang model), then the
// language-independent inference and checks.
//
//===----------------------------------------------------------------------===//

#include "kgpu/Pipelines/Pipelines.h"
#include "kgpu/Transforms/Canonicalize.h"

#include "kgpu/Transforms/Passes.h"

#include "mlir/Conversion/ControlFlowToSCF/ControlFlowToSCF.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void mlir::kgpu::buildFrontendCleanupPipeline(OpPassManager &pm) {
  pm.addPass(createMem2Reg());
  pm.addPass(createKgpuCanonicalizerPass());
  pm.addPass(createLiftControlFlowToSCFPass());
  pm.addPass(createKgpuCanonicalizerPass());
  pm.addPass(createKgpuVerifyStructured());
  pm.addPass(createKgpuInferArgAccess());
  pm.addPass(createKgpuVerifyConvergence());
}

void mlir::kgpu::registerFrontendCleanupPipeline() {
  PassPipelineRegistration<>(
      "kgpu-frontend-cleanup",
      "After a frontend: mem2reg, canonicalize, lift-cf-to-scf, "
      "kgpu-verify-structured, kgpu-infer-arg-access and "
      "kgpu-verify-convergence",
      [](OpPassManager &pm) { buildFrontendCleanupPipeline(pm); });
}
