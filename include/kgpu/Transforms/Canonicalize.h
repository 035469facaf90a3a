//===- Canonicalize.h - upstream's canonicalizer, exact ---------*- C++ -*-===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//
//
// Upstream MLIR's arith canonicalization folds truncf(sitofp(x)) and
// truncf(uitofp(x)) into one conversion. That is exact only when x fits the
// intermediate type's significand: (float)(double)x of a 64-bit x is two
// roundings in C and Java, and one rounding gives another float for some x
// (difftest k393_68, docs/difftest.md). kgpu canonicalizes without those
// two patterns; LLVM folds the exact cases itself (InstCombine checks the
// range).
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_TRANSFORMS_CANONICALIZE_H
#define KGPU_TRANSFORMS_CANONICALIZE_H

#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/Passes.h"

#include <string>

namespace mlir {
namespace kgpu {

/// The debug names of the upstream patterns that kgpu leaves out.
inline ArrayRef<std::string> inexactCanonicalizations() {
  static const std::string names[] = {
      "(anonymous namespace)::TruncFSIToFPToSIToFP",
      "(anonymous namespace)::TruncFUIToFPToUIToFP"};
  return names;
}

/// Upstream's canonicalizer without inexactCanonicalizations(), with the
/// pass's own defaults (top-down traversal: a default GreedyRewriteConfig
/// is bottom-up, which changes what lift-cf-to-scf's output folds into).
inline std::unique_ptr<Pass> createKgpuCanonicalizerPass() {
  return createCanonicalizerPass(
      GreedyRewriteConfig().setUseTopDownTraversal(true),
      inexactCanonicalizations());
}

} // namespace kgpu
} // namespace mlir

#endif // KGPU_TRANSFORMS_CANONICALIZE_H
