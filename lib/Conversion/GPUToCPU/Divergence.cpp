//===- Divergence.cpp - uniform control flow at barriers ------------------===//
//
// Steps 2 and 3 of convert-gpu-to-cpu (KernelConverter.h): which values
// differ between the work-items of a work-group (kgpu's uniformity analysis);
// every construct that holds a barrier or subgroup op must have
// work-group-uniform control, and its work-item-dependent carried values are
// demoted to private memory, so that the planner can split it.
//
//===----------------------------------------------------------------------===//

#include "KernelConverter.h"

#include "kgpu/Analysis/Uniformity.h"

using namespace mlir;
using namespace mlir::kgpu::gpu_to_cpu;

void KernelConverter::collectSyncContainers() {
  syncContainers.clear();
  kernel.walk([&](Operation *op) {
    if (!isSync(op))
      return;
    for (Operation *p = op->getParentOp(); p && p != kernel.getOperation();
         p = p->getParentOp())
      syncContainers.insert(p);
  });
}

void KernelConverter::computeVariance() {
  // kgpu's uniformity analysis, with each private array varying (every
  // work-item has its own copy in the work-item loops).
  variant.clear();
  kgpu::UniformityOptions options;
  options.privateAllocasVary = true;
  kgpu::UniformityInfo info(kernel, options);
  kernel.walk([&](Operation *op) {
    for (Value result : op->getResults())
      if (info.isVarying(result))
        variant.insert(result);
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          if (info.isVarying(arg))
            variant.insert(arg);
  });
}
Operation *firstSyncOp(Operation *op) {
  Operation *found = nullptr;
  op->walk<WalkOrder::PreOrder>([&](Operation *nested) {
    if (!isSync(nested))
      return WalkResult::advance();
    found = nested;
    return WalkResult::interrupt();
  });
  return found;
}

LogicalResult KernelConverter::checkAndDemote() {
  SmallVector<Operation *> containers;
  kernel.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (syncContainers.contains(op))
      containers.push_back(op);
  });
  auto divergent = [&](Operation *op, StringRef what) {
    Operation *sync = firstSyncOp(op);
    InFlightDiagnostic diag =
        sync->emitOpError("is inside control flow that depends on the "
                          "work-item id; the CPU target requires barriers and "
                          "subgroup operations under work-group-uniform "
                          "control flow");
    diag.attachNote(op->getLoc())
        << "the " << what << " of this '" << op->getName() << "' depend"
        << (what == "bounds" ? "" : "s") << " on the work-item id";
    return diag;
  };
  for (Operation *op : containers) {
    if (auto forOp = dyn_cast<scf::ForOp>(op)) {
      if (isVariant(forOp.getLowerBound()) ||
          isVariant(forOp.getUpperBound()) || isVariant(forOp.getStep()))
        return divergent(op, "bounds");
    } else if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
      if (isVariant(ifOp.getCondition()))
        return divergent(op, "condition");
    } else if (auto whileOp = dyn_cast<scf::WhileOp>(op)) {
      if (isVariant(whileOp.getConditionOp().getCondition()))
        return divergent(op, "condition");
    } else {
      Operation *sync = firstSyncOp(op);
      InFlightDiagnostic diag = sync->emitOpError(
          "is inside an op the CPU target cannot split at barriers");
      diag.attachNote(op->getLoc())
          << "only scf.for, scf.if and scf.while may contain barriers and "
             "subgroup operations";
      return diag;
    }
  }
  for (Operation *op : containers) {
    if (auto forOp = dyn_cast<scf::ForOp>(op)) {
      SmallVector<unsigned> demoted;
      for (unsigned i = 0, e = forOp.getNumResults(); i < e; ++i)
        if (isVariant(forOp.getRegionIterArgs()[i]))
          demoted.push_back(i);
      if (!demoted.empty())
        demoteFor(forOp, demoted);
    } else if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
      SmallVector<unsigned> demoted;
      for (unsigned i = 0, e = ifOp.getNumResults(); i < e; ++i)
        if (isVariant(ifOp.getResult(i)))
          demoted.push_back(i);
      if (!demoted.empty())
        demoteIf(ifOp, demoted);
    } else if (auto whileOp = dyn_cast<scf::WhileOp>(op)) {
      SmallVector<unsigned> before, after;
      for (auto [i, arg] : llvm::enumerate(whileOp.getBeforeArguments()))
        if (isVariant(arg))
          before.push_back(i);
      for (auto [i, arg] : llvm::enumerate(whileOp.getAfterArguments()))
        if (isVariant(arg))
          after.push_back(i);
      if (!before.empty() || !after.empty())
        demoteWhile(whileOp, before, after);
    }
  }
  return success();
}

