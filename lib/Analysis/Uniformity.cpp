//===- Uniformity.cpp - uniform / work-group-uniform / varying ------------===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//
//
// The data dependences are a SparseForwardDataFlowAnalysis; the framework
// joins region and block arguments and region results from what flows into
// them. Control dependence is not a data dependence, so it is added on top:
// after a run, every value whose definition is controlled by a varying
// decision (see Uniformity.h) is raised to that level and the solver runs
// again from these seeds, until nothing changes. The number of rounds is
// bounded by the nesting depth of control flow that a varying value
// reaches.
//
//===----------------------------------------------------------------------===//

#include "kgpu/Analysis/Uniformity.h"

#include "kgpu/Dialect/Kgpu/IR/KgpuDialect.h"
#include "kgpu/Dialect/Kgpu/Utils/KernelAttrs.h"

#include "mlir/Analysis/DataFlow/ConstantPropagationAnalysis.h"
#include "mlir/Analysis/DataFlow/DeadCodeAnalysis.h"
#include "mlir/Analysis/DataFlow/SparseAnalysis.h"
#include "mlir/Analysis/DataFlowFramework.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

#include "llvm/ADT/SetVector.h"

#include <algorithm>
#include <optional>

using namespace mlir;
using namespace mlir::kgpu;

StringRef mlir::kgpu::stringifyUniformity(Uniformity u) {
  switch (u) {
  case Uniformity::Uniform:
    return "uniform";
  case Uniformity::WorkgroupUniform:
    return "workgroup-uniform";
  case Uniformity::SubgroupUniform:
    return "subgroup-uniform";
  case Uniformity::Varying:
    return "varying";
  }
  return "varying";
}

static Uniformity joinLevels(Uniformity a, Uniformity b) {
  return std::max(a, b);
}

namespace {

//===----------------------------------------------------------------------===//
// Lattice
//===----------------------------------------------------------------------===//

/// A uniformity, or nothing yet (code the solver has not reached).
struct UniformityValue {
  std::optional<Uniformity> level;

  UniformityValue() = default;
  UniformityValue(Uniformity u) : level(u) {}

  Uniformity get() const { return level.value_or(Uniformity::Uniform); }

  static UniformityValue join(const UniformityValue &a,
                              const UniformityValue &b) {
    if (!a.level)
      return b;
    if (!b.level)
      return a;
    return UniformityValue(std::max(*a.level, *b.level));
  }
  bool operator==(const UniformityValue &o) const { return level == o.level; }
  void print(raw_ostream &os) const {
    os << (level ? stringifyUniformity(*level) : StringRef("<uninitialized>"));
  }
};

class UniformityLattice : public dataflow::Lattice<UniformityValue> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(UniformityLattice)
  using Lattice::Lattice;
};

//===----------------------------------------------------------------------===//
// Op classification
//===----------------------------------------------------------------------===//

bool isLocalMemorySpace(Attribute space) {
  if (auto i = dyn_cast_or_null<IntegerAttr>(space))
    return i.getInt() == 3;
  if (auto a = dyn_cast_or_null<gpu::AddressSpaceAttr>(space))
    return a.getValue() == gpu::AddressSpace::Workgroup;
  return false;
}

bool isPrivateAlloca(Operation *op) {
  auto alloca = dyn_cast<memref::AllocaOp>(op);
  return alloca && !isLocalMemorySpace(alloca.getType().getMemorySpace());
}

