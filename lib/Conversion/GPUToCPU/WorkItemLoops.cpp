//===- WorkItemLoops.cpp - emission of the CPU function -------------------===//
//
// Step 6 of convert-gpu-to-cpu (KernelConverter.h): emits the CPU function
// of a kernel: a loop over the work-groups of the launch's range, in it the
// plan of the kernel body: group-level ops, hoisted constructs and, for each
// segment, a loop nest over the work-items (z outermost, x innermost) with
// ids, spill slots and private memory resolved per work-item. A kernel with
// many segments gets them outlined into functions of their own.
//
//===----------------------------------------------------------------------===//

#include "KernelConverter.h"

#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/RegionUtils.h"

#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlir::kgpu::gpu_to_cpu;

Value KernelConverter::indexConst(int64_t value) {
  Value &c = indexConstants[value];
  if (!c)
    c = arith::ConstantIndexOp::create(entryBuilder, kernel.getLoc(), value);
  return c;
}

Value KernelConverter::entryConstant(Value v) {
  Value &c = entryConstants[v];
  if (!c) {
    Operation *clone = entryBuilder.clone(*v.getDefiningOp());
    c = clone->getResult(cast<OpResult>(v).getResultNumber());
  }
  return c;
}

Value KernelConverter::slotMemRef(Value v) {
  Slot &slot = slots[v];
  if (!slot.memref)
    slot.memref =
        slot.uniform
            ? memref::AllocaOp::create(entryBuilder, v.getLoc(),
                                       MemRefType::get({}, v.getType()))
                  .getResult()
            : allocPerItem(v.getLoc(), v.getType());
  return slot.memref;
}

Value KernelConverter::allocPerItem(Location loc, Type elementType,
                                    int64_t perItem, IntegerAttr alignment) {
  // Statically sized: for the fixed size, or for the largest work-group a
  // kernel that does not fix its size may get (kMaxWorkgroupItems, which the
  // runtime checks), so that kgpu-cpu-allocate-heap-frames can move large
  // storage to the heap.
  return memref::AllocaOp::create(
      entryBuilder, loc, MemRefType::get({paddedItems * perItem}, elementType),
      ValueRange{}, alignment);
}

void KernelConverter::spill(ItemContext &ic, Value original, Value emitted) {
  auto it = slots.find(original);
  if (it == slots.end())
    return;
  Value mem = slotMemRef(original);
  if (it->second.uniform)
    memref::StoreOp::create(ic.b, original.getLoc(), emitted, mem);
  else
    memref::StoreOp::create(ic.b, original.getLoc(), emitted, mem,
                            ValueRange{ic.linear});
}

Value KernelConverter::threadId(ItemContext &ic, unsigned dim) {
  if (ic.tid[dim])
    return ic.tid[dim];
  OpBuilder &b = ic.b;
  Location loc = kernel.getLoc();
  Value id;
  if (isUnitDim(dim))
    id = indexConst(0);
  else if (dim == 0)
    id = arith::RemUIOp::create(b, loc, ic.linear, wgDim(0));
  else if (dim == 1)
    id = arith::RemUIOp::create(
        b, loc, arith::DivUIOp::create(b, loc, ic.linear, wgDim(0)), wgDim(1));
  else
    id = arith::DivUIOp::create(
        b, loc, ic.linear,
        fixedSize
            ? indexConst(dims[0] * dims[1])
            : arith::MulIOp::create(b, loc, wgDim(0), wgDim(1)).getResult());
  ic.tid[dim] = id;
  return id;
}

Value KernelConverter::privateStorage(ItemContext &ic, Operation *alloca) {
  auto type = cast<MemRefType>(alloca->getResult(0).getType());
  Value &buffer = privateBuffers[alloca];
  if (!expandedPrivate.contains(alloca)) {
    if (!buffer)
      buffer = entryBuilder.clone(*alloca)->getResult(0);
    return buffer;
  }
  if (!buffer) {
    int64_t bytes = type.getNumElements() * elementBytes(type.getElementType());
    int64_t align = std::min<int64_t>(16, llvm::PowerOf2Ceil(bytes));
    int64_t stride = llvm::alignTo(bytes, std::max<int64_t>(align, 1));
    privateStrides[alloca] = stride;
    buffer = allocPerItem(alloca->getLoc(), IntegerType::get(ctx, 8), stride,
                          entryBuilder.getI64IntegerAttr(64));
  }
  Location loc = alloca->getLoc();
  Value offset = arith::MulIOp::create(ic.b, loc, ic.linear,
                                       indexConst(privateStrides[alloca]));
  return memref::ViewOp::create(ic.b, loc, type, buffer, offset, ValueRange{});
}

