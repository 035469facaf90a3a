//===- Bundle.cpp - the .kgpu bundle file format ----------------*- C++ -*-===//
//
// Layout (little-endian), format version 2:
//   char     magic[8]        "KGPUBNDL"
//   uint32   version         kFormatVersion
//   uint32   manifestSize    bytes of JSON that follow the header
//   uint8    manifestSha256[32]
//   char     manifest[manifestSize]
//   payload bytes; manifest "payloads"[i] gives offset (from the end of the
//   manifest), size and sha256 (lowercase hex)
//
// The manifest's checksum covers every payload's checksum, so the header
// binds the manifest (kernels, parameters) to the payloads it describes.
//
//===----------------------------------------------------------------------===//

#include "kgpu/Bundle/Bundle.h"

#include "kgpu/ABI/Manifest.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/SHA256.h"

#include <algorithm>
#include <array>
#include <cstring>

using namespace kgpu::bundle;

static std::array<uint8_t, 32> sha256(llvm::StringRef data) {
  return llvm::SHA256::hash(llvm::ArrayRef<uint8_t>(
      reinterpret_cast<const uint8_t *>(data.data()), data.size()));
}

std::string kgpu::bundle::sha256Hex(llvm::StringRef data) {
  std::array<uint8_t, 32> digest = sha256(data);
  return llvm::toHex(llvm::ArrayRef<uint8_t>(digest), /*LowerCase=*/true);
}

std::string kgpu::bundle::write(llvm::json::Object manifest,
                                llvm::ArrayRef<Payload> payloads) {
  llvm::json::Array entries;
  uint64_t offset = 0;
  for (const Payload &p : payloads) {
    llvm::json::Object entry{
        {KGPU_MANIFEST_TARGET, p.target},
        {KGPU_MANIFEST_FORMAT, p.format},
        {KGPU_MANIFEST_OFFSET, static_cast<int64_t>(offset)},
        {KGPU_MANIFEST_SIZE, static_cast<int64_t>(p.data.size())},
        {KGPU_MANIFEST_SHA256, sha256Hex(p.data)}};
    if (!p.kernel.empty())
      entry[KGPU_MANIFEST_KERNEL] = p.kernel;
    entries.push_back(std::move(entry));
    offset += p.data.size();
  }
  manifest[KGPU_MANIFEST_PAYLOADS] = std::move(entries);
  std::string json;
  llvm::raw_string_ostream os(json);
  os << llvm::formatv("{0:2}", llvm::json::Value(std::move(manifest)));
  os.flush();

  std::string out(kMagic, sizeof(kMagic));
  char word[4];
  llvm::support::endian::write32le(word, kFormatVersion);
  out.append(word, 4);
  llvm::support::endian::write32le(word, static_cast<uint32_t>(json.size()));
  out.append(word, 4);
  std::array<uint8_t, 32> digest = sha256(json);
  out.append(reinterpret_cast<const char *>(digest.data()), digest.size());
  out += json;
  for (const Payload &p : payloads)
    out += p.data;
  return out;
}

static llvm::Error corrupt(const llvm::Twine &what) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "corrupt kgpu bundle: " + what);
}

/// The deepest nesting of arrays and objects in `json` (strings skipped), or
/// kMaxManifestNesting + 1 as soon as it is exceeded. llvm::json::parse
/// recurses once per level, so this runs first.
static unsigned nestingDepth(llvm::StringRef json) {
  unsigned depth = 0, deepest = 0;
  bool inString = false;
  for (size_t i = 0; i < json.size(); ++i) {
    char c = json[i];
    if (inString) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        inString = false;
      continue;
    }
    if (c == '"') {
      inString = true;
    } else if (c == '[' || c == '{') {
      deepest = std::max(deepest, ++depth);
      if (deepest > kMaxManifestNesting)
        return deepest;
    } else if ((c == ']' || c == '}') && depth) {
      --depth;
    }
  }
  return deepest;
}

