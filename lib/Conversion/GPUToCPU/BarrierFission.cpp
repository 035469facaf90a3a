//===- BarrierFission.cpp - segments between barriers ---------------------===//
//
// Steps 4 and 5 of convert-gpu-to-cpu (KernelConverter.h): splits every
// work-group-uniform block at its barriers and subgroup ops into segments
// (each emitted as one work-item loop nest), group-level ops (run once per
// work-group) and hoisted constructs (an scf op that holds a barrier, run at
// work-group level with segments inside); then decides which values live
// across segments: spill slots (per work-item or uniform), rematerialized
// pure ops, and private arrays that need per-work-item storage.
//
//===----------------------------------------------------------------------===//

#include "KernelConverter.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::kgpu::gpu_to_cpu;

/// Types a spill slot can hold.
static bool isStorable(Type type) {
  if (auto v = dyn_cast<VectorType>(type))
    type = v.getElementType();
  return isa<IntegerType, FloatType, IndexType>(type);
}

bool KernelConverter::isGroupAvailable(Value v) {
  if (auto arg = dyn_cast<BlockArgument>(v))
    return arg.getOwner() == &kernel.getBody().front() ||
           groupValues.contains(v);
  Operation *def = v.getDefiningOp();
  if (isFreeOp(def))
    return !isVariantIdOp(def) && !isPrivateAlloca(def);
  return groupValues.contains(v);
}

/// Pure computations on work-group-level values run once per group.
bool KernelConverter::canRunAtGroupLevel(Operation *op) {
  return op->getNumRegions() == 0 && op->getNumResults() != 0 &&
         isMemoryEffectFree(op) &&
         llvm::all_of(op->getOperands(),
                      [&](Value v) { return isGroupAvailable(v); });
}

LogicalResult KernelConverter::plan(Block *block, bool topLevel) {
  uniformBlocks.insert(block);
  SmallVector<PlanItem> items;
  int open = -1; // index in `items` of the open segment
  auto newSegment = [&](Operation *collective) {
    segments.push_back(Segment{collective, {}, topLevel});
    items.push_back(
        {PlanItem::SegmentItem, unsigned(segments.size() - 1), nullptr});
    open = items.size() - 1;
    if (collective)
      segmentOf[collective] = segments.size() - 1;
  };
  for (Operation &op : *block) {
    if (isFreeOp(&op) || op.hasTrait<OpTrait::IsTerminator>())
      continue;
    if (isa<gpu::BarrierOp>(op)) {
      open = -1;
      continue;
    }
    if (isCollective(&op)) {
      newSegment(&op);
      continue;
    }
    if (syncContainers.contains(&op)) {
      open = -1;
      items.push_back({PlanItem::Hoisted, 0, &op});
      for (Value r : op.getResults())
        groupValues.insert(r);
      for (Region &region : op.getRegions())
        for (Block &nested : region) {
          for (BlockArgument arg : nested.getArguments())
            groupValues.insert(arg);
          if (failed(plan(&nested, /*topLevel=*/false)))
            return failure();
        }
      continue;
    }
    if (canRunAtGroupLevel(&op)) {
      PlanItem item{PlanItem::GroupOp, 0, &op};
      if (open >= 0)
        items.insert(items.begin() + open++, item);
      else
        items.push_back(item);
      for (Value r : op.getResults())
        groupValues.insert(r);
      continue;
    }
    if (open < 0)
      newSegment(nullptr);
    unsigned id = items[open].segment;
    segments[id].ops.push_back(&op);
    segmentOf[&op] = id;
  }
  plans[block] = std::move(items);
  return success();
}

LogicalResult KernelConverter::need(Value v, bool groupUse, Operation *user) {
  Operation *def = v.getDefiningOp();
  if (!def) // block arguments of the kernel or of hoisted constructs
    return success();
  if (isPrivateAlloca(def)) {
    if (groupUse)
      return user->emitOpError(
          "needs private memory at work-group level (internal error)");
    expandedPrivate.insert(def);
    return success();
  }
  if (!segmentOf.contains(def))
    return success();
  if (groupUse && isVariant(v))
    return user->emitOpError("uses a value that depends on the work-item id "
                             "in work-group-uniform code");
  if (isStorable(v.getType())) {
    Slot &slot = slots[v];
    slot.uniform = !isVariant(v);
    return success();
  }
  if (def->getNumRegions() == 0 && isMemoryEffectFree(def)) {
    if (!remat.insert(v).second)
      return success();
    for (Value operand : def->getOperands())
      if (failed(need(operand, groupUse, user)))
        return failure();
    return success();
  }
  InFlightDiagnostic diag = def->emitOpError("result of type ")
                            << v.getType()
                            << " is used across a barrier or subgroup "
                               "operation, which the CPU target cannot do";
  diag.attachNote(user->getLoc()) << "used here";
  return diag;
}

LogicalResult KernelConverter::analyzeSpills() {
  for (auto [id, segment] : llvm::enumerate(segments)) {
    SmallVector<Operation *> ops;
    if (segment.collective)
      ops.push_back(segment.collective);
    llvm::append_range(ops, segment.ops);
    for (Operation *op : ops) {
      Block *block = op->getBlock();
      for (Value result : op->getResults()) {
        for (OpOperand &use : result.getUses()) {
          Operation *user = use.getOwner();
          Operation *ancestor = block->findAncestorOpInBlock(*user);
          auto it = segmentOf.find(ancestor);
          if (it != segmentOf.end() && it->second == id)
            continue;
          bool groupUse = syncContainers.contains(user) ||
                          (user->hasTrait<OpTrait::IsTerminator>() &&
                           uniformBlocks.contains(user->getBlock()));
          if (failed(need(result, groupUse, user)))
            return failure();
        }
      }
    }
    // Operands of collectives are read for other lanes.
    if (segment.collective)
      for (Value operand : segment.collective->getOperands())
        if (failed(need(operand, /*groupUse=*/false, segment.collective)))
          return failure();
  }
  // Private arrays used by several segments, or inside hoisted constructs
  // (where one work-item's data must survive the other work-items' turns),
  // need storage per work-item.
  Block &entry = kernel.getBody().front();
  for (Operation &op : entry) {
    if (!isPrivateAlloca(&op))
      continue;
    std::optional<unsigned> only;
    for (Operation *user : op.getUsers()) {
      Operation *ancestor = entry.findAncestorOpInBlock(*user);
      auto it = segmentOf.find(ancestor);
      if (it == segmentOf.end() || !segments[it->second].topLevel ||
          (only && *only != it->second)) {
        expandedPrivate.insert(&op);
        break;
      }
      only = it->second;
    }
  }
  return success();
}
