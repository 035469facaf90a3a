//===- RuntimeTest.cpp - tests of the kgpu runtime C API ------------------===//
//
// Every test that runs kernels is instantiated for the CPU backend and for
// the first Vulkan device (lavapipe in CI; skipped without one). The kernels
// are compiled from .kgc at build time (see CMakeLists.txt).
//
//===----------------------------------------------------------------------===//

#include "kgpu/runtime.h"

#include "kgpu/ABI/CPU.h"
#include "kgpu/ABI/Manifest.h"
#include "kgpu/Bundle/Bundle.h"

#include "llvm/Support/SHA256.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <iterator>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <dlfcn.h>
#include <sys/resource.h>

namespace {

std::string kernelPath(const char *name) {
  return std::string(KGPU_TEST_KERNEL_DIR) + "/" + name + ".kgpu";
}

std::string readFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)),
                     std::istreambuf_iterator<char>());
}

std::string lastError() { return kgpu_last_error_message(); }

#define EXPECT_STATUS(expected, call)                                          \
  do {                                                                         \
    kgpu_status status_ = (call);                                              \
    EXPECT_EQ(status_, expected)                                               \
        << kgpu_status_string(status_) << ": " << lastError();                 \
  } while (0)

#define ASSERT_OK(call)                                                        \
  do {                                                                         \
    kgpu_status status_ = (call);                                              \
    ASSERT_EQ(status_, KGPU_SUCCESS)                                           \
        << kgpu_status_string(status_) << ": " << lastError();                 \
  } while (0)

/// Whether some Vulkan device is present (lavapipe in CI).
bool haveVulkan() {
  static int have = -1;
  if (have < 0) {
    kgpu_device d = nullptr;
    have = kgpu_device_open("vulkan", &d) == KGPU_SUCCESS;
    kgpu_device_release(d);
  }
  return have;
}

//===----------------------------------------------------------------------===//
// Devices
//===----------------------------------------------------------------------===//

TEST(Devices, EnumerateEndsWithTheCPU) {
  uint32_t count = 0;
  ASSERT_OK(kgpu_device_count(&count));
  ASSERT_GE(count, 1u);
  kgpu_device_info info;
  ASSERT_OK(kgpu_device_describe(count - 1, &info));
  EXPECT_EQ(info.backend, KGPU_BACKEND_CPU);
  EXPECT_TRUE(info.is_software);
  EXPECT_GE(info.compute_units, 1u);
  EXPECT_STATUS(KGPU_ERROR_NOT_FOUND, kgpu_device_describe(count, &info));
  EXPECT_STATUS(KGPU_ERROR_INVALID_ARGUMENT, kgpu_device_count(nullptr));

  kgpu_device d = nullptr;
  ASSERT_OK(kgpu_device_open_index(count - 1, &d));
  kgpu_device_info opened;
  ASSERT_OK(kgpu_device_get_info(d, &opened));
  EXPECT_STREQ(opened.name, info.name);
  kgpu_device_release(d);
  EXPECT_STATUS(KGPU_ERROR_NOT_FOUND, kgpu_device_open_index(count, &d));
  EXPECT_EQ(d, nullptr);
}

TEST(Devices, OpenBySpec) {
  kgpu_device a = nullptr, b = nullptr;
  ASSERT_OK(kgpu_device_open("cpu", &a));
  ASSERT_OK(kgpu_device_open("cpu:0", &b));
  EXPECT_EQ(a, b) << "one physical device, one handle";
  kgpu_device_release(a);
  kgpu_device_release(b);

  EXPECT_STATUS(KGPU_ERROR_INVALID_ARGUMENT, kgpu_device_open("tpu", &a));
  EXPECT_NE(lastError().find("expected cpu, cuda[:N] or vulkan[:N]"),
            std::string::npos);
  EXPECT_STATUS(KGPU_ERROR_INVALID_ARGUMENT, kgpu_device_open("cpu:x", &a));
  EXPECT_STATUS(KGPU_ERROR_NOT_FOUND, kgpu_device_open("cpu:1", &a));
  EXPECT_EQ(a, nullptr);
  EXPECT_STATUS(KGPU_ERROR_INVALID_ARGUMENT, kgpu_device_open("cpu", nullptr));
}

TEST(Devices, NoCUDADriverIsAnError) {
  void *cuda = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
  void *loadable = cuda ? cuda : dlopen("libcuda.so.1", RTLD_NOW);
  if (loadable)
    GTEST_SKIP() << "this machine has a CUDA driver";
  kgpu_device d = nullptr;
  EXPECT_STATUS(KGPU_ERROR_NO_DEVICE, kgpu_device_open("cuda", &d));
  EXPECT_NE(lastError().find("no CUDA driver"), std::string::npos)
      << lastError();
  EXPECT_EQ(d, nullptr);
}

TEST(Devices, EnvironmentOverride) {
  const char *old = std::getenv("KGPU_DEVICE");
  std::string saved = old ? old : "";
  setenv("KGPU_DEVICE", "cpu", 1);
  kgpu_device d = nullptr;
  ASSERT_OK(kgpu_device_open(nullptr, &d));
  kgpu_device_info info;
  ASSERT_OK(kgpu_device_get_info(d, &info));
  EXPECT_EQ(info.backend, KGPU_BACKEND_CPU);
  kgpu_device_release(d);

  setenv("KGPU_DEVICE", "gpu9", 1);
  EXPECT_STATUS(KGPU_ERROR_INVALID_ARGUMENT, kgpu_device_open("", &d));
  EXPECT_NE(lastError().find("KGPU_DEVICE"), std::string::npos);
  // An explicit spec wins over the environment.
  ASSERT_OK(kgpu_device_open("cpu", &d));
  kgpu_device_release(d);
  if (old)
    setenv("KGPU_DEVICE", saved.c_str(), 1);
  else
    unsetenv("KGPU_DEVICE");
}

TEST(Devices, DefaultSkipsSoftwareVulkan) {
  if (std::getenv("KGPU_DEVICE"))
    GTEST_SKIP() << "KGPU_DEVICE is set";
  kgpu_device d = nullptr;
  ASSERT_OK(kgpu_device_open(nullptr, &d));
  kgpu_device_info info;
  ASSERT_OK(kgpu_device_get_info(d, &info));
  if (info.backend == KGPU_BACKEND_VULKAN) {
    EXPECT_FALSE(info.is_software) << info.name;
  }
  kgpu_device_release(d);
}

//===----------------------------------------------------------------------===//
// Bundles
//===----------------------------------------------------------------------===//

class Bundles : public ::testing::Test {
protected:
  void SetUp() override { ASSERT_OK(kgpu_device_open("cpu", &device)); }
  void TearDown() override { kgpu_device_release(device); }
  kgpu_device device = nullptr;
};

TEST_F(Bundles, MissingFile) {
  kgpu_module m = nullptr;
  EXPECT_STATUS(KGPU_ERROR_NOT_FOUND,
                kgpu_module_load_file(device, "/nonexistent.kgpu", &m));
  EXPECT_EQ(m, nullptr);
  EXPECT_STATUS(KGPU_ERROR_INVALID_ARGUMENT,
                kgpu_module_load_file(device, nullptr, &m));
}

TEST_F(Bundles, CorruptBundlesAreErrors) {
  std::string good = readFile(kernelPath("saxpy"));
  ASSERT_GT(good.size(), 100u);
  kgpu_module m = nullptr;
  // Every truncation, and a flipped byte anywhere (header, manifest,
  // payloads: ELF program headers, SPIR-V words): an error, never a crash and
  // never a load (the checksums cover every byte).
  for (size_t n = 0; n < good.size(); n += (n < 256 ? 1 : 97)) {
    EXPECT_NE(kgpu_module_load_memory(device, good.data(), n, &m), KGPU_SUCCESS)
        << "truncated to " << n;
    EXPECT_EQ(m, nullptr);
  }
  for (size_t i = 0; i < good.size(); i += (i < 4096 ? 7 : 61)) {
    std::string bad = good;
    bad[i] = static_cast<char>(bad[i] ^ 0x5a);
    EXPECT_EQ(kgpu_module_load_memory(device, bad.data(), bad.size(), &m),
              KGPU_ERROR_INVALID_BUNDLE)
        << "byte " << i << ": " << lastError();
    EXPECT_EQ(m, nullptr);
  }
  std::string badMagic = good;
  badMagic[0] = 'X';
  EXPECT_STATUS(
      KGPU_ERROR_INVALID_BUNDLE,
      kgpu_module_load_memory(device, badMagic.data(), badMagic.size(), &m));
  EXPECT_NE(lastError().find("bad magic"), std::string::npos);
  std::string hugeManifest = good;
  hugeManifest[12] = hugeManifest[13] = hugeManifest[14] = '\x7f';
  EXPECT_STATUS(KGPU_ERROR_INVALID_BUNDLE,
                kgpu_module_load_memory(device, hugeManifest.data(),
                                        hugeManifest.size(), &m));
  EXPECT_STATUS(KGPU_ERROR_INVALID_BUNDLE,
                kgpu_module_load_memory(device, "", 0, &m));
}

/// A bundle (format version 2) of the raw `manifest` text and `payloads`,
/// with the manifest's checksum (the payload checksums are the manifest's).
std::string makeBundle(const std::string &manifest,
                       const std::string &payloads = "") {
  std::string b("KGPUBNDL", 8);
  uint32_t version = kgpu::bundle::kFormatVersion,
           size = static_cast<uint32_t>(manifest.size());
  b.append(reinterpret_cast<const char *>(&version), 4);
  b.append(reinterpret_cast<const char *>(&size), 4);
  std::array<uint8_t, 32> digest = llvm::SHA256::hash(llvm::ArrayRef<uint8_t>(
      reinterpret_cast<const uint8_t *>(manifest.data()), manifest.size()));
  b.append(reinterpret_cast<const char *>(digest.data()), digest.size());
  return b + manifest + payloads;
}

/// Reads the bundle `name`, lets `edit` change its manifest (without
/// "payloads") and payloads, and writes it again with fresh checksums.
std::string
rewrite(const char *name,
        const std::function<void(llvm::json::Object &,
                                 std::vector<kgpu::bundle::Payload> &)> &edit) {
  std::string bytes = readFile(kernelPath(name));
  llvm::Expected<kgpu::bundle::Bundle> b = kgpu::bundle::read(bytes);
  if (!b) {
    ADD_FAILURE() << llvm::toString(b.takeError());
    return "";
  }
  b->manifest.erase("payloads");
  edit(b->manifest, b->payloads);
  return kgpu::bundle::write(std::move(b->manifest), b->payloads);
}

/// The tester's case: a parameter's type edited in place (same length) in
/// the manifest of a valid bundle. It no longer matches its checksum.
TEST_F(Bundles, EditedManifestIsRejected) {
  std::string bytes = readFile(kernelPath("saxpy"));
  size_t at = bytes.find("\"type\": \"f32\"");
  ASSERT_NE(at, std::string::npos);
  bytes.replace(at + 9, 3, "i32");
  kgpu_module m = nullptr;
  EXPECT_STATUS(
      KGPU_ERROR_INVALID_BUNDLE,
      kgpu_module_load_memory(device, bytes.data(), bytes.size(), &m));
  EXPECT_NE(lastError().find("the manifest does not match its checksum"),
            std::string::npos)
      << lastError();
  // Two parameters swapped: same bytes, other order.
  bytes = readFile(kernelPath("saxpy"));
  size_t x = bytes.find("\"name\": \"x\"");
  size_t y = bytes.find("\"name\": \"y\"");
  ASSERT_NE(x, std::string::npos);
  ASSERT_NE(y, std::string::npos);
  std::swap(bytes[x + 9], bytes[y + 9]);
  EXPECT_STATUS(
      KGPU_ERROR_INVALID_BUNDLE,
      kgpu_module_load_memory(device, bytes.data(), bytes.size(), &m));
  EXPECT_EQ(m, nullptr);
}

