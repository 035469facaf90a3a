//===- RaiseParallelLoops.cpp - @Parallel loops to kgpu.parallel_for ------===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//
//
// kgpu-jvm-raise-parallel-loops and kgpu-jvm-raise-reductions: the JVM
// frontend's passes after kgpu-frontend-cleanup (Passes.td says what they
// do and why upstream has no equivalent).
//
//===----------------------------------------------------------------------===//

#include "kgpu/Frontend/JVM/Passes.h"
#include "kgpu/Dialect/Kgpu/Utils/KernelAttrs.h"
#include "kgpu/Transforms/Canonicalize.h"


#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/Passes.h"

namespace mlir {
namespace kgpu {
#define GEN_PASS_DEF_KGPUJVMRAISEPARALLELLOOPS
#define GEN_PASS_DEF_KGPUJVMRAISEREDUCTIONS
#define GEN_PASS_DEF_KGPUJVMNARROWFLOATOPS
#include "kgpu/Frontend/JVM/Passes.h.inc"
} // namespace kgpu
} // namespace mlir

using namespace mlir;
using namespace mlir::kgpu;

namespace {

/// The marked exit test of `loop`, or null.
arith::CmpIOp getMarkedTest(scf::WhileOp loop) {
  auto condition = loop.getConditionOp();
  auto cmp = condition.getCondition().getDefiningOp<arith::CmpIOp>();
  if (!cmp || !cmp->hasAttr(kJVMParallelAttrName))
    return nullptr;
  return cmp;
}

StringRef getVariableName(Operation *test) {
  if (auto name = test->getAttrOfType<StringAttr>(kJVMParallelAttrName))
    return name.getValue();
  return "?";
}

/// Replaces `loop` (no iteration arguments, positive constant step) by a
/// one-dimensional kgpu.parallel_for over index.
LogicalResult toParallelFor(RewriterBase &rewriter, scf::ForOp loop,
                            Location testLoc, StringRef name) {
  if (loop.getNumRegionIterArgs() != 0) {
    // A value carried from one iteration to the next: a local variable
    // assigned in the loop and read in a later iteration or after it.
    emitError(testLoc) << "KG-E0302: the @Parallel loop over '" << name
                       << "' carries a value from one iteration to the next "
                          "(a local variable assigned in the loop and read in "
                          "a later iteration or after the loop); iterations "
                          "of a parallel loop are independent: use an array "
                          "element per iteration or a @Reduce parameter";
    return failure();
  }
  APInt step;
  if (!matchPattern(loop.getStep(), m_ConstantInt(&step)) ||
      !step.isStrictlyPositive()) {
    emitError(testLoc) << "KG-E0301: the @Parallel loop over '" << name
                       << "' needs a positive constant step (i++, i += 2)";
    return failure();
  }
  Location loc = loop.getLoc();
  rewriter.setInsertionPoint(loop);
  Type indexType = rewriter.getIndexType();
  Value lb = arith::IndexCastOp::create(rewriter, loc, indexType,
                                        loop.getLowerBound());
  Value ub = arith::IndexCastOp::create(rewriter, loc, indexType,
                                        loop.getUpperBound());
  Value st = arith::ConstantIndexOp::create(rewriter, loc, step.getSExtValue());
  auto parallel = ParallelForOp::create(rewriter, loc, ValueRange{lb},
                                        ValueRange{ub}, ValueRange{st});
  Block *body = parallel.getBodyBlock();
  rewriter.setInsertionPointToStart(body);
  Value iv = body->getArgument(0);
  Value javaIv = iv;
  Type ivType = loop.getInductionVar().getType();
  if (ivType != indexType)
    javaIv = arith::IndexCastOp::create(rewriter, loc, ivType, iv);
  Block *forBody = loop.getBody();
  rewriter.eraseOp(forBody->getTerminator());
  rewriter.inlineBlockBefore(forBody, body->getTerminator(), {javaIv});
  rewriter.eraseOp(loop);
  return success();
}

/// Whether `value` is defined outside `op` or by a pure op in `op`'s body
/// that does not depend on the body's arguments (then it is moved before
/// `op`).
bool hoistOutOf(Value value, ParallelForOp op) {
  Operation *def = value.getDefiningOp();
  if (!def) {
    auto arg = cast<BlockArgument>(value);
    return !op->isAncestor(arg.getOwner()->getParentOp());
  }
  if (!op->isAncestor(def))
    return true;
  if (def->getBlock() != op.getBodyBlock() || !isPure(def) ||
      def->getNumRegions() != 0)
    return false;
  for (Value operand : def->getOperands())
    if (!hoistOutOf(operand, op))
      return false;
  def->moveBefore(op);
  return true;
}

/// Merges `outer` with a kgpu.parallel_for that is the only non-pure op of
/// its body, while the nest has at most 3 dimensions: outer dimensions
/// first, so the innermost source loop varies fastest.
void mergePerfectNest(RewriterBase &rewriter, ParallelForOp outer) {
  while (true) {
    Block *body = outer.getBodyBlock();
    ParallelForOp inner;
    for (Operation &op : body->without_terminator()) {
      if (auto loop = dyn_cast<ParallelForOp>(op)) {
        if (inner)
          return;
        inner = loop;
        continue;
      }
      if (!isPure(&op) || op.getNumRegions() != 0)
        return;
    }
    if (!inner || outer.getNumDims() + inner.getNumDims() > 3)
      return;
    // The pure ops after the inner loop are dead or used only by later
    // ones; the ones before it it may use.
    for (Operation &op : llvm::make_early_inc_range(
             llvm::make_range(std::next(inner->getIterator()),
                              body->getTerminator()->getIterator())))
      if (op.use_empty())
        rewriter.eraseOp(&op);
    if (&*std::next(inner->getIterator()) != body->getTerminator())
      return;
    for (Value bound : llvm::concat<Value>(inner.getLowerBound(),
                                           inner.getUpperBound(),
                                           inner.getStep()))
      if (!hoistOutOf(bound, outer))
        return;
    SmallVector<Value> lbs(outer.getLowerBound()), ubs(outer.getUpperBound()),
        steps(outer.getStep());
    llvm::append_range(lbs, inner.getLowerBound());
    llvm::append_range(ubs, inner.getUpperBound());
    llvm::append_range(steps, inner.getStep());
    rewriter.setInsertionPoint(outer);
    auto merged = ParallelForOp::create(rewriter, outer.getLoc(), lbs, ubs,
                                        steps);
    Block *mergedBody = merged.getBodyBlock();
    unsigned numOuter = outer.getNumDims();
    SmallVector<Value> outerIvs, innerIvs;
    for (unsigned d = 0; d < merged.getNumDims(); ++d)
      (d < numOuter ? outerIvs : innerIvs).push_back(mergedBody->getArgument(d));
    // The outer body's pure ops first, then the inner body.
    Block *innerBody = inner.getBodyBlock();
    rewriter.eraseOp(innerBody->getTerminator());
    rewriter.inlineBlockBefore(innerBody, inner, innerIvs);
    rewriter.eraseOp(inner);
    rewriter.eraseOp(body->getTerminator());
    rewriter.inlineBlockBefore(body, mergedBody->getTerminator(), outerIvs);
    rewriter.eraseOp(outer);
    outer = merged;
  }
}

struct RaiseParallelLoops
    : kgpu::impl::KgpuJVMRaiseParallelLoopsBase<RaiseParallelLoops> {
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    bool failed = false;
    // Innermost loops first, so that an outer loop's body holds the inner
    // kgpu.parallel_for when it is raised.
    SmallVector<scf::WhileOp> loops;
    getOperation().walk([&](scf::WhileOp loop) {
      if (getMarkedTest(loop))
        loops.push_back(loop);
    });
    SmallVector<ParallelForOp> raised;
    for (scf::WhileOp loop : loops) {
      arith::CmpIOp test = getMarkedTest(loop);
      Location testLoc = test.getLoc();
      std::string name = getVariableName(test).str();
      // The bound is often re-read in the test (`i < a.length`): hoist
      // what does not change.
      moveLoopInvariantCode(cast<LoopLikeOpInterface>(loop.getOperation()));
      // (upliftWhileToForLoop creates the loop at the insertion point.)
      rewriter.setInsertionPoint(loop);
      FailureOr<scf::ForOp> forOp = scf::upliftWhileToForLoop(rewriter, loop);
      if (::mlir::failed(forOp)) {
        emitError(testLoc)
            << "KG-E0301: the @Parallel loop over '" << name
            << "' is not a counted loop: it needs the form `for (int "
            << name << " = start; " << name << " < bound; " << name
            << " += step)` with a bound that does not change in the loop and "
               "a positive constant step";
        failed = true;
        continue;
      }
      // Results of the while (the variable's last value) are unused or the
      // loop carries a value.
      if (::mlir::failed(toParallelFor(rewriter, *forOp, testLoc, name))) {
        failed = true;
        continue;
      }
    }
    if (failed)
      return signalPassFailure();
    // Perfect nests to 2-D and 3-D loops, outermost loops first.
    SmallVector<ParallelForOp> outermost;
    getOperation().walk([&](ParallelForOp loop) {
      if (!loop->getParentOfType<ParallelForOp>())
        outermost.push_back(loop);
    });
    for (ParallelForOp loop : outermost)
      mergePerfectNest(rewriter, loop);
    // Kernels with neither a parallel loop nor a KernelContext run once, as
    // TornadoVM's single-thread tasks: the body in a parallel loop of one
    // iteration (any launch runs it exactly once).
    getOperation().walk([&](func::FuncOp func) {
      if (!func->hasAttr(kJVMSingleThreadAttrName))
        return;
      func->removeAttr(kJVMSingleThreadAttrName);
      if (!func.getBody().hasOneBlock())
        return;
      Block &body = func.getBody().front();
      bool hasLoop = false;
      func.walk([&](ParallelForOp) { hasLoop = true; });
      if (hasLoop || body.without_terminator().empty())
        return;
      Operation *ret = body.getTerminator();
      rewriter.setInsertionPointToStart(&body);
      Location loc = func.getLoc();
      Value c0 = arith::ConstantIndexOp::create(rewriter, loc, 0);
      Value c1 = arith::ConstantIndexOp::create(rewriter, loc, 1);
      auto once = ParallelForOp::create(rewriter, loc, ValueRange{c0},
                                        ValueRange{c1}, ValueRange{c1});
      Block *inner = once.getBodyBlock();
      Operation *innerEnd = inner->getTerminator();
      for (Operation &op : llvm::make_early_inc_range(
               llvm::make_range(std::next(once->getIterator()),
                                ret->getIterator())))
        op.moveBefore(innerEnd);
    });
  }
};

