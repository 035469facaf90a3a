//===- InferArgAccess.cpp - buffer access from memref uses ----------------===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//
//
// kgpu-infer-arg-access: the access of each kernel buffer (#kgpu.arg) from
// what the kernel and the device functions it calls do with it. See
// Passes.td.
//
//===----------------------------------------------------------------------===//

#include "kgpu/Transforms/Passes.h"

#include "kgpu/Dialect/Kgpu/Utils/KernelAttrs.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace mlir {
namespace kgpu {
#define GEN_PASS_DEF_KGPUINFERARGACCESS
#include "kgpu/Transforms/Passes.h.inc"
} // namespace kgpu
} // namespace mlir

using namespace mlir;
using namespace mlir::kgpu;

namespace {

/// What is done with a memref, and the first op doing each.
struct AccessSummary {
  Operation *read = nullptr;
  Operation *write = nullptr;

  void addRead(Operation *op) {
    if (!read)
      read = op;
  }
  void addWrite(Operation *op) {
    if (!write)
      write = op;
  }
  void add(const AccessSummary &o) {
    if (o.read)
      addRead(o.read);
    if (o.write)
      addWrite(o.write);
  }
  Access getAccess() const {
    if (read && write)
      return Access::ReadWrite;
    return write ? Access::Write : Access::Read;
  }
};

class AccessInference {
public:
  explicit AccessInference(ModuleOp module) : module(module) {}

  /// The accesses through `memref` and everything derived from it.
  AccessSummary ofValue(Value memref) {
    AccessSummary summary;
    SmallVector<Value> worklist{memref};
    llvm::SmallPtrSet<Value, 8> seen;
    while (!worklist.empty()) {
      Value v = worklist.pop_back_val();
      if (!seen.insert(v).second)
        continue;
      for (OpOperand &use : v.getUses())
        visitUse(use, summary, worklist);
    }
    return summary;
  }

private:
  void visitUse(OpOperand &use, AccessSummary &summary,
                SmallVectorImpl<Value> &worklist) {
    Operation *user = use.getOwner();
    Value v = use.get();
    // Views alias what they view.
    if (auto view = dyn_cast<ViewLikeOpInterface>(user)) {
      if (view.getViewSource() == v) {
        worklist.push_back(view.getViewDest());
        return;
      }
    }
    // Branches forward it to block arguments.
    if (auto branch = dyn_cast<BranchOpInterface>(user)) {
      if (std::optional<BlockArgument> arg =
              branch.getSuccessorBlockArgument(use.getOperandNumber())) {
        worklist.push_back(*arg);
        return;
      }
    }
    // Calls: what the callee does with its parameter.
    if (auto call = dyn_cast<CallOpInterface>(user)) {
      auto callee = dyn_cast_or_null<FunctionOpInterface>(
          call.resolveCallableInTable(&symbols));
      unsigned firstArg = call.getArgOperands().getBeginOperandIndex();
      unsigned index = use.getOperandNumber() - firstArg;
      if (callee && !callee.isExternal() &&
          use.getOperandNumber() >= firstArg &&
          index < callee.getNumArguments()) {
        AccessSummary inner = ofParameter(callee, index);
        // Report the call, not the op in the callee, at the call site.
        if (inner.read)
          summary.addRead(user);
        if (inner.write)
          summary.addWrite(user);
        return;
      }
      summary.addRead(user);
      summary.addWrite(user);
      return;
    }
    if (isa<memref::ExtractAlignedPointerAsIndexOp>(user)) {
      // The address escapes.
      summary.addRead(user);
      summary.addWrite(user);
      return;
    }
    if (auto effects = dyn_cast<MemoryEffectOpInterface>(user)) {
      SmallVector<MemoryEffects::EffectInstance> instances;
      effects.getEffectsOnValue(v, instances);
      for (MemoryEffects::EffectInstance &e : instances) {
        if (isa<MemoryEffects::Read>(e.getEffect()))
          summary.addRead(user);
        else if (isa<MemoryEffects::Write>(e.getEffect()))
          summary.addWrite(user);
      }
      // An op with no effect on it that derives another memref from it
      // (a cast, a subview without the view interface): follow that.
      if (instances.empty()) {
        for (Value result : user->getResults())
          if (isa<BaseMemRefType>(result.getType()))
            worklist.push_back(result);
      }
      return;
    }
    // Anything else (region results, returns, unknown ops): both.
    summary.addRead(user);
    summary.addWrite(user);
  }

  AccessSummary ofParameter(FunctionOpInterface fn, unsigned index) {
    auto key = std::make_pair(fn.getOperation(), index);
    auto it = parameters.find(key);
    if (it != parameters.end()) {
      if (!it->second)
        // Recursion: whatever it does, assume both.
        return AccessSummary{fn, fn};
      return *it->second;
    }
    parameters[key] = std::nullopt;
    AccessSummary summary = ofValue(fn.getArgument(index));
    parameters[key] = summary;
    return summary;
  }

  ModuleOp module;
  SymbolTableCollection symbols;
  DenseMap<std::pair<Operation *, unsigned>, std::optional<AccessSummary>>
      parameters;
};

/// Whether `declared` allows what `summary` does.
bool covers(Access declared, const AccessSummary &summary) {
  return (!summary.read || declared != Access::Write) &&
         (!summary.write || declared != Access::Read);
}

StringRef describe(Access access) {
  switch (access) {
  case Access::Read:
    return "read-only";
  case Access::Write:
    return "write-only";
  case Access::ReadWrite:
    return "read-write";
  }
  return "read-write";
}

struct InferArgAccess
    : public mlir::kgpu::impl::KgpuInferArgAccessBase<InferArgAccess> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    AccessInference inference(module);
    bool failed = false;
    module.walk([&](FunctionOpInterface fn) {
      if (!isKernel(fn) || fn.isExternal())
        return;
      for (unsigned i = 0, e = fn.getNumArguments(); i < e; ++i) {
        ArgAttr attr = getArgAttr(fn, i);
        if (!attr || attr.getKind() != ArgKind::Buffer)
          continue;
        AccessSummary summary = inference.ofValue(fn.getArgument(i));
        Access computed = summary.getAccess();
        if (!covers(attr.getAccess(), summary)) {
          bool badWrite = attr.getAccess() == Access::Read;
          Operation *use = badWrite ? summary.write : summary.read;
          InFlightDiagnostic diag =
              use->emitError()
              << (badWrite ? "writes" : "reads") << " kernel argument #" << i
              << ", which is declared " << describe(attr.getAccess());
          diag.attachNote(fn.getArgument(i).getLoc())
              << "argument #" << i << " of '" << fn.getName()
              << "' is declared here";
          failed = true;
          continue;
        }
        if (computed != attr.getAccess())
          setArgAttr(fn, i,
                     ArgAttr::get(&getContext(), ArgKind::Buffer, computed));
      }
    });
    if (failed)
      signalPassFailure();
  }
};

} // namespace