/// A damaged CPU library (flipped bytes in the ELF program headers) used to
/// be SIGSEGV/SIGBUS inside the dynamic loader; its checksum catches it.
TEST_F(Bundles, CorruptCPUPayloadIsRejected) {
  std::string bytes = readFile(kernelPath("saxpy"));
  size_t elf = bytes.find("\x7f"
                          "ELF");
  ASSERT_NE(elf, std::string::npos);
  for (size_t off : {size_t(0x20), size_t(0x40), size_t(0x48), size_t(0x60)}) {
    std::string bad = bytes;
    bad[elf + off] = static_cast<char>(bad[elf + off] ^ 0xff);
    kgpu_module m = nullptr;
    EXPECT_STATUS(KGPU_ERROR_INVALID_BUNDLE,
                  kgpu_module_load_memory(device, bad.data(), bad.size(), &m));
    EXPECT_NE(lastError().find("(cpu, elf-shared-object) does not match its "
                               "checksum"),
              std::string::npos)
        << lastError();
  }
}

/// A CPU library that was wrong when written (so its checksum matches):
/// the ELF headers are checked before the dynamic loader sees them.
TEST_F(Bundles, MalformedELFIsRejected) {
  struct Case {
    size_t offset;
    unsigned char value;
    const char *message;
  } cases[] = {
      {4, 1, "not 64-bit little-endian ELF"},
      {18, 3, "not an x86-64 shared object"},
      {32 + 6, 0x7f, "program headers lie outside the file"},
      {54, 32, "program headers lie outside the file"},
      {40 + 5, 0x7f, "section headers lie outside the file"},
  };
  for (const Case &c : cases) {
    std::string bundle =
        rewrite("saxpy", [&](llvm::json::Object &,
                             std::vector<kgpu::bundle::Payload> &ps) {
          for (kgpu::bundle::Payload &p : ps)
            if (p.target == "cpu")
              p.data[c.offset] = static_cast<char>(c.value);
        });
    kgpu_module m = nullptr;
    EXPECT_EQ(kgpu_module_load_memory(device, bundle.data(), bundle.size(), &m),
              KGPU_ERROR_INVALID_BUNDLE)
        << c.offset;
    EXPECT_NE(lastError().find(c.message), std::string::npos)
        << c.offset << ": " << lastError();
    EXPECT_EQ(m, nullptr);
  }
}

/// Running out of host memory inside the library is a status, not an
/// exception through the C API (std::terminate, SIGABRT): the load runs in a
/// child whose address space is limited to what it already uses plus 32 MiB,
/// so that the copy of a 64 MiB payload fails.
TEST(OutOfHostMemory, IsAStatusNotAnAbort) {
  std::vector<kgpu::bundle::Payload> payloads = {
      {"cpu", "elf-shared-object", "", std::string(64u << 20, 'x')}};
  std::string bundle = kgpu::bundle::write(
      llvm::json::Object{{"kernels", llvm::json::Array{}}}, payloads);
  EXPECT_EXIT(
      {
        std::ifstream statm("/proc/self/statm");
        size_t pages = 0;
        statm >> pages;
        struct rlimit limit;
        getrlimit(RLIMIT_AS, &limit);
        limit.rlim_cur = pages * 4096 + (32u << 20);
        setrlimit(RLIMIT_AS, &limit);
        kgpu_module m = nullptr;
        kgpu_status s =
            kgpu_module_load_memory(nullptr, bundle.data(), bundle.size(), &m);
        std::_Exit(s == KGPU_ERROR_OUT_OF_MEMORY && !m ? 0 : 10 + s);
      },
      ::testing::ExitedWithCode(0), "");
}

TEST_F(Bundles, NotARegularFile) {
  kgpu_module m = nullptr;
  EXPECT_STATUS(KGPU_ERROR_INVALID_BUNDLE,
                kgpu_module_load_file(device, "/tmp", &m));
  EXPECT_NE(lastError().find("is not a regular file (it is a directory)"),
            std::string::npos)
      << lastError();
  EXPECT_STATUS(KGPU_ERROR_INVALID_BUNDLE,
                kgpu_module_load_file(nullptr, "/dev/zero", &m));
  EXPECT_NE(lastError().find("character device"), std::string::npos);
  EXPECT_EQ(m, nullptr);
}

/// A manifest nested 50,000 deep (llvm::json::parse recurses per level).
TEST_F(Bundles, DeeplyNestedManifest) {
  std::string deep =
      "{\"kernels\": [], \"payloads\": [], \"x\": " + std::string(50000, '[') +
      std::string(50000, ']') + "}";
  std::string bundle = makeBundle(deep);
  kgpu_module m = nullptr;
  EXPECT_STATUS(
      KGPU_ERROR_INVALID_BUNDLE,
      kgpu_module_load_memory(nullptr, bundle.data(), bundle.size(), &m));
  EXPECT_NE(lastError().find("deeper than 64 levels"), std::string::npos);
}

/// kgpu-translate records targets it could not compile in
/// "omitted_targets"; loading for such a target says why.
TEST_F(Bundles, OmittedTargetIsExplained) {
  const char *reason = "saxpy.kgc:3:5: error: not supported on the CPU target";
  std::string bundle =
      rewrite("saxpy_vulkan_only", [&](llvm::json::Object &manifest,
                                       std::vector<kgpu::bundle::Payload> &) {
        manifest["omitted_targets"] = llvm::json::Object{{"cpu", reason}};
      });
  kgpu_module m = nullptr;
  EXPECT_STATUS(
      KGPU_ERROR_NO_PAYLOAD,
      kgpu_module_load_memory(device, bundle.data(), bundle.size(), &m));
  EXPECT_NE(lastError().find(std::string("the bundle has no cpu payload: "
                                         "kgpu-translate left the cpu target "
                                         "out: ") +
                             reason),
            std::string::npos)
      << lastError();
  EXPECT_EQ(m, nullptr);
  // Inspection still works.
  ASSERT_OK(kgpu_module_load_memory(nullptr, bundle.data(), bundle.size(), &m));
  kgpu_module_release(m);

  // A malformed field is a manifest error.
  std::string bad = rewrite("saxpy", [&](llvm::json::Object &manifest,
                                         std::vector<kgpu::bundle::Payload> &) {
    manifest["omitted_targets"] = llvm::json::Array{"cpu"};
  });
  EXPECT_STATUS(KGPU_ERROR_INVALID_BUNDLE,
                kgpu_module_load_memory(nullptr, bad.data(), bad.size(), &m));
  EXPECT_NE(lastError().find("\"omitted_targets\" must be an object"),
            std::string::npos);
  bad = rewrite("saxpy", [&](llvm::json::Object &manifest,
                             std::vector<kgpu::bundle::Payload> &) {
    manifest["omitted_targets"] = llvm::json::Object{{"vulkan", 3}};
  });
  EXPECT_STATUS(KGPU_ERROR_INVALID_BUNDLE,
                kgpu_module_load_memory(nullptr, bad.data(), bad.size(), &m));
}

TEST_F(Bundles, InvalidManifests) {
  const char *bad[] = {
      "not json",
      "[1, 2]",
      R"({"kernels": [], "payloads": [{"target": "cpu", "format": "x",
          "offset": 0, "size": 99}]})",
      R"({"kernels": [{"params": []}], "payloads": []})",
      R"({"kernels": [{"name": "k", "params": [{"name": "x", "kind":
          "buffer", "type": "vector<4xf32>"}], "launch": {"model":
          "ndrange"}, "workgroup_size": [1, 1, 1]}], "payloads": []})",
      R"({"kernels": [{"name": "k", "params": [{"name": "x", "kind":
          "pointer", "type": "f32"}], "launch": {}, "workgroup_size":
          [1, 1, 1]}], "payloads": []})",
      R"({"kernels": [{"name": "k", "params": [], "launch": {"model":
          "ndrange"}, "workgroup_size": [0, 1, 1]}], "payloads": []})",
      R"({"kernels": [{"name": "k", "params": [], "launch": {"model":
          "warp"}, "workgroup_size": [1, 1, 1]}], "payloads": []})",
      R"({"kernels": [{"name": "k", "params": [{"name": "a", "kind":
          "scalar", "type": "i32"}, {"name": "a", "kind": "scalar", "type":
          "i32"}], "launch": {}, "workgroup_size": [1, 1, 1]}],
          "payloads": []})",
      R"({"version": 99, "kernels": [], "payloads": []})",
      // The Vulkan scalar block: unknown storage, a member outside the
      // block, a member naming a buffer, a scalar missing, a binding that
      // is a buffer's.
      R"({"kernels": [{"name": "k", "params": [{"name": "a", "kind":
          "scalar", "type": "i32"}], "launch": {}, "workgroup_size": [1, 1,
          1], "vulkan": {"scalars": {"storage": "uniform", "size": 4,
          "members": [{"param": 0, "offset": 0}]}}}], "payloads": []})",
      R"({"kernels": [{"name": "k", "params": [{"name": "a", "kind":
          "scalar", "type": "i64"}], "launch": {}, "workgroup_size": [1, 1,
          1], "vulkan": {"scalars": {"storage": "push_constant", "size": 4,
          "members": [{"param": 0, "offset": 0}]}}}], "payloads": []})",
      R"({"kernels": [{"name": "k", "params": [{"name": "x", "kind":
          "buffer", "type": "f32"}], "launch": {}, "workgroup_size": [1, 1,
          1], "vulkan": {"scalars": {"storage": "push_constant", "size": 4,
          "members": [{"param": 0, "offset": 0}]}}}], "payloads": []})",
      R"({"kernels": [{"name": "k", "params": [{"name": "a", "kind":
          "scalar", "type": "i32"}, {"name": "b", "kind": "scalar", "type":
          "i32"}], "launch": {}, "workgroup_size": [1, 1, 1], "vulkan":
          {"scalars": {"storage": "push_constant", "size": 4, "members":
          [{"param": 0, "offset": 0}]}}}], "payloads": []})",
      R"({"kernels": [{"name": "k", "params": [{"name": "x", "kind":
          "buffer", "type": "f32"}, {"name": "a", "kind": "scalar", "type":
          "i32"}], "launch": {}, "workgroup_size": [1, 1, 1], "vulkan":
          {"scalars": {"storage": "storage_buffer", "binding": 0, "size": 4,
          "members": [{"param": 1, "offset": 0}]}}}], "payloads": []})",
      // Hidden parameters: a size of a scalar, of a later parameter, of the
      // wrong type; a status buffer too small; a visible parameter after a
      // hidden one; sites without a status buffer and the reverse.
      R"({"kernels": [{"name": "k", "params": [{"name": "a", "kind":
          "scalar", "type": "i32"}, {"name": "s", "kind": "scalar", "type":
          "i64", "hidden": "size_of", "of": 0}], "launch": {},
          "workgroup_size": [1, 1, 1]}], "payloads": []})",
      R"({"kernels": [{"name": "k", "params": [{"name": "s", "kind":
          "scalar", "type": "i64", "hidden": "size_of", "of": 1}, {"name":
          "x", "kind": "buffer", "type": "f32"}], "launch": {},
          "workgroup_size": [1, 1, 1]}], "payloads": []})",
      R"({"kernels": [{"name": "k", "params": [{"name": "x", "kind":
          "buffer", "type": "f32"}, {"name": "s", "kind": "scalar", "type":
          "i32", "hidden": "size_of", "of": 0}], "launch": {},
          "workgroup_size": [1, 1, 1]}], "payloads": []})",
      R"({"kernels": [{"name": "k", "params": [{"name": "b", "kind":
          "buffer", "type": "i32", "shape": [4], "hidden": "bounds_status"}],
          "bounds_check": {"sites": []}, "launch": {},
          "workgroup_size": [1, 1, 1]}], "payloads": []})",
      R"({"kernels": [{"name": "k", "params": [{"name": "b", "kind":
          "buffer", "type": "i32", "shape": [8], "hidden": "bounds_status"},
          {"name": "a", "kind": "scalar", "type": "i32"}], "bounds_check":
          {"sites": []}, "launch": {}, "workgroup_size": [1, 1, 1]}],
          "payloads": []})",
      R"({"kernels": [{"name": "k", "params": [], "bounds_check": {"sites":
          []}, "launch": {}, "workgroup_size": [1, 1, 1]}], "payloads": []})",
      R"({"kernels": [{"name": "k", "params": [{"name": "b", "kind":
          "buffer", "type": "i32", "shape": [8], "hidden": "bounds_status"}],
          "launch": {}, "workgroup_size": [1, 1, 1]}], "payloads": []})",
      R"({"kernels": [{"name": "k", "params": [{"name": "b", "kind":
          "buffer", "type": "i32", "shape": [8], "hidden": "magic"}],
          "launch": {}, "workgroup_size": [1, 1, 1]}], "payloads": []})",
      // Dispatch parameters (launch.dispatch_params): not an array, empty,
      // more than 3, an unknown name, a buffer, an i64, twice the same.
      R"({"kernels": [{"name": "k", "params": [{"name": "n", "kind":
          "scalar", "type": "i32"}], "launch": {"dispatch_params": "n"},
          "workgroup_size": [1, 1, 1]}], "payloads": []})",
      R"({"kernels": [{"name": "k", "params": [{"name": "n", "kind":
          "scalar", "type": "i32"}], "launch": {"dispatch_params": []},
          "workgroup_size": [1, 1, 1]}], "payloads": []})",
      R"({"kernels": [{"name": "k", "params": [{"name": "n", "kind":
          "scalar", "type": "i32"}], "launch": {"dispatch_params": ["n",
          "n", "n", "n"]}, "workgroup_size": [1, 1, 1]}], "payloads": []})",
      R"({"kernels": [{"name": "k", "params": [{"name": "n", "kind":
          "scalar", "type": "i32"}], "launch": {"dispatch_params":
          ["size"]}, "workgroup_size": [1, 1, 1]}], "payloads": []})",
      R"({"kernels": [{"name": "k", "params": [{"name": "n", "kind":
          "buffer", "type": "i32"}], "launch": {"dispatch_params": ["n"]},
          "workgroup_size": [1, 1, 1]}], "payloads": []})",
      R"({"kernels": [{"name": "k", "params": [{"name": "n", "kind":
          "scalar", "type": "i64"}], "launch": {"dispatch_params": ["n"]},
          "workgroup_size": [1, 1, 1]}], "payloads": []})",
      R"({"kernels": [{"name": "k", "params": [{"name": "n", "kind":
          "scalar", "type": "i32"}], "launch": {"dispatch_params": ["n",
          "n"]}, "workgroup_size": [1, 1, 1]}], "payloads": []})",
      // CUDA dynamic shared memory: not an object, negative, not an
      // integer.
      R"({"kernels": [{"name": "k", "params": [], "launch": {},
          "workgroup_size": [1, 1, 1], "cuda": 65536}], "payloads": []})",
      R"({"kernels": [{"name": "k", "params": [], "launch": {},
          "workgroup_size": [1, 1, 1], "cuda":
          {"dynamic_shared_memory_bytes": -16}}], "payloads": []})",
      R"({"kernels": [{"name": "k", "params": [], "launch": {},
          "workgroup_size": [1, 1, 1], "cuda":
          {"dynamic_shared_memory_bytes": "64K"}}], "payloads": []})",
  };
  for (const char *manifest : bad) {
    std::string bundle = makeBundle(manifest);
    kgpu_module m = nullptr;
    EXPECT_EQ(
        kgpu_module_load_memory(nullptr, bundle.data(), bundle.size(), &m),
        KGPU_ERROR_INVALID_BUNDLE)
        << manifest << ": " << lastError();
    EXPECT_EQ(m, nullptr);
  }
}

