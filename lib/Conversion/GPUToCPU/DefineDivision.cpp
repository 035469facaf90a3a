//===- DefineDivision.cpp - integer division that never traps ---*- C++ -*-===//
//
// Implements `kgpu-cpu-define-division` (see Passes.td). x86's `div`/`idiv`
// raise SIGFPE on a zero divisor and on MIN / -1; GPUs do not trap. Each
// arith.divsi/divui/remsi/remui whose divisor is not a known-safe constant
// divides by a safe divisor and then selects the result the GPUs give.
//
//===----------------------------------------------------------------------===//

#include "kgpu/Conversion/GPUToCPU/Passes.h"

#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir {
namespace kgpu {
#define GEN_PASS_DEF_KGPUCPUDEFINEDIVISION
#include "kgpu/Conversion/Passes.h.inc"
} // namespace kgpu
} // namespace mlir

using namespace mlir;

namespace {

/// A constant of `type` (an integer, index or vector of them) with every
/// element `value` (sign-extended to the element width).
Value splatConstant(OpBuilder &b, Location loc, Type type, int64_t value) {
  Type element = getElementTypeOrSelf(type);
  unsigned width = element.isIndex() ? 64 : element.getIntOrFloatBitWidth();
  APInt bits(width, value, /*isSigned=*/true);
  TypedAttr attr;
  if (auto vector = dyn_cast<VectorType>(type))
    attr = DenseElementsAttr::get(vector, b.getIntegerAttr(element, bits));
  else
    attr = b.getIntegerAttr(type, bits);
  return arith::ConstantOp::create(b, loc, attr);
}

Value equals(OpBuilder &b, Location loc, Value v, int64_t c) {
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, v,
                               splatConstant(b, loc, v.getType(), c));
}

/// Rewrites one division or remainder. `isSigned` ops may overflow at
/// MIN / -1; every op may divide by zero.
void defineDivision(Operation *op, bool isSigned, bool isRem) {
  Value lhs = op->getOperand(0), rhs = op->getOperand(1);
  OpBuilder b(op);
  Location loc = op->getLoc();
  Type type = lhs.getType();
  APInt divisor;
  if (matchPattern(rhs, m_ConstantInt(&divisor))) {
    Value result;
    if (divisor.isZero())
      result = splatConstant(b, loc, type, -1);
    else if (isSigned && divisor.isAllOnes())
      result = isRem ? splatConstant(b, loc, type, 0)
                     : arith::SubIOp::create(
                           b, loc, splatConstant(b, loc, type, 0), lhs)
                           .getResult();
    else
      return; // cannot trap
    op->getResult(0).replaceAllUsesWith(result);
    op->erase();
    return;
  }
  Value isZero = equals(b, loc, rhs, 0);
  Value unsafe = isZero;
  Value isMinusOne;
  if (isSigned) {
    isMinusOne = equals(b, loc, rhs, -1);
    unsafe = arith::OrIOp::create(b, loc, isZero, isMinusOne);
  }
  Value one = splatConstant(b, loc, type, 1);
  Value safe = arith::SelectOp::create(b, loc, unsafe, one, rhs);
  Operation *guarded = b.clone(*op);
  guarded->setOperand(1, safe);
  Value result = guarded->getResult(0);
  // x / -1 is the wrapping negation (MIN / -1 = MIN); x % -1 is 0, which
  // x % 1 already gives.
  if (isSigned && !isRem)
    result = arith::SelectOp::create(
        b, loc, isMinusOne,
        arith::SubIOp::create(b, loc, splatConstant(b, loc, type, 0), lhs),
        result);
  // x / 0 and x % 0 give all ones, as NVIDIA GPUs do.
  result = arith::SelectOp::create(b, loc, isZero,
                                   splatConstant(b, loc, type, -1), result);
  op->getResult(0).replaceAllUsesWith(result);
  op->erase();
}

struct KgpuCPUDefineDivisionPass
    : public kgpu::impl::KgpuCPUDefineDivisionBase<KgpuCPUDefineDivisionPass> {
  using Base::Base;

  void runOnOperation() override {
    // ceildiv/floordiv first become plain divisions (upstream's expansion).
    bool hasCeilFloor = false;
    getOperation()->walk([&](Operation *op) {
      if (isa<arith::CeilDivSIOp, arith::CeilDivUIOp, arith::FloorDivSIOp>(op))
        hasCeilFloor = true;
    });
    if (hasCeilFloor) {
      RewritePatternSet patterns(&getContext());
      arith::populateCeilFloorDivExpandOpsPatterns(patterns);
      if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
        return signalPassFailure();
    }
    SmallVector<Operation *> divisions;
    getOperation()->walk([&](Operation *op) {
      if (isa<arith::DivSIOp, arith::DivUIOp, arith::RemSIOp, arith::RemUIOp>(
              op))
        divisions.push_back(op);
    });
    for (Operation *op : divisions)
      defineDivision(op, isa<arith::DivSIOp, arith::RemSIOp>(op),
                     isa<arith::RemSIOp, arith::RemUIOp>(op));
  }
};

} // namespace
