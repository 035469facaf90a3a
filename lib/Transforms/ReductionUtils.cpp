//===- ReductionUtils.cpp - identities and combiners ------------*- C++ -*-===//

#include "kgpu/Transforms/Passes.h"

#include "llvm/ADT/APFloat.h"

using namespace mlir;
using namespace mlir::kgpu;

Value mlir::kgpu::createReductionIdentity(OpBuilder &b, Location loc,
                                          ReductionKind kind, Type type) {
  if (auto ft = dyn_cast<FloatType>(type)) {
    const llvm::fltSemantics &sem = ft.getFloatSemantics();
    APFloat value = APFloat::getZero(sem);
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
    return arith::ConstantOp::create(b, loc, FloatAttr::get(ft, value));
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
  return arith::ConstantOp::create(b, loc, IntegerAttr::get(type, value));
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
  }
  return Value();
}

Value mlir::kgpu::createMemRefAtomicRMW(OpBuilder &b, AtomicRMWOp op,
                                        AtomicFloatMinMax floatMinMax) {
  Location loc = op.getLoc();
  Value value = op.getValue();
  bool isFloat = isa<FloatType>(value.getType());
  bool minimum = floatMinMax == AtomicFloatMinMax::Minimum;
  arith::AtomicRMWKind kind = arith::AtomicRMWKind::assign;
  switch (op.getKind()) {
  case AtomicKind::Sub:
    // old - v == old + (-v), bit for bit (IEEE subtraction is the addition
    // of the negation; two's complement wraps alike).
    value = isFloat ? (Value)arith::NegFOp::create(b, loc, value)
                    : (Value)arith::SubIOp::create(
                          b, loc,
                          arith::ConstantOp::create(
                              b, loc, b.getZeroAttr(value.getType())),
                          value);
    [[fallthrough]];
  case AtomicKind::Add:
    kind = isFloat ? arith::AtomicRMWKind::addf : arith::AtomicRMWKind::addi;
    break;
  case AtomicKind::Min:
    kind = !isFloat  ? arith::AtomicRMWKind::mins
           : minimum ? arith::AtomicRMWKind::minimumf
                     : arith::AtomicRMWKind::minnumf;
    break;
  case AtomicKind::Max:
    kind = !isFloat  ? arith::AtomicRMWKind::maxs
           : minimum ? arith::AtomicRMWKind::maximumf
                     : arith::AtomicRMWKind::maxnumf;
    break;
  case AtomicKind::UMin:
    kind = arith::AtomicRMWKind::minu;
    break;
  case AtomicKind::UMax:
    kind = arith::AtomicRMWKind::maxu;
    break;
  case AtomicKind::And:
    kind = arith::AtomicRMWKind::andi;
    break;
  case AtomicKind::Or:
    kind = arith::AtomicRMWKind::ori;
    break;
  case AtomicKind::Xor:
    kind = arith::AtomicRMWKind::xori;
    break;
  case AtomicKind::Xchg:
    kind = arith::AtomicRMWKind::assign;
    break;
  }
  return memref::AtomicRMWOp::create(b, loc, kind, value, op.getMemref(),
                                     op.getIndices());
}
