//===- Registration.cpp - kgc in the frontend registry --------------------===//

#include "kgpu/Frontend/KGC/Frontend.h"
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
                   MLIRContext &context,
                   llvm::raw_ostream &errs) -> OwningOpRef<ModuleOp> {
    std::unique_ptr<::kgpu::kgc::TranslationUnit> tu =
        ::kgpu::kgc::parseAndAnalyze(sourceMgr, bufferId, errs);
    if (!tu)
      return nullptr;
    ::kgpu::kgc::DiagnosticEngine diags(sourceMgr, errs);
    return ::kgpu::kgc::emitMLIR(*tu, context, diags);
  };
  registerFrontend(std::move(info));
}
