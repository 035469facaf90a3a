//===- CodeGenBuiltin.cpp - kgc to MLIR: builtin calls --------------------===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//

#include "CodeGenInternals.h"

using namespace kgc_codegen;

//===----------------------------------------------------------------------===//
// Builtin calls
//===----------------------------------------------------------------------===//

bool Emitter::emitMmaAddress(const BuiltinCallExpr *call, Value &memref,
                             SmallVector<Value> &indices, Value &leadDim) {
  llvm::ArrayRef<Expr *> args = call->getArgs();
  Location l = loc(call->getLoc());
  const Expr *mem = ignoreImplicitCasts(args[0]);
  if (!llvm::isa<DeclRefExpr>(mem)) {
    error(args[0]->getLoc(), "the memory operand of '" +
                                 getBuiltinName(call->getBuiltinKind()) +
                                 "' must be a pointer or a whole array");
    return false;
  }
  memref = emitLValue(mem).memref;
  Value row = emitExpr(args[1]), col = emitExpr(args[2]),
        ld = emitExpr(args[3]);
  if (!memref || !row || !col || !ld)
    return false;
  row = toIndex(l, row, args[1]->getType());
  col = toIndex(l, col, args[2]->getType());
  ld = toIndex(l, ld, args[3]->getType());
  if (cast<MemRefType>(memref.getType()).getRank() == 2) {
    // The array's row length is the leading dimension.
    indices = {row, col};
    leadDim = Value();
    return true;
  }
  if (cast<MemRefType>(memref.getType()).getRank() != 1) {
    error(args[0]->getLoc(), "tensor-core tiles need a 1-D or 2-D array");
    return false;
  }
  Value offset =
      arith::AddIOp::create(b, l, arith::MulIOp::create(b, l, row, ld), col);
  indices = {offset};
  leadDim = ld;
  return true;
}

bool Emitter::emitFlatAddress(const Expr *mem, const Expr *arg,
                              Value &memref, SmallVector<Value> &indices) {
  Location l = loc(arg->getLoc());
  mem = ignoreImplicitCasts(mem);
  if (!llvm::isa<DeclRefExpr>(mem)) {
    error(mem->getLoc(), "the memory operands of 'async_copy' must be "
                         "pointers or whole arrays");
    return false;
  }
  memref = emitLValue(mem).memref;
  Value offset = emitExpr(arg);
  if (!memref || !offset)
    return false;
  offset = toIndex(l, offset, arg->getType());
  auto type = cast<MemRefType>(memref.getType());
  indices.assign(type.getRank(), Value());
  for (int64_t d = type.getRank() - 1; d > 0; --d) {
    Value size = arith::ConstantIndexOp::create(b, l, type.getDimSize(d));
    indices[d] = arith::RemUIOp::create(b, l, offset, size);
    offset = arith::DivUIOp::create(b, l, offset, size);
  }
  indices[0] = offset;
  return true;
}

void Emitter::emitAsyncCopy(const BuiltinCallExpr *call) {
  llvm::ArrayRef<Expr *> args = call->getArgs();
  Value dst, src;
  SmallVector<Value> dstIndices, srcIndices;
  if (!emitFlatAddress(args[0], args[1], dst, dstIndices) ||
      !emitFlatAddress(args[2], args[3], src, srcIndices))
    return;
  std::optional<ConstantValue> count = evaluateConstantExpr(args[4]);
  if (!count) {
    error(args[4]->getLoc(), "the element count of 'async_copy' must be a "
                             "constant");
    return;
  }
  kg::AsyncCopyOp::create(b, loc(call->getLoc()), src, srcIndices, dst,
                          dstIndices, count->getSExtValue());
}

