//===- KgpuToGPU.cpp - the kgpu level to the GPU form ---------------------===//

#include "kgpu/Pipelines/Pipelines.h"
#include "kgpu/Transforms/Canonicalize.h"

#include "kgpu/Conversion/KgpuToGPU/Passes.h"
#include "kgpu/Transforms/Passes.h"

#include "mlir/Transforms/Passes.h"

using namespace mlir;

void mlir::kgpu::buildKgpuToGPUPipeline(OpPassManager &pm) {
  // Every target: barriers and collectives under uniform control flow.
  pm.addPass(createKgpuVerifyConvergence());
  pm.addPass(createKgpuLowerParallelLoops());
  pm.addPass(createKgpuExpandGroupReduce());
  pm.addPass(createKgpuLowerExactSemantics());
  // One GPU form for every target: work-group memory as memref.alloc in
  // space 3; the NVVM lowering turns it into attributions itself.
  ConvertKgpuToGPUOptions options;
  options.localMemory = "alloc";
  pm.addPass(createConvertKgpuToGPU(options));
  pm.addPass(createKgpuCanonicalizerPass());
  pm.addPass(createCSEPass());
}