/// The level of what an op without operands (or regardless of its
/// operands) produces, if it is a source of variation.
std::optional<Uniformity> sourceUniformity(Operation *op,
                                           const UniformityOptions &options) {
  if (isa<kgpu::GlobalIdOp, kgpu::LocalIdOp, kgpu::LaneIdOp, gpu::ThreadIdOp,
          gpu::GlobalIdOp, gpu::LaneIdOp>(op))
    return Uniformity::Varying;
  // The subgroup a work-item is in is the same for its whole subgroup, and
  // so is what a subgroup reduction gives every lane.
  if (isa<kgpu::SubgroupIdOp, gpu::SubgroupIdOp, kgpu::SubgroupReduceOp,
          gpu::SubgroupReduceOp>(op))
    return Uniformity::SubgroupUniform;
  // Atomics return what the memory held when this work-item got to it;
  // shuffles (but see kgpu.shuffle idx in visitOperation) differ between
  // the lanes of a subgroup.
  if (isa<kgpu::AtomicRMWOp, kgpu::AtomicCASOp, memref::AtomicRMWOp,
          memref::GenericAtomicRMWOp, LLVM::AtomicRMWOp, LLVM::AtomicCmpXchgOp,
          gpu::ShuffleOp>(op))
    return Uniformity::Varying;
  if (auto shuffle = dyn_cast<kgpu::ShuffleOp>(op))
    if (shuffle.getMode() != kgpu::ShuffleMode::Idx)
      return Uniformity::Varying;
  if (isa<kgpu::GroupIdOp, gpu::BlockIdOp, gpu::ClusterIdOp,
          gpu::ClusterBlockIdOp>(op))
    return Uniformity::WorkgroupUniform;
  // A work-group reduction gives every work-item of the group one value.
  if (isa<kgpu::GroupReduceOp, gpu::AllReduceOp>(op))
    return Uniformity::WorkgroupUniform;
  if (isPrivateAlloca(op))
    return options.privateAllocasVary ? Uniformity::Varying
                                      : Uniformity::Uniform;
  return std::nullopt;
}

bool isKernelFunction(Operation *op) { return kgpu::isKernelOfAnyForm(op); }

//===----------------------------------------------------------------------===//
// The data-flow analysis
//===----------------------------------------------------------------------===//

class UniformityAnalysis
    : public dataflow::SparseForwardDataFlowAnalysis<UniformityLattice> {
public:
  UniformityAnalysis(DataFlowSolver &solver, const UniformityOptions &options)
      : SparseForwardDataFlowAnalysis(solver), options(options) {}

  LogicalResult visitOperation(Operation *op,
                               ArrayRef<const UniformityLattice *> operands,
                               ArrayRef<UniformityLattice *> results) override {
    Uniformity level = Uniformity::Uniform;
    if (std::optional<Uniformity> source = sourceUniformity(op, options)) {
      level = *source;
    } else if (auto shuffle = dyn_cast<kgpu::ShuffleOp>(op)) {
      // Every lane reads the lane that `offset` names: one value for the
      // subgroup where the lane is the same for all of it.
      level = joinLevels(Uniformity::SubgroupUniform,
                         operands[1]->getValue().get());
    } else if (op->getNumRegions() != 0) {
      // An op with regions that is not region control flow (those never
      // get here): nothing is known about how its results come about.
      level = Uniformity::Varying;
    } else {
      for (const UniformityLattice *operand : operands)
        level = joinLevels(level, operand->getValue().get());
    }
    for (UniformityLattice *result : results)
      propagateIfChanged(result, result->join(UniformityValue(level)));
    return success();
  }

  void visitNonControlFlowArguments(Operation *op,
                                    const RegionSuccessor &successor,
                                    ArrayRef<UniformityLattice *> argLattices,
                                    unsigned firstIndex) override {
    // The induction variable of an scf.for is as uniform as its bounds.
    if (auto forOp = dyn_cast<scf::ForOp>(op)) {
      if (successor.getSuccessor() == &forOp.getRegion() && firstIndex == 1 &&
          !argLattices.empty()) {
        ProgramPoint *point = getProgramPointBefore(forOp.getBody());
        Uniformity level = Uniformity::Uniform;
        for (Value bound :
             {forOp.getLowerBound(), forOp.getUpperBound(), forOp.getStep()})
          level = joinLevels(
              level, getLatticeElementFor(point, bound)->getValue().get());
        propagateIfChanged(argLattices[0],
                           argLattices[0]->join(UniformityValue(level)));
        setAllToEntryStates(argLattices.drop_front(
            firstIndex + successor.getSuccessorInputs().size()));
        return;
      }
    }
    SparseForwardDataFlowAnalysis::visitNonControlFlowArguments(
        op, successor, argLattices, firstIndex);
  }

  /// Kernel arguments (and work-group attributions) are uniform; anything
  /// else the framework cannot follow is varying.
  void setToEntryState(UniformityLattice *lattice) override {
    Uniformity level = Uniformity::Varying;
    if (auto arg = dyn_cast<BlockArgument>(lattice->getAnchor())) {
      Block *block = arg.getOwner();
      Operation *parent = block->getParentOp();
      if (parent && block->isEntryBlock() && isa<FunctionOpInterface>(parent) &&
          isKernelFunction(parent))
        level = Uniformity::Uniform;
    }
    propagateIfChanged(lattice, lattice->join(UniformityValue(level)));
  }

private:
  const UniformityOptions &options;
};

} // namespace

