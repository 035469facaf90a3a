//===- Pipeline.cpp - GPU form to the LLVM dialect for the CPU ------------===//
//
// The `kgpu-gpu-to-cpu-llvm` pipeline: `kgpu-gpu-to-cpu`, then the upstream
// conversions to the LLVM dialect in an order that works on its output
// (memref lowering after scf-to-cf is fine here: the pass emits no
// memref.alloca_scope).
//
//===----------------------------------------------------------------------===//

#include "kgpu/Conversion/GPUToCPU/Passes.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVMPass.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MathToLibm/MathToLibm.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void kgpu::buildGPUToCPULLVMPipeline(OpPassManager &pm,
                                     const GPUToCPUPipelineOptions &options) {
  KgpuGPUToCPUPassOptions passOptions;
  passOptions.subgroupSize = options.subgroupSize;
  pm.addPass(createKgpuMMAToLoopsPass());
  pm.addPass(createKgpuCPUDefineDivisionPass());
  pm.addPass(createKgpuCPUCheckPrivateMemoryPass());
  pm.addPass(createKgpuGPUToCPUPass(passOptions));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createKgpuCPUHeapFramesPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createConvertMathToLibmPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertIndexToLLVMPass());
  // aligned_alloc keeps the heap frames of kgpu-cpu-heap-frames visible to
  // LLVM as allocations (malloc plus pointer arithmetic would hide them
  // behind an inttoptr: worse alias analysis, quadratic InstCombine work).
  FinalizeMemRefToLLVMConversionPassOptions memrefOptions;
  memrefOptions.useAlignedAlloc = true;
  pm.addPass(createFinalizeMemRefToLLVMConversionPass(memrefOptions));
  pm.addPass(createUBToLLVMConversionPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createCanonicalizerPass());
}

namespace mlir {
namespace kgpu {
namespace {
#define GEN_PASS_REGISTRATION
#include "kgpu/Conversion/GPUToCPU/Passes.h.inc"
} // namespace
} // namespace kgpu
} // namespace mlir

void kgpu::registerGPUToCPUPasses() {
  registerKgpuGPUToCPUPasses();
  PassPipelineRegistration<GPUToCPUPipelineOptions>(
      "kgpu-gpu-to-cpu-llvm",
      "Lowers a GPU-form module to the LLVM dialect for the CPU target: "
      "kgpu-gpu-to-cpu, then the upstream conversions to LLVM (upstream has "
      "no CPU path for gpu.func kernels)",
      buildGPUToCPULLVMPipeline);
}
