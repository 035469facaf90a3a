//===- SPIRV.cpp - the GPU form to SPIR-V ---------------------------------===//
//
// The `kgpu-gpu-to-spirv` pipeline: the kgpu-spirv-* passes
// (lib/Conversion/KgpuToSPIRV) chained with the upstream SPIR-V passes.
//
//===----------------------------------------------------------------------===//

#include "kgpu/Pipelines/Pipelines.h"

#include "kgpu/Conversion/Common/Passes.h"
#include "kgpu/Conversion/GPUToCPU/Passes.h"
#include "kgpu/Conversion/KgpuToSPIRV/Passes.h"
#include "kgpu/Transforms/Passes.h"

#include "mlir/Dialect/SCF/Transforms/Passes.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/SPIRV/Transforms/Passes.h"

using namespace mlir;

void mlir::kgpu::buildGPUToSPIRVPipeline(OpPassManager &pm,
                                         const SPIRVOptions &options) {
  KgpuSPIRVAttachTargetOptions attach;
  attach.subgroupSize = options.subgroupSize;
  attach.int64 = options.int64;
  attach.float64 = options.float64;
  attach.float16 = options.float16;
  attach.atomicFloatAdd = options.atomicFloatAdd;
  pm.addPass(createKgpuSPIRVAttachTarget(attach));
  // Before the copies become plain loads and stores: 16-byte local tiles
  // for cooperative-matrix loads, and 16-byte copies into them.
  pm.addPass(createKgpuSPIRVVectorTiles());
  pm.addPass(createKgpuExpandAsyncCopies());
  // 16-byte loads and stores of kernel buffers (NVIDIA's driver does not
  // merge adjacent scalar ones).
  pm.addPass(createKgpuSPIRVVectorAccess());
  pm.addPass(createKgpuSPIRVEmulateFloatAtomics());
  KgpuSPIRVExpandMathOptions expandMath;
  expandMath.f32ViaF64 = options.f32Math != "native";
  pm.addPass(createKgpuSPIRVExpandMath(expandMath));
  // Upstream's scf.for -> SPIR-V conversion leaves the results of a loop
  // that runs zero times undefined (they are taken from the body), which
  // miscompiled kgpu's work-group reductions on NVIDIA's driver (lanes past
  // the number of subgroups). scf.while carries its results correctly.
  pm.addPass(createForToWhileLoopPass());
  // Upstream's SCF to SPIR-V conversion has no scf.index_switch (which
  // lift-cf-to-scf produces).
  pm.addPass(createKgpuLowerIndexSwitch());
  // kgc defines x / 0, x % 0 (all ones) and MIN / -1 (MIN); SPIR-V leaves
  // them undefined, and NVIDIA's Vulkan driver lost the device on some
  // (difftest, docs/difftest.md): the CPU target's guarded division.
  pm.addPass(createKgpuCPUDefineDivision());
  pm.addPass(createConvertKgpuToSPIRV());
  pm.addPass(createKgpuSPIRVSplitKernels());
  OpPassManager &spirvModule = pm.nest<spirv::ModuleOp>();
  spirvModule.addPass(createKgpuSPIRVSpecializeWorkgroupSize());
  spirvModule.addPass(spirv::createSPIRVLowerABIAttributesPass());
  spirvModule.addPass(createKgpuSPIRVAliasViews());
  spirvModule.addPass(createKgpuSPIRVPackScalars());
  if (options.fpContract == "off") {
    KgpuSPIRVForbidContractionOptions exact;
    exact.exactF32 = options.float64;
    spirvModule.addPass(createKgpuSPIRVForbidContraction(exact));
  }
  // SPV_KHR_cooperative_matrix needs the Vulkan memory model.
  spirvModule.addPass(createKgpuSPIRVVulkanMemoryModel());
  spirvModule.addPass(spirv::createSPIRVUpdateVCEPass());
  spirvModule.addPass(createKgpuSPIRVCompleteVCE());
}