Value KernelConverter::createPrivateSlot(Type type, Location loc) {
  Block &entry = kernel.getBody().front();
  OpBuilder b = OpBuilder::atBlockBegin(&entry);
  return memref::AllocaOp::create(b, loc, MemRefType::get({}, type));
}

/// Erases the block arguments at `indices` (which must have no uses).
static void eraseArguments(Block *block, ArrayRef<unsigned> indices,
                           unsigned offset = 0) {
  for (unsigned i : llvm::reverse(indices))
    block->eraseArgument(offset + i);
}

template <typename Range>
static SmallVector<Value> without(Range values, ArrayRef<unsigned> indices) {
  SmallVector<Value> kept;
  for (auto [i, v] : llvm::enumerate(values))
    if (!llvm::is_contained(indices, i))
      kept.push_back(v);
  return kept;
}

void KernelConverter::demoteFor(scf::ForOp op, ArrayRef<unsigned> demoted) {
  Location loc = op.getLoc();
  OpBuilder b(op);
  Block *body = op.getBody();
  auto yield = cast<scf::YieldOp>(body->getTerminator());
  OpBuilder bodyBuilder = OpBuilder::atBlockBegin(body);
  OpBuilder yieldBuilder(yield);
  SmallVector<Value> slotsForResults;
  for (unsigned i : demoted) {
    Value slot = createPrivateSlot(op.getResult(i).getType(), loc);
    slotsForResults.push_back(slot);
    memref::StoreOp::create(b, loc, op.getInitArgs()[i], slot);
    Value current = memref::LoadOp::create(bodyBuilder, loc, slot);
    op.getRegionIterArgs()[i].replaceAllUsesWith(current);
    memref::StoreOp::create(yieldBuilder, loc, yield.getOperand(i), slot);
  }
  yield->setOperands(without(yield.getOperands(), demoted));
  auto newFor =
      scf::ForOp::create(b, loc, op.getLowerBound(), op.getUpperBound(),
                         op.getStep(), without(op.getInitArgs(), demoted));
  newFor.getRegion().takeBody(op.getRegion());
  eraseArguments(newFor.getBody(), demoted, /*offset=*/1);
  b.setInsertionPointAfter(newFor);
  unsigned kept = 0;
  for (unsigned i = 0, e = op.getNumResults(); i < e; ++i) {
    auto it = llvm::find(demoted, i);
    if (it == demoted.end()) {
      op.getResult(i).replaceAllUsesWith(newFor.getResult(kept++));
      continue;
    }
    Value slot = slotsForResults[it - demoted.begin()];
    op.getResult(i).replaceAllUsesWith(memref::LoadOp::create(b, loc, slot));
  }
  op.erase();
}

