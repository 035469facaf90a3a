//===- LowerExactSemantics.cpp - Java/Kotlin semantics to arith -*- C++ -*-===//

#include "kgpu/Transforms/Passes.h"

#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/APFloat.h"

#include <cmath>

namespace mlir {
namespace kgpu {
#define GEN_PASS_DEF_KGPULOWEREXACTSEMANTICS
#include "kgpu/Transforms/Passes.h.inc"
} // namespace kgpu
} // namespace mlir

using namespace mlir;
using namespace mlir::kgpu;

namespace {

Value intConstant(OpBuilder &b, Location loc, Type type, const APInt &v) {
  return arith::ConstantOp::create(b, loc, IntegerAttr::get(type, v));
}

/// NaN → 0, ≥ 2^(w-1) → MAX, < -2^(w-1) → MIN, else truncation.
struct LowerFPToSISat : OpRewritePattern<FPToSISatOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(FPToSISatOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value x = op.getIn();
    auto ft = cast<FloatType>(x.getType());
    Type it = op.getOut().getType();
    unsigned width = it.getIntOrFloatBitWidth();
    // 2^(w-1) is a power of two: exact in every float type (or +inf).
    bool losesInfo = false;
    APFloat limit(std::ldexp(1.0, width - 1));
    limit.convert(ft.getFloatSemantics(), APFloat::rmNearestTiesToEven,
                  &losesInfo);
    Value hi =
        arith::ConstantOp::create(rewriter, loc, FloatAttr::get(ft, limit));
    Value lo = arith::NegFOp::create(rewriter, loc, hi);
    Value isNan =
        arith::CmpFOp::create(rewriter, loc, arith::CmpFPredicate::UNO, x, x);
    Value tooBig =
        arith::CmpFOp::create(rewriter, loc, arith::CmpFPredicate::OGE, x, hi);
    Value tooSmall =
        arith::CmpFOp::create(rewriter, loc, arith::CmpFPredicate::OLT, x, lo);
    Value conv = arith::FPToSIOp::create(rewriter, loc, it, x);
    Value r = arith::SelectOp::create(
        rewriter, loc, isNan, intConstant(rewriter, loc, it, APInt(width, 0)),
        conv);
    r = arith::SelectOp::create(
        rewriter, loc, tooSmall,
        intConstant(rewriter, loc, it, APInt::getSignedMinValue(width)), r);
    r = arith::SelectOp::create(
        rewriter, loc, tooBig,
        intConstant(rewriter, loc, it, APInt::getSignedMaxValue(width)), r);
    rewriter.replaceOp(op, r);
    return success();
  }
};

/// Java's Math.min/max (NaN if either is NaN; -0.0 < +0.0) are exactly
/// IEEE-754 2019 minimum/maximum, which is what arith.minimumf/maximumf
/// define. kgpu relies on that definition everywhere (reductions and float
/// atomics use the same ops), and each target lowers the arith ops exactly:
/// llvm.minimum/maximum on the CPU and NVVM, and on SPIR-V, where upstream's
/// GL.FMin/FMax leave the order of signed zeros to the driver, kgpu's own
/// pattern (createExactFloatMinMax). A NaN result keeps the bits of the
/// NaN operand, the first one if both are NaN, as Java's code does (`if (a
/// != a) return a;` ... `return a <= b ? a : b`): IEEE leaves the NaN's
/// payload and sign open, and targets give the canonical NaN.
template <typename OpTy, typename ArithOp>
struct LowerJvmMinMax : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value a = op.getLhs(), b = op.getRhs();
    Value r = ArithOp::create(rewriter, loc, a, b);
    auto isNaN = [&](Value x) -> Value {
      return arith::CmpFOp::create(rewriter, loc, arith::CmpFPredicate::UNO, x,
                                   x);
    };
    r = arith::SelectOp::create(rewriter, loc, isNaN(b), b, r);
    rewriter.replaceOpWithNewOp<arith::SelectOp>(op, isNaN(a), a, r);
    return success();
  }
};

/// Division and remainder that are defined for every input.
template <typename OpTy, bool IsDiv>
struct LowerIntDivRem : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value a = op.getLhs(), d = op.getRhs();
    Type type = a.getType();
    unsigned width = type.getIntOrFloatBitWidth();
    Value zero = intConstant(rewriter, loc, type, APInt(width, 0));
    Value one = intConstant(rewriter, loc, type, APInt(width, 1));
    Value isZero =
        arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq, d, zero);
    Value replace = isZero;
    if (!op.getIsUnsigned()) {
      // MIN / -1 overflows; dividing by 1 instead gives MIN (and rem 0).
      Value min =
          intConstant(rewriter, loc, type, APInt::getSignedMinValue(width));
      Value minusOne =
          intConstant(rewriter, loc, type, APInt::getAllOnes(width));
      Value overflow = arith::AndIOp::create(
          rewriter, loc,
          arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq, a,
                                min),
          arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq, d,
                                minusOne));
      replace = arith::OrIOp::create(rewriter, loc, isZero, overflow);
    }
    Value safe = arith::SelectOp::create(rewriter, loc, replace, one, d);
    Value r;
    if (IsDiv)
      r = op.getIsUnsigned()
              ? (Value)arith::DivUIOp::create(rewriter, loc, a, safe)
              : (Value)arith::DivSIOp::create(rewriter, loc, a, safe);
    else
      r = op.getIsUnsigned()
              ? (Value)arith::RemUIOp::create(rewriter, loc, a, safe)
              : (Value)arith::RemSIOp::create(rewriter, loc, a, safe);
    r = arith::SelectOp::create(rewriter, loc, isZero, IsDiv ? zero : a, r);
    rewriter.replaceOp(op, r);
    return success();
  }
};

struct LowerShift : OpRewritePattern<ShiftOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ShiftOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type type = op.getLhs().getType();
    unsigned width = type.getIntOrFloatBitWidth();
    Value mask = intConstant(rewriter, loc, type, APInt(width, width - 1));
    Value amount = arith::AndIOp::create(rewriter, loc, op.getAmount(), mask);
    Value r;
    switch (op.getKind()) {
    case ShiftKind::Shl:
      r = arith::ShLIOp::create(rewriter, loc, op.getLhs(), amount);
      break;
    case ShiftKind::ShrS:
      r = arith::ShRSIOp::create(rewriter, loc, op.getLhs(), amount);
      break;
    case ShiftKind::ShrU:
      r = arith::ShRUIOp::create(rewriter, loc, op.getLhs(), amount);
      break;
    }
    rewriter.replaceOp(op, r);
    return success();
  }
};

struct KgpuLowerExactSemanticsPass
    : mlir::kgpu::impl::KgpuLowerExactSemanticsBase<
          KgpuLowerExactSemanticsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateLowerExactSemanticsPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

void mlir::kgpu::populateLowerExactSemanticsPatterns(
    RewritePatternSet &patterns) {
  patterns.add<LowerFPToSISat, LowerJvmMinMax<JvmMinOp, arith::MinimumFOp>,
               LowerJvmMinMax<JvmMaxOp, arith::MaximumFOp>,
               LowerIntDivRem<IntDivOp, true>, LowerIntDivRem<IntRemOp, false>,
               LowerShift>(patterns.getContext());
}
