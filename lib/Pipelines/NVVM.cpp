//===- NVVM.cpp - the GPU form to the LLVM/NVVM dialects ------------------===//

#include "kgpu/Pipelines/Pipelines.h"
#include "kgpu/Transforms/Canonicalize.h"

#include "kgpu/Conversion/GPUToCPU/Passes.h"
#include "kgpu/Conversion/KgpuToNVVM/Passes.h"

#include "mlir/Conversion/NVVMToLLVM/NVVMToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

std::string mlir::kgpu::getDefaultPTXFeatures(StringRef chip) {
  // PTX 8.0 covers sm_50 to sm_90a; LLVM picks the oldest PTX version that
  // supports a newer chip (8.6 for sm_100, ...) when given none.
  unsigned sm = 0;
  if (chip.consume_front("sm_") && !chip.consumeInteger(10, sm) &&
      (sm >= 100 || sm == 88))
    return "";
  return "+ptx80";
}

std::string mlir::kgpu::NVVMOptions::getFeatures() const {
  return features.empty() ? getDefaultPTXFeatures(chip) : features.getValue();
}

void mlir::kgpu::buildGPUToNVVMPipeline(OpPassManager &pm,
                                        const NVVMOptions &options) {
  // NVVM's choices on the one GPU form first: work-group memory as
  // attributions, contraction as fast-math flags.
  OpPassManager &prepare = pm.nest<gpu::GPUModuleOp>();
  prepare.addPass(createKgpuNVVMAttributeLocalMemory());
  KgpuNVVMApplyFPContractOptions contract;
  contract.mode = options.fpContract;
  prepare.addPass(createKgpuNVVMApplyFPContract(contract));
  // The target next: kgpu-prepare-nvvm checks tensor-core ops against the
  // chip it names.
  GpuNVVMAttachTargetOptions attach;
  attach.chip = options.chip;
  attach.features = options.getFeatures();
  attach.optLevel = options.optLevel;
  if (!options.libdevice.empty())
    attach.linkLibs.push_back(options.libdevice);
  pm.addPass(createGpuNVVMAttachTarget(attach));
  // kgc defines x / 0, x % 0 (all ones) and MIN / -1 (MIN). PTX's div and
  // rem give those values, but LLVM takes a division by zero for undefined
  // behaviour and optimises on it before PTX: on an H100, 1ul / gid was 0
  // for gid = 0, and indices derived from x % gid faulted (difftest --cuda,
  // docs/difftest.md). The CPU target's guarded division makes it defined.
  pm.addPass(createKgpuCPUDefineDivision());
  pm.addPass(createKgpuPrepareNVVM());
  OpPassManager &gpuPm = pm.nest<gpu::GPUModuleOp>();
  gpuPm.addPass(createSCFToControlFlowPass());
  gpuPm.addPass(createConvertNVVMToLLVMPass());
  gpuPm.addPass(createKgpuConvertGPUToNVVM());
  gpuPm.addPass(createKgpuCanonicalizerPass());
  gpuPm.addPass(createCSEPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
}
