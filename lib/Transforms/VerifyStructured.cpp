//===- VerifyStructured.cpp - no CFG left in kernels ----------------------===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//
//
// kgpu-verify-structured: see Passes.td.
//
//===----------------------------------------------------------------------===//

#include "kgpu/Transforms/Passes.h"

#include "kgpu/Dialect/Kgpu/Utils/KernelAttrs.h"

#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlir {
namespace kgpu {
#define GEN_PASS_DEF_KGPUVERIFYSTRUCTURED
#include "kgpu/Transforms/Passes.h.inc"
} // namespace kgpu
} // namespace mlir

using namespace mlir;
using namespace mlir::kgpu;

namespace {

struct VerifyStructured
    : public mlir::kgpu::impl::KgpuVerifyStructuredBase<VerifyStructured> {
  void runOnOperation() override {
    bool failed = false;
    getOperation().walk([&](FunctionOpInterface fn) {
      bool kernel = isKernel(fn);
      if (!kernel && !isDeviceFunction(fn))
        return;
      fn->walk([&](Operation *op) {
        if (op->getNumSuccessors() == 0)
          return WalkResult::advance();
        InFlightDiagnostic diag =
            op->emitError()
            << "unstructured control flow in "
            << (kernel ? "kernel" : "device function") << " '" << fn.getName()
            << "': kgpu needs structured (scf) control flow here, and "
               "lift-cf-to-scf could not raise this branch";
        diag.attachNote(fn->getLoc()) << "in this function";
        failed = true;
        return WalkResult::interrupt();
      });
    });
    if (failed)
      signalPassFailure();
  }
};

} // namespace