Value KernelConverter::lookupItem(ItemContext &ic, Value v) {
  if (Value mapped = ic.map.lookupOrNull(v))
    return mapped;
  Value result;
  Operation *def = v.getDefiningOp();
  Location loc = v.getLoc();
  OpBuilder &b = ic.b;
  if (Value g = groupMap.lookupOrNull(v)) {
    result = g;
  } else if (def && isConstant(def)) {
    result = entryConstant(v);
  } else if (def && isVariantIdOp(def)) {
    if (auto op = dyn_cast<gpu::ThreadIdOp>(def)) {
      result = threadId(ic, static_cast<unsigned>(op.getDimension()));
    } else if (auto op = dyn_cast<gpu::GlobalIdOp>(def)) {
      unsigned d = static_cast<unsigned>(op.getDimension());
      result = arith::AddIOp::create(
          b, loc, arith::MulIOp::create(b, loc, blockIds[d], wgDim(d)),
          threadId(ic, d));
    } else if (isa<gpu::LaneIdOp>(def)) {
      result = arith::RemUIOp::create(b, loc, ic.linear, indexConst(w));
    } else {
      result = arith::DivUIOp::create(b, loc, ic.linear, indexConst(w));
    }
  } else if (def && isPrivateAlloca(def)) {
    result = privateStorage(ic, def);
  } else if (auto it = slots.find(v); it != slots.end()) {
    Value mem = slotMemRef(v);
    result = it->second.uniform
                 ? memref::LoadOp::create(b, loc, mem).getResult()
                 : memref::LoadOp::create(b, loc, mem, ValueRange{ic.linear})
                       .getResult();
  } else if (remat.contains(v)) {
    IRMapping map;
    for (Value operand : def->getOperands()) {
      Value mapped = lookupItem(ic, operand);
      if (!mapped)
        return {};
      map.map(operand, mapped);
    }
    Operation *clone = b.clone(*def, map);
    for (auto [orig, cloned] :
         llvm::zip(def->getResults(), clone->getResults()))
      ic.map.map(orig, cloned);
    return ic.map.lookup(v);
  } else {
    emitError(loc) << "value is not available in the work-item loop "
                      "(internal error of the CPU target)";
    return {};
  }
  ic.map.map(v, result);
  return result;
}

Value KernelConverter::lookupGroup(Value v, OpBuilder &b) {
  if (Value g = groupMap.lookupOrNull(v))
    return g;
  Operation *def = v.getDefiningOp();
  if (def && isConstant(def))
    return entryConstant(v);
  auto it = slots.find(v);
  if (it != slots.end() && it->second.uniform)
    return memref::LoadOp::create(b, v.getLoc(), slotMemRef(v));
  if (remat.contains(v) && !isVariant(v)) {
    IRMapping map;
    for (Value operand : def->getOperands()) {
      Value mapped = lookupGroup(operand, b);
      if (!mapped)
        return {};
      map.map(operand, mapped);
    }
    Operation *clone = b.clone(*def, map);
    return clone->getResult(cast<OpResult>(v).getResultNumber());
  }
  emitError(v.getLoc()) << "value that depends on the work-item id is needed "
                           "by work-group-uniform code";
  return {};
}