void KernelConverter::demoteIf(scf::IfOp op, ArrayRef<unsigned> demoted) {
  Location loc = op.getLoc();
  OpBuilder b(op);
  SmallVector<Value> slotList;
  for (unsigned i : demoted)
    slotList.push_back(createPrivateSlot(op.getResult(i).getType(), loc));
  for (scf::YieldOp yield : {op.thenYield(), op.elseYield()}) {
    OpBuilder yb(yield);
    for (auto [i, slot] : llvm::zip(demoted, slotList))
      memref::StoreOp::create(yb, loc, yield.getOperand(i), slot);
    yield->setOperands(without(yield.getOperands(), demoted));
  }
  SmallVector<Type> types;
  for (Value v : without(op.getResults(), demoted))
    types.push_back(v.getType());
  auto newIf =
      scf::IfOp::create(b, loc, types, op.getCondition(),
                        /*addThenBlock=*/false, /*addElseBlock=*/false);
  newIf.getThenRegion().takeBody(op.getThenRegion());
  newIf.getElseRegion().takeBody(op.getElseRegion());
  b.setInsertionPointAfter(newIf);
  unsigned kept = 0;
  for (unsigned i = 0, e = op.getNumResults(); i < e; ++i) {
    auto it = llvm::find(demoted, i);
    if (it == demoted.end()) {
      op.getResult(i).replaceAllUsesWith(newIf.getResult(kept++));
      continue;
    }
    Value slot = slotList[it - demoted.begin()];
    op.getResult(i).replaceAllUsesWith(memref::LoadOp::create(b, loc, slot));
  }
  op.erase();
}

void KernelConverter::demoteWhile(scf::WhileOp op,
                                  ArrayRef<unsigned> beforeDemoted,
                                  ArrayRef<unsigned> afterDemoted) {
  Location loc = op.getLoc();
  OpBuilder b(op);
  Block *before = op.getBeforeBody();
  Block *after = op.getAfterBody();
  scf::ConditionOp cond = op.getConditionOp();
  scf::YieldOp yield = op.getYieldOp();

  // Loop-carried values (before-region arguments).
  OpBuilder beforeBuilder = OpBuilder::atBlockBegin(before);
  OpBuilder yieldBuilder(yield);
  for (unsigned i : beforeDemoted) {
    Value slot = createPrivateSlot(before->getArgument(i).getType(), loc);
    memref::StoreOp::create(b, loc, op.getInits()[i], slot);
    before->getArgument(i).replaceAllUsesWith(
        memref::LoadOp::create(beforeBuilder, loc, slot));
    memref::StoreOp::create(yieldBuilder, loc, yield.getOperand(i), slot);
  }
  yield->setOperands(without(yield.getOperands(), beforeDemoted));

  // Values forwarded by scf.condition (after-region arguments and results).
  OpBuilder condBuilder(cond);
  OpBuilder afterBuilder = OpBuilder::atBlockBegin(after);
  SmallVector<Value> resultSlots;
  for (unsigned i : afterDemoted) {
    Value slot = createPrivateSlot(after->getArgument(i).getType(), loc);
    resultSlots.push_back(slot);
    memref::StoreOp::create(condBuilder, loc, cond.getArgs()[i], slot);
    after->getArgument(i).replaceAllUsesWith(
        memref::LoadOp::create(afterBuilder, loc, slot));
  }
  SmallVector<Value> condOperands = {cond.getCondition()};
  llvm::append_range(condOperands, without(cond.getArgs(), afterDemoted));
  cond->setOperands(condOperands);

  SmallVector<Type> types;
  for (Value v : without(op.getResults(), afterDemoted))
    types.push_back(v.getType());
  auto newWhile = scf::WhileOp::create(b, loc, types,
                                       without(op.getInits(), beforeDemoted));
  newWhile.getBefore().takeBody(op.getBefore());
  newWhile.getAfter().takeBody(op.getAfter());
  eraseArguments(newWhile.getBeforeBody(), beforeDemoted);
  eraseArguments(newWhile.getAfterBody(), afterDemoted);
  b.setInsertionPointAfter(newWhile);
  unsigned kept = 0;
  for (unsigned i = 0, e = op.getNumResults(); i < e; ++i) {
    auto it = llvm::find(afterDemoted, i);
    if (it == afterDemoted.end()) {
      op.getResult(i).replaceAllUsesWith(newWhile.getResult(kept++));
      continue;
    }
    Value slot = resultSlots[it - afterDemoted.begin()];
    op.getResult(i).replaceAllUsesWith(memref::LoadOp::create(b, loc, slot));
  }
  op.erase();
}