/// A manifest of one kernel without parameters whose "vulkan" object lists
/// the cooperative-matrix multiplies `entries` (the JSON array's text).
std::string cooperativeMatrixManifest(const std::string &entries) {
  return R"({"kernels": [{"name": "k", "params": [], "launch": {},
      "workgroup_size": [32, 1, 1], "vulkan": {"scalars": {"storage":
      "none", "size": 0, "members": []}, "cooperative_matrix": )" +
         entries + "}}], \"payloads\": []}";
}

TEST_F(Bundles, CooperativeMatrixEntries) {
  // kgpu-translate's entries (lib/Target/SPIRV/Backend.cpp): f16, bf16 and
  // i8 inputs; the entry is optional.
  for (const char *good :
       {R"([{"m": 16, "n": 8, "k": 16, "a": "f16", "b": "f16", "c": "f32",
            "result": "f32"}])",
        R"([{"m": 16, "n": 16, "k": 16, "a": "bf16", "b": "bf16", "c":
            "f32", "result": "f32"}, {"m": 16, "n": 8, "k": 32, "a": "i8",
            "b": "i8", "c": "i32", "result": "i32"}])",
        "[]"}) {
    std::string bundle = makeBundle(cooperativeMatrixManifest(good));
    kgpu_module m = nullptr;
    EXPECT_EQ(
        kgpu_module_load_memory(nullptr, bundle.data(), bundle.size(), &m),
        KGPU_SUCCESS)
        << good << ": " << lastError();
    kgpu_module_release(m);
  }
  // Each a located error naming the entry's place and what is wrong.
  const std::pair<const char *, const char *> bad[] = {
      {R"({"m": 16})", "not an array"},
      {"[16]", "an entry is not an object"},
      {R"([{"n": 8, "k": 16, "a": "f16", "b": "f16", "c": "f32", "result":
          "f32"}])",
       "an entry has no valid \"m\""},
      {R"([{"m": 0, "n": 8, "k": 16, "a": "f16", "b": "f16", "c": "f32",
          "result": "f32"}])",
       "an entry has no valid \"m\""},
      {R"([{"m": 16, "n": 8, "k": 99999, "a": "f16", "b": "f16", "c":
          "f32", "result": "f32"}])",
       "an entry has no valid \"k\""},
      {R"([{"m": 16, "n": 8, "k": 16, "a": "f64", "b": "f16", "c": "f32",
          "result": "f32"}])",
       "an entry has no valid \"a\" (f16, bf16, f32, i8 or i32)"},
      {R"([{"m": 16, "n": 8, "k": 16, "a": "f16", "b": "f16", "c": "f32"}])",
       "an entry has no valid \"result\""},
  };
  for (auto [entries, what] : bad) {
    std::string bundle = makeBundle(cooperativeMatrixManifest(entries));
    kgpu_module m = nullptr;
    EXPECT_EQ(
        kgpu_module_load_memory(nullptr, bundle.data(), bundle.size(), &m),
        KGPU_ERROR_INVALID_BUNDLE)
        << entries;
    EXPECT_EQ(m, nullptr);
    EXPECT_NE(
        lastError().find("kernel 'k' \"vulkan\" \"cooperative_matrix\": " +
                         std::string(what)),
        std::string::npos)
        << lastError();
  }
}

TEST_F(Bundles, CooperativeMatricesOnAVulkanDeviceWithout) {
  // The corpus's naive tensor-core GEMM (m16n16k16, f16 -> f32): a device
  // without VK_KHR_cooperative_matrix (lavapipe before Mesa 24) refuses the
  // kernel with UNSUPPORTED, naming the shape; one that lists it runs it
  // (the H200: bench/gpu). The CPU runs it everywhere.
  if (!haveVulkan())
    GTEST_SKIP() << "no Vulkan device";
  kgpu_device d = nullptr;
  ASSERT_OK(kgpu_device_open("vulkan", &d));
  kgpu_module m = nullptr;
  ASSERT_OK(kgpu_module_load_file(d, kernelPath("mma_gemm").c_str(), &m));
  kgpu_kernel k = nullptr;
  kgpu_status status = kgpu_module_get_kernel(m, "mma_gemm", &k);
  if (status != KGPU_SUCCESS) {
    EXPECT_EQ(status, KGPU_ERROR_UNSUPPORTED) << lastError();
    EXPECT_NE(lastError().find("kernel 'mma_gemm' needs cooperative matrices "
                               "of shape m16n16k16 (f16 x f16 + f32 -> f32) "
                               "at subgroup scope"),
              std::string::npos)
        << lastError();
    EXPECT_EQ(k, nullptr);
    kgpu_module_release(m);
    kgpu_device_release(d);
    return;
  }
  const int n = 16;
  std::vector<uint16_t> ab(n * n, 0x3c00); // 1.0 in f16
  std::vector<float> c(n * n, -1.0f);
  kgpu_buffer a = nullptr, b = nullptr, out = nullptr;
  ASSERT_OK(kgpu_buffer_create(d, ab.size() * 2, &a));
  ASSERT_OK(kgpu_buffer_create(d, ab.size() * 2, &b));
  ASSERT_OK(kgpu_buffer_create(d, c.size() * 4, &out));
  ASSERT_OK(kgpu_buffer_upload(a, 0, ab.data(), ab.size() * 2));
  ASSERT_OK(kgpu_buffer_upload(b, 0, ab.data(), ab.size() * 2));
  kgpu_arg args[] = {kgpu_arg_buffer(a),   kgpu_arg_buffer(b),
                     kgpu_arg_buffer(out), kgpu_arg_i32(n),
                     kgpu_arg_i32(n),      kgpu_arg_i32(n)};
  kgpu_launch_config config = {{1, 1, 1}, {32, 1, 1}};
  ASSERT_OK(kgpu_launch_sync(k, args, 6, &config, nullptr));
  ASSERT_OK(kgpu_buffer_download(out, 0, c.data(), c.size() * 4));
  for (float v : c)
    EXPECT_EQ(v, float(n));
  kgpu_buffer_release(a);
  kgpu_buffer_release(b);
  kgpu_buffer_release(out);
  kgpu_module_release(m);
  kgpu_device_release(d);
}

TEST_F(Bundles, CUDADynamicSharedMemory) {
  // A kernel with more local memory than CUDA's static 48 KiB: the
  // manifest's cuda object loads (the CUDA backend launches with it), and
  // an unknown key in it is ignored.
  std::string bundle = makeBundle(
      R"({"kernels": [{"name": "k", "params": [], "launch": {},
      "workgroup_size": [256, 1, 1], "local_memory_bytes": 116736, "cuda":
      {"dynamic_shared_memory_bytes": 116736, "future": 1}}], "payloads":
      []})");
  kgpu_module m = nullptr;
  ASSERT_OK(kgpu_module_load_memory(nullptr, bundle.data(), bundle.size(), &m));
  kgpu_kernel k = nullptr;
  ASSERT_OK(kgpu_module_get_kernel(m, "k", &k));
  kgpu_kernel_info info;
  ASSERT_OK(kgpu_kernel_get_info(k, &info));
  EXPECT_EQ(info.local_memory_bytes, 116736u);
  kgpu_module_release(m);
}

