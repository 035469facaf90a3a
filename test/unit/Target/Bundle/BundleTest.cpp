//===- BundleTest.cpp - the .kgpu bundle reader and writer ------*- C++ -*-===//

#include "kgpu/Bundle/Bundle.h"

#include "llvm/Support/Endian.h"
#include "llvm/Support/SHA256.h"

#include <gtest/gtest.h>

using namespace kgpu::bundle;

namespace {

std::string makeBundle() {
  llvm::json::Object manifest{
      {"format", "kgpu-bundle"},
      {"version", kFormatVersion},
      {"kernels", llvm::json::Array{llvm::json::Object{{"name", "k"}}}}};
  std::vector<Payload> payloads = {{"cuda", "ptx", "", "// ptx text"},
                                   {"vulkan", "spirv", "k", "\x03\x02\x23\x07"},
                                   {"cpu", "elf-shared-object", "",
                                    "\x7f"
                                    "ELF"}};
  return write(std::move(manifest), payloads);
}

std::string errorOf(llvm::StringRef bytes) {
  llvm::Expected<Bundle> b = read(bytes);
  if (b)
    return "";
  return llvm::toString(b.takeError());
}

/// A bundle of manifest `json` (size and checksum fixed up) and `payloads`.
std::string withManifest(llvm::StringRef json, llvm::StringRef payloads = "") {
  std::string out(kMagic, sizeof(kMagic));
  char word[4];
  llvm::support::endian::write32le(word, kFormatVersion);
  out.append(word, 4);
  llvm::support::endian::write32le(word, json.size());
  out.append(word, 4);
  std::array<uint8_t, 32> digest = llvm::SHA256::hash(llvm::ArrayRef<uint8_t>(
      reinterpret_cast<const uint8_t *>(json.data()), json.size()));
  out.append(reinterpret_cast<const char *>(digest.data()), digest.size());
  out += json.str();
  out += payloads.str();
  return out;
}

TEST(BundleTest, RoundTrips) {
  std::string bytes = makeBundle();
  llvm::Expected<Bundle> b = read(bytes);
  ASSERT_TRUE(static_cast<bool>(b)) << llvm::toString(b.takeError());
  ASSERT_EQ(b->payloads.size(), 3u);
  EXPECT_EQ(b->payloads[0].target, "cuda");
  EXPECT_EQ(b->payloads[0].data, "// ptx text");
  EXPECT_EQ(b->payloads[1].kernel, "k");
  EXPECT_EQ(b->payloads[1].data, std::string("\x03\x02\x23\x07", 4));
  EXPECT_EQ(b->payloads[2].format, "elf-shared-object");
  EXPECT_EQ(*b->manifest.getString("format"), "kgpu-bundle");
  EXPECT_EQ(b->manifest.getArray("payloads")->size(), 3u);
}

TEST(BundleTest, RejectsShortFile) {
  EXPECT_NE(errorOf("KGPU").find("shorter than the header"), std::string::npos);
  EXPECT_NE(errorOf("").find("shorter than the header"), std::string::npos);
}

TEST(BundleTest, RejectsBadMagic) {
  std::string bytes = makeBundle();
  bytes[0] = 'X';
  EXPECT_NE(errorOf(bytes).find("bad magic"), std::string::npos);
}

TEST(BundleTest, RejectsNewerVersion) {
  std::string bytes = makeBundle();
  llvm::support::endian::write32le(&bytes[8], kFormatVersion + 1);
  EXPECT_NE(errorOf(bytes).find("format version 3 is not supported"),
            std::string::npos);
  llvm::support::endian::write32le(&bytes[8], 0);
  EXPECT_NE(errorOf(bytes).find("format version 0"), std::string::npos);
}

/// Version 1 had no checksums: it is refused with advice, not half-read.
TEST(BundleTest, RejectsVersion1) {
  std::string bytes = makeBundle();
  llvm::support::endian::write32le(&bytes[8], 1);
  EXPECT_NE(errorOf(bytes).find("format version 1 (without checksums) is no "
                                "longer supported"),
            std::string::npos)
      << errorOf(bytes);
}

TEST(BundleTest, WritesChecksums) {
  std::string bytes = makeBundle();
  llvm::Expected<Bundle> b = read(bytes);
  ASSERT_TRUE(static_cast<bool>(b)) << llvm::toString(b.takeError());
  const llvm::json::Object *entry =
      (*b->manifest.getArray("payloads"))[0].getAsObject();
  ASSERT_TRUE(entry);
  EXPECT_EQ(*entry->getString("sha256"), sha256Hex("// ptx text"));
  EXPECT_EQ(sha256Hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca4"
                           "95991b7852b855");
}

/// An edited manifest (a parameter's type changed, same length) no longer
/// matches the header's checksum.
TEST(BundleTest, RejectsEditedManifest) {
  std::string bytes = makeBundle();
  size_t at = bytes.find("\"k\"");
  ASSERT_NE(at, std::string::npos);
  bytes[at + 1] = 'q';
  EXPECT_NE(errorOf(bytes).find("the manifest does not match its checksum"),
            std::string::npos)
      << errorOf(bytes);
}

/// A payload whose bytes changed no longer matches the manifest's checksum;
/// so does a payload swapped for another of the same size.
TEST(BundleTest, RejectsCorruptPayloads) {
  std::string bytes = makeBundle();
  size_t at = bytes.find("ptx text");
  ASSERT_NE(at, std::string::npos);
  bytes[at] ^= 1;
  EXPECT_NE(errorOf(bytes).find("payload #0 (cuda, ptx) does not match its "
                                "checksum"),
            std::string::npos)
      << errorOf(bytes);

  std::string json =
      R"({"kernels": [], "payloads": [{"target": "cpu", "format": "elf", "offset": 0, "size": 4, "sha256": ")" +
      sha256Hex("abcd") + R"("}]})";
  EXPECT_EQ(errorOf(withManifest(json, "abcd")), "");
  EXPECT_NE(errorOf(withManifest(json, "abce")).find("does not match"),
            std::string::npos);
}