/// The reduction kind of `op` combining a loaded element with another
/// value, or nothing.
std::optional<ReductionKind> getCombiningKind(Operation *op) {
  if (isa<arith::AddIOp, arith::AddFOp>(op))
    return ReductionKind::Add;
  if (isa<arith::MulIOp, arith::MulFOp>(op))
    return ReductionKind::Mul;
  if (isa<JvmMinOp, arith::MinSIOp, arith::MinimumFOp>(op))
    return ReductionKind::Min;
  if (isa<JvmMaxOp, arith::MaxSIOp, arith::MaximumFOp>(op))
    return ReductionKind::Max;
  if (isa<arith::AndIOp>(op))
    return ReductionKind::And;
  if (isa<arith::OrIOp>(op))
    return ReductionKind::Or;
  if (isa<arith::XOrIOp>(op))
    return ReductionKind::Xor;
  return std::nullopt;
}

StringRef getParamName(func::FuncOp func, BlockArgument arg) {
  if (auto name = func.getArgAttrOfType<StringAttr>(
          arg.getArgNumber(), KgpuDialect::getArgNameAttrName()))
    return name.getValue();
  return "?";
}

/// The constant element index of a one-dimensional access, or nothing.
std::optional<int64_t> getConstantElement(ValueRange indices) {
  if (indices.size() != 1)
    return std::nullopt;
  std::optional<int64_t> k = getConstantIntValue(indices.front());
  if (!k || *k < 0)
    return std::nullopt;
  return k;
}

