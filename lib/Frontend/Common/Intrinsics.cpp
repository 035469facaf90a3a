//===- Intrinsics.cpp - source intrinsics to kgpu ops ---------------------===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//

#include "kgpu/Frontend/Common/Intrinsics.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::kgpu;

AtomicKind mlir::kgpu::getAtomicKind(SourceAtomic op, Signedness signedness) {
  bool isUnsigned = signedness == Signedness::Unsigned;
  switch (op) {
  case SourceAtomic::Add:
    return AtomicKind::Add;
  case SourceAtomic::Sub:
    return AtomicKind::Sub;
  case SourceAtomic::Min:
    return isUnsigned ? AtomicKind::UMin : AtomicKind::Min;
  case SourceAtomic::Max:
    return isUnsigned ? AtomicKind::UMax : AtomicKind::Max;
  case SourceAtomic::And:
    return AtomicKind::And;
  case SourceAtomic::Or:
    return AtomicKind::Or;
  case SourceAtomic::Xor:
    return AtomicKind::Xor;
  case SourceAtomic::Xchg:
    return AtomicKind::Xchg;
  }
  llvm_unreachable("unknown SourceAtomic");
}

ReductionKind mlir::kgpu::getReductionKind(SourceReduction op,
                                           Signedness signedness) {
  bool isUnsigned = signedness == Signedness::Unsigned;
  switch (op) {
  case SourceReduction::Add:
    return ReductionKind::Add;
  case SourceReduction::Mul:
    return ReductionKind::Mul;
  case SourceReduction::Min:
    return isUnsigned ? ReductionKind::UMin : ReductionKind::Min;
  case SourceReduction::Max:
    return isUnsigned ? ReductionKind::UMax : ReductionKind::Max;
  case SourceReduction::And:
    return ReductionKind::And;
  case SourceReduction::Or:
    return ReductionKind::Or;
  case SourceReduction::Xor:
    return ReductionKind::Xor;
  }
  llvm_unreachable("unknown SourceReduction");
}

Value mlir::kgpu::emitAtomic(OpBuilder &b, Location loc, SourceAtomic op,
                             Signedness signedness, Value memref,
                             ValueRange indices, Value value) {
  return AtomicRMWOp::create(b, loc, getAtomicKind(op, signedness), value,
                             memref, indices);
}

Value mlir::kgpu::emitAtomicCAS(OpBuilder &b, Location loc, Value memref,
                                ValueRange indices, Value compare,
                                Value value) {
  return AtomicCASOp::create(b, loc, compare, value, memref, indices);
}

Value mlir::kgpu::emitShuffle(OpBuilder &b, Location loc, ShuffleMode mode,
                              Value value, Value offset,
                              Signedness offsetSignedness) {
  Type i32 = b.getI32Type();
  unsigned width = offset.getType().getIntOrFloatBitWidth();
  if (width > 32)
    offset = arith::TruncIOp::create(b, loc, i32, offset);
  else if (width < 32 && offsetSignedness == Signedness::Unsigned)
    offset = arith::ExtUIOp::create(b, loc, i32, offset);
  else if (width < 32)
    offset = arith::ExtSIOp::create(b, loc, i32, offset);
  return ShuffleOp::create(b, loc, mode, value, offset);
}

Value mlir::kgpu::emitSubgroupReduce(OpBuilder &b, Location loc,
                                     SourceReduction op, Signedness signedness,
                                     Value value) {
  return SubgroupReduceOp::create(b, loc, getReductionKind(op, signedness),
                                  value);
}

Value mlir::kgpu::toIndex(OpBuilder &b, Location loc, Value value,
                          Signedness signedness) {
  if (signedness == Signedness::Unsigned)
    return arith::IndexCastUIOp::create(b, loc, b.getIndexType(), value);
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), value);
}

Value mlir::kgpu::fromIndex(OpBuilder &b, Location loc, Value value, Type type,
                            Signedness signedness) {
  if (signedness == Signedness::Unsigned)
    return arith::IndexCastUIOp::create(b, loc, type, value);
  return arith::IndexCastOp::create(b, loc, type, value);
}