/// llvm::json::parse recurses per level: deep nesting is refused first.
TEST(BundleTest, RejectsDeepNesting) {
  std::string deep =
      "{\"kernels\": [], \"payloads\": [], \"x\": " + std::string(50000, '[') +
      std::string(50000, ']') + "}";
  EXPECT_NE(errorOf(withManifest(deep)).find("deeper than 64 levels"),
            std::string::npos);
  // Brackets inside strings do not count.
  std::string quoted = "{\"kernels\": [], \"payloads\": [], \"x\": \"" +
                       std::string(1000, '[') + "\"}";
  EXPECT_EQ(errorOf(withManifest(quoted)), "");
  std::string ok =
      "{\"kernels\": [], \"payloads\": [], \"x\": " + std::string(60, '[') +
      std::string(60, ']') + "}";
  EXPECT_EQ(errorOf(withManifest(ok)), "");
}

TEST(BundleTest, RejectsManifestBeyondFile) {
  std::string bytes = makeBundle();
  llvm::support::endian::write32le(&bytes[12], 0xffffffffu);
  EXPECT_NE(errorOf(bytes).find("exceeds the file"), std::string::npos);
}

TEST(BundleTest, RejectsInvalidJSON) {
  EXPECT_NE(errorOf(withManifest("{\"kernels\": [")).find("not valid JSON"),
            std::string::npos);
  EXPECT_NE(errorOf(withManifest("[1, 2]")).find("not a JSON object"),
            std::string::npos);
  EXPECT_NE(errorOf(withManifest("{\"payloads\": []}")).find("no \"kernels\""),
            std::string::npos);
  EXPECT_NE(errorOf(withManifest("{\"kernels\": []}")).find("no \"payloads\""),
            std::string::npos);
}

TEST(BundleTest, RejectsPayloadsOutsideTheFile) {
  const char *cases[] = {
      R"({"kernels": [], "payloads": [{"target": "cpu", "format": "elf", "offset": 0, "size": 5, "sha256": ""}]})",
      R"({"kernels": [], "payloads": [{"target": "cpu", "format": "elf", "offset": 4, "size": 1, "sha256": ""}]})",
      R"({"kernels": [], "payloads": [{"target": "cpu", "format": "elf", "offset": -1, "size": 1, "sha256": ""}]})",
      R"({"kernels": [], "payloads": [{"target": "cpu", "format": "elf", "offset": 0, "size": -4, "sha256": ""}]})",
      R"({"kernels": [], "payloads": [{"target": "cpu", "format": "elf", "offset": 9223372036854775807, "size": 9223372036854775807, "sha256": ""}]})"};
  for (const char *json : cases)
    EXPECT_NE(errorOf(withManifest(json, "abcd")).find("lies outside the file"),
              std::string::npos)
        << json;
}

TEST(BundleTest, RejectsIncompletePayloadEntries) {
  EXPECT_NE(errorOf(withManifest(
                        R"({"kernels": [], "payloads": [{"target": "cpu"}]})"))
                .find("lacks target, format, offset, size or sha256"),
            std::string::npos);
  EXPECT_NE(errorOf(withManifest(R"({"kernels": [], "payloads": [7]})"))
                .find("is not an object"),
            std::string::npos);
}

/// Every truncation and every single-byte change of a valid bundle is
/// rejected with a message (the checksums cover every byte): never a crash,
/// never a silently different bundle.
TEST(BundleTest, RejectsEveryTruncationAndCorruption) {
  std::string bytes = makeBundle();
  for (size_t n = 0; n < bytes.size(); ++n)
    EXPECT_NE(errorOf(llvm::StringRef(bytes).take_front(n)), "") << n;
  for (size_t i = 0; i < bytes.size(); ++i) {
    for (unsigned char v : {0x00, 0x22, 0x7b, 0xff}) {
      std::string copy = bytes;
      if (copy[i] == static_cast<char>(v))
        continue;
      copy[i] = static_cast<char>(v);
      EXPECT_NE(errorOf(copy), "") << "byte " << i << " = " << int(v);
    }
  }
}

} // namespace
