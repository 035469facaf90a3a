// coopmat-probe: the cooperative-matrix multiplies each Vulkan device lists
// (VK_KHR_cooperative_matrix, vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR):
// M x N x K, the A, B, C and result component types, the scope.
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
  return t < 11 ? names[t] : "other";
}
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
