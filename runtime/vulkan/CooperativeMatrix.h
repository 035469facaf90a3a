//===- CooperativeMatrix.h - tensor-core kernels against a device -*- C++
//-*-===//
//
// Part of the kgpu project.
//
// VK_KHR_cooperative_matrix and VK_KHR_shader_bfloat16 as the runtime uses
// them: the declarations older Vulkan headers lack, and the check of a
// kernel's manifest "cooperative_matrix" entries against the multiplies a
// device lists (vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR). Header
// only, so that the unit tests check it on device lists of their own
// (test/unit/Runtime/CooperativeMatrixTest.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_RUNTIME_VULKAN_COOPERATIVEMATRIX_H
#define KGPU_RUNTIME_VULKAN_COOPERATIVEMATRIX_H

#include "Internal.h"

#include <vulkan/vulkan_core.h>

#include <string>
#include <vector>

// VK_KHR_cooperative_matrix (Vulkan headers 1.3.255 and newer); the runtime
// builds with older headers too.
#ifndef VK_KHR_cooperative_matrix
#define VK_KHR_cooperative_matrix 1
typedef enum VkComponentTypeKHR {
  VK_COMPONENT_TYPE_FLOAT16_KHR = 0,
  VK_COMPONENT_TYPE_FLOAT32_KHR = 1,
  VK_COMPONENT_TYPE_FLOAT64_KHR = 2,
  VK_COMPONENT_TYPE_SINT8_KHR = 3,
  VK_COMPONENT_TYPE_SINT16_KHR = 4,
  VK_COMPONENT_TYPE_SINT32_KHR = 5,
  VK_COMPONENT_TYPE_SINT64_KHR = 6,
  VK_COMPONENT_TYPE_UINT8_KHR = 7,
  VK_COMPONENT_TYPE_UINT16_KHR = 8,
  VK_COMPONENT_TYPE_UINT32_KHR = 9,
  VK_COMPONENT_TYPE_UINT64_KHR = 10,
  VK_COMPONENT_TYPE_MAX_ENUM_KHR = 0x7FFFFFFF
} VkComponentTypeKHR;
typedef enum VkScopeKHR {
  VK_SCOPE_DEVICE_KHR = 1,
  VK_SCOPE_WORKGROUP_KHR = 2,
  VK_SCOPE_SUBGROUP_KHR = 3,
  VK_SCOPE_QUEUE_FAMILY_KHR = 5,
  VK_SCOPE_MAX_ENUM_KHR = 0x7FFFFFFF
} VkScopeKHR;
typedef struct VkCooperativeMatrixPropertiesKHR {
  VkStructureType sType;
  void *pNext;
  uint32_t MSize;
  uint32_t NSize;
  uint32_t KSize;
  VkComponentTypeKHR AType;
  VkComponentTypeKHR BType;
  VkComponentTypeKHR CType;
  VkComponentTypeKHR ResultType;
  VkBool32 saturatingAccumulation;
  VkScopeKHR scope;
} VkCooperativeMatrixPropertiesKHR;
typedef struct VkPhysicalDeviceCooperativeMatrixFeaturesKHR {
  VkStructureType sType;
  void *pNext;
  VkBool32 cooperativeMatrix;
  VkBool32 cooperativeMatrixRobustBufferAccess;
} VkPhysicalDeviceCooperativeMatrixFeaturesKHR;
typedef VkResult(
    VKAPI_PTR *PFN_vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR)(
    VkPhysicalDevice, uint32_t *, VkCooperativeMatrixPropertiesKHR *);
#define KGPU_VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_COOPERATIVE_MATRIX_FEATURES_KHR \
  static_cast<VkStructureType>(1000506000)
#define KGPU_VK_STRUCTURE_TYPE_COOPERATIVE_MATRIX_PROPERTIES_KHR               \
  static_cast<VkStructureType>(1000506001)
#else
#define KGPU_VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_COOPERATIVE_MATRIX_FEATURES_KHR \
  VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_COOPERATIVE_MATRIX_FEATURES_KHR
#define KGPU_VK_STRUCTURE_TYPE_COOPERATIVE_MATRIX_PROPERTIES_KHR               \
  VK_STRUCTURE_TYPE_COOPERATIVE_MATRIX_PROPERTIES_KHR
#endif

// VK_KHR_shader_bfloat16 (Vulkan headers 1.4.311 and newer): bf16 in
// shaders and as a cooperative-matrix component type.
#define KGPU_VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_BFLOAT16_FEATURES_KHR    \
  static_cast<VkStructureType>(1000141000)
#define KGPU_VK_COMPONENT_TYPE_BFLOAT16_KHR                                    \
  static_cast<VkComponentTypeKHR>(1000141000)

