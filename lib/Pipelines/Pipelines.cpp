//===- Pipelines.cpp - kgpu's named pipelines -------------------*- C++ -*-===//

#include "kgpu/Pipelines/Pipelines.h"

#include "kgpu/Conversion/GPUToCPU/Passes.h"
#include "kgpu/Conversion/KgpuToGPU/Passes.h"
#include "kgpu/Conversion/KgpuToSPIRV/Passes.h"
#include "kgpu/Target/NVVM/NVVMTarget.h"
#include "kgpu/Transforms/Passes.h"

#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::kgpu;

void mlir::kgpu::buildKgpuToGPUPipeline(OpPassManager &pm,
                                        const std::string &localMemory) {
  // Every target: barriers and collectives under uniform control flow.
  pm.addPass(createKgpuVerifyConvergence());
  pm.addPass(createKgpuLowerParallelLoops());
  pm.addPass(createKgpuExpandGroupReduce());
  pm.addPass(createKgpuLowerExactSemantics());
  ConvertKgpuToGPUOptions options;
  options.localMemory = localMemory;
  pm.addPass(createConvertKgpuToGPU(options));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
}

namespace {
struct KgpuToGPUOptions : public PassPipelineOptions<KgpuToGPUOptions> {
  Option<std::string> localMemory{
      *this, "local-memory",
      llvm::cl::desc("'alloc' (SPIR-V, CPU) or 'attribution' (NVVM)"),
      llvm::cl::init("alloc")};
};
struct KgpuToNVVMOptions : public PassPipelineOptions<KgpuToNVVMOptions> {
  Option<std::string> chip{*this, "chip", llvm::cl::desc("Target GPU"),
                           llvm::cl::init("sm_90a")};
  Option<std::string> features{
      *this, "features",
      llvm::cl::desc("PTX features (default: +ptx80, or the PTX version "
                     "the chip needs)")};
  Option<unsigned> optLevel{*this, "O", llvm::cl::desc("Optimization level"),
                            llvm::cl::init(3)};
};
} // namespace

void mlir::kgpu::registerKgpuPipelines() {
  registerFrontendCleanupPipeline();
  PassPipelineRegistration<GPUToSPIRVPipelineOptions>(
      "kgpu-to-spirv",
      "Lower the kgpu level to one spirv.module per kernel (what "
      "kgpu-translate serializes for --emit=spirv)",
      [](OpPassManager &pm, const GPUToSPIRVPipelineOptions &o) {
        buildKgpuToGPUPipeline(pm, "alloc");
        buildGPUToSPIRVPipeline(pm, o);
      });
  PassPipelineRegistration<GPUToCPUPipelineOptions>(
      "kgpu-to-cpu",
      "Lower the kgpu level to the LLVM dialect for the CPU (what "
      "kgpu-translate compiles for --emit=cpu)",
      [](OpPassManager &pm, const GPUToCPUPipelineOptions &o) {
        buildKgpuToGPUPipeline(pm, "alloc");
        buildGPUToCPULLVMPipeline(pm, o);
      });
  PassPipelineRegistration<KgpuToGPUOptions>(
      "kgpu-to-gpu",
      "Lower the kgpu level to the GPU form of docs/codegen.md",
      [](OpPassManager &pm, const KgpuToGPUOptions &o) {
        buildKgpuToGPUPipeline(pm, o.localMemory);
      });
  PassPipelineRegistration<KgpuToNVVMOptions>(
      "kgpu-to-nvvm",
      "Lower the kgpu level to the NVVM and LLVM dialects (what "
      "kgpu-translate --emit=llvm prints; gpu-module-to-binary follows)",
      [](OpPassManager &pm, const KgpuToNVVMOptions &o) {
        buildKgpuToGPUPipeline(pm, "attribution");
        NVVMTargetOptions options;
        options.chip = o.chip;
        options.features =
            o.features.empty() ? getDefaultPTXFeatures(o.chip) : o.features.getValue();
        options.optLevel = o.optLevel;
        buildNVVMLoweringPipeline(pm, options);
      });
  // The GPU form -> target halves of kgpu-to-spirv and kgpu-to-cpu (their
  // builders live with the conversions).
  PassPipelineRegistration<GPUToSPIRVPipelineOptions>(
      "kgpu-gpu-to-spirv",
      "Lower the GPU form to one SPIR-V module per kernel for Vulkan "
      "(attach target, emulate float atomics, convert, split, lower ABI, "
      "update VCE)",
      buildGPUToSPIRVPipeline);
  PassPipelineRegistration<GPUToCPUPipelineOptions>(
      "kgpu-gpu-to-cpu-llvm",
      "Lowers a GPU-form module to the LLVM dialect for the CPU target: "
      "convert-gpu-to-cpu, then the upstream conversions to LLVM (upstream "
      "has no CPU path for gpu.func kernels)",
      buildGPUToCPULLVMPipeline);
}
