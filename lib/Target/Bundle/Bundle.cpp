//===- Bundle.cpp - the .kgpu bundle file format ----------------*- C++ -*-===//
//
// Layout (little-endian):
//   char     magic[8]        "KGPUBNDL"
//   uint32   version         kFormatVersion
//   uint32   manifestSize    bytes of JSON that follow
//   char     manifest[manifestSize]
//   payload bytes; manifest "payloads"[i] gives offset (from the end of the
//   manifest) and size
//
//===----------------------------------------------------------------------===//

#include "kgpu/Target/Bundle/Bundle.h"

#include "llvm/Support/Endian.h"

#include <cstring>

using namespace kgpu::bundle;

static constexpr size_t kHeaderSize = sizeof(kMagic) + 4 + 4;
/// A manifest larger than this is certainly corrupt.
static constexpr uint64_t kMaxManifestSize = 64ull << 20;

std::string kgpu::bundle::write(llvm::json::Object manifest,
                                llvm::ArrayRef<Payload> payloads) {
  llvm::json::Array entries;
  uint64_t offset = 0;
  for (const Payload &p : payloads) {
    llvm::json::Object entry{{"target", p.target},
                             {"format", p.format},
                             {"offset", static_cast<int64_t>(offset)},
                             {"size", static_cast<int64_t>(p.data.size())}};
    if (!p.kernel.empty())
      entry["kernel"] = p.kernel;
    entries.push_back(std::move(entry));
    offset += p.data.size();
  }
  manifest["payloads"] = std::move(entries);
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
  out += json;
  for (const Payload &p : payloads)
    out += p.data;
  return out;
}

static llvm::Error corrupt(const llvm::Twine &what) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "corrupt kgpu bundle: " + what);
}

llvm::Expected<Bundle> kgpu::bundle::read(llvm::StringRef bytes) {
  if (bytes.size() < kHeaderSize)
    return corrupt("the file is " + llvm::Twine(bytes.size()) +
                   " bytes, shorter than the header");
  if (std::memcmp(bytes.data(), kMagic, sizeof(kMagic)) != 0)
    return corrupt("bad magic (not a .kgpu file)");
  uint32_t version =
      llvm::support::endian::read32le(bytes.data() + sizeof(kMagic));
  if (version == 0 || version > kFormatVersion)
    return corrupt("format version " + llvm::Twine(version) +
                   " is not supported (this build reads up to " +
                   llvm::Twine(kFormatVersion) + ")");
  uint64_t manifestSize =
      llvm::support::endian::read32le(bytes.data() + sizeof(kMagic) + 4);
  if (manifestSize > kMaxManifestSize ||
      manifestSize > bytes.size() - kHeaderSize)
    return corrupt("the manifest size " + llvm::Twine(manifestSize) +
                   " exceeds the file");
  llvm::StringRef json = bytes.substr(kHeaderSize, manifestSize);
  llvm::StringRef payloadArea = bytes.drop_front(kHeaderSize + manifestSize);

  llvm::Expected<llvm::json::Value> parsed = llvm::json::parse(json);
  if (!parsed)
    return corrupt("the manifest is not valid JSON: " +
                   llvm::toString(parsed.takeError()));
  llvm::json::Object *manifest = parsed->getAsObject();
  if (!manifest)
    return corrupt("the manifest is not a JSON object");
  if (!manifest->getArray("kernels"))
    return corrupt("the manifest has no \"kernels\" array");
  llvm::json::Array *entries = manifest->getArray("payloads");
  if (!entries)
    return corrupt("the manifest has no \"payloads\" array");

  Bundle result;
  for (auto [i, entry] : llvm::enumerate(*entries)) {
    llvm::json::Object *object = entry.getAsObject();
    if (!object)
      return corrupt("payload #" + llvm::Twine(i) + " is not an object");
    std::optional<llvm::StringRef> target = object->getString("target");
    std::optional<llvm::StringRef> format = object->getString("format");
    std::optional<int64_t> offset = object->getInteger("offset");
    std::optional<int64_t> size = object->getInteger("size");
    if (!target || !format || !offset || !size)
      return corrupt("payload #" + llvm::Twine(i) +
                     " lacks target, format, offset or size");
    if (*offset < 0 || *size < 0 ||
        static_cast<uint64_t>(*offset) > payloadArea.size() ||
        static_cast<uint64_t>(*size) > payloadArea.size() - *offset)
      return corrupt("payload #" + llvm::Twine(i) + " (" + *target + ", " +
                     *format + ") lies outside the file");
    Payload p;
    p.target = target->str();
    p.format = format->str();
    if (std::optional<llvm::StringRef> kernel = object->getString("kernel"))
      p.kernel = kernel->str();
    p.data = payloadArea.substr(*offset, *size).str();
    result.payloads.push_back(std::move(p));
  }
  result.manifest = std::move(*manifest);
  return result;
}