LogicalResult KernelConverter::emit() {
  Location loc = kernel.getLoc();
  SmallVector<Type> argTypes(kernel.getArgumentTypes());
  unsigned numArgs = argTypes.size();
  IndexType indexType = IndexType::get(ctx);
  // grid x, y, z, work-group size x, y, z, group begin, group end
  argTypes.append(8, indexType);
  OpBuilder mb = OpBuilder::atBlockEnd(top.getBody());
  impl = func::FuncOp::create(mb, loc, kernel.getName(),
                              FunctionType::get(ctx, argTypes, {}));
  impl.setPrivate();
  impl->setAttr("llvm.linkage",
                LLVM::LinkageAttr::get(ctx, LLVM::Linkage::Internal));
  Block *entry = impl.addEntryBlock();
  OpBuilder b = OpBuilder::atBlockEnd(entry);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  indexConstants[1] = one;
  if (!fixedSize) {
    for (unsigned d = 0; d < 3; ++d)
      dimValues[d] = entry->getArgument(numArgs + 3 + d);
    numItemsValue = arith::MulIOp::create(
        b, loc, arith::MulIOp::create(b, loc, dimValues[0], dimValues[1]),
        dimValues[2]);
    Value wm1 = arith::ConstantIndexOp::create(b, loc, w - 1);
    Value wc = arith::ConstantIndexOp::create(b, loc, w);
    numSubgroupsValue = arith::DivUIOp::create(
        b, loc, arith::AddIOp::create(b, loc, numItemsValue, wm1), wc);
    paddedItemsValue = arith::MulIOp::create(b, loc, numSubgroupsValue, wc);
  }
  auto groupLoop = scf::ForOp::create(b, loc, entry->getArgument(numArgs + 6),
                                      entry->getArgument(numArgs + 7), one);
  func::ReturnOp::create(b, loc);
  entryBuilder.setInsertionPoint(groupLoop);

  OpBuilder gb(groupLoop.getBody()->getTerminator());
  Value g = groupLoop.getInductionVar();
  Value grid[3] = {entry->getArgument(numArgs), entry->getArgument(numArgs + 1),
                   entry->getArgument(numArgs + 2)};
  Value q = arith::DivUIOp::create(gb, loc, g, grid[0]);
  blockIds[0] = arith::RemUIOp::create(gb, loc, g, grid[0]);
  blockIds[1] = arith::RemUIOp::create(gb, loc, q, grid[1]);
  blockIds[2] = arith::DivUIOp::create(gb, loc, q, grid[1]);

  Block &body = kernel.getBody().front();
  for (unsigned i = 0; i < numArgs; ++i)
    groupMap.map(body.getArgument(i), entry->getArgument(i));
  for (BlockArgument attribution : kernel.getWorkgroupAttributions())
    groupMap.map(attribution,
                 memref::AllocaOp::create(
                     entryBuilder, attribution.getLoc(),
                     cast<MemRefType>(attribution.getType()), ValueRange{},
                     entryBuilder.getI64IntegerAttr(64)));
  for (Operation &op : body) {
    if (isLocalAlloc(&op)) {
      groupMap.map(op.getResult(0),
                   memref::AllocaOp::create(
                       entryBuilder, op.getLoc(),
                       cast<MemRefType>(op.getResult(0).getType()),
                       ValueRange{}, entryBuilder.getI64IntegerAttr(64)));
      continue;
    }
    Value id;
    if (auto o = dyn_cast<gpu::BlockIdOp>(op))
      id = blockIds[static_cast<unsigned>(o.getDimension())];
    else if (auto o = dyn_cast<gpu::GridDimOp>(op))
      id = grid[static_cast<unsigned>(o.getDimension())];
    else if (auto o = dyn_cast<gpu::BlockDimOp>(op))
      id = wgDim(static_cast<unsigned>(o.getDimension()));
    else if (isa<gpu::SubgroupSizeOp>(op))
      id = indexConst(w);
    else if (isa<gpu::NumSubgroupsOp>(op))
      id = subgroups();
    if (id)
      groupMap.map(op.getResult(0), id);
  }
  return emitBlock(&body, gb);
}

LogicalResult KernelConverter::emitBlock(Block *block, OpBuilder &b) {
  for (PlanItem &item : plans[block]) {
    switch (item.kind) {
    case PlanItem::GroupOp: {
      IRMapping map;
      for (Value operand : item.op->getOperands()) {
        Value mapped = lookupGroup(operand, b);
        if (!mapped)
          return failure();
        map.map(operand, mapped);
      }
      Operation *clone = b.clone(*item.op, map);
      groupMap.map(item.op->getResults(), clone->getResults());
      break;
    }
    case PlanItem::SegmentItem:
      if (failed(emitSegment(segments[item.segment], b)))
        return failure();
      break;
    case PlanItem::Hoisted:
      if (failed(emitHoisted(item.op, b)))
        return failure();
      break;
    }
  }
  return success();
}

/// Removes the terminator a builder may have put into `block`.
static void dropTerminator(Block *block) {
  if (!block->empty() && block->back().hasTrait<OpTrait::IsTerminator>())
    block->back().erase();
}

