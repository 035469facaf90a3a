// coopmat-probe: the cooperative-matrix multiplies each Vulkan device lists
// (VK_KHR_cooperative_matrix, vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR):
// M x N x K, the A, B, C and result component types, the scope; and what
// limits a tensor-core kernel there: maxComputeSharedMemorySize and the
// features of VK_KHR_shader_bfloat16 (bf16 in shaders and as a
// cooperative-matrix component type).
// Build: g++ -O2 -std=c++17 bench/gpu/coopmat-probe.cpp -ldl -o coopmat-probe
// (declares the extension's types itself: Vulkan headers older than 1.3.255
// lack them).
#include <vulkan/vulkan.h>

#include <cstdio>
#include <cstring>
#include <dlfcn.h>
#include <vector>

namespace {
struct Props {
  VkStructureType sType;
  void *pNext;
  uint32_t m, n, k;
  uint32_t a, b, c, result;
  VkBool32 saturating;
  uint32_t scope;
};
using GetProps = VkResult(VKAPI_PTR *)(VkPhysicalDevice, uint32_t *, Props *);
const char *type(uint32_t t) {
  static const char *names[] = {"f16", "f32", "f64", "i8",  "i16", "i32",
                                "i64", "u8",  "u16", "u32", "u64"};
  if (t < 11)
    return names[t];
  switch (t) {
  case 1000141000:
    return "bf16";
  case 1000491000:
    return "i8packed";
  case 1000491001:
    return "u8packed";
  case 1000491002:
    return "e4m3";
  case 1000491003:
    return "e5m2";
  default:
    return "other";
  }
}
/// VkPhysicalDeviceShaderBfloat16FeaturesKHR.
struct BF16Features {
  VkStructureType sType;
  void *pNext;
  VkBool32 type, dotProduct, cooperativeMatrix;
};
const char *scope(uint32_t s) {
  return s == 3 ? "subgroup" : s == 2 ? "workgroup" : s == 1 ? "device" : "?";
}
} // namespace

int main() {
  void *lib = dlopen("libvulkan.so.1", RTLD_NOW);
  if (!lib) {
    std::printf("coopmat-probe: no libvulkan.so.1\n");
    return 1;
  }
  auto gipa = (PFN_vkGetInstanceProcAddr)dlsym(lib, "vkGetInstanceProcAddr");
  auto create = (PFN_vkCreateInstance)gipa(nullptr, "vkCreateInstance");
  VkApplicationInfo app = {VK_STRUCTURE_TYPE_APPLICATION_INFO};
  app.apiVersion = VK_API_VERSION_1_3;
  VkInstanceCreateInfo ci = {VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
  ci.pApplicationInfo = &app;
  VkInstance inst;
  if (create(&ci, nullptr, &inst) != VK_SUCCESS) {
    std::printf("coopmat-probe: vkCreateInstance failed\n");
    return 1;
  }
  auto enumerate = (PFN_vkEnumeratePhysicalDevices)gipa(
      inst, "vkEnumeratePhysicalDevices");
  auto properties = (PFN_vkGetPhysicalDeviceProperties)gipa(
      inst, "vkGetPhysicalDeviceProperties");
  auto getProps = (GetProps)gipa(
      inst, "vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR");
  uint32_t count = 0;
  enumerate(inst, &count, nullptr);
  std::vector<VkPhysicalDevice> devices(count);
  enumerate(inst, &count, devices.data());
  for (VkPhysicalDevice d : devices) {
    VkPhysicalDeviceProperties p;
    properties(d, &p);
    std::printf("device: %s (Vulkan %u.%u)\n", p.deviceName,
                VK_API_VERSION_MAJOR(p.apiVersion),
                VK_API_VERSION_MINOR(p.apiVersion));
    std::printf("  maxComputeSharedMemorySize %u, maxComputeWorkGroupInvocations "
                "%u\n",
                p.limits.maxComputeSharedMemorySize,
                p.limits.maxComputeWorkGroupInvocations);
    auto extensions = (PFN_vkEnumerateDeviceExtensionProperties)gipa(
        inst, "vkEnumerateDeviceExtensionProperties");
    uint32_t extCount = 0;
    extensions(d, nullptr, &extCount, nullptr);
    std::vector<VkExtensionProperties> exts(extCount);
    extensions(d, nullptr, &extCount, exts.data());
    bool hasBF16 = false;
    for (const VkExtensionProperties &e : exts)
      hasBF16 |= !std::strcmp(e.extensionName, "VK_KHR_shader_bfloat16");
    auto features2 = (PFN_vkGetPhysicalDeviceFeatures2)gipa(
        inst, "vkGetPhysicalDeviceFeatures2");
    if (hasBF16 && features2) {
      BF16Features bf = {static_cast<VkStructureType>(1000141000)};
      VkPhysicalDeviceFeatures2 f = {VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
      f.pNext = &bf;
      features2(d, &f);
      std::printf("  VK_KHR_shader_bfloat16: shaderBFloat16Type %u, "
                  "shaderBFloat16DotProduct %u, "
                  "shaderBFloat16CooperativeMatrix %u\n",
                  bf.type, bf.dotProduct, bf.cooperativeMatrix);
    } else {
      std::printf("  no VK_KHR_shader_bfloat16\n");
    }
    uint32_t n = 0;
    if (!getProps || getProps(d, &n, nullptr) != VK_SUCCESS) {
      std::printf("  no VK_KHR_cooperative_matrix\n");
      continue;
    }
    std::vector<Props> props(n);
    for (Props &q : props) {
      std::memset(&q, 0, sizeof(q));
      q.sType = static_cast<VkStructureType>(1000506001);
    }
    getProps(d, &n, props.data());
    for (const Props &q : props)
      std::printf("  m%un%uk%u %s x %s + %s -> %s %s%s\n", q.m, q.n, q.k,
                  type(q.a), type(q.b), type(q.c), type(q.result),
                  scope(q.scope), q.saturating ? " saturating" : "");
  }
  return 0;
}
