//===- TargetBackend.h - one interface per target ---------------*- C++ -*-===//
//
// Each target (lib/Target/{NVVM,SPIRV,CPU}) is one backend object: it lowers
// the GPU form (docs/codegen.md) with its pipeline and serializes the result
// into bundle payloads, or into the file of an --emit kind it owns. The
// compiler driver loops over the registered backends and knows none of
// them by name.
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_TARGET_TARGETBACKEND_H
#define KGPU_TARGET_TARGETBACKEND_H

#include "kgpu/Bundle/Bundle.h"
#include "kgpu/Frontend/SourceLanguage.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/JSON.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mlir {
namespace kgpu {

/// What every target is compiled with (the driver's options).
struct TargetConfig {
  /// CUDA target GPU.
  std::string chip = "sm_90a";
  /// A CUDA toolkit; empty: found from the environment.
  std::string cudaPath;
  /// Floating-point contraction, resolved from --fp-contract and the source
  /// language.
  FPContract fpContract = FPContract::On;
  /// Reports an error that has no source location (the driver prefixes it
  /// with the tool's name).
  std::function<void(const Twine &)> fail;
};

/// What a backend adds to a bundle.
struct TargetResult {
  std::vector<::kgpu::bundle::Payload> payloads;
  /// Per kernel: the target's object of the kernel's manifest entry (the
  /// "vulkan" scalar block, ...).
  llvm::StringMap<llvm::json::Object> kernelManifest;
};

class TargetBackend {
public:
  virtual ~TargetBackend();

  /// The name in --targets and in the bundle: "cuda", "vulkan", "cpu".
  virtual StringRef getName() const = 0;

  /// The --emit kinds this backend writes ("ptx", "spirv", ...).
  virtual ArrayRef<StringRef> getEmitKinds() const = 0;

  /// Why this target cannot compile with `config` (an unknown chip, ...),
  /// checked before any input is read; nothing when it can.
  virtual std::optional<std::string>
  checkConfig(const TargetConfig &config) const {
    return std::nullopt;
  }

  /// Lowers and serializes `gpuForm`, which is left unchanged, into this
  /// target's bundle payloads. Errors are located diagnostics.
  virtual LogicalResult compile(ModuleOp gpuForm, const TargetConfig &config,
                                TargetResult &result) const = 0;

  /// The bytes of --emit=`kind` (one of getEmitKinds()) for `gpuForm`.
  virtual FailureOr<std::string> emit(ModuleOp gpuForm, StringRef kind,
                                      const TargetConfig &config) const = 0;
};

/// Adds `backend` to the registry (thread-safe).
void registerTargetBackend(std::unique_ptr<TargetBackend> backend);

/// The backend named `name`, or null.
const TargetBackend *lookupTargetBackend(StringRef name);

/// The backend that writes --emit=`kind`, or null.
const TargetBackend *lookupTargetBackendForEmit(StringRef kind);

/// Registration of each backend (lib/Target/<X>/Backend.cpp).
void registerNVVMTargetBackend();
void registerSPIRVTargetBackend();
void registerCPUTargetBackend();

} // namespace kgpu
} // namespace mlir

#endif // KGPU_TARGET_TARGETBACKEND_H