LogicalResult KernelConverter::emitHoisted(Operation *op, OpBuilder &b) {
  Location loc = op->getLoc();
  auto groupValuesOf = [&](ValueRange values,
                           SmallVectorImpl<Value> &out) -> LogicalResult {
    for (Value v : values) {
      Value mapped = lookupGroup(v, b);
      if (!mapped)
        return failure();
      out.push_back(mapped);
    }
    return success();
  };
  auto emitNested = [&](Block *from, Block *to) -> LogicalResult {
    OpBuilder nb = OpBuilder::atBlockEnd(to);
    if (failed(emitBlock(from, nb)))
      return failure();
    Operation *terminator = from->getTerminator();
    SmallVector<Value> operands;
    for (Value v : terminator->getOperands()) {
      Value mapped = lookupGroup(v, nb);
      if (!mapped)
        return failure();
      operands.push_back(mapped);
    }
    IRMapping map;
    map.map(terminator->getOperands(), operands);
    nb.clone(*terminator, map);
    return success();
  };

  if (auto forOp = dyn_cast<scf::ForOp>(op)) {
    SmallVector<Value> bounds, inits;
    if (failed(groupValuesOf(
            {forOp.getLowerBound(), forOp.getUpperBound(), forOp.getStep()},
            bounds)) ||
        failed(groupValuesOf(forOp.getInitArgs(), inits)))
      return failure();
    auto newFor =
        scf::ForOp::create(b, loc, bounds[0], bounds[1], bounds[2], inits);
    dropTerminator(newFor.getBody());
    groupMap.map(forOp.getBody()->getArguments(),
                 newFor.getBody()->getArguments());
    if (failed(emitNested(forOp.getBody(), newFor.getBody())))
      return failure();
    groupMap.map(forOp.getResults(), newFor.getResults());
    return success();
  }
  if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
    Value cond = lookupGroup(ifOp.getCondition(), b);
    if (!cond)
      return failure();
    bool hasElse = !ifOp.getElseRegion().empty();
    auto newIf = scf::IfOp::create(b, loc, ifOp.getResultTypes(), cond,
                                   /*addThenBlock=*/true, hasElse);
    dropTerminator(newIf.thenBlock());
    if (failed(emitNested(ifOp.thenBlock(), newIf.thenBlock())))
      return failure();
    if (hasElse) {
      dropTerminator(newIf.elseBlock());
      if (failed(emitNested(ifOp.elseBlock(), newIf.elseBlock())))
        return failure();
    }
    groupMap.map(ifOp.getResults(), newIf.getResults());
    return success();
  }
  auto whileOp = cast<scf::WhileOp>(op);
  SmallVector<Value> inits;
  if (failed(groupValuesOf(whileOp.getInits(), inits)))
    return failure();
  auto newWhile = scf::WhileOp::create(b, loc, whileOp.getResultTypes(), inits);
  auto addBlock = [&](Region &region, Block *like) {
    auto *block = new Block();
    region.push_back(block);
    for (BlockArgument arg : like->getArguments())
      block->addArgument(arg.getType(), arg.getLoc());
    return block;
  };
  Block *before = addBlock(newWhile.getBefore(), whileOp.getBeforeBody());
  Block *after = addBlock(newWhile.getAfter(), whileOp.getAfterBody());
  groupMap.map(whileOp.getBeforeArguments(), before->getArguments());
  groupMap.map(whileOp.getAfterArguments(), after->getArguments());
  if (failed(emitNested(whileOp.getBeforeBody(), before)) ||
      failed(emitNested(whileOp.getAfterBody(), after)))
    return failure();
  groupMap.map(whileOp.getResults(), newWhile.getResults());
  return success();
}

