//===- VerifyConvergence.cpp - convergent ops under uniform control -------===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//
//
// kgpu-verify-convergence: barriers, collectives and local allocations must
// be reached by every work-item of a work-group. See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "kgpu/Analysis/Uniformity.h"
#include "kgpu/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlir {
namespace kgpu {
#define GEN_PASS_DEF_KGPUVERIFYCONVERGENCE
#include "kgpu/Transforms/Passes.h.inc"
} // namespace kgpu
} // namespace mlir

using namespace mlir;
using namespace mlir::kgpu;

namespace {

bool isLocalMemRef(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  if (!memref)
    return false;
  Attribute space = memref.getMemorySpace();
  if (auto i = dyn_cast_or_null<IntegerAttr>(space))
    return i.getInt() == 3;
  if (auto a = dyn_cast_or_null<gpu::AddressSpaceAttr>(space))
    return a.getValue() == gpu::AddressSpace::Workgroup;
  return false;
}

/// Whether `op` needs only its subgroup (not the whole work-group) to reach
/// it together.
bool isSubgroupScoped(Operation *op) {
  return isa<kgpu::SubgroupReduceOp, kgpu::ShuffleOp, gpu::SubgroupReduceOp,
             gpu::ShuffleOp, kgpu::MmaLoadOp, kgpu::MmaComputeOp,
             kgpu::MmaStoreOp, kgpu::WgmmaOp, kgpu::WgmmaFenceOp,
             kgpu::WgmmaCommitOp, kgpu::WgmmaWaitOp, kgpu::WgmmaStoreOp,
             gpu::SubgroupMmaLoadMatrixOp, gpu::SubgroupMmaComputeOp,
             gpu::SubgroupMmaStoreMatrixOp>(op);
}

/// What the op is, for the message, if every work-item of a work-group
/// must reach it.
StringRef convergentKind(Operation *op) {
  if (isa<kgpu::BarrierOp, gpu::BarrierOp>(op))
    return "barrier";
  if (isa<kgpu::GroupReduceOp, gpu::AllReduceOp>(op))
    return "work-group reduction";
  if (isa<kgpu::SubgroupReduceOp, kgpu::ShuffleOp, gpu::SubgroupReduceOp,
          gpu::ShuffleOp>(op))
    return "subgroup operation";
  if (isa<kgpu::MmaLoadOp, kgpu::MmaComputeOp, kgpu::MmaStoreOp, kgpu::WgmmaOp,
          kgpu::WgmmaFenceOp, kgpu::WgmmaCommitOp, kgpu::WgmmaWaitOp,
          kgpu::WgmmaStoreOp, gpu::SubgroupMmaLoadMatrixOp,
          gpu::SubgroupMmaComputeOp, gpu::SubgroupMmaStoreMatrixOp>(op))
    return "MMA operation";
  if (isa<kgpu::AllocLocalOp>(op) ||
      (isa<memref::AllocOp, memref::AllocaOp>(op) &&
       isLocalMemRef(op->getResult(0).getType())))
    return "local memory allocation";
  return {};
}

struct VerifyConvergence
    : public mlir::kgpu::impl::KgpuVerifyConvergenceBase<VerifyConvergence> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    UniformityInfo info(module);
    if (!info.succeeded()) {
      module.emitError("kgpu-verify-convergence: the uniformity analysis "
                       "failed on this module");
      return signalPassFailure();
    }
    SymbolTableCollection symbols;
    bool failed = false;
    module.walk([&](Operation *op) {
      StringRef kind = convergentKind(op);
      std::string callKind;
      if (kind.empty()) {
        if (auto call = dyn_cast<CallOpInterface>(op)) {
          auto callee = dyn_cast_or_null<FunctionOpInterface>(
              call.resolveCallableInTable(&symbols));
          if (callee && executesConvergentOp(callee, symbols)) {
            callKind = ("call to '" + callee.getName() +
                        "', which executes a barrier or collective,")
                           .str();
            kind = callKind;
          }
        }
      }
      if (!kind.empty()) {
        // Subgroup and MMA operations need their subgroup to reach them
        // together; the others the whole work-group.
        Uniformity allowed = isSubgroupScoped(op) ? Uniformity::SubgroupUniform
                                                  : Uniformity::WorkgroupUniform;
        Uniformity divergent = allowed == Uniformity::SubgroupUniform
                                   ? Uniformity::Varying
                                   : Uniformity::SubgroupUniform;
        if (info.getControlUniformity(op) <= allowed)
          return;
        bool subgroup = allowed == Uniformity::SubgroupUniform;
        InFlightDiagnostic diag =
            op->emitError()
            << kind << " under divergent control flow: every work-item of the "
            << (subgroup ? "subgroup" : "work-group") << " must reach it";
        if (Operation *branch = info.getDivergentBranch(op, divergent))
          noteBranch(diag, branch,
                     subgroup ? "the work-items of a subgroup"
                              : "the work-items of a work-group");
        failed = true;
        return;
      }
      if (isa<kgpu::ParallelForOp>(op) &&
          info.getControlUniformity(op) != Uniformity::Uniform) {
        InFlightDiagnostic diag =
            op->emitError()
            << "parallel_for under divergent control flow: its iterations "
               "are spread over every work-item of the grid, so all of them "
               "must reach it";
        if (Operation *branch =
                info.getDivergentBranch(op, Uniformity::WorkgroupUniform))
          noteBranch(diag, branch, "work-items or work-groups");
        failed = true;
      }
    });
    if (failed)
      signalPassFailure();
  }

  static void noteBranch(InFlightDiagnostic &diag, Operation *branch,
                         StringRef between) {
    StringRef what = isa<scf::ForOp>(branch) ? "bounds" : "condition";
    diag.attachNote(branch->getLoc())
        << "the " << what << " of this '" << branch->getName()
        << (what == "bounds" ? "' vary" : "' varies") << " between " << between;
  }

  /// Whether `fn`, or a function it calls, contains a convergent op.
  bool executesConvergentOp(FunctionOpInterface fn,
                            SymbolTableCollection &symbols) {
    auto [it, inserted] = convergentFunctions.try_emplace(fn, false);
    if (!inserted)
      return it->second; // Known, or in progress (recursion): no more.
    bool result = false;
    fn->walk([&](Operation *op) {
      if (!convergentKind(op).empty()) {
        result = true;
        return WalkResult::interrupt();
      }
      if (auto call = dyn_cast<CallOpInterface>(op))
        if (auto callee = dyn_cast_or_null<FunctionOpInterface>(
                call.resolveCallableInTable(&symbols)))
          if (executesConvergentOp(callee, symbols)) {
            result = true;
            return WalkResult::interrupt();
          }
      return WalkResult::advance();
    });
    convergentFunctions[fn] = result;
    return result;
  }

  DenseMap<Operation *, bool> convergentFunctions;
};

} // namespace
