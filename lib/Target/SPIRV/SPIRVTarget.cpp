//===- SPIRVTarget.cpp - GPU form to SPIR-V binaries ----------------------===//

#include "kgpu/Target/SPIRV/SPIRVTarget.h"

#include "kgpu/Conversion/KgpuToSPIRV/Passes.h"

#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/SPIRV/Serialization.h"

using namespace mlir;
using namespace mlir::kgpu;

void mlir::kgpu::buildSPIRVPipeline(OpPassManager &pm,
                                    const SPIRVTargetOptions &opts) {
  GPUToSPIRVPipelineOptions options;
  options.subgroupSize = opts.subgroupSize;
  options.int64 = opts.int64;
  options.float64 = opts.float64;
  options.float16 = opts.float16;
  options.atomicFloatAdd = opts.atomicFloatAdd;
  buildGPUToSPIRVPipeline(pm, options);
}

FailureOr<OwningOpRef<ModuleOp>>
mlir::kgpu::lowerToSPIRVDialect(ModuleOp gpuForm,
                                const SPIRVTargetOptions &opts) {
  OwningOpRef<ModuleOp> module(cast<ModuleOp>(gpuForm->clone()));
  PassManager pm(gpuForm.getContext());
  // --mlir-print-ir-after-all and friends when the tool registered the pass
  // manager options; this fails (harmlessly) in tools that did not.
  (void)applyPassManagerCLOptions(pm);
  buildSPIRVPipeline(pm, opts);
  if (failed(pm.run(*module)))
    return failure();

  // Keep only the spirv.modules, in order.
  OwningOpRef<ModuleOp> result(ModuleOp::create(gpuForm.getLoc()));
  OpBuilder builder = OpBuilder::atBlockEnd(result->getBody());
  for (auto spirvModule : module->getOps<spirv::ModuleOp>())
    builder.clone(*spirvModule);
  if (result->getBody()->empty())
    return gpuForm.emitError("no kernel to compile for the Vulkan (SPIR-V) "
                             "target: the module has no gpu.func kernel");
  return result;
}

FailureOr<SmallVector<SPIRVKernel>>
mlir::kgpu::compileToSPIRV(ModuleOp gpuForm, const SPIRVTargetOptions &opts) {
  FailureOr<OwningOpRef<ModuleOp>> lowered = lowerToSPIRVDialect(gpuForm, opts);
  if (failed(lowered))
    return failure();

  SmallVector<SPIRVKernel> kernels;
  for (auto spirvModule : (**lowered).getOps<spirv::ModuleOp>()) {
    auto entryPoints =
        llvm::to_vector(spirvModule.getOps<spirv::EntryPointOp>());
    if (entryPoints.size() != 1)
      return spirvModule.emitError("expected exactly one entry point per "
                                   "spirv.module, found ")
             << entryPoints.size();
    SPIRVKernel kernel;
    kernel.name = entryPoints.front().getFn().str();
    kernel.workgroupSize = {1, 1, 1};
    for (auto mode : spirvModule.getOps<spirv::ExecutionModeOp>()) {
      if (mode.getExecutionMode() != spirv::ExecutionMode::LocalSize)
        continue;
      for (auto [i, value] : llvm::enumerate(mode.getValues()))
        if (i < 3)
          kernel.workgroupSize[i] =
              static_cast<int32_t>(cast<IntegerAttr>(value).getInt());
    }
    SmallVector<uint32_t> words;
    if (failed(spirv::serialize(spirvModule, words)))
      return spirvModule.emitError("cannot serialize the SPIR-V module of '")
             << kernel.name << "'";
    kernel.words.assign(words.begin(), words.end());
    kernels.push_back(std::move(kernel));
  }
  return kernels;
}

std::optional<ShadingLanguage>
mlir::kgpu::parseShadingLanguage(StringRef name) {
  return llvm::StringSwitch<std::optional<ShadingLanguage>>(name)
      .Case("glsl", ShadingLanguage::GLSL)
      .Case("msl", ShadingLanguage::MSL)
      .Case("hlsl", ShadingLanguage::HLSL)
      .Default(std::nullopt);
}
