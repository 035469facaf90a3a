//===- CooperativeMatrixTest.cpp - Tensor-core kernels against a device ---===//
//
// runtime/vulkan/CooperativeMatrix.h: a kernel's manifest
// "cooperative_matrix" entries checked against the multiplies a device
// lists. The device list is the H200's (NVIDIA 580.159.04,
// bench/gpu/results-h200-2026-12-02-hgemm-vulkan.txt, the bf16 entry as
// VK_COMPONENT_TYPE_BFLOAT16_KHR), plus entries kgpu must skip.
//
//===----------------------------------------------------------------------===//

#include "CooperativeMatrix.h"

#include <gtest/gtest.h>

using namespace kgpu::vulkan;
using kgpu::rt::CooperativeMatrixDesc;
using kgpu::rt::Error;

namespace {

constexpr VkComponentTypeKHR F16 = VK_COMPONENT_TYPE_FLOAT16_KHR;
constexpr VkComponentTypeKHR F32 = VK_COMPONENT_TYPE_FLOAT32_KHR;
constexpr VkComponentTypeKHR I8 = VK_COMPONENT_TYPE_SINT8_KHR;
constexpr VkComponentTypeKHR I32 = VK_COMPONENT_TYPE_SINT32_KHR;
constexpr VkComponentTypeKHR U8 = VK_COMPONENT_TYPE_UINT8_KHR;
constexpr VkComponentTypeKHR U32 = VK_COMPONENT_TYPE_UINT32_KHR;
const VkComponentTypeKHR BF16 = KGPU_VK_COMPONENT_TYPE_BFLOAT16_KHR;

VkCooperativeMatrixPropertiesKHR
shape(uint32_t m, uint32_t n, uint32_t k, VkComponentTypeKHR in,
      VkComponentTypeKHR acc, VkScopeKHR scope = VK_SCOPE_SUBGROUP_KHR) {
  VkCooperativeMatrixPropertiesKHR p = {};
  p.sType = KGPU_VK_STRUCTURE_TYPE_COOPERATIVE_MATRIX_PROPERTIES_KHR;
  p.MSize = m;
  p.NSize = n;
  p.KSize = k;
  p.AType = p.BType = in;
  p.CType = p.ResultType = acc;
  p.scope = scope;
  return p;
}

CooperativeMatrixSupport h200() {
  CooperativeMatrixSupport s;
  s.cooperativeMatrix = true;
  s.bfloat16 = true;
  s.shapes = {shape(16, 16, 16, F16, F16), shape(16, 8, 16, F16, F16),
              shape(16, 8, 8, F16, F16),   shape(16, 16, 16, F16, F32),
              shape(16, 8, 16, F16, F32),  shape(16, 8, 8, F16, F32),
              shape(16, 16, 32, U8, U32),  shape(16, 16, 32, I8, I32),
              shape(16, 8, 32, U8, U32),   shape(16, 8, 32, I8, I32),
              shape(16, 16, 16, BF16, F32)};
  return s;
}

CooperativeMatrixDesc need(uint32_t m, uint32_t n, uint32_t k, const char *in,
                           const char *acc) {
  CooperativeMatrixDesc d;
  d.m = m;
  d.n = n;
  d.k = k;
  d.a = d.b = in;
  d.c = d.result = acc;
  return d;
}

/// The status and message of checking `needs` against `support`.
std::pair<kgpu_status, std::string>
check(const std::vector<CooperativeMatrixDesc> &needs,
      const CooperativeMatrixSupport &support) {
  Error e = checkCooperativeMatrices("hgemm", needs, support, "NVIDIA H200");
  return {e.status(), e.message()};
}

TEST(CooperativeMatrix, ComponentTypeNames) {
  EXPECT_STREQ(componentTypeName(F16), "f16");
  EXPECT_STREQ(componentTypeName(F32), "f32");
  EXPECT_STREQ(componentTypeName(I8), "i8");
  EXPECT_STREQ(componentTypeName(I32), "i32");
  EXPECT_STREQ(componentTypeName(BF16), "bf16");
  EXPECT_EQ(componentTypeName(U8), nullptr);
  EXPECT_EQ(componentTypeName(VK_COMPONENT_TYPE_FLOAT64_KHR), nullptr);
}

TEST(CooperativeMatrix, ListedShapesRun) {
  EXPECT_EQ(check({}, CooperativeMatrixSupport()).first, KGPU_SUCCESS);
  for (const std::vector<CooperativeMatrixDesc> &needs :
       std::vector<std::vector<CooperativeMatrixDesc>>{
           {need(16, 8, 16, "f16", "f32")},
           {need(16, 16, 16, "f16", "f32"), need(16, 16, 16, "f16", "f16")},
           {need(16, 8, 32, "i8", "i32")},
           {need(16, 16, 16, "bf16", "f32")}}) {
    auto [status, message] = check(needs, h200());
    EXPECT_EQ(status, KGPU_SUCCESS) << message;
  }
}

TEST(CooperativeMatrix, NoExtensionIsUnsupported) {
  // Lavapipe (Mesa 22) and any device without VK_KHR_cooperative_matrix.
  auto [status, message] =
      check({need(16, 8, 16, "f16", "f32")}, CooperativeMatrixSupport());
  EXPECT_EQ(status, KGPU_ERROR_UNSUPPORTED);
  EXPECT_EQ(message, "kernel 'hgemm' needs cooperative matrices of shape "
                     "m16n8k16 (f16 x f16 + f32 -> f32) at subgroup scope; "
                     "the Vulkan device 'NVIDIA H200' lacks "
                     "VK_KHR_cooperative_matrix (feature cooperativeMatrix)");
}

TEST(CooperativeMatrix, UnlistedShapeNamesTheListedOnes) {
  CooperativeMatrixSupport s = h200();
  // Only subgroup-scope entries of kgpu's component types are candidates
  // (and named).
  s.shapes = {shape(16, 16, 16, F16, F32),
              shape(16, 8, 16, F16, F32, VK_SCOPE_WORKGROUP_KHR),
              shape(16, 8, 32, U8, U32)};
  auto [status, message] = check({need(16, 8, 16, "f16", "f32")}, s);
  EXPECT_EQ(status, KGPU_ERROR_UNSUPPORTED);
  EXPECT_EQ(message,
            "kernel 'hgemm' needs cooperative matrices of shape m16n8k16 "
            "(f16 x f16 + f32 -> f32) at subgroup scope, which the Vulkan "
            "device 'NVIDIA H200' does not list (it has: m16n16k16 (f16 x "
            "f16 + f32 -> f32))");
  // The H200 has no m32n8k16 and no f16 accumulation of bf16.
  EXPECT_EQ(check({need(32, 8, 16, "f16", "f32")}, h200()).first,
            KGPU_ERROR_UNSUPPORTED);
  EXPECT_EQ(check({need(16, 8, 16, "bf16", "f32")}, h200()).first,
            KGPU_ERROR_UNSUPPORTED);
  // The first missing multiply of several is the one reported.
  auto second = check(
      {need(16, 16, 16, "f16", "f32"), need(16, 16, 32, "i8", "f32")}, h200());
  EXPECT_EQ(second.first, KGPU_ERROR_UNSUPPORTED);
  EXPECT_NE(second.second.find("m16n16k32 (i8 x i8 + f32 -> f32)"),
            std::string::npos)
      << second.second;
  s.shapes.clear();
  EXPECT_NE(
      check({need(16, 8, 16, "f16", "f32")}, s).second.find("(it has: none)"),
      std::string::npos);
}

TEST(CooperativeMatrix, BFloat16NeedsTheFeature) {
  CooperativeMatrixSupport s = h200();
  s.bfloat16 = false;
  auto [status, message] = check({need(16, 16, 16, "bf16", "f32")}, s);
  EXPECT_EQ(status, KGPU_ERROR_UNSUPPORTED);
  EXPECT_EQ(message, "kernel 'hgemm' needs cooperative matrices of shape "
                     "m16n16k16 (bf16 x bf16 + f32 -> f32) at subgroup "
                     "scope; the Vulkan device 'NVIDIA H200' lacks "
                     "VK_KHR_shader_bfloat16 (feature "
                     "shaderBFloat16CooperativeMatrix)");
  // f16 kernels do not need it.
  EXPECT_EQ(check({need(16, 16, 16, "f16", "f32")}, s).first, KGPU_SUCCESS);
}

} // namespace