/// Stores to the @Reduce parameter `arg` outside the parallel loops: a
/// constant stored to a reduced element at the top level before the first
/// parallel loop is the reduction's initial value (TornadoVM's
/// `result[0] = 0.0f;`), moved to the parameter's kgpu.reduce_init
/// attribute; any other such store is KG-E0304.
LogicalResult raiseInitialValues(func::FuncOp func, BlockArgument arg) {
  SmallVector<memref::StoreOp> stores;
  for (Operation *user : arg.getUsers())
    if (auto store = dyn_cast<memref::StoreOp>(user))
      if (store.getMemRef() == arg && !store->getParentOfType<ParallelForOp>())
        stores.push_back(store);
  if (stores.empty())
    return success();
  // The elements the reductions combine into.
  llvm::SmallDenseSet<int64_t> reduced;
  for (Operation *user : arg.getUsers())
    if (auto reduce = dyn_cast<ReduceOp>(user))
      if (std::optional<int64_t> k = getConstantElement(reduce.getIndices()))
        reduced.insert(*k);
  Block &entry = func.getBody().front();
  Operation *firstLoop = nullptr;
  for (Operation &op : entry)
    if (isa<ParallelForOp>(op)) {
      firstLoop = &op;
      break;
    }
  // Top-level ancestor (in the entry block) of an op.
  auto topLevel = [&](Operation *op) { return entry.findAncestorOpInBlock(*op); };
  auto beforeLoop = [&](Operation *op) {
    Operation *top = topLevel(op);
    return firstLoop && top && top->isBeforeInBlock(firstLoop);
  };
  llvm::SmallPtrSet<Operation *, 4> storeSet;
  for (memref::StoreOp store : stores)
    storeSet.insert(store);
  // Another access to the parameter before the loop would see the host's
  // value instead of the stored one: the store cannot move.
  bool otherAccessBefore = llvm::any_of(arg.getUsers(), [&](Operation *user) {
    return !storeSet.contains(user) && !isa<memref::DimOp>(user) &&
           beforeLoop(user);
  });
  SmallVector<std::pair<int64_t, TypedAttr>> inits;
  for (memref::StoreOp store : stores) {
    std::optional<int64_t> k = getConstantElement(store.getIndices());
    TypedAttr value;
    bool ok = !otherAccessBefore && store->getBlock() == &entry &&
              beforeLoop(store) && k && reduced.contains(*k) &&
              matchPattern(store.getValue(), m_Constant(&value)) &&
              isa<FloatAttr, IntegerAttr>(value);
    if (!ok) {
      emitError(store.getLoc())
          << "KG-E0304: the @Reduce parameter '" << getParamName(func, arg)
          << "' is stored to outside the @Parallel loop other than as its "
             "initial value (a constant stored to the reduced element, e.g. "
             "`r[0] = 0;`, at the kernel's top level before the loop, with no "
             "other access to it before the loop): every work-item would run "
             "the store, racing with the combination of the partial results";
      return failure();
    }
    inits.emplace_back(*k, value);
  }
  // In program order (use lists are not): the last store to an element
  // wins.
  llvm::sort(stores, [](memref::StoreOp a, memref::StoreOp b) {
    return a->isBeforeInBlock(b);
  });
  inits.clear();
  for (memref::StoreOp store : stores) {
    TypedAttr value;
    (void)matchPattern(store.getValue(), m_Constant(&value));
    inits.emplace_back(*getConstantElement(store.getIndices()), value);
  }
  SmallVector<Attribute> entries;
  llvm::SmallDenseMap<int64_t, unsigned> slot;
  for (auto [k, value] : inits) {
    Attribute pair = ArrayAttr::get(
        func.getContext(),
        {IntegerAttr::get(IntegerType::get(func.getContext(), 64), k), value});
    auto [it, inserted] = slot.try_emplace(k, entries.size());
    if (inserted)
      entries.push_back(pair);
    else
      entries[it->second] = pair;
  }
  func.setArgAttr(arg.getArgNumber(), kReduceInitAttrName,
                  ArrayAttr::get(func.getContext(), entries));
  for (memref::StoreOp store : stores)
    store.erase();
  return success();
}