llvm::Expected<Bundle> kgpu::bundle::read(llvm::StringRef bytes) {
  if (bytes.size() < sizeof(kMagic) + 4)
    return corrupt("the file is " + llvm::Twine(bytes.size()) +
                   " bytes, shorter than the header");
  if (std::memcmp(bytes.data(), kMagic, sizeof(kMagic)) != 0)
    return corrupt("bad magic (not a .kgpu file)");
  uint32_t version =
      llvm::support::endian::read32le(bytes.data() + sizeof(kMagic));
  if (version == 0 || version > kFormatVersion)
    return corrupt("format version " + llvm::Twine(version) +
                   " is not supported (this build reads version " +
                   llvm::Twine(kFormatVersion) + ")");
  if (version < kFormatVersion)
    return corrupt("format version " + llvm::Twine(version) +
                   " (without checksums) is no longer supported (this build "
                   "reads version " +
                   llvm::Twine(kFormatVersion) +
                   "): recompile the bundle with kgpu-translate");
  if (bytes.size() < kHeaderSize)
    return corrupt("the file is " + llvm::Twine(bytes.size()) +
                   " bytes, shorter than the header");
  uint64_t manifestSize =
      llvm::support::endian::read32le(bytes.data() + sizeof(kMagic) + 4);
  if (manifestSize > kMaxManifestSize ||
      manifestSize > bytes.size() - kHeaderSize)
    return corrupt("the manifest size " + llvm::Twine(manifestSize) +
                   " exceeds the file");
  llvm::StringRef json = bytes.substr(kHeaderSize, manifestSize);
  llvm::StringRef payloadArea = bytes.drop_front(kHeaderSize + manifestSize);

  std::array<uint8_t, 32> digest = sha256(json);
  if (std::memcmp(digest.data(), bytes.data() + kHeaderSize - 32, 32) != 0)
    return corrupt("the manifest does not match its checksum (the file was "
                   "modified or damaged)");
  if (nestingDepth(json) > kMaxManifestNesting)
    return corrupt("the manifest nests arrays and objects deeper than " +
                   llvm::Twine(kMaxManifestNesting) + " levels");

  llvm::Expected<llvm::json::Value> parsed = llvm::json::parse(json);
  if (!parsed)
    return corrupt("the manifest is not valid JSON: " +
                   llvm::toString(parsed.takeError()));
  llvm::json::Object *manifest = parsed->getAsObject();
  if (!manifest)
    return corrupt("the manifest is not a JSON object");
  if (!manifest->getArray(KGPU_MANIFEST_KERNELS))
    return corrupt("the manifest has no \"kernels\" array");
  llvm::json::Array *entries = manifest->getArray(KGPU_MANIFEST_PAYLOADS);
  if (!entries)
    return corrupt("the manifest has no \"payloads\" array");

  Bundle result;
  for (auto [i, entry] : llvm::enumerate(*entries)) {
    llvm::json::Object *object = entry.getAsObject();
    if (!object)
      return corrupt("payload #" + llvm::Twine(i) + " is not an object");
    std::optional<llvm::StringRef> target =
        object->getString(KGPU_MANIFEST_TARGET);
    std::optional<llvm::StringRef> format =
        object->getString(KGPU_MANIFEST_FORMAT);
    std::optional<int64_t> offset = object->getInteger(KGPU_MANIFEST_OFFSET);
    std::optional<int64_t> size = object->getInteger(KGPU_MANIFEST_SIZE);
    std::optional<llvm::StringRef> checksum =
        object->getString(KGPU_MANIFEST_SHA256);
    if (!target || !format || !offset || !size || !checksum)
      return corrupt("payload #" + llvm::Twine(i) +
                     " lacks target, format, offset, size or sha256");
    if (*offset < 0 || *size < 0 ||
        static_cast<uint64_t>(*offset) > payloadArea.size() ||
        static_cast<uint64_t>(*size) > payloadArea.size() - *offset)
      return corrupt("payload #" + llvm::Twine(i) + " (" + *target + ", " +
                     *format + ") lies outside the file");
    llvm::StringRef data = payloadArea.substr(*offset, *size);
    if (sha256Hex(data) != *checksum)
      return corrupt("payload #" + llvm::Twine(i) + " (" + *target + ", " +
                     *format +
                     ") does not match its checksum (the file was "
                     "modified or damaged)");
    Payload p;
    p.target = target->str();
    p.format = format->str();
    if (std::optional<llvm::StringRef> kernel =
            object->getString(KGPU_MANIFEST_KERNEL))
      p.kernel = kernel->str();
    p.data = data.str();
    result.payloads.push_back(std::move(p));
  }
  result.manifest = std::move(*manifest);
  return result;
}
