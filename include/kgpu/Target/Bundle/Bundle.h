//===- Bundle.h - the .kgpu bundle file format ------------------*- C++ -*-===//
//
// A .kgpu bundle holds a JSON manifest and one payload per target (see
// docs/bundle.md). This part depends on LLVM Support only, so the runtime
// can read bundles without MLIR.
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_TARGET_BUNDLE_BUNDLE_H
#define KGPU_TARGET_BUNDLE_BUNDLE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <string>
#include <vector>

namespace kgpu {
namespace bundle {

/// "KGPUBNDL"
inline constexpr char kMagic[8] = {'K', 'G', 'P', 'U', 'B', 'N', 'D', 'L'};
/// The format version this build writes and the newest it reads.
inline constexpr uint32_t kFormatVersion = 1;

/// One compiled artefact: `target` is "cuda", "vulkan" or "cpu"; `format`
/// "ptx", "cubin", "fatbin", "spirv" or "elf-shared-object"; `kernel` is
/// empty when the payload holds every kernel.
struct Payload {
  std::string target;
  std::string format;
  std::string kernel;
  std::string data;
};

struct Bundle {
  /// The manifest as written, with a "payloads" array describing `payloads`.
  llvm::json::Object manifest;
  std::vector<Payload> payloads;
};

/// Serializes `manifest` (without "payloads"; it is added) and `payloads`.
std::string write(llvm::json::Object manifest,
                  llvm::ArrayRef<Payload> payloads);

/// Parses a bundle with bounds checks on every offset and size; a corrupt
/// or truncated bundle is an error with a message, never a crash.
llvm::Expected<Bundle> read(llvm::StringRef bytes);

} // namespace bundle
} // namespace kgpu

#endif // KGPU_TARGET_BUNDLE_BUNDLE_H