struct RaiseReductions
    : kgpu::impl::KgpuJVMRaiseReductionsBase<RaiseReductions> {
  void runOnOperation() override {
    bool failed = false;
    getOperation().walk([&](func::FuncOp func) {
      if (func.isExternal())
        return;
      for (BlockArgument arg : func.getArguments()) {
        if (!func.getArgAttr(arg.getArgNumber(), kJVMReduceAttrName))
          continue;
        func.removeArgAttr(arg.getArgNumber(), kJVMReduceAttrName);
        SmallVector<memref::StoreOp> stores;
        for (Operation *user : arg.getUsers())
          if (auto store = dyn_cast<memref::StoreOp>(user))
            if (store.getMemRef() == arg &&
                store->getParentOfType<ParallelForOp>())
              stores.push_back(store);
        for (memref::StoreOp store : stores) {
          Operation *combine = store.getValue().getDefiningOp();
          std::optional<ReductionKind> kind =
              combine && combine->getNumOperands() == 2
                  ? getCombiningKind(combine)
                  : std::nullopt;
          Value contribution;
          memref::LoadOp load;
          if (kind) {
            for (unsigned i = 0; i < 2; ++i) {
              auto candidate =
                  combine->getOperand(i).getDefiningOp<memref::LoadOp>();
              if (candidate && candidate.getMemRef() == arg &&
                  candidate.getIndices() == store.getIndices() &&
                  candidate->getBlock() == store->getBlock() &&
                  candidate->hasOneUse() && combine->hasOneUse()) {
                load = candidate;
                contribution = combine->getOperand(1 - i);
                break;
              }
            }
          }
          if (!load) {
            emitError(store.getLoc())
                << "KG-E0303: the @Reduce parameter '"
                << (func.getArgAttrOfType<StringAttr>(
                        arg.getArgNumber(), KgpuDialect::getArgNameAttrName())
                        ? func.getArgAttrOfType<StringAttr>(
                                  arg.getArgNumber(),
                                  KgpuDialect::getArgNameAttrName())
                              .getValue()
                        : StringRef("?"))
                << "' is stored to in a parallel loop other than as "
                   "`r[k] = r[k] OP x` (OP one of + * min max & | ^): every "
                   "iteration would race on it";
            failed = true;
            continue;
          }
          OpBuilder b(store);
          ReduceOp::create(b, store.getLoc(), *kind, contribution,
                           store.getMemRef(), store.getIndices());
          store.erase();
          combine->erase();
          load.erase();
        }
        if (::mlir::failed(raiseInitialValues(func, arg)))
          failed = true;
      }
    });
    if (failed)
      signalPassFailure();
  }
};