//===----------------------------------------------------------------------===//
// UniformityInfo
//===----------------------------------------------------------------------===//

struct UniformityInfo::Impl {
  Impl(Operation *root, UniformityOptions options)
      : root(root), options(options) {}

  Operation *root;
  UniformityOptions options;
  std::unique_ptr<DataFlowSolver> solver;
  /// Levels forced by control dependence (and private-array stores).
  DenseMap<Value, Uniformity> seeds;
  /// Blocks of a CFG region that run only under a cf branch's decision,
  /// with the outermost such branch found.
  DenseMap<Block *, std::pair<Uniformity, Operation *>> controlledBlocks;

  Uniformity lookup(Value v) const {
    Uniformity level = Uniformity::Uniform;
    if (solver)
      if (auto *lattice = solver->lookupState<UniformityLattice>(v))
        level = lattice->getValue().get();
    auto it = seeds.find(v);
    if (it != seeds.end())
      level = joinLevels(level, it->second);
    return level;
  }

  Uniformity decision(Operation *op) const {
    auto joinAll = [&](ValueRange values) {
      Uniformity level = Uniformity::Uniform;
      for (Value v : values)
        level = joinLevels(level, lookup(v));
      return level;
    };
    if (auto ifOp = dyn_cast<scf::IfOp>(op))
      return lookup(ifOp.getCondition());
    if (auto forOp = dyn_cast<scf::ForOp>(op))
      return joinAll(
          {forOp.getLowerBound(), forOp.getUpperBound(), forOp.getStep()});
    if (auto whileOp = dyn_cast<scf::WhileOp>(op))
      return lookup(whileOp.getConditionOp().getCondition());
    if (auto switchOp = dyn_cast<scf::IndexSwitchOp>(op))
      return lookup(switchOp.getArg());
    if (auto condBr = dyn_cast<cf::CondBranchOp>(op))
      return lookup(condBr.getCondition());
    if (auto switchOp = dyn_cast<cf::SwitchOp>(op))
      return lookup(switchOp.getFlag());
    if (auto branch = dyn_cast<BranchOpInterface>(op)) {
      if (op->getNumSuccessors() < 2)
        return Uniformity::Uniform;
      // Operands that are not forwarded to a successor decide.
      llvm::SmallDenseSet<unsigned> forwarded;
      for (unsigned i = 0, e = op->getNumSuccessors(); i < e; ++i)
        for (OpOperand &operand :
             branch.getSuccessorOperands(i).getMutableForwardedOperands())
          forwarded.insert(operand.getOperandNumber());
      Uniformity level = Uniformity::Uniform;
      for (OpOperand &operand : op->getOpOperands())
        if (!forwarded.contains(operand.getOperandNumber()))
          level = joinLevels(level, lookup(operand.get()));
      return level;
    }
    if (op->getNumSuccessors() > 1)
      return Uniformity::Varying; // A terminator we know nothing about.
    return Uniformity::Uniform;
  }

