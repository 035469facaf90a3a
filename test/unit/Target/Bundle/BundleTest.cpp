//===- BundleTest.cpp - the .kgpu bundle reader and writer ------*- C++ -*-===//

#include "kgpu/Target/Bundle/Bundle.h"

#include "llvm/Support/Endian.h"

#include <gtest/gtest.h>

using namespace kgpu::bundle;

namespace {

std::string makeBundle() {
  llvm::json::Object manifest{
      {"format", "kgpu-bundle"},
      {"version", 1},
      {"kernels", llvm::json::Array{llvm::json::Object{{"name", "k"}}}}};
  std::vector<Payload> payloads = {{"cuda", "ptx", "", "// ptx text"},
                                   {"vulkan", "spirv", "k", "\x03\x02\x23\x07"},
                                   {"cpu", "elf-shared-object", "", "\x7f" "ELF"}};
  return write(std::move(manifest), payloads);
}

std::string errorOf(llvm::StringRef bytes) {
  llvm::Expected<Bundle> b = read(bytes);
  if (b)
    return "";
  return llvm::toString(b.takeError());
}

/// Replaces the manifest of `bundle` by `json` (sizes fixed up).
std::string withManifest(llvm::StringRef json, llvm::StringRef payloads = "") {
  std::string out(kMagic, sizeof(kMagic));
  char word[4];
  llvm::support::endian::write32le(word, kFormatVersion);
  out.append(word, 4);
  llvm::support::endian::write32le(word, json.size());
  out.append(word, 4);
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
  EXPECT_NE(errorOf(bytes).find("format version 2 is not supported"),
            std::string::npos);
  llvm::support::endian::write32le(&bytes[8], 0);
  EXPECT_NE(errorOf(bytes).find("format version 0"), std::string::npos);
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
      R"({"kernels": [], "payloads": [{"target": "cpu", "format": "elf", "offset": 0, "size": 5}]})",
      R"({"kernels": [], "payloads": [{"target": "cpu", "format": "elf", "offset": 4, "size": 1}]})",
      R"({"kernels": [], "payloads": [{"target": "cpu", "format": "elf", "offset": -1, "size": 1}]})",
      R"({"kernels": [], "payloads": [{"target": "cpu", "format": "elf", "offset": 0, "size": -4}]})",
      R"({"kernels": [], "payloads": [{"target": "cpu", "format": "elf", "offset": 9223372036854775807, "size": 9223372036854775807}]})"};
  for (const char *json : cases)
    EXPECT_NE(errorOf(withManifest(json, "abcd")).find("lies outside the file"),
              std::string::npos)
        << json;
}

TEST(BundleTest, RejectsIncompletePayloadEntries) {
  EXPECT_NE(errorOf(withManifest(R"({"kernels": [], "payloads": [{"target": "cpu"}]})"))
                .find("lacks target, format, offset or size"),
            std::string::npos);
  EXPECT_NE(errorOf(withManifest(R"({"kernels": [], "payloads": [7]})"))
                .find("is not an object"),
            std::string::npos);
}

/// Every truncation and every single-byte corruption of a valid bundle is
/// either read or rejected with a message: never a crash.
TEST(BundleTest, SurvivesTruncationAndCorruption) {
  std::string bytes = makeBundle();
  for (size_t n = 0; n < bytes.size(); ++n) {
    llvm::Expected<Bundle> b = read(llvm::StringRef(bytes).take_front(n));
    if (!b)
      llvm::consumeError(b.takeError());
  }
  for (size_t i = 0; i < bytes.size(); ++i) {
    for (unsigned char v : {0x00, 0x22, 0x7b, 0xff}) {
      std::string copy = bytes;
      copy[i] = static_cast<char>(v);
      llvm::Expected<Bundle> b = read(copy);
      if (!b)
        llvm::consumeError(b.takeError());
    }
  }
}

} // namespace