Value Emitter::emitBuiltin(const BuiltinCallExpr *call) {
  Location l = loc(call->getLoc());
  BuiltinKind kind = call->getBuiltinKind();
  llvm::ArrayRef<Expr *> args = call->getArgs();
  const kgc::Type &type = call->getType();
  auto dim = [&]() { return static_cast<kg::Dimension>(call->getDimension()); };

  switch (kind) {
  case BuiltinKind::GlobalId:
    return fromIndex(l, kg::GlobalIdOp::create(b, l, dim()), type);
  case BuiltinKind::LocalId:
    return fromIndex(l, kg::LocalIdOp::create(b, l, dim()), type);
  case BuiltinKind::GroupId:
    return fromIndex(l, kg::GroupIdOp::create(b, l, dim()), type);
  case BuiltinKind::GlobalSize:
    return fromIndex(l, kg::GlobalSizeOp::create(b, l, dim()), type);
  case BuiltinKind::LocalSize:
    return fromIndex(l, kg::LocalSizeOp::create(b, l, dim()), type);
  case BuiltinKind::NumGroups:
    return fromIndex(l, kg::NumGroupsOp::create(b, l, dim()), type);
  case BuiltinKind::SubGroupSize:
    return fromIndex(l, kg::SubgroupSizeOp::create(b, l), type);
  case BuiltinKind::SubGroupLocalId:
    return fromIndex(l, kg::LaneIdOp::create(b, l), type);
  case BuiltinKind::Barrier:
  case BuiltinKind::BarrierGlobal:
    if (parallelDepth) {
      error(call->getLoc(), "a barrier cannot be used inside a parallel for");
      return Value();
    }
    kg::BarrierOp::create(b, l,
                          kind == BuiltinKind::Barrier ? kg::MemFence::Local
                                                       : kg::MemFence::Global);
    return Value();
  case BuiltinKind::AsyncCopy:
    emitAsyncCopy(call);
    return Value();
  case BuiltinKind::AsyncCommit:
    kg::AsyncCommitOp::create(b, l);
    return Value();
  case BuiltinKind::AsyncWait: {
    std::optional<ConstantValue> pending = evaluateConstantExpr(args[0]);
    if (!pending) {
      error(args[0]->getLoc(), "the argument of 'async_wait' must be a "
                               "constant");
      return Value();
    }
    kg::AsyncWaitOp::create(b, l, pending->getSExtValue());
    return Value();
  }
  default:
    break;
  }

  if (isAtomicBuiltin(kind)) {
    LValue target = emitLValue(args[0]);
    if (hadError || !target.memref) {
      error(args[0]->getLoc(), "the target of an atomic must be an element "
                               "of global or local memory");
      return Value();
    }
    Value v = emitExpr(args[1]);
    if (!v)
      return Value();
    if (kind == BuiltinKind::AtomicCas) {
      Value nv = emitExpr(args[2]);
      if (!nv)
        return Value();
      return kg::emitAtomicCAS(b, l, target.memref, target.indices, v, nv);
    }
    kg::SourceAtomic op = kg::SourceAtomic::Add;
    switch (kind) {
    case BuiltinKind::AtomicSub:
      op = kg::SourceAtomic::Sub;
      break;
    case BuiltinKind::AtomicMin:
      op = kg::SourceAtomic::Min;
      break;
    case BuiltinKind::AtomicMax:
      op = kg::SourceAtomic::Max;
      break;
    case BuiltinKind::AtomicAnd:
      op = kg::SourceAtomic::And;
      break;
    case BuiltinKind::AtomicOr:
      op = kg::SourceAtomic::Or;
      break;
    case BuiltinKind::AtomicXor:
      op = kg::SourceAtomic::Xor;
      break;
    case BuiltinKind::AtomicXchg:
      op = kg::SourceAtomic::Xchg;
      break;
    default:
      break;
    }
    return kg::emitAtomic(b, l, op, signedness(type), target.memref,
                          target.indices, v);
  }

  // Everything below evaluates its arguments first.
  SmallVector<Value> vals;
  if (kind != BuiltinKind::MMALoadA && kind != BuiltinKind::MMALoadB &&
      kind != BuiltinKind::MMALoadC && kind != BuiltinKind::MMAStore &&
      kind != BuiltinKind::WgmmaCompute &&
      kind != BuiltinKind::WgmmaComputeBt && kind != BuiltinKind::WgmmaStore) {
    for (const Expr *arg : args) {
      Value v = emitExpr(arg);
      if (!v)
        return Value();
      vals.push_back(v);
    }
  }

  switch (kind) {
  case BuiltinKind::SubGroupShuffleDown:
  case BuiltinKind::SubGroupShuffleUp:
  case BuiltinKind::SubGroupShuffleXor:
  case BuiltinKind::SubGroupShuffleIdx: {
    if (parallelDepth) {
      error(call->getLoc(), "subgroup operations cannot be used inside a "
                            "parallel for");
      return Value();
    }
    kg::ShuffleMode mode =
        kind == BuiltinKind::SubGroupShuffleDown  ? kg::ShuffleMode::Down
        : kind == BuiltinKind::SubGroupShuffleUp  ? kg::ShuffleMode::Up
        : kind == BuiltinKind::SubGroupShuffleXor ? kg::ShuffleMode::Xor
                                                  : kg::ShuffleMode::Idx;
    return kg::emitShuffle(b, l, mode, vals[0], vals[1],
                           signedness(args[1]->getType()));
  }
  case BuiltinKind::SubGroupReduceAdd:
  case BuiltinKind::SubGroupReduceMul:
  case BuiltinKind::SubGroupReduceMin:
  case BuiltinKind::SubGroupReduceMax:
  case BuiltinKind::SubGroupReduceAnd:
  case BuiltinKind::SubGroupReduceOr:
  case BuiltinKind::SubGroupReduceXor: {
    if (parallelDepth) {
      error(call->getLoc(), "subgroup operations cannot be used inside a "
                            "parallel for");
      return Value();
    }
    kg::SourceReduction op = kg::SourceReduction::Add;
    switch (kind) {
    case BuiltinKind::SubGroupReduceMul:
      op = kg::SourceReduction::Mul;
      break;
    case BuiltinKind::SubGroupReduceMin:
      op = kg::SourceReduction::Min;
      break;
    case BuiltinKind::SubGroupReduceMax:
      op = kg::SourceReduction::Max;
      break;
    case BuiltinKind::SubGroupReduceAnd:
      op = kg::SourceReduction::And;
      break;
    case BuiltinKind::SubGroupReduceOr:
      op = kg::SourceReduction::Or;
      break;
    case BuiltinKind::SubGroupReduceXor:
      op = kg::SourceReduction::Xor;
      break;
    default:
      break;
    }
    return kg::emitSubgroupReduce(b, l, op, signedness(type), vals[0]);
  }
  case BuiltinKind::Sqrt:
    return math::SqrtOp::create(b, l, vals[0]);
  case BuiltinKind::Rsqrt:
    return math::RsqrtOp::create(b, l, vals[0]);
  case BuiltinKind::Exp:
    return math::ExpOp::create(b, l, vals[0]);
  case BuiltinKind::Exp2:
    return math::Exp2Op::create(b, l, vals[0]);
  case BuiltinKind::Log:
    return math::LogOp::create(b, l, vals[0]);
  case BuiltinKind::Log2:
    return math::Log2Op::create(b, l, vals[0]);
  case BuiltinKind::Sin:
    return math::SinOp::create(b, l, vals[0]);
  case BuiltinKind::Cos:
    return math::CosOp::create(b, l, vals[0]);
  case BuiltinKind::Tan:
    return math::TanOp::create(b, l, vals[0]);
  case BuiltinKind::Pow:
    return math::PowFOp::create(b, l, vals[0], vals[1]);
  case BuiltinKind::Fabs:
    return math::AbsFOp::create(b, l, vals[0]);
  case BuiltinKind::Floor:
    return math::FloorOp::create(b, l, vals[0]);
  case BuiltinKind::Ceil:
    return math::CeilOp::create(b, l, vals[0]);
  case BuiltinKind::Round:
    return math::RoundOp::create(b, l, vals[0]);
  case BuiltinKind::Fma:
    return math::FmaOp::create(b, l, vals[0], vals[1], vals[2]);
  case BuiltinKind::Fmin:
    return arith::MinNumFOp::create(b, l, vals[0], vals[1]);
  case BuiltinKind::Fmax:
    return arith::MaxNumFOp::create(b, l, vals[0], vals[1]);
  case BuiltinKind::Min:
    return emitMinMax(l, true, vals[0], vals[1], type);
  case BuiltinKind::Max:
    return emitMinMax(l, false, vals[0], vals[1], type);
  case BuiltinKind::Clamp:
    return emitMinMax(l, true, emitMinMax(l, false, vals[0], vals[1], type),
                      vals[2], type);
  case BuiltinKind::Abs:
    if (type.isFloating())
      return math::AbsFOp::create(b, l, vals[0]);
    if (type.isUnsignedInteger())
      return vals[0];
    return math::AbsIOp::create(b, l, vals[0]);
  case BuiltinKind::MMAFill:
    if (auto acc = dyn_cast<kg::WgmmaAccType>(mmaType(type)))
      return kg::WgmmaFillOp::create(b, l, acc, vals[0]);
    return kg::MmaFillOp::create(b, l, fragmentType(type), vals[0]);
  case BuiltinKind::WgmmaCompute:
  case BuiltinKind::WgmmaComputeBt: {
    Value acc = emitExpr(args[0]);
    Value a, bm;
    SmallVector<Value> ai, bi;
    if (!acc || !emitFlatAddress(args[1], args[2], a, ai) ||
        !emitFlatAddress(args[3], args[4], bm, bi))
      return Value();
    auto accType = cast<kg::WgmmaAccType>(acc.getType());
    // docs/kgc.md: A K-major, 8-row groups 1024 bytes apart; B N-major in
    // 8 x 64 blocks, adjacent along N (lead 1024) and N * 16 bytes apart
    // along K; wgmma_bt: B K-major as A.
    bool nMajor = kind == BuiltinKind::WgmmaCompute;
    IntegerAttr lead = nMajor ? b.getI64IntegerAttr(1024) : IntegerAttr();
    return kg::WgmmaOp::create(
        b, l, accType, a, ai[0], b.getI64IntegerAttr(1024), bm, bi[0],
        b.getI64IntegerAttr(nMajor ? int64_t(accType.getN()) * 16 : 1024), lead,
        acc);
  }
  case BuiltinKind::WgmmaFence:
    kg::WgmmaFenceOp::create(b, l);
    return Value();
  case BuiltinKind::WgmmaCommit:
    kg::WgmmaCommitOp::create(b, l);
    return Value();
  case BuiltinKind::WgmmaWait: {
    std::optional<ConstantValue> pending = evaluateConstantExpr(args[0]);
    if (!pending) {
      error(args[0]->getLoc(), "the argument of 'wgmma_wait' must be a "
                               "constant");
      return Value();
    }
    kg::WgmmaWaitOp::create(b, l, pending->getSExtValue());
    return Value();
  }
  case BuiltinKind::WgmmaStore: {
    Value memref, leadDim;
    SmallVector<Value> indices;
    if (!emitMmaAddress(call, memref, indices, leadDim))
      return Value();
    Value acc = emitExpr(args[4]);
    if (!acc)
      return Value();
    kg::WgmmaStoreOp::create(b, l, acc, memref, indices, leadDim);
    return Value();
  }
  case BuiltinKind::MMACompute:
    return kg::MmaComputeOp::create(b, l, vals[0], vals[1], vals[2]);
  case BuiltinKind::MMALoadA:
  case BuiltinKind::MMALoadB:
  case BuiltinKind::MMALoadC: {
    Value memref, leadDim;
    SmallVector<Value> indices;
    if (!emitMmaAddress(call, memref, indices, leadDim))
      return Value();
    return kg::MmaLoadOp::create(b, l, fragmentType(type), memref, indices,
                                 leadDim,
                                 /*colMajor=*/false);
  }
  case BuiltinKind::MMAStore: {
    Value memref, leadDim;
    SmallVector<Value> indices;
    if (!emitMmaAddress(call, memref, indices, leadDim))
      return Value();
    Value frag = emitExpr(args[4]);
    if (!frag)
      return Value();
    kg::MmaStoreOp::create(b, l, frag, memref, indices, leadDim, false);
    return Value();
  }
  default:
    break;
  }
  error(call->getLoc(), "builtin '" + getBuiltinName(kind) +
                            "' is not supported by the MLIR emitter");
  return Value();
}