TEST_F(Bundles, DispatchParams) {
  std::string bundle = makeBundle(
      R"({"kernels": [{"name": "k", "params": [{"name": "out", "kind":
      "buffer", "type": "i32"}, {"name": "width", "kind": "scalar", "type":
      "i32"}, {"name": "height", "kind": "scalar", "type": "i32"}], "launch":
      {"model": "ndrange", "dims": 2, "dispatch_params": ["width",
      "height"]}, "workgroup_size": [8, 8, 1]}, {"name": "plain", "params":
      [], "launch": {}, "workgroup_size": [1, 1, 1]}], "payloads": []})");
  kgpu_module m = nullptr;
  ASSERT_OK(kgpu_module_load_memory(nullptr, bundle.data(), bundle.size(), &m));
  kgpu_kernel k = nullptr;
  ASSERT_OK(kgpu_module_get_kernel(m, "k", &k));
  uint32_t count = 9, indices[3] = {9, 9, 9};
  ASSERT_OK(kgpu_kernel_get_dispatch_params(k, &count, indices));
  EXPECT_EQ(count, 2u);
  EXPECT_EQ(indices[0], 1u);
  EXPECT_EQ(indices[1], 2u);
  EXPECT_EQ(indices[2], 0u);
  ASSERT_OK(kgpu_module_get_kernel(m, "plain", &k));
  ASSERT_OK(kgpu_kernel_get_dispatch_params(k, &count, indices));
  EXPECT_EQ(count, 0u);
  EXPECT_STATUS(KGPU_ERROR_INVALID_ARGUMENT,
                kgpu_kernel_get_dispatch_params(k, nullptr, indices));
  EXPECT_STATUS(KGPU_ERROR_INVALID_ARGUMENT,
                kgpu_kernel_get_dispatch_params(nullptr, &count, indices));
  kgpu_module_release(m);
}

/// Launches `shift_add` of the bounds-checked bundle on `device` with
/// offset `off` over 256 elements.
static void launchShiftAdd(kgpu_device device, kgpu_kernel kernel, int32_t off,
                           kgpu_status expected, const char *how) {
  kgpu_buffer x = nullptr, y = nullptr;
  ASSERT_OK(kgpu_buffer_create(device, 256 * 4, &x));
  ASSERT_OK(kgpu_buffer_create(device, 256 * 4, &y));
  kgpu_arg args[] = {kgpu_arg_i32(256), kgpu_arg_i32(off), kgpu_arg_buffer(x),
                     kgpu_arg_buffer(y)};
  kgpu_launch_config cfg = {{1, 1, 1}, {0, 0, 0}};
  if (std::string(how) == "sync") {
    EXPECT_STATUS(expected, kgpu_launch_sync(kernel, args, 4, &cfg, nullptr));
  } else {
    kgpu_queue q = nullptr;
    ASSERT_OK(kgpu_queue_create(device, &q));
    kgpu_event ev = nullptr;
    bool withEvent = std::string(how) == "event";
    ASSERT_OK(kgpu_launch(q, kernel, args, 4, &cfg, withEvent ? &ev : nullptr));
    if (withEvent) {
      EXPECT_STATUS(expected, kgpu_event_wait(ev));
      EXPECT_STATUS(expected, kgpu_event_wait(ev)); // the same answer again
      kgpu_event_release(ev);
    }
    // The queue reports it too; once.
    EXPECT_STATUS(expected, kgpu_queue_finish(q));
    EXPECT_STATUS(KGPU_SUCCESS, kgpu_queue_finish(q));
    kgpu_queue_release(q);
  }
  if (expected == KGPU_ERROR_BOUNDS)
    EXPECT_NE(lastError().find("out-of-bounds access to buffer 'x' at "),
              std::string::npos)
        << lastError();
  kgpu_buffer_release(x);
  kgpu_buffer_release(y);
}

TEST_F(Bundles, BoundsCheckedKernels) {
  std::vector<kgpu_device> devices = {device};
  kgpu_device vk = nullptr;
  if (haveVulkan() && kgpu_device_open("vulkan", &vk) == KGPU_SUCCESS)
    devices.push_back(vk);
  for (kgpu_device dev : devices) {
    kgpu_module m = nullptr;
    ASSERT_OK(
        kgpu_module_load_file(dev, kernelPath("check_bounds").c_str(), &m));
    kgpu_kernel k = nullptr;
    ASSERT_OK(kgpu_module_get_kernel(m, "shift_add", &k));
    // The hidden parameters (x's size, the status buffer) are not visible.
    kgpu_kernel_info info;
    ASSERT_OK(kgpu_kernel_get_info(k, &info));
    EXPECT_EQ(info.param_count, 4u);
    uint32_t index = 0;
    EXPECT_STATUS(KGPU_ERROR_NOT_FOUND,
                  kgpu_kernel_find_param(k, "__kgpu_bounds", &index));
    kgpu_param_info p;
    EXPECT_STATUS(KGPU_ERROR_NOT_FOUND, kgpu_kernel_get_param(k, 4, &p));
    for (const char *how : {"sync", "event", "queue"}) {
      SCOPED_TRACE(how);
      launchShiftAdd(dev, k, 0, KGPU_SUCCESS, how);
      launchShiftAdd(dev, k, 1, KGPU_ERROR_BOUNDS, how);
      launchShiftAdd(dev, k, -1, KGPU_ERROR_BOUNDS, how);
    }
    // Five arguments are one too many: the hidden ones are not the caller's.
    kgpu_buffer x = nullptr;
    ASSERT_OK(kgpu_buffer_create(dev, 1024, &x));
    kgpu_arg args[] = {kgpu_arg_i32(256), kgpu_arg_i32(0), kgpu_arg_buffer(x),
                       kgpu_arg_buffer(x), kgpu_arg_buffer(x)};
    kgpu_launch_config cfg = {{1, 1, 1}, {0, 0, 0}};
    EXPECT_STATUS(KGPU_ERROR_ARGUMENT_MISMATCH,
                  kgpu_launch_sync(k, args, 5, &cfg, nullptr));
    kgpu_buffer_release(x);
    kgpu_module_release(m);
  }
  kgpu_device_release(vk);
}

TEST_F(Bundles, NoPayloadForTheDevice) {
  kgpu_module m = nullptr;
  EXPECT_STATUS(KGPU_ERROR_NO_PAYLOAD,
                kgpu_module_load_file(
                    device, kernelPath("saxpy_vulkan_only").c_str(), &m));
  EXPECT_NE(lastError().find("no CPU payload"), std::string::npos);
}

/// The emulated subgroup size of the CPU payload: recorded in the manifest
/// (cpu.subgroup_size), read by the CPU backend, reported per kernel.
TEST_F(Bundles, CPUSubgroupSizeComesFromTheManifest) {
  std::string bytes = readFile(kernelPath("subgroup_size"));
  llvm::Expected<kgpu::bundle::Bundle> b = kgpu::bundle::read(bytes);
  ASSERT_TRUE(bool(b)) << llvm::toString(b.takeError());
  const llvm::json::Object *cpu = b->manifest.getObject(KGPU_MANIFEST_CPU);
  ASSERT_NE(cpu, nullptr);
  EXPECT_EQ(cpu->getInteger(KGPU_MANIFEST_SUBGROUP_SIZE),
            std::optional<int64_t>(KGPU_CPU_DEFAULT_SUBGROUP_SIZE));

  // What the kernel computes is what the runtime reports.
  kgpu_module m = nullptr;
  ASSERT_OK(kgpu_module_load_memory(device, bytes.data(), bytes.size(), &m));
  kgpu_kernel k = nullptr;
  ASSERT_OK(kgpu_module_get_kernel(m, "subgroup_size", &k));
  kgpu_kernel_info info;
  ASSERT_OK(kgpu_kernel_get_info(k, &info));
  EXPECT_EQ(info.subgroup_size, uint32_t(KGPU_CPU_DEFAULT_SUBGROUP_SIZE));
  kgpu_buffer out = nullptr;
  ASSERT_OK(kgpu_buffer_create(device, 64 * sizeof(int32_t), &out));
  kgpu_arg arg = kgpu_arg_buffer(out);
  kgpu_launch_config config = {};
  config.grid[0] = 1;
  config.local[0] = 64;
  ASSERT_OK(kgpu_launch_sync(k, &arg, 1, &config, nullptr));
  std::vector<int32_t> sizes(64);
  ASSERT_OK(kgpu_buffer_download(out, 0, sizes.data(),
                                 sizes.size() * sizeof(int32_t)));
  for (int32_t s : sizes)
    EXPECT_EQ(uint32_t(s), info.subgroup_size);
  kgpu_buffer_release(out);
  kgpu_module_release(m);

  auto withSize = [](std::optional<llvm::json::Value> size) {
    return rewrite("subgroup_size", [&](llvm::json::Object &manifest,
                                        std::vector<kgpu::bundle::Payload> &) {
      if (size)
        manifest[KGPU_MANIFEST_CPU] =
            llvm::json::Object{{KGPU_MANIFEST_SUBGROUP_SIZE, *size}};
      else
        manifest.erase(KGPU_MANIFEST_CPU);
    });
  };
  auto infoOf = [&](const std::string &bundle, kgpu_kernel_info &info) {
    kgpu_module m = nullptr;
    ASSERT_OK(
        kgpu_module_load_memory(device, bundle.data(), bundle.size(), &m));
    kgpu_kernel k = nullptr;
    ASSERT_OK(kgpu_module_get_kernel(m, "subgroup_size", &k));
    ASSERT_OK(kgpu_kernel_get_info(k, &info));
    kgpu_module_release(m);
  };
  // The backend reports the manifest's size, not a constant of its own.
  infoOf(withSize(llvm::json::Value(16)), info);
  EXPECT_EQ(info.subgroup_size, 16u);
  // Bundles written before the key existed were compiled for the default.
  infoOf(withSize(std::nullopt), info);
  EXPECT_EQ(info.subgroup_size, uint32_t(KGPU_CPU_DEFAULT_SUBGROUP_SIZE));
  // A size the CPU backend cannot run is refused when the bundle is loaded.
  for (int64_t bad : {12, 128}) {
    std::string bundle = withSize(llvm::json::Value(bad));
    EXPECT_STATUS(
        KGPU_ERROR_UNSUPPORTED,
        kgpu_module_load_memory(device, bundle.data(), bundle.size(), &m));
    EXPECT_EQ(m, nullptr);
    EXPECT_NE(lastError().find("the bundle's CPU code emulates subgroups of " +
                               std::to_string(bad) +
                               " lanes; the CPU backend runs powers of two "
                               "from 1 to 64"),
              std::string::npos)
        << lastError();
  }
  // A malformed value is a manifest error, for any device.
  for (llvm::json::Value bad :
       {llvm::json::Value(0), llvm::json::Value(-8), llvm::json::Value("8"),
        llvm::json::Value(nullptr)}) {
    std::string bundle = withSize(std::move(bad));
    EXPECT_STATUS(
        KGPU_ERROR_INVALID_BUNDLE,
        kgpu_module_load_memory(nullptr, bundle.data(), bundle.size(), &m));
    EXPECT_NE(lastError().find("\"cpu\" must be an object with a positive "
                               "integer \"subgroup_size\""),
              std::string::npos)
        << lastError();
  }
  // Without a device there is no subgroup size to report.
  ASSERT_OK(kgpu_module_load_memory(nullptr, bytes.data(), bytes.size(), &m));
  ASSERT_OK(kgpu_module_get_kernel(m, "subgroup_size", &k));
  ASSERT_OK(kgpu_kernel_get_info(k, &info));
  EXPECT_EQ(info.subgroup_size, 0u);
  kgpu_module_release(m);
}

