//===- CPU.cpp - the GPU form to the LLVM dialect for the CPU -------------===//
//
// The `kgpu-gpu-to-cpu-llvm` pipeline: `convert-gpu-to-cpu` and the other
// CPU passes (lib/Conversion/GPUToCPU), then the upstream
// conversions to the LLVM dialect in an order that works on its output
// (memref lowering after scf-to-cf is fine here: the pass emits no
// memref.alloca_scope).
//
//===----------------------------------------------------------------------===//

#include "kgpu/Pipelines/Pipelines.h"
#include "kgpu/Transforms/Canonicalize.h"

#include "kgpu/Conversion/Common/Passes.h"
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
#include "mlir/Transforms/Passes.h"

using namespace mlir;

static_assert(kgpu::ConvertGPUToCPUOptions{}.subgroupSize ==
                  KGPU_CPU_DEFAULT_SUBGROUP_SIZE,
              "the default of convert-gpu-to-cpu's subgroup-size (Passes.td) "
              "is the CPU ABI's (kgpu/ABI/CPU.h)");

void kgpu::buildGPUToCPULLVMPipeline(OpPassManager &pm,
                                     const CPUOptions &options) {
  ConvertGPUToCPUOptions passOptions;
  passOptions.subgroupSize = options.subgroupSize;
  pm.addPass(createKgpuExpandAsyncCopies());
  pm.addPass(createConvertKgpuMMAToLoops());
  pm.addPass(createKgpuCPUDefineDivision());
  pm.addPass(createKgpuCPUCheckPrivateMemory());
  pm.addPass(createConvertGPUToCPU(passOptions));
  pm.addPass(createKgpuCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createKgpuCPUAllocateHeapFrames());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createConvertMathToLibmPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertIndexToLLVMPass());
  // aligned_alloc keeps the heap frames of kgpu-cpu-allocate-heap-frames
  // visible to LLVM as allocations (malloc plus pointer arithmetic would hide
  // them behind an inttoptr: worse alias analysis, quadratic InstCombine
  // work).
  FinalizeMemRefToLLVMConversionPassOptions memrefOptions;
  memrefOptions.useAlignedAlloc = true;
  pm.addPass(createFinalizeMemRefToLLVMConversionPass(memrefOptions));
  pm.addPass(createUBToLLVMConversionPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createKgpuCanonicalizerPass());
}
