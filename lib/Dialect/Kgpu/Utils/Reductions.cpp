//===- Reductions.cpp - reduction identities and combiners ------*- C++ -*-===//

#include "kgpu/Dialect/Kgpu/Utils/Reductions.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/ADT/APFloat.h"

using namespace mlir;
using namespace mlir::kgpu;

TypedAttr mlir::kgpu::getReductionIdentityAttr(ReductionKind kind, Type type) {
  if (!isValidReductionKind(kind, type))
    return {};
  if (auto ft = dyn_cast<FloatType>(type)) {
    const llvm::fltSemantics &sem = ft.getFloatSemantics();
    APFloat value = APFloat::getZero(sem, /*Negative=*/true);
    switch (kind) {
    case ReductionKind::Mul:
      value = APFloat::getOne(sem);
      break;
    case ReductionKind::Min:
      value = APFloat::getInf(sem, /*Negative=*/false);
      break;
    case ReductionKind::Max:
      value = APFloat::getInf(sem, /*Negative=*/true);
      break;
    default:
      break;
    }
    return FloatAttr::get(ft, value);
  }
  unsigned width = type.getIntOrFloatBitWidth();
  APInt value = APInt::getZero(width);
  switch (kind) {
  case ReductionKind::Mul:
    value = APInt(width, 1);
    break;
  case ReductionKind::Min:
    value = APInt::getSignedMaxValue(width);
    break;
  case ReductionKind::Max:
    value = APInt::getSignedMinValue(width);
    break;
  case ReductionKind::UMin:
  case ReductionKind::And:
    value = APInt::getAllOnes(width);
    break;
  default:
    break;
  }
  return IntegerAttr::get(type, value);
}

Value mlir::kgpu::createReductionIdentity(OpBuilder &b, Location loc,
                                          ReductionKind kind, Type type) {
  TypedAttr value = getReductionIdentityAttr(kind, type);
  if (!value)
    return {};
  return arith::ConstantOp::create(b, loc, value);
}

Value mlir::kgpu::createReductionCombine(OpBuilder &b, Location loc,
                                         ReductionKind kind, Value lhs,
                                         Value rhs) {
  bool isFloat = isa<FloatType>(lhs.getType());
  switch (kind) {
  case ReductionKind::Add:
    return isFloat ? (Value)arith::AddFOp::create(b, loc, lhs, rhs)
                   : (Value)arith::AddIOp::create(b, loc, lhs, rhs);
  case ReductionKind::Mul:
    return isFloat ? (Value)arith::MulFOp::create(b, loc, lhs, rhs)
                   : (Value)arith::MulIOp::create(b, loc, lhs, rhs);
  case ReductionKind::Min:
    return isFloat ? (Value)arith::MinimumFOp::create(b, loc, lhs, rhs)
                   : (Value)arith::MinSIOp::create(b, loc, lhs, rhs);
  case ReductionKind::Max:
    return isFloat ? (Value)arith::MaximumFOp::create(b, loc, lhs, rhs)
                   : (Value)arith::MaxSIOp::create(b, loc, lhs, rhs);
  default:
    break;
  }
  if (isFloat)
    return {};
  switch (kind) {
  case ReductionKind::UMin:
    return arith::MinUIOp::create(b, loc, lhs, rhs);
  case ReductionKind::UMax:
    return arith::MaxUIOp::create(b, loc, lhs, rhs);
  case ReductionKind::And:
    return arith::AndIOp::create(b, loc, lhs, rhs);
  case ReductionKind::Or:
    return arith::OrIOp::create(b, loc, lhs, rhs);
  case ReductionKind::Xor:
    return arith::XOrIOp::create(b, loc, lhs, rhs);
  default:
    return {};
  }
}

