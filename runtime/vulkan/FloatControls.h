//===- FloatControls.h - SignedZeroInfNanPreserve for Vulkan -----*- C++ -*-===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_RUNTIME_VULKAN_FLOATCONTROLS_H
#define KGPU_RUNTIME_VULKAN_FLOATCONTROLS_H

#include <cstdint>
#include <cstring>
#include <vector>

namespace kgpu {
namespace vulkan {

/// Asks the driver to keep IEEE signed zeros, infinities and NaNs where the
/// device can (docs/difftest.md, "Signed zeros"): without the execution
/// mode SignedZeroInfNanPreserve a Vulkan driver may fold `0.0 + x` to `x`
/// (lavapipe 22.3 does, with the mode too), which gives -0.0 where IEEE (kgc, C, Java, the CPU
/// target) gives +0.0. Adds the capability, the extension (before SPIR-V
/// 1.4) and the mode for 32-bit floats, and for 64-bit ones when the module
/// declares Float64 and `float64Device`, to every entry point; a binary
/// that already has the capability, or a device without the feature
/// (`float32` false), is left as it is. `float32`/`float64Device`:
/// shaderSignedZeroInfNanPreserveFloat32/64.
inline void preserveSignedZeros(std::vector<uint32_t> &words, bool float32,
                                bool float64Device) {
  if (!float32 || words.size() < 5)
    return;
  size_t afterCaps = 0, afterEntries = 0;
  bool float64 = false;
  std::vector<uint32_t> entries;
  for (size_t i = 5; i < words.size();) {
    uint32_t count = words[i] >> 16, opcode = words[i] & 0xffff;
    if (count == 0 || i + count > words.size())
      return; // malformed: checkSPIRV reports it
    if (opcode == 54 /*OpFunction*/)
      break;
    if (opcode == 17 /*OpCapability*/ && count == 2) {
      if (words[i + 1] == 4466 /*SignedZeroInfNanPreserve*/)
        return;
      float64 |= words[i + 1] == 10 /*Float64*/;
      afterCaps = i + count;
    }
    if (opcode == 15 /*OpEntryPoint*/ && count >= 3) {
      entries.push_back(words[i + 2]);
      afterEntries = i + count;
    }
    i += count;
  }
  if (!afterCaps || !afterEntries)
    return;
  std::vector<uint32_t> modes;
  for (uint32_t entry : entries) {
    modes.insert(modes.end(), {(4u << 16) | 16 /*OpExecutionMode*/, entry,
                               4461 /*SignedZeroInfNanPreserve*/, 32});
    if (float64 && float64Device)
      modes.insert(modes.end(), {(4u << 16) | 16, entry, 4461, 64});
  }
  words.insert(words.begin() + afterEntries, modes.begin(), modes.end());
  std::vector<uint32_t> head = {(2u << 16) | 17, 4466};
  if (words[1] < 0x00010400u) {
    static const char name[] = "SPV_KHR_float_controls";
    uint32_t packed[(sizeof name + 3) / 4] = {};
    std::memcpy(packed, name, sizeof name);
    uint32_t n = static_cast<uint32_t>(sizeof packed / sizeof packed[0]);
    head.push_back(((n + 1) << 16) | 10 /*OpExtension*/);
    head.insert(head.end(), packed, packed + n);
  }
  words.insert(words.begin() + afterCaps, head.begin(), head.end());
}

} // namespace vulkan
} // namespace kgpu

#endif // KGPU_RUNTIME_VULKAN_FLOATCONTROLS_H