LogicalResult KernelConverter::emitSegment(Segment &segment, OpBuilder &gb) {
  Operation *first =
      segment.collective ? segment.collective : segment.ops.front();
  Location loc = first->getLoc();
  Value reduced;
  if (auto reduce =
          dyn_cast_or_null<gpu::SubgroupReduceOp>(segment.collective)) {
    reduced = emitSubgroupReduce(reduce, gb);
    if (!reduced)
      return failure();
  }

  // The work-item loops, z outermost, x innermost (unit extents omitted).
  OpBuilder b = gb;
  Value tid[3];
  for (int d = 2; d >= 0; --d) {
    if (isUnitDim(d)) {
      tid[d] = indexConst(0);
      continue;
    }
    auto loop =
        scf::ForOp::create(b, loc, indexConst(0), wgDim(d), indexConst(1));
    if (b.getInsertionBlock() == gb.getInsertionBlock())
      segmentLoops.push_back(loop);
    b.setInsertionPoint(loop.getBody()->getTerminator());
    tid[d] = loop.getInductionVar();
  }
  Value linear = tid[0];
  if (!isUnitDim(1) || !isUnitDim(2)) {
    Value yz = tid[1];
    if (!isUnitDim(2))
      yz = arith::AddIOp::create(
          b, loc, arith::MulIOp::create(b, loc, tid[2], wgDim(1)), tid[1]);
    linear = arith::AddIOp::create(
        b, loc, arith::MulIOp::create(b, loc, yz, wgDim(0)), tid[0]);
  }
  ItemContext ic(b, linear);
  for (unsigned d = 0; d < 3; ++d)
    ic.tid[d] = tid[d];

  if (auto shuffle = dyn_cast_or_null<gpu::ShuffleOp>(segment.collective)) {
    if (failed(emitShuffle(ic, shuffle)))
      return failure();
  } else if (auto reduce =
                 dyn_cast_or_null<gpu::SubgroupReduceOp>(segment.collective)) {
    // The per-lane results already are a per-work-item slot.
    auto slot = slots.find(reduce.getResult());
    if (slot != slots.end() && !slot->second.uniform && !slot->second.memref)
      slot->second.memref = reduced;
    else if (slot != slots.end())
      spill(ic, reduce.getResult(),
            memref::LoadOp::create(b, loc, reduced, ValueRange{linear}));
    if (!segment.ops.empty())
      ic.map.map(reduce.getResult(),
                 memref::LoadOp::create(b, loc, reduced, ValueRange{linear}));
  }

  for (Operation *op : segment.ops) {
    llvm::SetVector<Value> external;
    external.insert(op->operand_begin(), op->operand_end());
    getUsedValuesDefinedAbove(op->getRegions(), external);
    for (Value v : external)
      if (!lookupItem(ic, v))
        return failure();
    Operation *clone = b.clone(*op, ic.map);
    for (auto [orig, cloned] : llvm::zip(op->getResults(), clone->getResults()))
      spill(ic, orig, cloned);
  }
  return success();
}

/// A kernel with more work-item loop nests than this (barrier-separated
/// segments) gets each of them outlined into a function of its own: LLVM's
/// loop passes (LoopRotate, LoopUnroll, LoopSimplifyCFG, IndVarSimplify)
/// take time superlinear in the number of loops of one function, so 500
/// barriers in one function took 78 s. Kernels up to it (every kernel of
/// the corpus: a parallel for with three reductions has 19) keep one
/// function, and their code is unchanged.
constexpr size_t kMaxSegmentLoopsPerFunction = 32;

void KernelConverter::outlineSegments() {
  if (segmentLoops.size() <= kMaxSegmentLoopsPerFunction)
    return;
  OpBuilder mb(ctx);
  mb.setInsertionPointAfter(impl);
  unsigned index = 0;
  for (Operation *loop : segmentLoops) {
    // The values the loop nest uses from the function: constants (and
    // global addresses) are re-created in the new function, so that its
    // loop bounds stay constants; the rest become arguments.
    llvm::SetVector<Value> captures;
    captures.insert(loop->operand_begin(), loop->operand_end());
    getUsedValuesDefinedAbove(loop->getRegions(), captures);
    SmallVector<Value> args;
    SmallVector<Type> types;
    for (Value v : captures) {
      Operation *def = v.getDefiningOp();
      if (def && isConstant(def))
        continue;
      args.push_back(v);
      types.push_back(v.getType());
    }
    std::string name;
    do {
      name = (impl.getName() + "_segment" + Twine(index++)).str();
    } while (SymbolTable::lookupSymbolIn(top, name));
    Location loc = loop->getLoc();
    auto func =
        func::FuncOp::create(mb, loc, name, FunctionType::get(ctx, types, {}));
    func.setPrivate();
    func->setAttr("llvm.linkage",
                  LLVM::LinkageAttr::get(ctx, LLVM::Linkage::Internal));
    // LLVM would inline each function back into its only caller.
    // (func-to-llvm keeps `passthrough`, the LLVM function attributes.)
    func->setAttr("passthrough",
                  ArrayAttr::get(ctx, {StringAttr::get(ctx, "noinline")}));
    mb.setInsertionPointAfter(func);
    Block *entry = func.addEntryBlock();
    OpBuilder fb = OpBuilder::atBlockEnd(entry);
    IRMapping map;
    for (Value v : captures)
      if (Operation *def = v.getDefiningOp(); def && isConstant(def))
        map.map(v,
                fb.clone(*def)->getResult(cast<OpResult>(v).getResultNumber()));
    map.map(args, entry->getArguments());
    fb.clone(*loop, map);
    func::ReturnOp::create(fb, loc);
    OpBuilder cb(loop);
    func::CallOp::create(cb, loc, func, args);
    loop->erase();
  }
  segmentLoops.clear();
}