TEST_F(Bundles, InspectWithoutADevice) {
  kgpu_module m = nullptr;
  ASSERT_OK(kgpu_module_load_file(nullptr, kernelPath("saxpy").c_str(), &m));
  uint32_t count = 0;
  ASSERT_OK(kgpu_module_kernel_count(m, &count));
  EXPECT_EQ(count, 1u);
  kgpu_kernel k = nullptr;
  ASSERT_OK(kgpu_module_get_kernel(m, "saxpy", &k));
  kgpu_kernel_info info;
  ASSERT_OK(kgpu_kernel_get_info(k, &info));
  EXPECT_STREQ(info.name, "saxpy");
  EXPECT_EQ(info.param_count, 4u);
  EXPECT_EQ(info.model, KGPU_LAUNCH_NDRANGE);
  EXPECT_EQ(info.workgroup_size[0], 256u);
  kgpu_param_info p;
  ASSERT_OK(kgpu_kernel_get_param(k, 3, &p));
  EXPECT_STREQ(p.name, "y");
  EXPECT_EQ(p.kind, KGPU_PARAM_BUFFER);
  EXPECT_EQ(p.type, KGPU_TYPE_F32);
  EXPECT_EQ(p.access, KGPU_ACCESS_READ_WRITE);
  ASSERT_EQ(p.rank, 1u);
  EXPECT_EQ(p.shape[0], -1);
  EXPECT_STATUS(KGPU_ERROR_NOT_FOUND, kgpu_kernel_get_param(k, 4, &p));
  uint32_t index = 0;
  ASSERT_OK(kgpu_kernel_find_param(k, "a", &index));
  EXPECT_EQ(index, 1u);
  EXPECT_STATUS(KGPU_ERROR_NOT_FOUND, kgpu_kernel_find_param(k, "z", &index));
  EXPECT_NE(lastError().find("n, a, x, y"), std::string::npos);

  kgpu_arg arg = kgpu_arg_i32(1);
  EXPECT_STATUS(KGPU_ERROR_INVALID_ARGUMENT,
                kgpu_launch_sync(k, &arg, 1, nullptr, nullptr));
  EXPECT_NE(lastError().find("without a device"), std::string::npos);

  EXPECT_STATUS(KGPU_ERROR_NOT_FOUND, kgpu_module_get_kernel(m, "sgemm", &k));
  EXPECT_NE(lastError().find("it has: saxpy"), std::string::npos);
  EXPECT_STATUS(KGPU_ERROR_NOT_FOUND,
                kgpu_module_get_kernel_by_index(m, 1, &k));
  kgpu_module_release(m);
}

//===----------------------------------------------------------------------===//
// Per-device tests
//===----------------------------------------------------------------------===//

class OnDevice : public ::testing::TestWithParam<const char *> {
protected:
  void SetUp() override {
    if (std::string(GetParam()) == "vulkan" && !haveVulkan())
      GTEST_SKIP() << "no Vulkan device";
    ASSERT_OK(kgpu_device_open(GetParam(), &device));
  }
  void TearDown() override {
    for (kgpu_buffer b : buffers)
      kgpu_buffer_release(b);
    for (kgpu_module m : modules)
      kgpu_module_release(m);
    kgpu_device_release(device);
  }

  kgpu_kernel load(const char *bundle, const char *kernel) {
    kgpu_module m = nullptr;
    kgpu_status s =
        kgpu_module_load_file(device, kernelPath(bundle).c_str(), &m);
    EXPECT_EQ(s, KGPU_SUCCESS) << lastError();
    if (s != KGPU_SUCCESS)
      return nullptr;
    modules.push_back(m);
    kgpu_kernel k = nullptr;
    s = kgpu_module_get_kernel(m, kernel, &k);
    EXPECT_EQ(s, KGPU_SUCCESS) << lastError();
    return k;
  }

  template <typename T> kgpu_buffer buffer(const std::vector<T> &data) {
    kgpu_buffer b = nullptr;
    EXPECT_EQ(kgpu_buffer_create(device, data.size() * sizeof(T), &b),
              KGPU_SUCCESS)
        << lastError();
    EXPECT_EQ(kgpu_buffer_upload(b, 0, data.data(), data.size() * sizeof(T)),
              KGPU_SUCCESS)
        << lastError();
    buffers.push_back(b);
    return b;
  }

  template <typename T> std::vector<T> read(kgpu_buffer b) {
    size_t size = 0;
    kgpu_buffer_get_size(b, &size);
    std::vector<T> out(size / sizeof(T));
    EXPECT_EQ(kgpu_buffer_download(b, 0, out.data(), size), KGPU_SUCCESS)
        << lastError();
    return out;
  }

  kgpu_device device = nullptr;
  std::vector<kgpu_buffer> buffers;
  std::vector<kgpu_module> modules;
};

INSTANTIATE_TEST_SUITE_P(Backends, OnDevice, ::testing::Values("cpu", "vulkan"),
                         [](const ::testing::TestParamInfo<const char *> &i) {
                           return std::string(i.param);
                         });

TEST_P(OnDevice, BufferTransfers) {
  std::vector<int32_t> data(1000);
  for (int i = 0; i < 1000; ++i)
    data[i] = i * 7 - 3;
  kgpu_buffer a = buffer(data);
  EXPECT_EQ(read<int32_t>(a), data);

  kgpu_buffer b = nullptr;
  ASSERT_OK(kgpu_buffer_create(device, 4000, &b));
  buffers.push_back(b);
  EXPECT_EQ(read<int32_t>(b), std::vector<int32_t>(1000, 0))
      << "new buffers are zero-filled";
  ASSERT_OK(kgpu_buffer_copy(b, 400, a, 0, 400));
  std::vector<int32_t> got = read<int32_t>(b);
  EXPECT_EQ(got[100], data[0]);
  EXPECT_EQ(got[199], data[99]);
  EXPECT_EQ(got[200], 0);
  int32_t part[3];
  ASSERT_OK(kgpu_buffer_download(a, 8, part, sizeof(part)));
  EXPECT_EQ(part[0], data[2]);

  // A 3-byte buffer (sub-word sizes are padded on Vulkan).
  kgpu_buffer odd = nullptr;
  ASSERT_OK(kgpu_buffer_create(device, 3, &odd));
  ASSERT_OK(kgpu_buffer_upload(odd, 0, "abc", 3));
  char back[4] = {};
  ASSERT_OK(kgpu_buffer_download(odd, 0, back, 3));
  EXPECT_STREQ(back, "abc");
  kgpu_buffer_release(odd);
}

TEST_P(OnDevice, BufferErrors) {
  kgpu_buffer b = nullptr;
  EXPECT_STATUS(KGPU_ERROR_INVALID_ARGUMENT, kgpu_buffer_create(device, 0, &b));
  EXPECT_STATUS(KGPU_ERROR_INVALID_ARGUMENT,
                kgpu_buffer_create(nullptr, 4, &b));
  EXPECT_STATUS(KGPU_ERROR_OUT_OF_MEMORY,
                kgpu_buffer_create(device, size_t(1) << 62, &b));
  EXPECT_EQ(b, nullptr);
  ASSERT_OK(kgpu_buffer_create(device, 16, &b));
  buffers.push_back(b);
  char data[32] = {};
  EXPECT_STATUS(KGPU_ERROR_INVALID_ARGUMENT, kgpu_buffer_upload(b, 8, data, 9));
  EXPECT_NE(lastError().find("outside the 16-byte buffer"), std::string::npos);
  EXPECT_STATUS(KGPU_ERROR_INVALID_ARGUMENT,
                kgpu_buffer_download(b, 17, data, 0));
  EXPECT_STATUS(KGPU_ERROR_INVALID_ARGUMENT,
                kgpu_buffer_upload(b, 0, nullptr, 4));
  EXPECT_STATUS(KGPU_ERROR_INVALID_ARGUMENT, kgpu_buffer_copy(b, 0, b, 4, 8));
  EXPECT_STATUS(KGPU_ERROR_INVALID_ARGUMENT, kgpu_buffer_copy(b, 0, b, 8, 16));
  EXPECT_STATUS(KGPU_ERROR_INVALID_ARGUMENT,
                kgpu_buffer_copy(nullptr, 0, b, 0, 1));
}

struct Saxpy {
  static constexpr int n = 1000;
  std::vector<float> x, y, expected;
  Saxpy() : x(n), y(n), expected(n) {
    for (int i = 0; i < n; ++i) {
      x[i] = 0.5f * i;
      y[i] = 1000.0f - i;
      expected[i] = 2.5f * x[i] + y[i];
    }
  }
};

void expectNear(const std::vector<float> &got, const std::vector<float> &want) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i)
    ASSERT_NEAR(got[i], want[i], 1e-4f * std::fabs(want[i]) + 1e-6f)
        << "at " << i;
}

TEST_P(OnDevice, SaxpyByPositionAndByName) {
  kgpu_kernel k = load("saxpy", "saxpy");
  ASSERT_NE(k, nullptr);
  Saxpy s;
  kgpu_buffer x = buffer(s.x), y = buffer(s.y);
  kgpu_arg args[] = {kgpu_arg_i32(Saxpy::n), kgpu_arg_f32(2.5f),
                     kgpu_arg_buffer(x), kgpu_arg_buffer(y)};
  kgpu_launch_config config = {{(Saxpy::n + 255) / 256, 0, 0}, {0, 0, 0}};
  uint64_t ns = 0;
  ASSERT_OK(kgpu_launch_sync(k, args, 4, &config, &ns));
  EXPECT_GT(ns, 0u);
  expectNear(read<float>(y), s.expected);

  // By name, in any order (and mixed with a positional first argument).
  ASSERT_OK(kgpu_buffer_upload(y, 0, s.y.data(), s.y.size() * 4));
  kgpu_arg named[] = {
      kgpu_arg_i32(Saxpy::n),
      kgpu_arg_named("y", kgpu_arg_buffer(y)),
      kgpu_arg_named("a", kgpu_arg_f32(2.5f)),
      kgpu_arg_named("x", kgpu_arg_buffer(x)),
  };
  ASSERT_OK(kgpu_launch_sync(k, named, 4, &config, nullptr));
  expectNear(read<float>(y), s.expected);
}

// kgpu_buffer_create_external / kgpu_buffer_get_native_handle (API 1.4):
// on the CPU a kernel reads and writes the caller's memory in place, and
// releasing the buffer leaves it; Vulkan refuses both with a message.
TEST_P(OnDevice, ExternalMemory) {
  kgpu_kernel k = load("saxpy", "saxpy");
  ASSERT_NE(k, nullptr);
  Saxpy s;
  std::vector<float> x = s.x, y = s.y;
  kgpu_buffer xb = nullptr, yb = nullptr;
  kgpu_status status = kgpu_buffer_create_external(
      device, reinterpret_cast<uintptr_t>(x.data()), x.size() * 4, &xb);
  if (std::string(GetParam()) == "vulkan") {
    EXPECT_EQ(status, KGPU_ERROR_UNSUPPORTED);
    EXPECT_NE(lastError().find("cannot wrap external memory"),
              std::string::npos)
        << lastError();
    EXPECT_EQ(xb, nullptr);
    kgpu_buffer own = buffer(s.x);
    uint64_t handle = 1;
    EXPECT_STATUS(KGPU_ERROR_UNSUPPORTED,
                  kgpu_buffer_get_native_handle(own, &handle));
    EXPECT_EQ(handle, 0u);
    return;
  }
  ASSERT_EQ(status, KGPU_SUCCESS) << lastError();
  ASSERT_OK(kgpu_buffer_create_external(
      device, reinterpret_cast<uintptr_t>(y.data()), y.size() * 4, &yb));
  uint64_t handle = 0;
  ASSERT_OK(kgpu_buffer_get_native_handle(yb, &handle));
  EXPECT_EQ(handle, reinterpret_cast<uintptr_t>(y.data()));
  kgpu_arg args[] = {kgpu_arg_i32(Saxpy::n), kgpu_arg_f32(2.5f),
                     kgpu_arg_buffer(xb), kgpu_arg_buffer(yb)};
  kgpu_launch_config config = {{(Saxpy::n + 255) / 256, 0, 0}, {0, 0, 0}};
  ASSERT_OK(kgpu_launch_sync(k, args, 4, &config, nullptr));
  kgpu_buffer_release(xb);
  kgpu_buffer_release(yb);
  expectNear(y, s.expected); // in place, and still readable after release
  EXPECT_EQ(x, s.x);

  // An owned buffer has a handle too; bad arguments are errors.
  kgpu_buffer own = buffer(s.x);
  ASSERT_OK(kgpu_buffer_get_native_handle(own, &handle));
  EXPECT_EQ(std::memcmp(reinterpret_cast<void *>(handle), s.x.data(), 16), 0);
  kgpu_buffer b = nullptr;
  EXPECT_STATUS(KGPU_ERROR_INVALID_ARGUMENT,
                kgpu_buffer_create_external(device, 0, 16, &b));
  EXPECT_STATUS(KGPU_ERROR_INVALID_ARGUMENT,
                kgpu_buffer_create_external(
                    device, reinterpret_cast<uintptr_t>(x.data()), 0, &b));
  EXPECT_STATUS(KGPU_ERROR_INVALID_ARGUMENT,
                kgpu_buffer_create_external(nullptr, 16, 16, &b));
  EXPECT_EQ(b, nullptr);
  EXPECT_STATUS(KGPU_ERROR_INVALID_ARGUMENT,
                kgpu_buffer_get_native_handle(nullptr, &handle));
}

