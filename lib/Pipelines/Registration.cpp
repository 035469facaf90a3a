//===- Registration.cpp - kgpu's named pipelines --------------------------===//

#include "kgpu/Pipelines/Pipelines.h"

#include "mlir/Pass/PassRegistry.h"

using namespace mlir;
using namespace mlir::kgpu;

void mlir::kgpu::registerKgpuPipelines() {
  registerFrontendCleanupPipeline();
  PassPipelineRegistration<>(
      "kgpu-to-gpu", "Lower the kgpu level to the GPU form of docs/codegen.md",
      [](OpPassManager &pm) { buildKgpuToGPUPipeline(pm); });
  PassPipelineRegistration<NVVMOptions>(
      "kgpu-gpu-to-nvvm",
      "Lower the GPU form to the NVVM and LLVM dialects, ready for "
      "gpu-module-to-binary",
      buildGPUToNVVMPipeline);
  PassPipelineRegistration<NVVMOptions>(
      "kgpu-to-nvvm",
      "Lower the kgpu level to the NVVM and LLVM dialects (what "
      "kgpu-translate --emit=llvm prints; gpu-module-to-binary follows)",
      [](OpPassManager &pm, const NVVMOptions &o) {
        buildKgpuToGPUPipeline(pm);
        buildGPUToNVVMPipeline(pm, o);
      });
  PassPipelineRegistration<SPIRVOptions>(
      "kgpu-to-spirv",
      "Lower the kgpu level to one spirv.module per kernel (what "
      "kgpu-translate serializes for --emit=spirv)",
      [](OpPassManager &pm, const SPIRVOptions &o) {
        buildKgpuToGPUPipeline(pm);
        buildGPUToSPIRVPipeline(pm, o);
      });
  PassPipelineRegistration<CPUOptions>(
      "kgpu-to-cpu",
      "Lower the kgpu level to the LLVM dialect for the CPU (what "
      "kgpu-translate compiles for --emit=cpu)",
      [](OpPassManager &pm, const CPUOptions &o) {
        buildKgpuToGPUPipeline(pm);
        buildGPUToCPULLVMPipeline(pm, o);
      });
  // The GPU form -> target halves of kgpu-to-spirv and kgpu-to-cpu.
  PassPipelineRegistration<SPIRVOptions>(
      "kgpu-gpu-to-spirv",
      "Lower the GPU form to one SPIR-V module per kernel for Vulkan "
      "(attach target, emulate float atomics, convert, split, lower ABI, "
      "update VCE)",
      buildGPUToSPIRVPipeline);
  PassPipelineRegistration<CPUOptions>(
      "kgpu-gpu-to-cpu-llvm",
      "Lowers a GPU-form module to the LLVM dialect for the CPU target: "
      "convert-gpu-to-cpu, then the upstream conversions to LLVM (upstream "
      "has no CPU path for gpu.func kernels)",
      buildGPUToCPULLVMPipeline);
}
