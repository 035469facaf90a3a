//===- SubgroupEmulation.cpp - subgroups emulated on the CPU --------------===//
//
// gpu.shuffle and gpu.subgroup_reduce in convert-gpu-to-cpu
// (KernelConverter.h). A subgroup is `w` consecutive work-items of the
// linear order; a shuffle reads the source lane's value in the same
// work-item loop, a reduction runs once per subgroup before the loop nest
// and combines the lane values in the xor-butterfly order of the GPU
// lowering.
//
//===----------------------------------------------------------------------===//

#include "KernelConverter.h"

#include "kgpu/Dialect/Kgpu/Utils/Reductions.h"

using namespace mlir;
using namespace mlir::kgpu::gpu_to_cpu;

/// The identity of a subgroup reduction kind on `type`, or null if kgpu
/// does not define the kind on it (Dialect/Kgpu/Utils/Reductions.h).
static TypedAttr reductionIdentity(gpu::AllReduceOperation kind, Type type) {
  std::optional<kgpu::ReductionKind> k = kgpu::getReductionKind(kind, type);
  return k ? kgpu::getReductionIdentityAttr(*k, type) : TypedAttr();
}

/// `lhs kind rhs`, or null if `kind` does not apply to the type.
static Value combine(OpBuilder &b, Location loc, gpu::AllReduceOperation kind,
                     Value lhs, Value rhs) {
  std::optional<kgpu::ReductionKind> k =
      kgpu::getReductionKind(kind, lhs.getType());
  return k ? kgpu::createReductionCombine(b, loc, *k, lhs, rhs) : Value();
}

LogicalResult KernelConverter::emitShuffle(ItemContext &ic, gpu::ShuffleOp op) {
  OpBuilder &b = ic.b;
  Location loc = op.getLoc();
  Type i32 = b.getI32Type();
  Value offset = lookupItem(ic, op.getOffset());
  Value width = lookupItem(ic, op.getWidth());
  if (!offset || !width)
    return failure();
  Value lane = arith::RemUIOp::create(b, loc, ic.linear, indexConst(w));
  Value lane32 = arith::IndexCastOp::create(b, loc, i32, lane);
  Value src;
  switch (op.getMode()) {
  case gpu::ShuffleMode::DOWN:
    src = arith::AddIOp::create(b, loc, lane32, offset);
    break;
  case gpu::ShuffleMode::UP:
    src = arith::SubIOp::create(b, loc, lane32, offset);
    break;
  case gpu::ShuffleMode::XOR:
    src = arith::XOrIOp::create(b, loc, lane32, offset);
    break;
  case gpu::ShuffleMode::IDX:
    src = offset;
    break;
  }
  Value w32 = arith::ConstantIntOp::create(b, loc, i32, w);
  Value valid = arith::AndIOp::create(
      b, loc,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, src, width),
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, src, w32));
  Value base = arith::SubIOp::create(b, loc, ic.linear, lane);
  Value srcItem = arith::AddIOp::create(
      b, loc, base, arith::IndexCastOp::create(b, loc, b.getIndexType(), src));
  if (mayHavePartialSubgroup())
    valid = arith::AndIOp::create(
        b, loc, valid,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, srcItem,
                              wgItems()));
  Value item = arith::SelectOp::create(b, loc, valid, srcItem, ic.linear);
  ItemContext source(b, item);
  Value value = lookupItem(source, op.getValue());
  if (!value)
    return failure();
  ic.map.map(op.getShuffleResult(), value);
  ic.map.map(op.getValid(), valid);
  spill(ic, op.getShuffleResult(), value);
  spill(ic, op.getValid(), valid);
  return success();
}

Value KernelConverter::emitSubgroupReduce(gpu::SubgroupReduceOp op,
                                          OpBuilder &gb) {
  Location loc = op.getLoc();
  Type type = op.getType();
  gpu::AllReduceOperation kind = op.getOp();
  unsigned clusterSize = op.getClusterSize().value_or(w);
  unsigned clusterStride = op.getClusterStride();
  if (!llvm::isPowerOf2_32(clusterSize) ||
      !llvm::isPowerOf2_32(clusterStride) || clusterSize * clusterStride > w) {
    op.emitOpError("cluster of size ")
        << clusterSize << " and stride " << clusterStride
        << " does not fit the emulated subgroup size " << w;
    return {};
  }
  TypedAttr identity = reductionIdentity(kind, type);
  if (!identity) {
    op.emitOpError("reduction '") << gpu::stringifyAllReduceOperation(kind)
                                  << "' does not apply to " << type;
    return {};
  }
  Value results = allocPerItem(loc, type);

  // One iteration per subgroup: read the W lane values, combine them in the
  // xor-butterfly order of the GPU lowering, write every lane's result.
  auto loop =
      scf::ForOp::create(gb, loc, indexConst(0), subgroups(), indexConst(1));
  OpBuilder b(loop.getBody()->getTerminator());
  Value base =
      arith::MulIOp::create(b, loc, loop.getInductionVar(), indexConst(w));
  Value identityValue = arith::ConstantOp::create(b, loc, identity);
  SmallVector<Value> items, values;
  for (unsigned l = 0; l < w; ++l) {
    Value item = arith::AddIOp::create(b, loc, base, indexConst(l));
    ItemContext ic(b, item);
    Value v = lookupItem(ic, op.getValue());
    if (!v)
      return {};
    if (mayHavePartialSubgroup()) {
      Value active = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                           item, wgItems());
      v = arith::SelectOp::create(b, loc, active, v, identityValue);
    }
    items.push_back(item);
    values.push_back(v);
  }
  for (unsigned offset = clusterStride; offset < clusterStride * clusterSize;
       offset <<= 1) {
    SmallVector<Value> next;
    for (unsigned l = 0; l < w; ++l)
      next.push_back(combine(b, loc, kind, values[l], values[l ^ offset]));
    values = std::move(next);
  }
  for (unsigned l = 0; l < w; ++l)
    memref::StoreOp::create(b, loc, values[l], results, ValueRange{items[l]});
  return results;
}
