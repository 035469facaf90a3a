//===- bundle_fuzzer.cpp - libFuzzer entry point for bundle loading -------===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//
//
// Loads arbitrary bytes as a .kgpu bundle through the runtime's C API:
// kgpu_module_load_memory with a null device (inspection: the container
// reader, the checksums and the manifest checks) and with the CPU device
// (payload selection and the ELF checks), then walks every kernel and
// parameter. Any crash, hang, assertion or sanitizer report is a bug: a bad
// bundle must only ever be an error status.
//
// An input whose first byte is odd is a manifest instead: the rest of the
// input is wrapped into a bundle with a correct checksum, so that the fuzzer
// reaches the JSON reader and the manifest checks behind the checksum.
//
// Build and run: `fuzz/run-bundle-fuzzer.sh [runs]` (clang-22, libFuzzer,
// ASan, UBSan), seeded with bundles compiled from the kgc corpus and their
// corruptions (fuzz/make-bundle-seeds.py).
//
//===----------------------------------------------------------------------===//

#include "kgpu/runtime.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/SHA256.h"

#include <array>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>

namespace {

/// Format version 2: magic, version, manifest size, manifest SHA-256.
std::string wrapManifest(const uint8_t *json, size_t size) {
  std::string b("KGPUBNDL", 8);
  uint32_t version = 2, length = static_cast<uint32_t>(size);
  b.append(reinterpret_cast<const char *>(&version), 4);
  b.append(reinterpret_cast<const char *>(&length), 4);
  std::array<uint8_t, 32> digest =
      llvm::SHA256::hash(llvm::ArrayRef<uint8_t>(json, size));
  b.append(reinterpret_cast<const char *>(digest.data()), digest.size());
  b.append(reinterpret_cast<const char *>(json), size);
  return b;
}

void inspect(kgpu_module m) {
  uint32_t count = 0;
  if (kgpu_module_kernel_count(m, &count) != KGPU_SUCCESS)
    __builtin_trap();
  for (uint32_t i = 0; i < count; ++i) {
    kgpu_kernel k = nullptr;
    if (kgpu_module_get_kernel_by_index(m, i, &k) != KGPU_SUCCESS)
      continue; // e.g. no symbol for the kernel in the CPU library
    kgpu_kernel_info info;
    if (kgpu_kernel_get_info(k, &info) != KGPU_SUCCESS)
      __builtin_trap();
    volatile size_t sink = std::strlen(info.name);
    for (uint32_t p = 0; p < info.param_count; ++p) {
      kgpu_param_info param;
      if (kgpu_kernel_get_param(k, p, &param) != KGPU_SUCCESS)
        __builtin_trap();
      sink += std::strlen(param.name);
      for (uint32_t r = 0; r < param.rank; ++r)
        sink += static_cast<size_t>(param.shape[r]);
      uint32_t index = 0;
      if (kgpu_kernel_find_param(k, param.name, &index) != KGPU_SUCCESS)
        __builtin_trap();
    }
    kgpu_kernel again = nullptr;
    kgpu_module_get_kernel(m, info.name, &again);
    (void)sink;
  }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string wrapped;
  const void *bytes = data;
  if (size && (data[0] & 1)) {
    wrapped = wrapManifest(data + 1, size - 1);
    bytes = wrapped.data();
    size = wrapped.size();
  }
  kgpu_module m = nullptr;
  if (kgpu_module_load_memory(nullptr, bytes, size, &m) == KGPU_SUCCESS) {
    inspect(m);
    kgpu_module_release(m);
  } else if (m || !*kgpu_last_error_message()) {
    __builtin_trap(); // a failure sets no module and always has a message
  }
  static kgpu_device cpu = [] {
    kgpu_device d = nullptr;
    if (kgpu_device_open("cpu", &d) != KGPU_SUCCESS)
      __builtin_trap();
    return d;
  }();
  m = nullptr;
  if (kgpu_module_load_memory(cpu, bytes, size, &m) == KGPU_SUCCESS) {
    inspect(m);
    kgpu_module_release(m);
  }
  return 0;
}
