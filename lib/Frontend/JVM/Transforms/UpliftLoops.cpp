//===- UpliftLoops.cpp - counted JVM loops to scf.for ---------------------===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//
//
// kgpu-jvm-uplift-loops (Passes.td says what it does and why): the loops
// javac, groovyc and kotlinc test at their head come out of lift-cf-to-scf
// as an scf.while whose before region guards the body with the inverted
// exit test. One JVM-side rewrite puts the guard on the loop's own
// condition; upstream's canonicalizations, loop-invariant code motion and
// while-to-for uplifting do the rest.
//
//===----------------------------------------------------------------------===//

#include "kgpu/Frontend/JVM/Passes.h"
#include "kgpu/Transforms/Canonicalize.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

namespace mlir {
namespace kgpu {
#define GEN_PASS_DEF_KGPUJVMUPLIFTLOOPS
#include "kgpu/Frontend/JVM/Passes.h.inc"
} // namespace kgpu
} // namespace mlir

using namespace mlir;

namespace {

/// Whether `x` is `not c`: an arith.cmpi with the inverse predicate on the
/// same operands, or an `arith.xori` of one with `true`.
bool isNegationOf(Value x, Value c) {
  auto isNotOf = [](Value a, Value b) {
    auto xorOp = a.getDefiningOp<arith::XOrIOp>();
    if (!xorOp)
      return false;
    return (xorOp.getLhs() == b && matchPattern(xorOp.getRhs(), m_One())) ||
           (xorOp.getRhs() == b && matchPattern(xorOp.getLhs(), m_One()));
  };
  if (isNotOf(x, c) || isNotOf(c, x))
    return true;
  auto cx = x.getDefiningOp<arith::CmpIOp>();
  auto cc = c.getDefiningOp<arith::CmpIOp>();
  return cx && cc && cx.getLhs() == cc.getLhs() &&
         cx.getRhs() == cc.getRhs() &&
         cx.getPredicate() == arith::invertPredicate(cc.getPredicate());
}

/// In an scf.while's before region, `scf.if (not %c)` right before
/// `scf.condition(%c)` becomes `scf.if %c` with its regions swapped, the
/// shape upstream's WhileMoveIfDown moves into the after region.
struct SwapInvertedGuard : OpRewritePattern<scf::IfOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(scf::IfOp ifOp,
                                PatternRewriter &rewriter) const override {
    auto loop = dyn_cast<scf::WhileOp>(ifOp->getParentOp());
    if (!loop || ifOp->getBlock() != loop.getBeforeBody())
      return rewriter.notifyMatchFailure(ifOp, "not in a before region");
    auto condition =
        dyn_cast<scf::ConditionOp>(ifOp->getNextNode());
    if (!condition)
      return rewriter.notifyMatchFailure(ifOp, "not before scf.condition");
    Value stay = condition.getCondition();
    if (!isNegationOf(ifOp.getCondition(), stay))
      return rewriter.notifyMatchFailure(ifOp, "not the inverted condition");
    if (Operation *def = stay.getDefiningOp())
      if (def->getBlock() == ifOp->getBlock() && !def->isBeforeInBlock(ifOp))
        return rewriter.notifyMatchFailure(ifOp, "condition defined after");
    auto swapped = scf::IfOp::create(rewriter, ifOp.getLoc(),
                                     ifOp.getResultTypes(), stay,
                                     /*addThenBlock=*/false,
                                     /*addElseBlock=*/false);
    bool hadElse = !ifOp.getElseRegion().empty();
    rewriter.inlineRegionBefore(ifOp.getElseRegion(), swapped.getThenRegion(),
                                swapped.getThenRegion().end());
    rewriter.inlineRegionBefore(ifOp.getThenRegion(), swapped.getElseRegion(),
                                swapped.getElseRegion().end());
    if (!hadElse) {
      // No results: an empty then block.
      Block *block = rewriter.createBlock(&swapped.getThenRegion());
      rewriter.setInsertionPointToEnd(block);
      scf::YieldOp::create(rewriter, ifOp.getLoc());
    }
    rewriter.replaceOp(ifOp, swapped.getResults());
    return success();
  }
};

/// The canonicalization patterns of every loaded dialect and registered
/// op, as the canonicalizer collects them.
void addCanonicalizations(RewritePatternSet &patterns, MLIRContext *context) {
  for (Dialect *dialect : context->getLoadedDialects())
    dialect->getCanonicalizationPatterns(patterns);
  for (RegisteredOperationName op : context->getRegisteredOperations())
    op.getCanonicalizationPatterns(patterns, context);
}

struct UpliftLoops : kgpu::impl::KgpuJVMUpliftLoopsBase<UpliftLoops> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    {
      RewritePatternSet patterns(context);
      patterns.add<SwapInvertedGuard>(context);
      addCanonicalizations(patterns, context);
      // A non-converging rewrite only leaves a while loop unlifted.
      (void)applyPatternsGreedily(
          getOperation(),
          FrozenRewritePatternSet(std::move(patterns),
                                  kgpu::inexactCanonicalizations()));
    }
    // Bounds re-read in the test (`i < a.length`) leave the loop.
    getOperation().walk([](scf::WhileOp loop) {
      moveLoopInvariantCode(cast<LoopLikeOpInterface>(loop.getOperation()));
    });
    {
      RewritePatternSet patterns(context);
      scf::populateUpliftWhileToForPatterns(patterns);
      addCanonicalizations(patterns, context);
      (void)applyPatternsGreedily(
          getOperation(),
          FrozenRewritePatternSet(std::move(patterns),
                                  kgpu::inexactCanonicalizations()));
    }
  }
};

} // namespace
