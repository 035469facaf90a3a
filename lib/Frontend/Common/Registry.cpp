//===- Registry.cpp - the frontends the compiler can import ---------------===//

#include "kgpu/Frontend/Registry.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/SourceMgr.h"

#include <deque>
#include <mutex>

using namespace mlir;
using namespace mlir::kgpu;

namespace {
struct Registry {
  std::mutex mutex;
  // A deque: lookups hand out pointers that later registrations keep valid.
  std::deque<FrontendInfo> frontends;
};
Registry &getRegistry() {
  static Registry registry;
  return registry;
}

/// .mlir files: kgpu-level (or GPU-form) IR, parsed as it is.
FrontendInfo getMLIRFrontend() {
  FrontendInfo info;
  info.name = "mlir";
  info.extensions = {".mlir"};
  // Hand-written IR stands for the JVM and Kotlin frontends: exact float
  // semantics unless the module says otherwise.
  info.language.name = "mlir";
  info.language.fpContract = FPContract::Off;
  info.recordLanguage = false;
  info.runCleanup = false;
  info.import = [](llvm::SourceMgr &sourceMgr, unsigned,
                   MLIRContext &context) -> OwningOpRef<ModuleOp> {
    return parseSourceFile<ModuleOp>(sourceMgr, &context);
  };
  return info;
}
} // namespace

void mlir::kgpu::registerFrontend(FrontendInfo info) {
  Registry &registry = getRegistry();
  std::lock_guard<std::mutex> lock(registry.mutex);
  for (FrontendInfo &existing : registry.frontends)
    if (existing.name == info.name) {
      existing = std::move(info);
      return;
    }
  registry.frontends.push_back(std::move(info));
}

void mlir::kgpu::registerMLIRFrontend() { registerFrontend(getMLIRFrontend()); }

const FrontendInfo *mlir::kgpu::lookupFrontend(StringRef name) {
  Registry &registry = getRegistry();
  std::lock_guard<std::mutex> lock(registry.mutex);
  for (const FrontendInfo &info : registry.frontends)
    if (info.name == name)
      return &info;
  return nullptr;
}

const FrontendInfo *mlir::kgpu::lookupFrontendForFile(StringRef filename) {
  Registry &registry = getRegistry();
  std::lock_guard<std::mutex> lock(registry.mutex);
  for (const FrontendInfo &info : registry.frontends)
    for (const std::string &extension : info.extensions)
      if (filename.ends_with(extension))
        return &info;
  return nullptr;
}

const FrontendInfo *mlir::kgpu::lookupFrontendForDirectory() {
  Registry &registry = getRegistry();
  std::lock_guard<std::mutex> lock(registry.mutex);
  for (const FrontendInfo &info : registry.frontends)
    if (info.readsDirectories)
      return &info;
  return nullptr;
}

OwningOpRef<ModuleOp> mlir::kgpu::importWith(const FrontendInfo &info,
                                             llvm::SourceMgr &sourceMgr,
                                             unsigned bufferId,
                                             MLIRContext &context,
                                             const ImportOptions &options) {
  if (info.importWithOptions)
    return info.importWithOptions(sourceMgr, bufferId, context, options);
  return info.import(sourceMgr, bufferId, context);
}

std::string mlir::kgpu::describeFrontendExtensions() {
  Registry &registry = getRegistry();
  std::lock_guard<std::mutex> lock(registry.mutex);
  SmallVector<std::string> extensions;
  // Frontends other than the pass-through first: ".kgc or .mlir".
  for (const FrontendInfo &info : registry.frontends)
    if (info.name != "mlir")
      llvm::append_range(extensions, info.extensions);
  for (const FrontendInfo &info : registry.frontends)
    if (info.name == "mlir")
      llvm::append_range(extensions, info.extensions);
  std::string text;
  for (auto [i, extension] : llvm::enumerate(extensions)) {
    if (i)
      text += i + 1 == extensions.size() ? " or " : ", ";
    text += extension;
  }
  return text;
}
