//===- ApplyFPContract.cpp - contraction as fast-math flags ---------------===//
//
// kgpu-nvvm-apply-fp-contract: floating-point contraction travels as the
// `contract` fast-math flag on the operations that may fuse, not as a
// process-wide LLVM option.
//
//===----------------------------------------------------------------------===//

#include "kgpu/Conversion/KgpuToNVVM/Passes.h"
#include "kgpu/Frontend/SourceLanguage.h"

#include "mlir/Dialect/Math/IR/Math.h"

namespace mlir {
namespace kgpu {
#define GEN_PASS_DEF_KGPUNVVMAPPLYFPCONTRACT
#include "kgpu/Conversion/Passes.h.inc"
} // namespace kgpu
} // namespace mlir

using namespace mlir;
using namespace mlir::kgpu;

namespace {

struct NVVMApplyFPContractPass
    : mlir::kgpu::impl::KgpuNVVMApplyFPContractBase<NVVMApplyFPContractPass> {
  using Base::Base;

  void runOnOperation() override {
    std::optional<FPContract> fpContract;
    if (!mode.empty()) {
      fpContract = parseFPContract(mode);
      if (!fpContract) {
        getOperation().emitError(
            "kgpu-nvvm-apply-fp-contract: mode must be off, "
            "on or fast, got '")
            << mode << "'";
        return signalPassFailure();
      }
    } else if (auto module = getOperation()->getParentOfType<ModuleOp>()) {
      if (std::optional<SourceLanguage> lang = SourceLanguage::readFrom(module))
        fpContract = lang->fpContract;
    }
    if (!fpContract || *fpContract == FPContract::Off)
      return;
    getOperation().walk([](Operation *op) {
      if (!isa<arith::AddFOp, arith::SubFOp, arith::MulFOp, arith::NegFOp,
               math::FmaOp>(op))
        return;
      auto iface = dyn_cast<arith::ArithFastMathInterface>(op);
      if (!iface)
        return;
      arith::FastMathFlagsAttr attr = iface.getFastMathFlagsAttr();
      arith::FastMathFlags flags =
          (attr ? attr.getValue() : arith::FastMathFlags::none) |
          arith::FastMathFlags::contract;
      op->setAttr(iface.getFastMathAttrName(),
                  arith::FastMathFlagsAttr::get(op->getContext(), flags));
    });
  }
};

} // namespace
