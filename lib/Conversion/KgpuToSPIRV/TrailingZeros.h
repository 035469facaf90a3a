//===- TrailingZeros.h - known low zero bits of index arithmetic -*- C++ -*-===//
//
// Internal to lib/Conversion/KgpuToSPIRV: the analysis with which
// kgpu-spirv-vector-tiles and kgpu-spirv-vector-access prove that an index
// is a multiple of a vector's element count.
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_LIB_CONVERSION_KGPUTOSPIRV_TRAILINGZEROS_H
#define KGPU_LIB_CONVERSION_KGPUTOSPIRV_TRAILINGZEROS_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/TypeSwitch.h"

#include <algorithm>

namespace mlir {
namespace kgpu {
namespace spirv_detail {

/// Known trailing zeros are counted up to the width of Vulkan's index.
inline constexpr unsigned kMaxZeros = 32;

/// How many low bits of an integer (or index) value are known to be zero,
/// from the arithmetic that computes it: enough to prove that kgc's tile
/// addresses (row * pitch + column, with constant pitches and loop counters
/// stepping by constants) are multiples of a vector's element count.
class TrailingZeros {
public:
  unsigned get(Value v) {
    auto it = known.find(v);
    if (it != known.end())
      return it->second;
    unsigned zeros = std::min(compute(v), kMaxZeros);
    known[v] = zeros;
    log.push_back(v);
    return zeros;
  }

private:
  unsigned compute(Value v) {
    APInt constant;
    if (matchPattern(v, m_ConstantInt(&constant)))
      return constant.isZero() ? kMaxZeros : constant.countr_zero();
    if (auto arg = dyn_cast<BlockArgument>(v))
      return computeArgument(arg);
    Operation *def = v.getDefiningOp();
    auto operand = [&](unsigned i) { return get(def->getOperand(i)); };
    return llvm::TypeSwitch<Operation *, unsigned>(def)
        .Case<arith::AddIOp, arith::SubIOp, arith::OrIOp, arith::XOrIOp>(
            [&](auto) { return std::min(operand(0), operand(1)); })
        .Case<arith::MulIOp>([&](auto) { return operand(0) + operand(1); })
        .Case<arith::AndIOp>(
            [&](auto) { return std::max(operand(0), operand(1)); })
        .Case<arith::ShLIOp>([&](arith::ShLIOp op) {
          APInt amount;
          if (matchPattern(op.getRhs(), m_ConstantInt(&amount)) &&
              amount.ult(kMaxZeros))
            return operand(0) + unsigned(amount.getZExtValue());
          return operand(0);
        })
        .Case<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp,
              arith::ExtUIOp>([&](auto) { return operand(0); })
        .Case<arith::TruncIOp>([&](arith::TruncIOp op) {
          return std::min(operand(0), op.getType().getIntOrFloatBitWidth());
        })
        .Case<arith::SelectOp>(
            [&](auto) { return std::min(operand(1), operand(2)); })
        .Case<scf::IfOp>([&](scf::IfOp op) -> unsigned {
          unsigned i = cast<OpResult>(v).getResultNumber();
          if (op.getElseRegion().empty())
            return 0;
          return std::min(get(op.thenYield().getOperand(i)),
                          get(op.elseYield().getOperand(i)));
        })
        .Default([](Operation *) { return 0u; });
  }

  unsigned computeArgument(BlockArgument arg) {
    Operation *parent = arg.getOwner()->getParentOp();
    unsigned i = arg.getArgNumber();
    if (auto loop = dyn_cast<scf::ForOp>(parent)) {
      if (arg == loop.getInductionVar())
        return std::min(get(loop.getLowerBound()), get(loop.getStep()));
      unsigned n = i - loop.getNumInductionVars();
      return induction(arg, loop.getInitArgs()[n],
                       loop.getBody()->getTerminator()->getOperand(n));
    }
    if (auto loop = dyn_cast<scf::WhileOp>(parent)) {
      if (arg.getOwner() == loop.getBeforeBody())
        return induction(arg, loop.getInits()[i],
                         loop.getYieldOp().getOperand(i));
      return get(loop.getConditionOp().getArgs()[i]);
    }
    return 0;
  }

  /// A loop-carried value that starts as `init` and becomes `next` each
  /// iteration: assume the zeros of `init`, and keep the assumption if
  /// `next` has at least as many under it; else retry with fewer (the
  /// results computed under the failed assumption are forgotten).
  unsigned induction(BlockArgument arg, Value init, Value next) {
    unsigned assumed = get(init);
    while (true) {
      size_t mark = log.size();
      known[arg] = assumed;
      log.push_back(arg);
      unsigned step = get(next);
      if (step >= assumed)
        return assumed;
      for (size_t j = mark; j < log.size(); ++j)
        known.erase(log[j]);
      log.resize(mark);
      assumed = step;
    }
  }

  DenseMap<Value, unsigned> known;
  /// The values of `known` in the order they were added.
  SmallVector<Value> log;
};

} // namespace spirv_detail
} // namespace kgpu
} // namespace mlir

#endif // KGPU_LIB_CONVERSION_KGPUTOSPIRV_TRAILINGZEROS_H