TEST_P(OnDevice, ArgumentMismatches) {
  kgpu_kernel k = load("saxpy", "saxpy");
  ASSERT_NE(k, nullptr);
  kgpu_buffer x = buffer(std::vector<float>(256));
  kgpu_buffer y = buffer(std::vector<float>(256));
  kgpu_buffer odd = nullptr;
  ASSERT_OK(kgpu_buffer_create(device, 6, &odd));
  buffers.push_back(odd);
  kgpu_launch_config config = {{1, 1, 1}, {0, 0, 0}};
  struct Case {
    std::vector<kgpu_arg> args;
    const char *message;
  };
  std::vector<Case> cases = {
      {{kgpu_arg_i32(1), kgpu_arg_f32(1), kgpu_arg_buffer(x)},
       "no argument for parameter 'y' (#3, buffer of f32)"},
      {{kgpu_arg_i32(1), kgpu_arg_f32(1), kgpu_arg_buffer(x),
        kgpu_arg_buffer(y), kgpu_arg_i32(0)},
       "too many arguments: kernel 'saxpy' takes 4, got 5"},
      {{kgpu_arg_i32(1), kgpu_arg_f32(1), kgpu_arg_f32(1), kgpu_arg_buffer(y)},
       "parameter 'x' (#2, buffer of f32) needs a buffer, got a scalar"},
      {{kgpu_arg_buffer(x), kgpu_arg_f32(1), kgpu_arg_buffer(x),
        kgpu_arg_buffer(y)},
       "parameter 'n' (#0, scalar i32) needs a scalar, got a buffer"},
      {{kgpu_arg_i32(1), kgpu_arg_f64(1), kgpu_arg_buffer(x),
        kgpu_arg_buffer(y)},
       "needs a f32 scalar, got f64"},
      {{kgpu_arg_i32(1), kgpu_arg_f32(1), kgpu_arg_buffer(nullptr),
        kgpu_arg_buffer(y)},
       "the buffer for parameter 'x' (#2, buffer of f32) is null"},
      {{kgpu_arg_i32(1), kgpu_arg_f32(1), kgpu_arg_buffer(odd),
        kgpu_arg_buffer(y)},
       "has 6 bytes, not a whole number of 4-byte f32 elements"},
      {{kgpu_arg_i32(1), kgpu_arg_f32(1), kgpu_arg_buffer(x),
        kgpu_arg_named("z", kgpu_arg_buffer(y))},
       "kernel 'saxpy' has no parameter 'z' (parameters: n, a, x, y)"},
      {{kgpu_arg_i32(1), kgpu_arg_f32(1), kgpu_arg_buffer(x),
        kgpu_arg_named("n", kgpu_arg_i32(2))},
       "parameter 'n' (#0, scalar i32) is given twice"},
  };
  for (const Case &c : cases) {
    EXPECT_STATUS(KGPU_ERROR_ARGUMENT_MISMATCH,
                  kgpu_launch_sync(k, c.args.data(),
                                   static_cast<uint32_t>(c.args.size()),
                                   &config, nullptr));
    EXPECT_NE(lastError().find(c.message), std::string::npos)
        << "got: " << lastError() << "\nwanted: " << c.message;
  }
  EXPECT_STATUS(KGPU_ERROR_INVALID_ARGUMENT,
                kgpu_launch_sync(k, nullptr, 4, &config, nullptr));
  EXPECT_STATUS(KGPU_ERROR_INVALID_ARGUMENT,
                kgpu_launch_sync(nullptr, nullptr, 0, &config, nullptr));
}

TEST_P(OnDevice, FixedWorkgroupSizeAcceptsOnlyItsSize) {
  kgpu_kernel k = load("workgroup_size", "fixed");
  ASSERT_NE(k, nullptr);
  kgpu_kernel_info info;
  ASSERT_OK(kgpu_kernel_get_info(k, &info));
  EXPECT_EQ(info.workgroup_size_fixed, 1);
  EXPECT_EQ(info.workgroup_size[0], 64u);
  EXPECT_EQ(info.workgroup_size[1], 1u);
  kgpu_buffer out = buffer(std::vector<int32_t>(256));
  kgpu_arg args[] = {kgpu_arg_buffer(out)};
  kgpu_launch_config byDefault = {{4, 1, 1}, {0, 0, 0}};
  ASSERT_OK(kgpu_launch_sync(k, args, 1, &byDefault, nullptr));
  std::vector<int32_t> got = read<int32_t>(out);
  for (int i = 0; i < 256; ++i)
    ASSERT_EQ(got[i], 64 * 1000 + i % 64) << "at " << i;
  kgpu_launch_config same = {{4, 1, 1}, {64, 1, 1}};
  EXPECT_STATUS(KGPU_SUCCESS, kgpu_launch_sync(k, args, 1, &same, nullptr));
  kgpu_launch_config other = {{2, 1, 1}, {128, 0, 0}};
  EXPECT_STATUS(KGPU_ERROR_LAUNCH_CONFIG,
                kgpu_launch_sync(k, args, 1, &other, nullptr));
  EXPECT_NE(lastError().find("kernel 'fixed' has the fixed work-group size "
                             "64x1x1; the launch asks for 128x1x1"),
            std::string::npos)
      << lastError();
  kgpu_launch_config twoD = {{1, 1, 1}, {32, 2, 1}};
  EXPECT_STATUS(KGPU_ERROR_LAUNCH_CONFIG,
                kgpu_launch_sync(k, args, 1, &twoD, nullptr));
}

TEST_P(OnDevice, DynamicWorkgroupSizeAcceptsAnySize) {
  kgpu_kernel k = load("workgroup_size", "dynamic");
  ASSERT_NE(k, nullptr);
  kgpu_kernel_info info;
  ASSERT_OK(kgpu_kernel_get_info(k, &info));
  EXPECT_EQ(info.workgroup_size_fixed, 0);
  EXPECT_EQ(info.workgroup_size[0], 256u); // the default
  kgpu_device_info dev;
  ASSERT_OK(kgpu_device_get_info(device, &dev));
  uint32_t max = std::min<uint32_t>(1024, dev.max_workgroup_invocations);
  max = std::min(max, dev.max_workgroup_size[0]);
  // Twice each size, so that a cached Vulkan pipeline is reused.
  for (uint32_t local : {256u, 1u, 100u, 7u, 32u, max, 100u, 1u}) {
    uint32_t groups = 3;
    kgpu_buffer out = buffer(std::vector<int32_t>(groups * local));
    kgpu_arg args[] = {kgpu_arg_buffer(out)};
    kgpu_launch_config config = {{groups, 1, 1}, {local, 0, 0}};
    ASSERT_OK(kgpu_launch_sync(k, args, 1, &config, nullptr));
    std::vector<int32_t> got = read<int32_t>(out);
    for (uint32_t i = 0; i < groups * local; ++i)
      ASSERT_EQ(got[i], int32_t(local * 1000 + i % local))
          << "local " << local << ", at " << i;
  }
  kgpu_buffer out = buffer(std::vector<int32_t>(2048));
  kgpu_arg args[] = {kgpu_arg_buffer(out)};
  kgpu_launch_config tooMany = {{1, 1, 1}, {1025, 1, 1}};
  EXPECT_STATUS(KGPU_ERROR_LAUNCH_CONFIG,
                kgpu_launch_sync(k, args, 1, &tooMany, nullptr));
  kgpu_launch_config zeroX = {{1, 1, 1}, {0, 4, 1}};
  EXPECT_STATUS(KGPU_ERROR_LAUNCH_CONFIG,
                kgpu_launch_sync(k, args, 1, &zeroX, nullptr));
  EXPECT_NE(lastError().find("the work-group size's x extent is 0"),
            std::string::npos)
      << lastError();
  kgpu_launch_config threeD = {{1, 1, 1}, {16, 8, 8}};
  if (dev.max_workgroup_size[2] >= 8)
    EXPECT_STATUS(KGPU_SUCCESS, kgpu_launch_sync(k, args, 1, &threeD, nullptr));
}

TEST_P(OnDevice, LaunchConfigErrors) {
  kgpu_kernel k = load("saxpy", "saxpy");
  ASSERT_NE(k, nullptr);
  kgpu_buffer x = buffer(std::vector<float>(256));
  kgpu_arg args[] = {kgpu_arg_i32(256), kgpu_arg_f32(1), kgpu_arg_buffer(x),
                     kgpu_arg_buffer(x)};
  EXPECT_STATUS(KGPU_ERROR_LAUNCH_CONFIG,
                kgpu_launch_sync(k, args, 4, nullptr, nullptr));
  EXPECT_NE(lastError().find("must give the grid"), std::string::npos);

  // saxpy does not fix its work-group size: any size is accepted.
  kgpu_launch_config otherLocal = {{2, 1, 1}, {128, 1, 1}};
  EXPECT_STATUS(KGPU_SUCCESS,
                kgpu_launch_sync(k, args, 4, &otherLocal, nullptr));

  kgpu_device_info info;
  ASSERT_OK(kgpu_device_get_info(device, &info));
  kgpu_launch_config tooLarge = {{1, 1, 1}, {0, 0, 0}};
  tooLarge.grid[1] = info.max_grid[1] + 1;
  if (info.max_grid[1] < UINT32_MAX) {
    EXPECT_STATUS(KGPU_ERROR_LAUNCH_CONFIG,
                  kgpu_launch_sync(k, args, 4, &tooLarge, nullptr));
    EXPECT_NE(lastError().find("exceed the device's limit"), std::string::npos);
  }
  kgpu_launch_config zero = {{0, 2, 0}, {0, 0, 0}};
  EXPECT_STATUS(KGPU_ERROR_LAUNCH_CONFIG,
                kgpu_launch_sync(k, args, 4, &zero, nullptr));

  kgpu_kernel big = load("big_local", "big_local");
  ASSERT_NE(big, nullptr);
  kgpu_arg out = kgpu_arg_buffer(x);
  kgpu_launch_config one = {{1, 1, 1}, {0, 0, 0}};
  EXPECT_STATUS(KGPU_ERROR_LAUNCH_CONFIG,
                kgpu_launch_sync(big, &out, 1, &one, nullptr));
  EXPECT_NE(lastError().find("8388608 bytes of local memory"),
            std::string::npos);
}

/// Absurd sizes are KGPU_ERROR_OUT_OF_MEMORY on every backend (no
/// std::bad_alloc, no overflow in the padding, no driver crash).
TEST_P(OnDevice, HugeBuffersAreOutOfMemory) {
  kgpu_device_info info;
  ASSERT_OK(kgpu_device_get_info(device, &info));
  std::vector<size_t> sizes = {SIZE_MAX, SIZE_MAX - 1, SIZE_MAX / 2 + 1,
                               size_t(1) << 48};
  if (info.memory_bytes && info.memory_bytes < SIZE_MAX)
    sizes.push_back(static_cast<size_t>(info.memory_bytes) + 1);
  for (size_t size : sizes) {
    kgpu_buffer b = nullptr;
    EXPECT_EQ(kgpu_buffer_create(device, size, &b), KGPU_ERROR_OUT_OF_MEMORY)
        << size << ": " << lastError();
    EXPECT_EQ(b, nullptr);
  }
}