namespace kgpu {
namespace vulkan {

/// VkPhysicalDeviceShaderBfloat16FeaturesKHR.
struct ShaderBFloat16Features {
  VkStructureType sType;
  void *pNext;
  VkBool32 shaderBFloat16Type;
  VkBool32 shaderBFloat16DotProduct;
  VkBool32 shaderBFloat16CooperativeMatrix;
};

/// What a device offers for tensor-core kernels.
struct CooperativeMatrixSupport {
  /// VK_KHR_cooperative_matrix's cooperativeMatrix feature.
  bool cooperativeMatrix = false;
  /// VK_KHR_shader_bfloat16's shaderBFloat16CooperativeMatrix feature.
  bool bfloat16 = false;
  /// The multiplies the device lists.
  std::vector<VkCooperativeMatrixPropertiesKHR> shapes;
};

/// The manifest's name of a cooperative-matrix component type ("f16"...),
/// or null for the types kgpu does not use.
inline const char *componentTypeName(VkComponentTypeKHR type) {
  switch (type) {
  case VK_COMPONENT_TYPE_FLOAT16_KHR:
    return "f16";
  case VK_COMPONENT_TYPE_FLOAT32_KHR:
    return "f32";
  case VK_COMPONENT_TYPE_SINT8_KHR:
    return "i8";
  case VK_COMPONENT_TYPE_SINT32_KHR:
    return "i32";
  default:
    return type == KGPU_VK_COMPONENT_TYPE_BFLOAT16_KHR ? "bf16" : nullptr;
  }
}

inline std::string describeMultiply(uint32_t m, uint32_t n, uint32_t k,
                                    const char *a, const char *b, const char *c,
                                    const char *result) {
  return rt::format("m%un%uk%u (%s x %s + %s -> %s)", m, n, k, a, b, c, result);
}

/// Checks the tensor-core multiplies `needs` of kernel `kernel` (its
/// manifest) against `device`: the extension and feature, the bf16 feature
/// for bf16 inputs, and each M x N x K with its component types at
/// subgroup scope among the listed ones. KGPU_ERROR_UNSUPPORTED, naming the
/// kernel, the shape and what the device lacks or lists, otherwise.
inline rt::Error
checkCooperativeMatrices(const std::string &kernel,
                         const std::vector<rt::CooperativeMatrixDesc> &needs,
                         const CooperativeMatrixSupport &support,
                         const char *device) {
  for (const rt::CooperativeMatrixDesc &need : needs) {
    std::string shape =
        describeMultiply(need.m, need.n, need.k, need.a.c_str(), need.b.c_str(),
                         need.c.c_str(), need.result.c_str());
    if (!support.cooperativeMatrix)
      return rt::makeError(
          KGPU_ERROR_UNSUPPORTED,
          "kernel '%s' needs cooperative matrices of shape %s at subgroup "
          "scope; the Vulkan device '%s' lacks VK_KHR_cooperative_matrix "
          "(feature cooperativeMatrix)",
          kernel.c_str(), shape.c_str(), device);
    if ((need.a == "bf16" || need.b == "bf16") && !support.bfloat16)
      return rt::makeError(
          KGPU_ERROR_UNSUPPORTED,
          "kernel '%s' needs cooperative matrices of shape %s at subgroup "
          "scope; the Vulkan device '%s' lacks VK_KHR_shader_bfloat16 "
          "(feature shaderBFloat16CooperativeMatrix)",
          kernel.c_str(), shape.c_str(), device);
    bool found = false;
    std::string listed;
    for (const VkCooperativeMatrixPropertiesKHR &p : support.shapes) {
      const char *a = componentTypeName(p.AType);
      const char *b = componentTypeName(p.BType);
      const char *c = componentTypeName(p.CType);
      const char *r = componentTypeName(p.ResultType);
      if (p.scope != VK_SCOPE_SUBGROUP_KHR || !a || !b || !c || !r)
        continue;
      if (p.MSize == need.m && p.NSize == need.n && p.KSize == need.k &&
          need.a == a && need.b == b && need.c == c && need.result == r)
        found = true;
      listed += (listed.empty() ? "" : ", ") +
                describeMultiply(p.MSize, p.NSize, p.KSize, a, b, c, r);
    }
    if (!found)
      return rt::makeError(
          KGPU_ERROR_UNSUPPORTED,
          "kernel '%s' needs cooperative matrices of shape %s at subgroup "
          "scope, which the Vulkan device '%s' does not list (it has: %s)",
          kernel.c_str(), shape.c_str(), device,
          listed.empty() ? "none" : listed.c_str());
  }
  return rt::Error::success();
}

} // namespace vulkan
} // namespace kgpu

#endif // KGPU_RUNTIME_VULKAN_COOPERATIVEMATRIX_H
