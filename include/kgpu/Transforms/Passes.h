//===- Passes.h - kgpu-level transformations --------------------*- C++ -*-===//

#ifndef KGPU_TRANSFORMS_PASSES_H
#define KGPU_TRANSFORMS_PASSES_H

#include "kgpu/Dialect/Kgpu/IR/KgpuDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
namespace kgpu {

#define GEN_PASS_DECL
#include "kgpu/Transforms/Passes.h.inc"

/// Patterns lowering fptosi_sat, jvm_min/max, int_div/rem and shift to arith.
void populateLowerExactSemanticsPatterns(RewritePatternSet &patterns);

/// `op` as a chain of scf.if comparing its argument with each case.
void lowerIndexSwitchToIf(RewriterBase &rewriter, scf::IndexSwitchOp op);

#define GEN_PASS_REGISTRATION
#include "kgpu/Transforms/Passes.h.inc"

} // namespace kgpu
} // namespace mlir

#endif // KGPU_TRANSFORMS_PASSES_H