/// Global ids must fit kgc's int ids; software devices bound the total
/// work; Vulkan counts work-groups in 32 bits.
TEST_P(OnDevice, GridLimits) {
  kgpu_kernel k = load("saxpy", "saxpy");
  ASSERT_NE(k, nullptr);
  kgpu_buffer x = buffer(std::vector<float>(256));
  kgpu_arg args[] = {kgpu_arg_i32(256), kgpu_arg_f32(1), kgpu_arg_buffer(x),
                     kgpu_arg_buffer(x)};
  kgpu_device_info info;
  ASSERT_OK(kgpu_device_get_info(device, &info));
  // 2^31 / 256 work-groups of 256: global ids reach 2^31.
  kgpu_launch_config overflow = {{1u << 23, 1, 1}, {0, 0, 0}};
  if (!info.max_grid[0] || info.max_grid[0] >= (1u << 23)) {
    EXPECT_STATUS(KGPU_ERROR_LAUNCH_CONFIG,
                  kgpu_launch_sync(k, args, 4, &overflow, nullptr));
    EXPECT_NE(lastError().find("2147483648 global ids"), std::string::npos)
        << lastError();
  }
  // 65535^3 work-groups: within Vulkan's per-dimension limits on lavapipe,
  // but more than a dispatch counts, and hours of work on the CPU.
  kgpu_launch_config cube = {{65535, 65535, 65535}, {0, 0, 0}};
  EXPECT_STATUS(KGPU_ERROR_LAUNCH_CONFIG,
                kgpu_launch_sync(k, args, 4, &cube, nullptr));
  if (std::string(GetParam()) == "vulkan") {
    EXPECT_NE(lastError().find("more than the 2^32 - 1 a Vulkan dispatch can "
                               "count"),
              std::string::npos)
        << lastError();
  }
  // 65535^2 x 1: 1.1e12 work-items, too many for a software device.
  kgpu_launch_config square = {{65535, 65535, 1}, {0, 0, 0}};
  if (info.is_software) {
    EXPECT_STATUS(KGPU_ERROR_LAUNCH_CONFIG,
                  kgpu_launch_sync(k, args, 4, &square, nullptr));
    EXPECT_NE(lastError().find("more than a software device runs in one "
                               "launch"),
              std::string::npos)
        << lastError();
  }
}

TEST_P(OnDevice, Grid2D) {
  kgpu_kernel k = load("fill_index", "fill_index");
  ASSERT_NE(k, nullptr);
  const int width = 48, height = 32; // 3 x 2 work-groups of 16 x 16
  kgpu_buffer out = buffer(std::vector<int32_t>(width * height, -1));
  kgpu_arg args[] = {kgpu_arg_buffer(out), kgpu_arg_i32(width)};
  kgpu_launch_config config = {{3, 2, 1}, {16, 16, 1}};
  ASSERT_OK(kgpu_launch_sync(k, args, 2, &config, nullptr));
  std::vector<int32_t> got = read<int32_t>(out);
  for (int i = 0; i < width * height; ++i)
    ASSERT_EQ(got[i], i);
}

TEST_P(OnDevice, ParallelLoopDefaultGrid) {
  kgpu_kernel k = load("dot_product", "dot_product");
  ASSERT_NE(k, nullptr);
  const int n = 100000;
  std::vector<float> x(n, 1.0f), y(n, 2.0f);
  kgpu_buffer bx = buffer(x), by = buffer(y);
  kgpu_buffer result = buffer(std::vector<float>(1, 0.0f));
  kgpu_arg args[] = {kgpu_arg_buffer(bx), kgpu_arg_buffer(by),
                     kgpu_arg_buffer(result), kgpu_arg_i32(n)};
  ASSERT_OK(kgpu_launch_sync(k, args, 4, nullptr, nullptr));
  EXPECT_EQ(read<float>(result)[0], 2.0f * n);
  // An explicit grid works too (grid-stride loops).
  ASSERT_OK(kgpu_buffer_upload(result, 0, "\0\0\0\0", 4));
  kgpu_launch_config config = {{3, 0, 0}, {0, 0, 0}};
  ASSERT_OK(kgpu_launch_sync(k, args, 4, &config, nullptr));
  EXPECT_EQ(read<float>(result)[0], 2.0f * n);
}

TEST_P(OnDevice, ParallelLoopOnePassGrid) {
  // The default grid of a parallel loop without reductions: on a GPU one
  // pass, four elements per work-item (4 M elements, 256-item groups: 4096
  // groups, above Vulkan's persistent cap of 1024); on the CPU the cap.
  kgpu_kernel k = load("pf_groups", "pf_groups");
  ASSERT_NE(k, nullptr);
  const int n = 4 << 20;
  kgpu_buffer out = buffer(std::vector<int32_t>(n, 0));
  kgpu_arg args[] = {kgpu_arg_buffer(out), kgpu_arg_i32(n)};
  ASSERT_OK(kgpu_launch_sync(k, args, 2, nullptr, nullptr));
  std::vector<int32_t> got = read<int32_t>(out);
  kgpu_device_info info;
  ASSERT_OK(kgpu_device_get_info(device, &info));
  if (std::string(GetParam()) == "cpu")
    EXPECT_EQ(got[0], std::min<int64_t>(n / 256, int64_t(info.compute_units) * 4));
  else
    EXPECT_EQ(got[0], n / 1024);
  for (int i = 0; i < n; i += 4099)
    ASSERT_EQ(got[i], got[0]) << i;
  EXPECT_EQ(got[n - 1], got[0]);
}

TEST_P(OnDevice, ScalarTypes) {
  kgpu_kernel k = load("scalars", "scalars");
  ASSERT_NE(k, nullptr);
  kgpu_buffer ints = buffer(std::vector<int64_t>(4, 0));
  kgpu_buffer floats = buffer(std::vector<double>(2, 0));
  kgpu_arg args[] = {kgpu_arg_buffer(ints),     kgpu_arg_buffer(floats),
                     kgpu_arg_i32(-5),          kgpu_arg_i64(-123456789012ll),
                     kgpu_arg_u32(4000000000u), kgpu_arg_i64(-1),
                     kgpu_arg_f32(1.5f),        kgpu_arg_f64(2.25)};
  kgpu_launch_config config = {{1, 1, 1}, {0, 0, 0}};
  ASSERT_OK(kgpu_launch_sync(k, args, 8, &config, nullptr));
  std::vector<int64_t> gotInts = read<int64_t>(ints);
  EXPECT_EQ(gotInts[0], -5);
  EXPECT_EQ(gotInts[1], -123456789012ll);
  EXPECT_EQ(gotInts[2], 4000000000ll);
  EXPECT_EQ(gotInts[3], -1);
  std::vector<double> gotFloats = read<double>(floats);
  EXPECT_EQ(gotFloats[0], 1.5);
  EXPECT_EQ(gotFloats[1], 2.25);
}

TEST_P(OnDevice, Subgroups) {
  kgpu_kernel k = load("subgroup_reduce", "subgroup_sum");
  ASSERT_NE(k, nullptr);
  const int n = 1000;
  kgpu_buffer in = buffer(std::vector<float>(1024, 1.0f));
  kgpu_buffer out = buffer(std::vector<float>(1, 0.0f));
  kgpu_arg args[] = {kgpu_arg_buffer(in), kgpu_arg_buffer(out),
                     kgpu_arg_i32(n)};
  kgpu_launch_config config = {{4, 1, 1}, {0, 0, 0}};
  ASSERT_OK(kgpu_launch_sync(k, args, 3, &config, nullptr));
  EXPECT_EQ(read<float>(out)[0], static_cast<float>(n));
}

TEST_P(OnDevice, AsyncQueuesAndEvents) {
  kgpu_kernel k = load("saxpy", "saxpy");
  ASSERT_NE(k, nullptr);
  Saxpy s;
  kgpu_queue q = nullptr;
  ASSERT_OK(kgpu_queue_create(device, &q));
  kgpu_buffer x = nullptr, y = nullptr;
  ASSERT_OK(kgpu_buffer_create(device, Saxpy::n * 4, &x));
  ASSERT_OK(kgpu_buffer_create(device, Saxpy::n * 4, &y));
  ASSERT_OK(kgpu_buffer_upload(x, 0, s.x.data(), Saxpy::n * 4));
  ASSERT_OK(kgpu_buffer_upload(y, 0, s.y.data(), Saxpy::n * 4));
  kgpu_arg args[] = {kgpu_arg_i32(Saxpy::n), kgpu_arg_f32(1.0f),
                     kgpu_arg_buffer(x), kgpu_arg_buffer(y)};
  kgpu_launch_config config = {{4, 1, 1}, {0, 0, 0}};
  // Ten in-order launches: y += x each time.
  std::vector<kgpu_event> events(10);
  for (kgpu_event &e : events)
    ASSERT_OK(kgpu_launch(q, k, args, 4, &config, &e));
  for (kgpu_event e : events) {
    ASSERT_OK(kgpu_event_wait(e));
    EXPECT_EQ(kgpu_event_query(e), KGPU_SUCCESS);
    uint64_t ns = 0;
    ASSERT_OK(kgpu_event_elapsed_ns(e, &ns));
    kgpu_event_release(e);
  }
  // The launch keeps x alive after the host releases it.
  kgpu_buffer x2 = nullptr;
  ASSERT_OK(kgpu_buffer_create(device, Saxpy::n * 4, &x2));
  ASSERT_OK(kgpu_buffer_copy(x2, 0, x, 0, Saxpy::n * 4));
  args[2] = kgpu_arg_buffer(x2);
  ASSERT_OK(kgpu_launch(q, k, args, 4, &config, nullptr));
  kgpu_buffer_release(x2);
  ASSERT_OK(kgpu_queue_finish(q));
  std::vector<float> got(Saxpy::n);
  ASSERT_OK(kgpu_buffer_download(y, 0, got.data(), Saxpy::n * 4));
  for (int i = 0; i < Saxpy::n; ++i)
    ASSERT_NEAR(got[i], s.y[i] + 11 * s.x[i], 1e-3f * std::fabs(got[i])) << i;
  // Errors are reported before anything is enqueued.
  kgpu_event e = nullptr;
  args[2] = kgpu_arg_buffer(x);
  EXPECT_STATUS(KGPU_ERROR_ARGUMENT_MISMATCH,
                kgpu_launch(q, k, args, 3, &config, &e));
  EXPECT_EQ(e, nullptr);
  EXPECT_STATUS(KGPU_ERROR_INVALID_ARGUMENT,
                kgpu_launch(nullptr, k, args, 4, &config, &e));
  kgpu_buffer_release(x);
  kgpu_buffer_release(y);
  kgpu_queue_release(q);
  ASSERT_OK(kgpu_device_synchronize(device));
}

TEST_P(OnDevice, ReleaseEverythingWhileInFlight) {
  kgpu_kernel k = load("dot_product", "dot_product");
  ASSERT_NE(k, nullptr);
  kgpu_module m = modules.back();
  modules.pop_back();
  kgpu_queue q = nullptr;
  ASSERT_OK(kgpu_queue_create(device, &q));
  kgpu_buffer b = nullptr, r = nullptr;
  ASSERT_OK(kgpu_buffer_create(device, 1 << 20, &b));
  ASSERT_OK(kgpu_buffer_create(device, 4, &r));
  kgpu_arg args[] = {kgpu_arg_buffer(b), kgpu_arg_buffer(b), kgpu_arg_buffer(r),
                     kgpu_arg_i32(1 << 18)};
  kgpu_event e = nullptr;
  ASSERT_OK(kgpu_launch(q, k, args, 4, nullptr, &e));
  kgpu_buffer_release(b);
  kgpu_buffer_release(r);
  kgpu_module_release(m);
  kgpu_queue_release(q); // waits for the launch
  ASSERT_OK(kgpu_event_wait(e));
  kgpu_event_release(e);
}

