//===- Passes.h - kgpu to gpu conversion ------------------------*- C++ -*-===//

#ifndef KGPU_CONVERSION_KGPUTOGPU_PASSES_H
#define KGPU_CONVERSION_KGPUTOGPU_PASSES_H

#include "kgpu/Dialect/Kgpu/IR/KgpuDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
namespace kgpu {

#define GEN_PASS_DECL_CONVERTKGPUTOGPU
#include "kgpu/Conversion/Passes.h.inc"

/// Patterns converting kgpu ids, barriers, shuffles and subgroup reductions
/// inside gpu.func/func.func bodies to the gpu dialect.
void populateKgpuToGPUPatterns(RewritePatternSet &patterns);

} // namespace kgpu
} // namespace mlir

#endif // KGPU_CONVERSION_KGPUTOGPU_PASSES_H
