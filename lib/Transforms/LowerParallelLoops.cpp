//===- LowerParallelLoops.cpp - grid-stride loops and reductions -*- C++ -*-=//

#include "kgpu/Dialect/Kgpu/Utils/Atomics.h"
#include "kgpu/Dialect/Kgpu/Utils/GridStride.h"
#include "kgpu/Dialect/Kgpu/Utils/KernelAttrs.h"
#include "kgpu/Dialect/Kgpu/Utils/Reductions.h"
#include "kgpu/Transforms/Passes.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

namespace mlir {
namespace kgpu {
#define GEN_PASS_DEF_KGPULOWERPARALLELLOOPS
#include "kgpu/Transforms/Passes.h.inc"
} // namespace kgpu
} // namespace mlir

using namespace mlir;
using namespace mlir::kgpu;

namespace {

/// Folds `value` into `memref[indices]` atomically with `kind`.
void combineIntoMemory(OpBuilder &b, Location loc, ReductionKind kind,
                       Value value, Value memref, ValueRange indices) {
  if (std::optional<AtomicKind> atomic = getAtomicKind(kind)) {
    AtomicRMWOp::create(b, loc, *atomic, value, memref, indices);
    return;
  }
  // No atomic multiply anywhere: a compare-and-swap loop.
  createAtomicCASLoop(b, loc, memref, indices, value.getType(),
                      [&](OpBuilder &b, Location loc, Value old) {
                        return createReductionCombine(b, loc, kind, old, value);
                      });
}

/// The linear global id and size over all three dimensions.
std::pair<Value, Value> linearGlobalIdAndSize(OpBuilder &b, Location loc) {
  Value id, size;
  for (Dimension d : {Dimension::z, Dimension::y, Dimension::x}) {
    Value gid = GlobalIdOp::create(b, loc, d);
    Value gsize = GlobalSizeOp::create(b, loc, d);
    if (!id) {
      id = gid;
      size = gsize;
      continue;
    }
    id = arith::AddIOp::create(b, loc, arith::MulIOp::create(b, loc, id, gsize),
                               gid);
    size = arith::MulIOp::create(b, loc, size, gsize);
  }
  return {id, size};
}

/// Moves the body of `loop` before `dest`'s position, mapping the induction
/// variables to `ivs`, and erases `loop`.
void inlineBody(ParallelForOp loop, Block *destBlock, Block::iterator destPos,
                ValueRange ivs) {
  Block *body = loop.getBodyBlock();
  for (auto [arg, iv] : llvm::zip(body->getArguments(), ivs))
    arg.replaceAllUsesWith(iv);
  body->getTerminator()->erase();
  destBlock->getOperations().splice(destPos, body->getOperations());
  loop.erase();
}

/// A step that is not a positive constant may be zero or negative at run
/// time (the verifier rejects only constant ones): such a dimension runs no
/// iterations, on every target. Returns the upper bound and a step that is
/// always positive (`lb` and 1 for a non-positive step), so that no trip
/// count divides by zero and no loop runs forever.
std::pair<Value, Value> guardStep(OpBuilder &b, Location loc, Value lower,
                                  Value upper, Value step) {
  APInt value;
  if (matchPattern(step, m_ConstantInt(&value)) && value.isStrictlyPositive())
    return {upper, step};
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value positive =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt, step, zero);
  return {arith::SelectOp::create(b, loc, positive, upper, lower),
          arith::SelectOp::create(b, loc, positive, step, one)};
}

/// A nested parallel loop runs sequentially inside one work-item.
void lowerSequentially(ParallelForOp loop) {
  OpBuilder b(loop);
  Location loc = loop.getLoc();
  SmallVector<Value> ivs;
  Block *block = loop->getBlock();
  Block::iterator pos = Block::iterator(loop);
  for (unsigned d = 0; d < loop.getNumDims(); ++d) {
    auto [upper, step] = guardStep(b, loc, loop.getLowerBound()[d],
                                   loop.getUpperBound()[d], loop.getStep()[d]);
    auto forOp =
        scf::ForOp::create(b, loc, loop.getLowerBound()[d], upper, step);
    ivs.push_back(forOp.getInductionVar());
    b.setInsertionPoint(forOp.getBody()->getTerminator());
    block = forOp.getBody();
    pos = Block::iterator(forOp.getBody()->getTerminator());
  }
  inlineBody(loop, block, pos, ivs);
}

