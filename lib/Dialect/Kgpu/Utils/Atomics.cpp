//===- Atomics.cpp - lowering helpers for kgpu atomics ----------*- C++ -*-===//

#include "kgpu/Dialect/Kgpu/Utils/Atomics.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::kgpu;

std::optional<AtomicKind> mlir::kgpu::getAtomicKind(ReductionKind kind) {
  switch (kind) {
  case ReductionKind::Add:
    return AtomicKind::Add;
  case ReductionKind::Min:
    return AtomicKind::Min;
  case ReductionKind::Max:
    return AtomicKind::Max;
  case ReductionKind::UMin:
    return AtomicKind::UMin;
  case ReductionKind::UMax:
    return AtomicKind::UMax;
  case ReductionKind::And:
    return AtomicKind::And;
  case ReductionKind::Or:
    return AtomicKind::Or;
  case ReductionKind::Xor:
    return AtomicKind::Xor;
  case ReductionKind::Mul:
    return std::nullopt;
  }
  return std::nullopt;
}

Value mlir::kgpu::createMemRefAtomicRMW(OpBuilder &b, AtomicRMWOp op) {
  Location loc = op.getLoc();
  Value value = op.getValue();
  bool isFloat = isa<FloatType>(value.getType());
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
    kind =
        isFloat ? arith::AtomicRMWKind::minimumf : arith::AtomicRMWKind::mins;
    break;
  case AtomicKind::Max:
    kind =
        isFloat ? arith::AtomicRMWKind::maximumf : arith::AtomicRMWKind::maxs;
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

Value mlir::kgpu::createAtomicCASLoop(
    OpBuilder &b, Location loc, Value memref, ValueRange indices, Type type,
    llvm::function_ref<Value(OpBuilder &, Location, Value)> combine) {
  Type elementType = cast<MemRefType>(memref.getType()).getElementType();
  Type bitsType = b.getIntegerType(type.getIntOrFloatBitWidth());
  auto toBits = [&](Value v) -> Value {
    return v.getType() == bitsType
               ? v
               : arith::BitcastOp::create(b, loc, bitsType, v);
  };
  auto to = [&](Type t, Value v) -> Value {
    return v.getType() == t ? v : arith::BitcastOp::create(b, loc, t, v);
  };
  Value initial = memref::LoadOp::create(b, loc, memref, indices);
  auto loop =
      scf::WhileOp::create(b, loc, TypeRange{elementType}, ValueRange{initial});
  {
    OpBuilder::InsertionGuard guard(b);
    Block *before =
        b.createBlock(&loop.getBefore(), {}, TypeRange{elementType}, {loc});
    Value expected = before->getArgument(0);
    Value desired = to(elementType, combine(b, loc, to(type, expected)));
    Value unchanged = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                            toBits(desired), toBits(expected));
    auto ifOp = scf::IfOp::create(b, loc, TypeRange{elementType}, unchanged,
                                  /*addThenBlock=*/true,
                                  /*addElseBlock=*/true);
    {
      OpBuilder::InsertionGuard inner(b);
      b.setInsertionPointToStart(ifOp.thenBlock());
      scf::YieldOp::create(b, loc, expected);
      b.setInsertionPointToStart(ifOp.elseBlock());
      Value seen =
          AtomicCASOp::create(b, loc, expected, desired, memref, indices);
      scf::YieldOp::create(b, loc, seen);
    }
    Value seen = ifOp.getResult(0);
    Value retry = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                                        toBits(seen), toBits(expected));
    scf::ConditionOp::create(b, loc, retry, ValueRange{seen});
    Block *after =
        b.createBlock(&loop.getAfter(), {}, TypeRange{elementType}, {loc});
    scf::YieldOp::create(b, loc, after->getArguments());
  }
  return to(type, loop.getResult(0));
}
