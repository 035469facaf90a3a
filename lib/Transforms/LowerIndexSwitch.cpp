//===- LowerIndexSwitch.cpp - scf.index_switch as a chain of scf.if -------===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//
//
// kgpu-lower-index-switch: see Passes.td.
//
//===----------------------------------------------------------------------===//

#include "kgpu/Transforms/Passes.h"

#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir {
namespace kgpu {
#define GEN_PASS_DEF_KGPULOWERINDEXSWITCH
#include "kgpu/Transforms/Passes.h.inc"
} // namespace kgpu
} // namespace mlir

using namespace mlir;
using namespace mlir::kgpu;

void mlir::kgpu::lowerIndexSwitchToIf(RewriterBase &rewriter,
                                      scf::IndexSwitchOp op) {
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);
  Location loc = op.getLoc();
  TypeRange types = op.getResultTypes();
  ArrayRef<int64_t> cases = op.getCases();
  if (cases.empty()) {
    // Only a default region: inline it.
    Block &body = op.getDefaultRegion().front();
    auto yield = cast<scf::YieldOp>(body.getTerminator());
    SmallVector<Value> results(yield.getOperands());
    rewriter.eraseOp(yield);
    rewriter.inlineBlockBefore(&body, op);
    rewriter.replaceOp(op, results);
    return;
  }
  // if (arg == case0) {...} else if (arg == case1) {...} ... else {default}
  scf::IfOp outer;
  for (unsigned i = 0, e = cases.size(); i < e; ++i) {
    Value value = arith::ConstantIndexOp::create(rewriter, loc, cases[i]);
    Value cond = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                       op.getArg(), value);
    auto ifOp = scf::IfOp::create(rewriter, loc, types, cond,
                                  /*addThenBlock=*/false,
                                  /*addElseBlock=*/false);
    rewriter.inlineRegionBefore(op.getCaseRegions()[i], ifOp.getThenRegion(),
                                ifOp.getThenRegion().end());
    if (!outer)
      outer = ifOp;
    else // The enclosing if's else block yields this one's results.
      scf::YieldOp::create(rewriter, loc, ifOp.getResults());
    if (i + 1 == e) {
      rewriter.inlineRegionBefore(op.getDefaultRegion(), ifOp.getElseRegion(),
                                  ifOp.getElseRegion().end());
    } else {
      rewriter.createBlock(&ifOp.getElseRegion());
    }
  }
  rewriter.replaceOp(op, outer.getResults());
}

namespace {

struct LowerIndexSwitchPattern : public OpRewritePattern<scf::IndexSwitchOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(scf::IndexSwitchOp op,
                                PatternRewriter &rewriter) const override {
    lowerIndexSwitchToIf(rewriter, op);
    return success();
  }
};

struct LowerIndexSwitch
    : public mlir::kgpu::impl::KgpuLowerIndexSwitchBase<LowerIndexSwitch> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<LowerIndexSwitchPattern>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
