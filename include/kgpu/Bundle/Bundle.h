//===- Bundle.h - the .kgpu bundle file format ------------------*- C++ -*-===//
//
// A .kgpu bundle holds a JSON manifest and one payload per target (see
// docs/bundle.md). The library (lib/Bundle, KgpuBundle) depends on LLVM
// Support only: the compiler writes bundles with it and the runtime reads
// them with it. The manifest's names are in kgpu/ABI/Manifest.h.
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_BUNDLE_BUNDLE_H
#define KGPU_BUNDLE_BUNDLE_H

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
/// The format version this build writes and the only one it reads.
/// Version 2 added the SHA-256 checksums of the manifest (in the header) and
/// of every payload (in the manifest's "payloads" entries); a version 1
/// bundle is rejected (recompile it).
inline constexpr uint32_t kFormatVersion = 2;
/// Bytes before the manifest: magic, version, manifest size, manifest
/// SHA-256.
inline constexpr size_t kHeaderSize = 8 + 4 + 4 + 32;
/// A manifest larger than this is certainly corrupt.
inline constexpr uint64_t kMaxManifestSize = 64ull << 20;
/// JSON arrays and objects nested deeper than this are rejected before the
/// (recursive) JSON parser runs; real manifests nest 6 deep.
inline constexpr unsigned kMaxManifestNesting = 64;

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

/// Serializes `manifest` (without "payloads"; it is added, with each
/// payload's offset, size and SHA-256) and `payloads`.
std::string write(llvm::json::Object manifest,
                  llvm::ArrayRef<Payload> payloads);

/// Parses a bundle with bounds checks on every offset and size and verifies
/// the checksums of the manifest and of every payload; a corrupt or
/// truncated bundle is an error with a message, never a crash.
llvm::Expected<Bundle> read(llvm::StringRef bytes);

/// The lowercase hex SHA-256 of `data` (64 characters).
std::string sha256Hex(llvm::StringRef data);

} // namespace bundle
} // namespace kgpu

#endif // KGPU_BUNDLE_BUNDLE_H
