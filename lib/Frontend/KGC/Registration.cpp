//===- Registration.cpp - kgc in the frontend registry --------------------===//

#include "kgpu/Frontend/KGC/Frontend.h"
#include "kgpu/Frontend/KGC/MLIRDiagnostics.h"
#include "kgpu/Frontend/KGC/MLIRGen.h"
#include "kgpu/Frontend/Registry.h"

#include "llvm/Support/SourceMgr.h"

using namespace mlir;

void mlir::kgpu::registerKGCFrontend() {
  FrontendInfo info;
  info.name = "kgc";
  info.extensions = {".kgc"};
  info.language.name = "kgc";
  // As in C: a * b + c may fuse.
  info.language.fpContract = FPContract::On;
  info.language.integerSemantics = "c";
  info.import = [](llvm::SourceMgr &sourceMgr, unsigned bufferId,
                   MLIRContext &context) -> OwningOpRef<ModuleOp> {
    return ::kgpu::kgc::importKGC(sourceMgr, bufferId, context);
  };
  info.makeDiagnosticHandler =
      [](llvm::SourceMgr &sourceMgr, MLIRContext &context,
         llvm::raw_ostream &os) -> std::shared_ptr<ScopedDiagnosticHandler> {
    return std::make_shared<::kgpu::kgc::SourceDiagnosticHandler>(sourceMgr,
                                                                  &context, os);
  };
  registerFrontend(std::move(info));
}