TEST_P(OnDevice, ConcurrentHostThreads) {
  kgpu_kernel k = load("saxpy", "saxpy");
  ASSERT_NE(k, nullptr);
  std::atomic<int> failures{0};
  auto worker = [&](int id) {
    Saxpy s;
    kgpu_buffer x = nullptr, y = nullptr;
    kgpu_queue q = nullptr;
    if (kgpu_buffer_create(device, Saxpy::n * 4, &x) ||
        kgpu_buffer_create(device, Saxpy::n * 4, &y) ||
        kgpu_buffer_upload(x, 0, s.x.data(), Saxpy::n * 4) ||
        (id % 2 && kgpu_queue_create(device, &q))) {
      ++failures;
      return;
    }
    kgpu_arg args[] = {kgpu_arg_i32(Saxpy::n), kgpu_arg_f32(2.5f),
                       kgpu_arg_buffer(x), kgpu_arg_buffer(y)};
    kgpu_launch_config config = {{4, 1, 1}, {0, 0, 0}};
    for (int it = 0; it < 8; ++it) {
      if (kgpu_buffer_upload(y, 0, s.y.data(), Saxpy::n * 4)) {
        ++failures;
        break;
      }
      kgpu_status st = q ? kgpu_launch(q, k, args, 4, &config, nullptr)
                         : kgpu_launch_sync(k, args, 4, &config, nullptr);
      if (st == KGPU_SUCCESS && q)
        st = kgpu_queue_finish(q);
      std::vector<float> got(Saxpy::n);
      if (st || kgpu_buffer_download(y, 0, got.data(), Saxpy::n * 4)) {
        ++failures;
        break;
      }
      for (int i = 0; i < Saxpy::n; ++i)
        if (std::fabs(got[i] - s.expected[i]) >
            1e-4f * std::fabs(s.expected[i]) + 1e-6f) {
          ++failures;
          break;
        }
    }
    kgpu_queue_release(q);
    kgpu_buffer_release(x);
    kgpu_buffer_release(y);
  };
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back(worker, t);
  for (std::thread &t : threads)
    t.join();
  EXPECT_EQ(failures.load(), 0);
}

/// SPIR-V that was wrong when written (so its checksum matches) is checked
/// before the driver sees it.
TEST(VulkanSPIRV, MalformedSPIRVIsRejected) {
  if (!haveVulkan())
    GTEST_SKIP() << "no Vulkan device";
  kgpu_device device = nullptr;
  ASSERT_OK(kgpu_device_open("vulkan", &device));
  struct Case {
    const char *what;
    std::function<void(std::vector<uint32_t> &)> edit;
    const char *message;
  } cases[] = {
      {"bad magic", [](std::vector<uint32_t> &w) { w[0] = 0x03022307; },
       "bad magic number"},
      {"bad version", [](std::vector<uint32_t> &w) { w[1] = 0x00020000; },
       "unknown version word"},
      {"zero bound", [](std::vector<uint32_t> &w) { w[3] = 0; },
       "id bound 0 is out of range"},
      {"zero word count", [](std::vector<uint32_t> &w) { w[5] &= 0xffff; },
       "has a word count of 0"},
      {"word count past the end",
       [](std::vector<uint32_t> &w) {
         w[5] = (0xfffeu << 16) | (w[5] & 0xffff);
       },
       "runs past the end of the binary"},
      {"truncated", [](std::vector<uint32_t> &w) { w.resize(w.size() / 2); },
       "malformed"},
      // Cut at an instruction boundary inside the function (this crashed
      // lavapipe when only the word counts were checked).
      {"truncated at an instruction",
       [](std::vector<uint32_t> &w) {
         size_t last = 5;
         for (size_t i = 5; i < w.size(); i += w[i] >> 16)
           if ((w[i] & 0xffff) == 248) // OpLabel
             last = i;
         w.resize(last + 2); // keep the last OpLabel, drop the rest
       },
       "has no OpFunctionEnd"},
      {"no terminator",
       [](std::vector<uint32_t> &w) {
         for (size_t i = 5; i < w.size(); i += w[i] >> 16)
           if ((w[i] & 0xffff) == 253) // OpReturn -> OpNop (count 1)
             w[i] = (1u << 16) | 0;
       },
       "has no terminator"},
      {"no entry point",
       [](std::vector<uint32_t> &w) {
         for (size_t i = 5; i < w.size(); i += w[i] >> 16)
           if ((w[i] & 0xffff) == 15)
             w[i + 1] = 0; // Vertex, not GLCompute
       },
       "has no GLCompute entry point 'saxpy'"},
  };
  // Past the structural checks, SPIRV-Tools' validator (where its shared
  // library is installed; the build makes one from Debian's static library
  // for these tests) catches what only it knows: here, a 7-bit integer type.
  std::vector<Case> all(std::begin(cases), std::end(cases));
  void *tools = dlopen("libSPIRV-Tools-shared.so", RTLD_NOW | RTLD_LOCAL);
  if (tools) {
    all.push_back({"a 7-bit integer",
                   [](std::vector<uint32_t> &w) {
                     for (size_t i = 5; i < w.size(); i += w[i] >> 16)
                       if ((w[i] & 0xffff) == 21) // OpTypeInt
                         w[i + 2] = 7;
                   },
                   "SPIRV-Tools' validator"});
    dlclose(tools);
  }
  for (const Case &c : all) {
    std::string bundle =
        rewrite("saxpy", [&](llvm::json::Object &,
                             std::vector<kgpu::bundle::Payload> &payloads) {
          for (kgpu::bundle::Payload &p : payloads) {
            if (p.format != "spirv")
              continue;
            std::vector<uint32_t> words(p.data.size() / 4);
            std::memcpy(words.data(), p.data.data(), p.data.size());
            c.edit(words);
            p.data.assign(reinterpret_cast<const char *>(words.data()),
                          words.size() * 4);
          }
        });
    kgpu_module m = nullptr;
    ASSERT_OK(
        kgpu_module_load_memory(device, bundle.data(), bundle.size(), &m));
    kgpu_kernel k = nullptr;
    EXPECT_EQ(kgpu_module_get_kernel(m, "saxpy", &k), KGPU_ERROR_INVALID_BUNDLE)
        << c.what;
    EXPECT_NE(lastError().find(c.message), std::string::npos)
        << c.what << ": " << lastError();
    kgpu_module_release(m);
  }
  kgpu_device_release(device);
}

/// Resident memory in bytes (/proc/self/statm).
size_t residentBytes() {
  std::ifstream in("/proc/self/statm");
  size_t pages = 0, resident = 0;
  in >> pages >> resident;
  return resident * 4096;
}

/// Loading and releasing a module 500 times reuses the device's cached
/// pipeline: without the cache, lavapipe grew by about 92 kB a load (48 MB).
TEST(VulkanPipelineCache, RepeatedLoadsDoNotGrowMemory) {
  if (!haveVulkan())
    GTEST_SKIP() << "no Vulkan device";
  kgpu_device device = nullptr;
  ASSERT_OK(kgpu_device_open("vulkan", &device));
  std::string bytes = readFile(kernelPath("saxpy"));
  auto loadOnce = [&] {
    kgpu_module m = nullptr;
    ASSERT_OK(kgpu_module_load_memory(device, bytes.data(), bytes.size(), &m));
    kgpu_kernel k = nullptr;
    ASSERT_OK(kgpu_module_get_kernel(m, "saxpy", &k));
    kgpu_module_release(m);
  };
  for (int i = 0; i < 20; ++i)
    loadOnce();
  size_t before = residentBytes();
  for (int i = 0; i < 500; ++i)
    loadOnce();
  size_t after = residentBytes();
  EXPECT_LT(after, before + (8u << 20))
      << "RSS grew from " << before << " to " << after << " bytes";
  kgpu_device_release(device);
}

TEST(CrossDevice, BuffersBelongToTheirDevice) {
  if (!haveVulkan())
    GTEST_SKIP() << "needs a second device (Vulkan)";
  kgpu_device cpu = nullptr, vk = nullptr;
  ASSERT_OK(kgpu_device_open("cpu", &cpu));
  ASSERT_OK(kgpu_device_open("vulkan", &vk));
  kgpu_module m = nullptr;
  ASSERT_OK(kgpu_module_load_file(cpu, kernelPath("saxpy").c_str(), &m));
  kgpu_kernel k = nullptr;
  ASSERT_OK(kgpu_module_get_kernel(m, "saxpy", &k));
  kgpu_buffer a = nullptr, b = nullptr;
  ASSERT_OK(kgpu_buffer_create(cpu, 1024, &a));
  ASSERT_OK(kgpu_buffer_create(vk, 1024, &b));
  kgpu_arg args[] = {kgpu_arg_i32(1), kgpu_arg_f32(1), kgpu_arg_buffer(a),
                     kgpu_arg_buffer(b)};
  kgpu_launch_config config = {{1, 1, 1}, {0, 0, 0}};
  EXPECT_STATUS(KGPU_ERROR_ARGUMENT_MISMATCH,
                kgpu_launch_sync(k, args, 4, &config, nullptr));
  EXPECT_NE(lastError().find("belongs to another device"), std::string::npos);
  EXPECT_STATUS(KGPU_ERROR_INVALID_ARGUMENT, kgpu_buffer_copy(a, 0, b, 0, 4));
  kgpu_queue q = nullptr;
  ASSERT_OK(kgpu_queue_create(vk, &q));
  EXPECT_STATUS(KGPU_ERROR_INVALID_ARGUMENT,
                kgpu_launch(q, k, args, 4, &config, nullptr));
  kgpu_queue_release(q);
  kgpu_buffer_release(a);
  kgpu_buffer_release(b);
  kgpu_module_release(m);
  kgpu_device_release(cpu);
  kgpu_device_release(vk);
}

TEST(Misc, StatusStringsAndTypes) {
  EXPECT_STREQ(kgpu_status_string(KGPU_ERROR_DEVICE_LOST),
               "KGPU_ERROR_DEVICE_LOST");
  EXPECT_EQ(kgpu_type_size(KGPU_TYPE_BF16), 2u);
  EXPECT_EQ(kgpu_type_size(KGPU_TYPE_INDEX), 8u);
  EXPECT_STREQ(kgpu_type_name(KGPU_TYPE_F64), "f64");
  // Backend names are the device specs and the bundle's target names.
  EXPECT_STREQ(kgpu_backend_name(KGPU_BACKEND_CPU), "cpu");
  EXPECT_STREQ(kgpu_backend_name(KGPU_BACKEND_CUDA), "cuda");
  EXPECT_STREQ(kgpu_backend_name(KGPU_BACKEND_VULKAN), "vulkan");
  EXPECT_STREQ(kgpu_backend_name(static_cast<kgpu_backend>(0)), "unknown");
  for (kgpu_backend b :
       {KGPU_BACKEND_CPU, KGPU_BACKEND_CUDA, KGPU_BACKEND_VULKAN}) {
    kgpu_device d = nullptr;
    kgpu_status s = kgpu_device_open(kgpu_backend_name(b), &d);
    if (s == KGPU_SUCCESS) {
      kgpu_device_info info;
      ASSERT_OK(kgpu_device_get_info(d, &info));
      EXPECT_EQ(info.backend, b) << kgpu_backend_name(b);
    }
    kgpu_device_release(d);
  }
  EXPECT_EQ(kgpu_runtime_version(), uint32_t(KGPU_RUNTIME_API_VERSION));
  // Releasing null handles is a no-op.
  kgpu_device_release(nullptr);
  kgpu_module_release(nullptr);
  kgpu_buffer_release(nullptr);
  kgpu_queue_release(nullptr);
  kgpu_event_release(nullptr);
}

} // namespace