  /// Calls `fn(branch, level)` for each decision `op` is under, innermost
  /// first, within its function.
  template <typename Fn> void forEachDecision(Operation *op, Fn fn) const {
    for (Operation *cur = op; cur; cur = cur->getParentOp()) {
      if (cur != op && (isa<FunctionOpInterface>(cur) ||
                        cur->hasTrait<mlir::OpTrait::IsIsolatedFromAbove>()))
        return;
      if (cur != op) {
        Uniformity d = decision(cur);
        if (d != Uniformity::Uniform)
          fn(cur, d);
      }
      if (Block *block = cur->getBlock()) {
        auto it = controlledBlocks.find(block);
        if (it != controlledBlocks.end())
          fn(it->second.second, it->second.first);
      }
    }
  }

  Uniformity control(Operation *op) const {
    Uniformity level = Uniformity::Uniform;
    forEachDecision(
        op, [&](Operation *, Uniformity d) { level = joinLevels(level, d); });
    return level;
  }

  void run();
  bool addControlDependences();
  void computeControlledBlocks();
};

/// Raises the seed of `v` to `level` where the analysis has less.
static void raise(DenseMap<Value, Uniformity> &seeds, Value v, Uniformity level,
                  Uniformity current) {
  if (level <= current)
    return;
  Uniformity &seed = seeds[v];
  seed = joinLevels(seed, level);
}

void UniformityInfo::Impl::computeControlledBlocks() {
  controlledBlocks.clear();
  PostDominanceInfo postDom(root);
  // Blocks in pre-order (outer code first), so the branch recorded for a
  // block is the first one found.
  root->walk<WalkOrder::PreOrder>([&](Block *block) {
    Region *region = block->getParent();
    if (region->hasOneBlock() || block->empty())
      return;
    Operation *term = &block->back();
    if (term->getNumSuccessors() < 2)
      return;
    Uniformity d = decision(term);
    if (d == Uniformity::Uniform)
      return;
    // The blocks between the branch and its immediate post-dominator run
    // only for the work-items that go that way (with no post-dominator,
    // e.g. after an early return: everything reachable); the
    // post-dominator's arguments merge what the ways computed.
    Block *merge = nullptr;
    if (auto *node = postDom.getNode(block))
      if (auto *idom = node->getIDom())
        merge = idom->getBlock();
    SmallVector<Block *> worklist(term->getSuccessors().begin(),
                                  term->getSuccessors().end());
    llvm::SmallPtrSet<Block *, 16> seen;
    while (!worklist.empty()) {
      Block *b = worklist.pop_back_val();
      if (b == merge || !seen.insert(b).second)
        continue;
      auto [it, inserted] = controlledBlocks.try_emplace(b, d, term);
      if (!inserted)
        it->second.first = joinLevels(it->second.first, d);
      for (Block *succ : b->getSuccessors())
        worklist.push_back(succ);
    }
    if (merge)
      for (BlockArgument arg : merge->getArguments())
        raise(seeds, arg, d, lookup(arg));
  });
}