struct Reduction {
  ReductionKind kind;
  Value output;
  SmallVector<Value> indices;
};

/// The memref.allocas defined outside `loop` that its body uses.
SmallVector<memref::AllocaOp> privateArraysOf(ParallelForOp loop) {
  llvm::SetVector<Operation *> found;
  loop.getBodyBlock()->walk([&](Operation *op) {
    for (Value operand : op->getOperands())
      if (auto alloca = operand.getDefiningOp<memref::AllocaOp>())
        if (!loop->isAncestor(alloca))
          found.insert(alloca);
  });
  SmallVector<memref::AllocaOp> allocas;
  for (Operation *op : found)
    allocas.push_back(cast<memref::AllocaOp>(op));
  return allocas;
}

/// Whether the loop may run `width` contiguous iterations per work-item and
/// step: one dimension of constant step 1 and a body without loops (a
/// memory-bound body; a loop inside would serialise `width` of them).
bool canUnrollContiguous(ParallelForOp loop) {
  if (loop.getNumDims() != 1)
    return false;
  APInt step;
  if (!matchPattern(loop.getStep()[0], m_ConstantInt(&step)) || !step.isOne())
    return false;
  // Atomics are not bandwidth-bound, and four float CAS loops in a row lost
  // updates on lavapipe (test/Integration/Exact): keep them one per step.
  WalkResult inner = loop.getBodyBlock()->walk([](Operation *op) {
    return isa<LoopLikeOpInterface, ParallelForOp, AtomicRMWOp, AtomicCASOp>(
               op)
               ? WalkResult::interrupt()
               : WalkResult::advance();
  });
  if (inner.wasInterrupted())
    return false;
  // Private arrays the body uses (allocated at the function's entry, as
  // the frontends do) get one copy per lane below; one that is also used
  // outside the loop (a table filled before it) cannot be copied.
  for (memref::AllocaOp alloca : privateArraysOf(loop))
    for (Operation *user : alloca->getUsers())
      if (!loop->isAncestor(user))
        return false;
  return true;
}