/// truncf(op(extf a, extf b)) for op in + - * / and sqrt: the f32 op.
struct NarrowFloatOp : OpRewritePattern<arith::TruncFOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::TruncFOp trunc,
                                PatternRewriter &rewriter) const override {
    Operation *def = trunc.getIn().getDefiningOp();
    if (!def || !trunc.getType().isF32() || !trunc.getIn().getType().isF64() ||
        !isa<arith::AddFOp, arith::SubFOp, arith::MulFOp, arith::DivFOp,
             math::SqrtOp>(def))
      return rewriter.notifyMatchFailure(trunc, "not a widened float op");
    SmallVector<Value> narrow;
    for (Value operand : def->getOperands()) {
      auto ext = operand.getDefiningOp<arith::ExtFOp>();
      if (!ext || !ext.getIn().getType().isF32())
        return rewriter.notifyMatchFailure(trunc, "an operand is a double");
      narrow.push_back(ext.getIn());
    }
    OperationState state(def->getLoc(), def->getName(), narrow,
                         TypeRange{trunc.getType()}, def->getAttrs());
    Operation *op = rewriter.create(state);
    rewriter.replaceOp(trunc, op->getResults());
    return success();
  }
};

struct NarrowFloatOps
    : kgpu::impl::KgpuJVMNarrowFloatOpsBase<NarrowFloatOps> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<NarrowFloatOp>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

void mlir::kgpu::buildJVMCleanupExtension(OpPassManager &pm) {
  pm.addPass(createKgpuJVMNarrowFloatOps());
  pm.addPass(createKgpuJVMRaiseParallelLoops());
  pm.addPass(createKgpuCanonicalizerPass());
  pm.addPass(createKgpuJVMRaiseReductions());
  pm.addPass(createKgpuCanonicalizerPass());
  pm.addPass(createKgpuJVMUpliftLoops());
  pm.addPass(createKgpuJVMBufferSizeArguments());
}
