//===- TargetBackend.cpp - the registry of target backends ----------------===//

#include "kgpu/Target/TargetBackend.h"

#include <deque>
#include <mutex>

using namespace mlir;
using namespace mlir::kgpu;

TargetBackend::~TargetBackend() = default;

namespace {
struct Registry {
  std::mutex mutex;
  std::deque<std::unique_ptr<TargetBackend>> backends;
};
Registry &getRegistry() {
  static Registry registry;
  return registry;
}
} // namespace

void mlir::kgpu::registerTargetBackend(std::unique_ptr<TargetBackend> backend) {
  Registry &registry = getRegistry();
  std::lock_guard<std::mutex> lock(registry.mutex);
  for (std::unique_ptr<TargetBackend> &existing : registry.backends)
    if (existing->getName() == backend->getName()) {
      // Replaced, not freed: lookups may still hold the old one.
      (void)existing.release();
      existing = std::move(backend);
      return;
    }
  registry.backends.push_back(std::move(backend));
}

const TargetBackend *mlir::kgpu::lookupTargetBackend(StringRef name) {
  Registry &registry = getRegistry();
  std::lock_guard<std::mutex> lock(registry.mutex);
  for (const std::unique_ptr<TargetBackend> &backend : registry.backends)
    if (backend->getName() == name)
      return backend.get();
  return nullptr;
}

const TargetBackend *mlir::kgpu::lookupTargetBackendForEmit(StringRef kind) {
  Registry &registry = getRegistry();
  std::lock_guard<std::mutex> lock(registry.mutex);
  for (const std::unique_ptr<TargetBackend> &backend : registry.backends)
    if (llvm::is_contained(backend->getEmitKinds(), kind))
      return backend.get();
  return nullptr;
}