void lowerDistributed(ParallelForOp loop, unsigned vectorWidth) {
  Location loc = loop.getLoc();
  OpBuilder b(loop);
  auto func = loop->getParentOfType<FunctionOpInterface>();
  bool uniform = loop->getParentOp() == func.getOperation() && isKernel(func);

  // Reductions whose target is fixed for the whole loop accumulate in a
  // private value; the others are atomics at each contribution.
  llvm::MapVector<Operation *, SmallVector<ReduceOp>> groups;
  SmallVector<ReduceOp> direct;
  loop.walk([&](ReduceOp r) {
    auto outside = [&](Value v) {
      return !loop->isAncestor(v.getParentRegion()->getParentOp());
    };
    bool fixed = uniform && outside(r.getOutput()) &&
                 llvm::all_of(r.getIndices(), outside);
    if (!fixed) {
      direct.push_back(r);
      return;
    }
    // Group by (output, indices, kind) through a representative op.
    for (auto &[rep, members] : groups) {
      auto first = cast<ReduceOp>(rep);
      if (first.getOutput() == r.getOutput() &&
          first.getKind() == r.getKind() &&
          first.getIndices() == r.getIndices()) {
        members.push_back(r);
        return;
      }
    }
    groups[r.getOperation()].push_back(r);
  });

  // Reductions into elements indexed by the iteration are atomics too.
  unsigned width = vectorWidth > 1 && direct.empty() && canUnrollContiguous(loop)
                       ? vectorWidth
                       : 1;

  // One accumulator per contiguous lane (independent dependence chains); the
  // body's own reductions use lane 0's, the unrolled copies the others.
  SmallVector<std::pair<Reduction, Value>> accumulators;
  SmallVector<SmallVector<Value>> laneAccumulators;
  for (auto &[rep, members] : groups) {
    auto first = cast<ReduceOp>(rep);
    Type type = first.getValue().getType();
    SmallVector<Value> lanes;
    for (unsigned j = 0; j < width; ++j) {
      Value lane = memref::AllocaOp::create(b, loc, MemRefType::get({}, type));
      memref::StoreOp::create(
          b, loc, createReductionIdentity(b, loc, first.getKind(), type),
          lane);
      lanes.push_back(lane);
    }
    Value acc = lanes.front();
    laneAccumulators.push_back(lanes);
    for (ReduceOp r : members) {
      OpBuilder rb(r);
      Value old = memref::LoadOp::create(rb, r.getLoc(), acc);
      Value updated = createReductionCombine(rb, r.getLoc(), r.getKind(), old,
                                             r.getValue());
      memref::StoreOp::create(rb, r.getLoc(), updated, acc);
    }
    Reduction red{first.getKind(), first.getOutput(),
                  SmallVector<Value>(first.getIndices())};
    accumulators.push_back({red, acc});
    for (ReduceOp r : members)
      r.erase();
  }
  for (ReduceOp r : direct) {
    OpBuilder rb(r);
    combineIntoMemory(rb, r.getLoc(), r.getKind(), r.getValue(), r.getOutput(),
                      r.getIndices());
    r.erase();
  }

  // The grid-stride loop over the linearised iteration space.
  unsigned n = loop.getNumDims();
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  SmallVector<Value> tripCounts;
  Value total;
  SmallVector<Value> steps;
  for (unsigned d = 0; d < n; ++d) {
    auto [upper, step] = guardStep(b, loc, loop.getLowerBound()[d],
                                   loop.getUpperBound()[d], loop.getStep()[d]);
    steps.push_back(step);
    Value diff = arith::SubIOp::create(b, loc, upper, loop.getLowerBound()[d]);
    diff = arith::MaxSIOp::create(b, loc, diff, zero);
    Value count = arith::CeilDivSIOp::create(b, loc, diff, step);
    tripCounts.push_back(count);
    total =
        total ? arith::MulIOp::create(b, loc, total, count).getResult() : count;
  }
  auto [linearId, linearSize] = linearGlobalIdAndSize(b, loc);
  Value start = linearId;
  if (width > 1) {
    // Work-item g runs the contiguous iterations [W*v, W*v + W) for
    // v = g, g + G, ... below total / W (unrolled, so that the loads of a
    // step are independent and adjacent: 128-bit accesses where the
    // target proves the alignment), then the grid-stride loop below runs
    // the total % W iterations left.
    Value cWidth = arith::ConstantIndexOp::create(b, loc, width);
    Value vectors = arith::DivSIOp::create(b, loc, total, cWidth);
    auto vecFor = scf::ForOp::create(b, loc, linearId, vectors, linearSize);
    vecFor->setAttr(kGridStrideAttrName, b.getUnitAttr());
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(vecFor.getBody()->getTerminator());
    Value base = arith::MulIOp::create(b, loc, vecFor.getInductionVar(), cWidth);
    Block *body = loop.getBodyBlock();
    SmallVector<IRMapping> mappings(width);
    for (unsigned j = 0; j < width; ++j) {
      Value index = base;
      if (j)
        index = arith::AddIOp::create(
            b, loc, base, arith::ConstantIndexOp::create(b, loc, j));
      mappings[j].map(
          body->getArgument(0),
          arith::AddIOp::create(b, loc, loop.getLowerBound()[0], index)
              .getResult());
      for (SmallVector<Value> &lanes : laneAccumulators)
        mappings[j].map(lanes.front(), lanes[j]);
    }
    // Each lane its own copy of the private arrays the body uses: the
    // copies run in lockstep, so one lane's stores would land between
    // another's (canUnrollContiguous: they are used only in the body).
    for (memref::AllocaOp alloca : privateArraysOf(loop)) {
      OpBuilder ab(alloca);
      for (unsigned j = 1; j < width; ++j)
        if (!mappings[j].contains(alloca.getResult()))
          mappings[j].map(alloca.getResult(), ab.clone(*alloca)->getResult(0));
    }
    // The copies in lockstep, op by op: the iterations of a parallel loop
    // are independent, so iteration j + 1's loads may precede iteration
    // j's stores, and the W loads (stores) of one access are adjacent for
    // the vectorizer with no store between them (it cannot prove that
    // distinct buffers do not alias).
    for (Operation &op : body->without_terminator())
      for (unsigned j = 0; j < width; ++j)
        b.clone(op, mappings[j]);
    b.setInsertionPointAfter(vecFor);
    start = arith::AddIOp::create(
        b, loc, arith::MulIOp::create(b, loc, vectors, cWidth), linearId);
  }
  auto forOp = scf::ForOp::create(b, loc, start, total, linearSize);
  forOp->setAttr(kGridStrideAttrName, b.getUnitAttr());
  b.setInsertionPointToStart(forOp.getBody());
  SmallVector<Value> ivs(n);
  Value rest = forOp.getInductionVar();
  for (int d = n - 1; d >= 0; --d) {
    Value index = rest;
    if (d > 0) {
      index = arith::RemUIOp::create(b, loc, rest, tripCounts[d]);
      rest = arith::DivUIOp::create(b, loc, rest, tripCounts[d]);
    }
    ivs[d] =
        arith::AddIOp::create(b, loc, loop.getLowerBound()[d],
                              arith::MulIOp::create(b, loc, index, steps[d]));
  }
  inlineBody(loop, forOp.getBody(),
             Block::iterator(forOp.getBody()->getTerminator()), ivs);

  // Combine the partial values: work-group reduction, then one atomic.
  b.setInsertionPointAfter(forOp);
  if (accumulators.empty())
    return;
  Value isFirst;
  for (Dimension d : {Dimension::x, Dimension::y, Dimension::z}) {
    Value lid = LocalIdOp::create(b, loc, d);
    Value eq =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lid, zero);
    isFirst =
        isFirst ? arith::AndIOp::create(b, loc, isFirst, eq).getResult() : eq;
  }
  for (auto [entry, lanes] : llvm::zip(accumulators, laneAccumulators)) {
    auto &[red, acc] = entry;
    Value partial = memref::LoadOp::create(b, loc, acc);
    for (Value lane : ArrayRef<Value>(lanes).drop_front())
      partial = createReductionCombine(
          b, loc, red.kind, partial, memref::LoadOp::create(b, loc, lane));
    Value groupTotal = GroupReduceOp::create(b, loc, red.kind, partial);
    auto ifOp = scf::IfOp::create(b, loc, isFirst, /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    combineIntoMemory(b, loc, red.kind, groupTotal, red.output, red.indices);
  }
}

