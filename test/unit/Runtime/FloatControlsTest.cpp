//===- FloatControlsTest.cpp - SignedZeroInfNanPreserve for Vulkan --------===//
//
// runtime/vulkan/FloatControls.h: the words the Vulkan backend adds to a
// kernel's SPIR-V where the device keeps signed zeros, infinities and NaNs.
//
//===----------------------------------------------------------------------===//

#include "FloatControls.h"

#include "gtest/gtest.h"

#include <string>

using kgpu::vulkan::preserveSignedZeros;

namespace {

constexpr uint32_t op(uint32_t count, uint32_t opcode) {
  return (count << 16) | opcode;
}

/// A module's head as kgpu's SPIR-V has it: capabilities (Shader, and
/// Float64 with `f64`), one extension, the memory model, an entry point %5,
/// LocalSize, then OpFunction.
std::vector<uint32_t> module(uint32_t version, bool f64) {
  std::vector<uint32_t> w = {0x07230203u, version, 0, 100, 0};
  w.insert(w.end(), {op(2, 17), 1});
  if (f64)
    w.insert(w.end(), {op(2, 17), 10});
  // OpExtension "SPV_KHR_storage_buffer_storage_class" (36 chars + NUL)
  std::string ext = "SPV_KHR_storage_buffer_storage_class";
  std::vector<uint32_t> s((ext.size() + 4) / 4, 0);
  std::memcpy(s.data(), ext.c_str(), ext.size() + 1);
  w.push_back(op(1 + s.size(), 10));
  w.insert(w.end(), s.begin(), s.end());
  w.insert(w.end(), {op(3, 14), 0, 1});                     // Logical GLSL450
  w.insert(w.end(), {op(4, 15), 5, 5, 0x006b0000u});        // GLCompute %5 "k"
  w.insert(w.end(), {op(6, 16), 5, 17, 256, 1, 1});         // LocalSize
  w.insert(w.end(), {op(5, 54), 2, 5, 0, 3});               // OpFunction
  return w;
}

/// The instructions of `w` after its header, as {opcode, first operands}.
std::vector<std::vector<uint32_t>> instructions(const std::vector<uint32_t> &w) {
  std::vector<std::vector<uint32_t>> out;
  for (size_t i = 5; i < w.size(); i += w[i] >> 16)
    out.emplace_back(w.begin() + i, w.begin() + i + (w[i] >> 16));
  return out;
}

TEST(FloatControls, AddsCapabilityExtensionAndModes) {
  std::vector<uint32_t> w = module(0x00010000, /*f64=*/true);
  preserveSignedZeros(w, true, true);
  auto ins = instructions(w);
  ASSERT_EQ(ins.size(), 11u);
  EXPECT_EQ(ins[0], (std::vector<uint32_t>{op(2, 17), 1}));
  EXPECT_EQ(ins[1], (std::vector<uint32_t>{op(2, 17), 10}));
  EXPECT_EQ(ins[2], (std::vector<uint32_t>{op(2, 17), 4466}));
  ASSERT_EQ(ins[3][0] & 0xffff, 10u); // OpExtension, before the others
  EXPECT_STREQ(reinterpret_cast<const char *>(&ins[3][1]),
               "SPV_KHR_float_controls");
  EXPECT_EQ(ins[4][0] & 0xffff, 10u);
  EXPECT_EQ(ins[5][0] & 0xffff, 14u);
  EXPECT_EQ(ins[6][0] & 0xffff, 15u);
  // the modes follow the entry point: 32 and, with Float64, 64
  EXPECT_EQ(ins[7], (std::vector<uint32_t>{op(4, 16), 5, 4461, 32}));
  EXPECT_EQ(ins[8], (std::vector<uint32_t>{op(4, 16), 5, 4461, 64}));
  EXPECT_EQ(ins[9][0], op(6, 16));
  EXPECT_EQ(ins[10][0], op(5, 54));
}

TEST(FloatControls, Float64OnlyWhereTheModuleAndTheDeviceHaveIt) {
  std::vector<uint32_t> noF64 = module(0x00010000, false);
  preserveSignedZeros(noF64, true, true);
  std::vector<uint32_t> noDevice64 = module(0x00010000, true);
  preserveSignedZeros(noDevice64, true, false);
  for (auto *w : {&noF64, &noDevice64}) {
    int modes = 0;
    for (auto &i : instructions(*w))
      modes += i.size() == 4 && i[0] == op(4, 16) && i[2] == 4461;
    EXPECT_EQ(modes, 1);
  }
}

TEST(FloatControls, NoExtensionFromSPIRV14) {
  std::vector<uint32_t> w = module(0x00010400, false);
  preserveSignedZeros(w, true, false);
  int extensions = 0;
  for (auto &i : instructions(w))
    extensions += (i[0] & 0xffff) == 10;
  EXPECT_EQ(extensions, 1); // only the module's own
}

TEST(FloatControls, UnchangedWithoutTheFeatureOrWhenPresent) {
  std::vector<uint32_t> w = module(0x00010000, true);
  std::vector<uint32_t> before = w;
  preserveSignedZeros(w, false, true);
  EXPECT_EQ(w, before);
  preserveSignedZeros(w, true, true);
  std::vector<uint32_t> once = w;
  preserveSignedZeros(w, true, true); // already has the capability
  EXPECT_EQ(w, once);
  std::vector<uint32_t> bad = {0x07230203u, 0x00010000, 0, 9, 0, op(0, 17)};
  std::vector<uint32_t> badBefore = bad;
  preserveSignedZeros(bad, true, true); // malformed: left to checkSPIRV
  EXPECT_EQ(bad, badBefore);
}

} // namespace
