//===- InitAll.h - register everything kgpu tools use -----------*- C++ -*-===//
//
// One place that registers the kgpu dialect together with every upstream
// dialect, extension, pass and LLVM IR translation that kgpu's pipelines
// use, so that kgpu-opt, kgpu-translate and the tests see the same world.
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_INITALL_H
#define KGPU_INITALL_H

#include "kgpu/Dialect/Kgpu/IR/KgpuDialect.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"

// kgpu pass headers (one line per component):
// KGPU-PASS-HEADERS-BEGIN
#include "kgpu/Pipelines/Pipelines.h"
#include "kgpu/Conversion/KgpuToNVVM/Passes.h"
#include "kgpu/Conversion/KgpuToSPIRV/Passes.h"
#include "kgpu/Conversion/KgpuToGPU/Passes.h"
#include "kgpu/Transforms/Passes.h"
#include "kgpu/Conversion/GPUToCPU/Passes.h"
// KGPU-PASS-HEADERS-END

namespace mlir {
namespace kgpu {

/// Registers kgpu, all upstream dialects and extensions (including the
/// ConvertToLLVM interfaces the NVVM lowering needs) and the translations to
/// LLVM IR that `gpu-module-to-binary` needs.
inline void registerAllDialects(DialectRegistry &registry) {
  registry.insert<KgpuDialect>();
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::registerAllGPUToLLVMIRTranslations(registry);
}

/// Registers all upstream passes and pipelines, and kgpu's own.
inline void registerAllPasses() {
  mlir::registerAllPasses();
  // kgpu pass registrations (one line per component):
  // KGPU-PASS-REGISTRATIONS-BEGIN
  registerKgpuToSPIRVPassesAndPipelines();
  registerKgpuTransformsPasses();
  registerKgpuToGPUPasses();
  registerKgpuToNVVMPasses();
  registerKgpuPipelines();
  registerGPUToCPUPasses();
  // KGPU-PASS-REGISTRATIONS-END
}

} // namespace kgpu
} // namespace mlir

#endif // KGPU_INITALL_H