Value mlir::kgpu::createExactFloatMinMax(OpBuilder &b, Location loc, bool isMin,
                                         Value lhs, Value rhs) {
  auto ft = cast<FloatType>(lhs.getType());
  Type it = b.getIntegerType(ft.getWidth());
  // Ordered and different: the smaller (larger) one.
  Value less = arith::CmpFOp::create(
      b, loc, isMin ? arith::CmpFPredicate::OLT : arith::CmpFPredicate::OGT,
      lhs, rhs);
  Value picked = arith::SelectOp::create(b, loc, less, lhs, rhs);
  // Equal values differ only for zeros: min ORs the sign bits, max ANDs.
  Value li = arith::BitcastOp::create(b, loc, it, lhs);
  Value ri = arith::BitcastOp::create(b, loc, it, rhs);
  Value merged = isMin ? (Value)arith::OrIOp::create(b, loc, li, ri)
                       : (Value)arith::AndIOp::create(b, loc, li, ri);
  merged = arith::BitcastOp::create(b, loc, ft, merged);
  Value equal =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, lhs, rhs);
  Value result = arith::SelectOp::create(b, loc, equal, merged, picked);
  // A NaN operand: NaN (NaN + x is NaN).
  Value unordered =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, lhs, rhs);
  Value nan = arith::AddFOp::create(b, loc, lhs, rhs);
  return arith::SelectOp::create(b, loc, unordered, nan, result);
}

gpu::AllReduceOperation mlir::kgpu::getGPUReduceOperation(ReductionKind kind,
                                                          Type type) {
  bool isFloat = isa<FloatType>(type);
  switch (kind) {
  case ReductionKind::Add:
    return gpu::AllReduceOperation::ADD;
  case ReductionKind::Mul:
    return gpu::AllReduceOperation::MUL;
  case ReductionKind::Min:
    return isFloat ? gpu::AllReduceOperation::MINIMUMF
                   : gpu::AllReduceOperation::MINSI;
  case ReductionKind::Max:
    return isFloat ? gpu::AllReduceOperation::MAXIMUMF
                   : gpu::AllReduceOperation::MAXSI;
  case ReductionKind::UMin:
    return gpu::AllReduceOperation::MINUI;
  case ReductionKind::UMax:
    return gpu::AllReduceOperation::MAXUI;
  case ReductionKind::And:
    return gpu::AllReduceOperation::AND;
  case ReductionKind::Or:
    return gpu::AllReduceOperation::OR;
  case ReductionKind::Xor:
    return gpu::AllReduceOperation::XOR;
  }
  llvm_unreachable("unknown reduction kind");
}

std::optional<ReductionKind>
mlir::kgpu::getReductionKind(gpu::AllReduceOperation op, Type type) {
  bool isFloat = isa<FloatType>(type);
  std::optional<ReductionKind> kind;
  switch (op) {
  case gpu::AllReduceOperation::ADD:
    kind = ReductionKind::Add;
    break;
  case gpu::AllReduceOperation::MUL:
    kind = ReductionKind::Mul;
    break;
  case gpu::AllReduceOperation::MINSI:
    if (!isFloat)
      kind = ReductionKind::Min;
    break;
  case gpu::AllReduceOperation::MAXSI:
    if (!isFloat)
      kind = ReductionKind::Max;
    break;
  case gpu::AllReduceOperation::MINIMUMF:
    if (isFloat)
      kind = ReductionKind::Min;
    break;
  case gpu::AllReduceOperation::MAXIMUMF:
    if (isFloat)
      kind = ReductionKind::Max;
    break;
  case gpu::AllReduceOperation::MINUI:
    kind = ReductionKind::UMin;
    break;
  case gpu::AllReduceOperation::MAXUI:
    kind = ReductionKind::UMax;
    break;
  case gpu::AllReduceOperation::AND:
    kind = ReductionKind::And;
    break;
  case gpu::AllReduceOperation::OR:
    kind = ReductionKind::Or;
    break;
  case gpu::AllReduceOperation::XOR:
    kind = ReductionKind::Xor;
    break;
  case gpu::AllReduceOperation::MINNUMF:
  case gpu::AllReduceOperation::MAXNUMF:
    break;
  }
  if (kind && !isValidReductionKind(*kind, type))
    return std::nullopt;
  return kind;
}
