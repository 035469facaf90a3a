//===- InitAll.h - register everything kgpu tools use -----------*- C++ -*-===//
//
// One place that registers the kgpu dialect together with every upstream
// dialect, extension, pass and LLVM IR translation that kgpu's pipelines
// use, and kgpu's own passes and pipelines, one registration function per
// group. kgpu-opt registers through it; a tool or test that runs kgpu's
// pipelines should too, so that they all see the same world.
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_INITALL_H
#define KGPU_INITALL_H

#include "kgpu/Conversion/Passes.h"
#include "kgpu/Dialect/Kgpu/IR/KgpuDialect.h"
#include "kgpu/Frontend/JVM/Passes.h"
#include "kgpu/Pipelines/Pipelines.h"

#include "kgpu/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"

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
  registerKgpuPasses();           // kgpu-level passes (Transforms)
  registerKgpuConversionPasses(); // kgpu/Conversion/Passes.td
  registerKgpuPipelines();        // the other named pipelines
  registerKgpuJVMPasses();        // the JVM frontend's raising passes
}

} // namespace kgpu
} // namespace mlir

#endif // KGPU_INITALL_H