bool UniformityInfo::Impl::addControlDependences() {
  DenseMap<Value, Uniformity> before = seeds;
  auto raiseAll = [&](ValueRange values, Uniformity level) {
    for (Value v : values)
      raise(seeds, v, level, lookup(v));
  };
  computeControlledBlocks();

  root->walk([&](Operation *op) {
    // Under a varying decision: what the op computes, and the arguments of
    // its regions.
    Uniformity ctrl = control(op);
    if (ctrl != Uniformity::Uniform) {
      raiseAll(op->getResults(), ctrl);
      for (Region &region : op->getRegions())
        for (Block &block : region)
          raiseAll(block.getArguments(), ctrl);
    }
    // Region control flow deciding on a varying value: its results and
    // loop-carried values merge what different work-items computed.
    if (isa<RegionBranchOpInterface>(op)) {
      Uniformity d = decision(op);
      if (d != Uniformity::Uniform) {
        raiseAll(op->getResults(), d);
        for (Region &region : op->getRegions())
          for (Block &block : region)
            raiseAll(block.getArguments(), d);
      }
    }
    // Private arrays: as uniform as what is stored into them, where and
    // when.
    if (options.privateAllocasVary)
      return;
    for (OpOperand &operand : op->getOpOperands()) {
      Value memref = operand.get();
      if (!isa<BaseMemRefType>(memref.getType()))
        continue;
      while (auto view = memref.getDefiningOp<ViewLikeOpInterface>()) {
        if (view.getViewDest() != memref)
          break;
        memref = view.getViewSource();
      }
      Operation *def = memref.getDefiningOp();
      if (!def || !isPrivateAlloca(def) || isa<ViewLikeOpInterface>(op))
        continue;
      auto effects = dyn_cast<MemoryEffectOpInterface>(op);
      if (!effects) {
        // A call, or anything else that may write through it.
        raise(seeds, memref, Uniformity::Varying, lookup(memref));
        continue;
      }
      SmallVector<MemoryEffects::EffectInstance> instances;
      effects.getEffectsOnValue(operand.get(), instances);
      if (llvm::none_of(instances, [](MemoryEffects::EffectInstance &e) {
            return isa<MemoryEffects::Write>(e.getEffect());
          }))
        continue;
      Uniformity level = ctrl;
      for (Value v : op->getOperands())
        if (v != operand.get())
          level = joinLevels(level, lookup(v));
      raise(seeds, memref, level, lookup(memref));
    }
  });
  if (before.size() != seeds.size())
    return true;
  for (auto &[v, level] : seeds) {
    auto it = before.find(v);
    if (it == before.end() || it->second != level)
      return true;
  }
  return false;
}

void UniformityInfo::Impl::run() {
  // A bound on the rounds; each round raises at least one value, so this
  // is only a guard.
  for (unsigned round = 0; round < 1000; ++round) {
    solver = std::make_unique<DataFlowSolver>();
    solver->load<dataflow::DeadCodeAnalysis>();
    solver->load<dataflow::SparseConstantPropagation>();
    solver->load<UniformityAnalysis>(options);
    for (auto &[v, level] : seeds)
      (void)solver->getOrCreateState<UniformityLattice>(v)->join(
          UniformityValue(level));
    if (failed(solver->initializeAndRun(root))) {
      solver.reset();
      return;
    }
    if (!addControlDependences())
      return;
  }
}

UniformityInfo::UniformityInfo(Operation *root, UniformityOptions options)
    : impl(std::make_unique<Impl>(root, options)) {
  impl->run();
  ok = static_cast<bool>(impl->solver);
}

UniformityInfo::~UniformityInfo() = default;
UniformityInfo::UniformityInfo(UniformityInfo &&) = default;
UniformityInfo &UniformityInfo::operator=(UniformityInfo &&) = default;

Uniformity UniformityInfo::getUniformity(Value value) const {
  if (!ok)
    return Uniformity::Varying;
  return impl->lookup(value);
}

Uniformity UniformityInfo::getControlUniformity(Operation *op) const {
  if (!ok)
    return Uniformity::Varying;
  return impl->control(op);
}

Uniformity UniformityInfo::getDecisionUniformity(Operation *op) const {
  if (!ok)
    return Uniformity::Varying;
  return impl->decision(op);
}

Operation *UniformityInfo::getDivergentBranch(Operation *op,
                                              Uniformity level) const {
  Operation *found = nullptr;
  impl->forEachDecision(op, [&](Operation *branch, Uniformity d) {
    if (d >= level)
      found = branch; // Innermost first: the last one is the outermost.
  });
  return found;
}