struct KgpuLowerParallelLoopsPass
    : mlir::kgpu::impl::KgpuLowerParallelLoopsBase<KgpuLowerParallelLoopsPass> {
  using KgpuLowerParallelLoopsBase::KgpuLowerParallelLoopsBase;
  void runOnOperation() override {
    // Record each kernel's default work-group size before the lowering adds
    // ids in all three dimensions (which would change the inferred size).
    // The size stays dynamic: grid-stride loops are correct for any size.
    getOperation().walk([](FunctionOpInterface func) {
      if (!isKernel(func) || hasWorkgroupSizeAttr(func))
        return;
      bool hasLoop = false;
      func.walk([&](ParallelForOp) { hasLoop = true; });
      if (hasLoop)
        setDefaultWorkgroupSize(func, getKernelWorkgroupSize(func));
    });
    SmallVector<ParallelForOp> outermost;
    getOperation().walk([&](ParallelForOp loop) {
      if (!loop->getParentOfType<ParallelForOp>())
        outermost.push_back(loop);
    });
    for (ParallelForOp loop : outermost)
      lowerDistributed(loop, vectorWidth);
    // What is left was nested in a distributed loop.
    SmallVector<ParallelForOp> nested;
    getOperation().walk<WalkOrder::PreOrder>(
        [&](ParallelForOp loop) { nested.push_back(loop); });
    for (ParallelForOp loop : nested)
      lowerSequentially(loop);
  }
};

} // namespace
