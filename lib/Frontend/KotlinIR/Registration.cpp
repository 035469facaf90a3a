//===- Registration.cpp - the Kotlin IR frontend in the registry ----------===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//

#include "kgpu/Frontend/KotlinIR/Frontend.h"
#include "kgpu/Frontend/Registry.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;

void mlir::kgpu::registerKotlinIRFrontend() {
  FrontendInfo info;
  info.name = "kotlin-ir";
  info.extensions = {".ir.txt", ".ir"};
  info.language.name = "kotlin";
  // Kotlin's float semantics are exact: no contraction unless asked.
  info.language.fpContract = FPContract::Off;
  info.language.integerSemantics = "jvm";
  info.language.mathSemantics = "jvm";
  info.import = [](llvm::SourceMgr &sourceMgr, unsigned bufferId,
                   MLIRContext &context) -> OwningOpRef<ModuleOp> {
    return ::kgpu::kotlinir::importKotlinIR(sourceMgr, bufferId, context);
  };
  // A directory of dumps (kotlinc's -Xdump-directory) with --import-kotlin-ir;
  // a directory without it is a JVM class path (the JVM frontend registers
  // first).
  info.readsDirectories = true;
  info.importWithOptions = [](llvm::SourceMgr &sourceMgr, unsigned bufferId,
                              MLIRContext &context,
                              const ImportOptions &options)
      -> OwningOpRef<ModuleOp> {
    if (!options.inputPath.empty() &&
        llvm::sys::fs::is_directory(options.inputPath))
      return ::kgpu::kotlinir::importKotlinIRDirectory(options.inputPath,
                                                       sourceMgr, context);
    return ::kgpu::kotlinir::importKotlinIR(sourceMgr, bufferId, context);
  };
  registerFrontend(std::move(info));
}
