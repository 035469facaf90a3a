//===- AtomicCmpXchg.cpp - kgpu.atomic_cas as one llvm.cmpxchg ------------===//

#include "kgpu/Conversion/Common/AtomicCmpXchg.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;

Value mlir::kgpu::createElementPointer(OpBuilder &b, Location loc,
                                       Value memref, ValueRange indices,
                                       unsigned addressSpace) {
  auto type = cast<MemRefType>(memref.getType());
  auto meta = memref::ExtractStridedMetadataOp::create(b, loc, memref);
  Value linear = meta.getOffset();
  for (auto [index, stride] : llvm::zip(indices, meta.getStrides()))
    linear = arith::AddIOp::create(
        b, loc, linear, arith::MulIOp::create(b, loc, index, stride));
  Value base = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, memref);
  Value bytes = arith::ConstantIndexOp::create(
      b, loc, type.getElementType().getIntOrFloatBitWidth() / 8);
  Value address = arith::AddIOp::create(
      b, loc, base, arith::MulIOp::create(b, loc, linear, bytes));
  Value address64 = arith::IndexCastOp::create(b, loc, b.getI64Type(), address);
  return LLVM::IntToPtrOp::create(
      b, loc, LLVM::LLVMPointerType::get(b.getContext(), addressSpace),
      address64);
}

Value mlir::kgpu::createAtomicCmpXchg(OpBuilder &b, AtomicCASOp op,
                                      unsigned addressSpace) {
  Location loc = op.getLoc();
  Type type = op.getResult().getType();
  bool isFloat = isa<FloatType>(type);
  Type bitsType = b.getIntegerType(type.getIntOrFloatBitWidth());
  auto toBits = [&](Value v) -> Value {
    return isFloat ? arith::BitcastOp::create(b, loc, bitsType, v) : v;
  };
  Value ptr = createElementPointer(b, loc, op.getMemref(), op.getIndices(),
                                   addressSpace);
  auto cmpxchg = LLVM::AtomicCmpXchgOp::create(
      b, loc, ptr, toBits(op.getCmp()), toBits(op.getValue()),
      LLVM::AtomicOrdering::acq_rel, LLVM::AtomicOrdering::monotonic);
  Value old =
      LLVM::ExtractValueOp::create(b, loc, cmpxchg, ArrayRef<int64_t>{0});
  return isFloat ? arith::BitcastOp::create(b, loc, type, old) : old;
}
