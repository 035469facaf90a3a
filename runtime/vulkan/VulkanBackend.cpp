//===- VulkanBackend.cpp - the Vulkan compute backend -----------*- C++ -*-===//
//
// Loads libvulkan.so.1 at run time (no link-time dependency) and runs the
// bundle's per-kernel SPIR-V binaries ("SPIR-V ABI" in docs/codegen.md):
// descriptor set 0, binding i = buffer argument i, the scalar arguments in
// one push-constant block (or one more storage buffer), vkCmdDispatch with
// the grid in work-groups, timestamp queries around the dispatch.
//
// Synchronisation: every command buffer starts with a global memory barrier,
// so submissions on the device's one compute queue execute in submission
// order. Each kgpu queue has a waiter thread that retires its submissions in
// order (fence, timestamps, resources) and signals their events.
//
//===----------------------------------------------------------------------===//

#include "../lib/Internal.h"
#include "FloatControls.h"

#ifndef KGPU_HAVE_VULKAN_HEADERS

using namespace kgpu::rt;

namespace {
class VulkanUnavailable : public Backend {
public:
  kgpu_backend kind() const override { return KGPU_BACKEND_VULKAN; }
  const char *name() const override { return "vulkan"; }
  Error enumerate(std::vector<kgpu_device_info> &) override {
    return Error(KGPU_ERROR_NO_DEVICE,
                 "this libkgpu_runtime was built without the Vulkan headers");
  }
  Error open(uint32_t, std::unique_ptr<BackendDevice> &) override {
    std::vector<kgpu_device_info> none;
    return enumerate(none);
  }
};
} // namespace

Backend &kgpu::rt::vulkanBackend() {
  static VulkanUnavailable backend;
  return backend;
}

#else

#define VK_NO_PROTOTYPES
#include <vulkan/vulkan_core.h>

#include "CooperativeMatrix.h"
#include "MemoryTypes.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <map>
#include <mutex>

#include <dlfcn.h>

using namespace kgpu::rt;


namespace {

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//

#define KGPU_VK_INSTANCE_FUNCTIONS(X)                                          \
  X(vkDestroyInstance)                                                         \
  X(vkEnumeratePhysicalDevices)                                                \
  X(vkGetPhysicalDeviceProperties)                                             \
  X(vkGetPhysicalDeviceProperties2)                                            \
  X(vkGetPhysicalDeviceFeatures2)                                              \
  X(vkGetPhysicalDeviceQueueFamilyProperties)                                  \
  X(vkGetPhysicalDeviceMemoryProperties)                                       \
  X(vkEnumerateDeviceExtensionProperties)                                      \
  X(vkCreateDevice)                                                            \
  X(vkGetDeviceProcAddr)

#define KGPU_VK_DEVICE_FUNCTIONS(X)                                            \
  X(vkDestroyDevice)                                                           \
  X(vkGetDeviceQueue)                                                          \
  X(vkCreateBuffer)                                                            \
  X(vkDestroyBuffer)                                                           \
  X(vkGetBufferMemoryRequirements)                                             \
  X(vkAllocateMemory)                                                          \
  X(vkFreeMemory)                                                              \
  X(vkBindBufferMemory)                                                        \
  X(vkMapMemory)                                                               \
  X(vkUnmapMemory)                                                             \
  X(vkCreateShaderModule)                                                      \
  X(vkDestroyShaderModule)                                                     \
  X(vkCreateDescriptorSetLayout)                                               \
  X(vkDestroyDescriptorSetLayout)                                              \
  X(vkCreatePipelineLayout)                                                    \
  X(vkDestroyPipelineLayout)                                                   \
  X(vkCreateComputePipelines)                                                  \
  X(vkDestroyPipeline)                                                         \
  X(vkCreateDescriptorPool)                                                    \
  X(vkDestroyDescriptorPool)                                                   \
  X(vkAllocateDescriptorSets)                                                  \
  X(vkUpdateDescriptorSets)                                                    \
  X(vkCreateCommandPool)                                                       \
  X(vkDestroyCommandPool)                                                      \
  X(vkAllocateCommandBuffers)                                                  \
  X(vkFreeCommandBuffers)                                                      \
  X(vkBeginCommandBuffer)                                                      \
  X(vkEndCommandBuffer)                                                        \
  X(vkCmdBindPipeline)                                                         \
  X(vkCmdBindDescriptorSets)                                                   \
  X(vkCmdPushConstants)                                                        \
  X(vkCmdDispatch)                                                             \
  X(vkCmdPipelineBarrier)                                                      \
  X(vkCmdCopyBuffer)                                                           \
  X(vkCmdFillBuffer)                                                           \
  X(vkCmdWriteTimestamp)                                                       \
  X(vkCmdResetQueryPool)                                                       \
  X(vkCreateQueryPool)                                                         \
  X(vkDestroyQueryPool)                                                        \
  X(vkGetQueryPoolResults)                                                     \
  X(vkQueueSubmit)                                                             \
  X(vkCreateFence)                                                             \
  X(vkDestroyFence)                                                            \
  X(vkWaitForFences)                                                           \
  X(vkDeviceWaitIdle)

struct InstanceFns {
#define X(name) PFN_##name name = nullptr;
  KGPU_VK_INSTANCE_FUNCTIONS(X)
#undef X
};

struct DeviceFns {
#define X(name) PFN_##name name = nullptr;
  KGPU_VK_DEVICE_FUNCTIONS(X)
#undef X
};

const char *resultName(VkResult r) {
  switch (r) {
#define CASE(x)                                                                \
  case x:                                                                      \
    return #x;
    CASE(VK_SUCCESS)
    CASE(VK_NOT_READY)
    CASE(VK_TIMEOUT)
    CASE(VK_INCOMPLETE)
    CASE(VK_ERROR_OUT_OF_HOST_MEMORY)
    CASE(VK_ERROR_OUT_OF_DEVICE_MEMORY)
    CASE(VK_ERROR_INITIALIZATION_FAILED)
    CASE(VK_ERROR_DEVICE_LOST)
    CASE(VK_ERROR_MEMORY_MAP_FAILED)
    CASE(VK_ERROR_LAYER_NOT_PRESENT)
    CASE(VK_ERROR_EXTENSION_NOT_PRESENT)
    CASE(VK_ERROR_FEATURE_NOT_PRESENT)
    CASE(VK_ERROR_INCOMPATIBLE_DRIVER)
    CASE(VK_ERROR_TOO_MANY_OBJECTS)
    CASE(VK_ERROR_FORMAT_NOT_SUPPORTED)
    CASE(VK_ERROR_INVALID_SHADER_NV)
    CASE(VK_ERROR_OUT_OF_POOL_MEMORY)
#undef CASE
  default:
    return "VkResult";
  }
}

/// Maps a failed VkResult to an error.
Error vkError(VkResult r, const char *what) {
  kgpu_status code = KGPU_ERROR_BACKEND;
  if (r == VK_ERROR_OUT_OF_HOST_MEMORY || r == VK_ERROR_OUT_OF_DEVICE_MEMORY ||
      r == VK_ERROR_OUT_OF_POOL_MEMORY || r == VK_ERROR_TOO_MANY_OBJECTS)
    code = KGPU_ERROR_OUT_OF_MEMORY;
  else if (r == VK_ERROR_DEVICE_LOST)
    code = KGPU_ERROR_DEVICE_LOST;
  return makeError(code, "Vulkan: %s failed: %s (%d)", what, resultName(r),
                   static_cast<int>(r));
}

//===----------------------------------------------------------------------===//
// SPIR-V requirements
//===----------------------------------------------------------------------===//

/// The SPIR-V features a device has enabled.
struct Capabilities {
  bool int64 = false, float64 = false, int16 = false, int8 = false;
  bool float16 = false, storage16 = false, storage8 = false;
  bool int64Atomics = false, float32AtomicAdd = false, float64AtomicAdd = false,
       float32Atomics = false;
  bool subgroupCompute = false;
  uint32_t subgroupOps = 0;
  uint32_t subgroupSize = 0;
  /// shaderSignedZeroInfNanPreserveFloat32/64 (float controls, Vulkan 1.2
  /// or VK_KHR_shader_float_controls).
  bool signedZero32 = false, signedZero64 = false;
  /// The Vulkan version shaders may target (the device's, at most the
  /// instance's): SPIR-V 1.6 needs 1.3.
  uint32_t apiVersion = 0;
  /// VK_KHR_cooperative_matrix's cooperativeMatrix feature, and the
  /// multiplies the device lists (vkGetPhysicalDeviceCooperativeMatrix-
  /// PropertiesKHR).
  kgpu::vulkan::CooperativeMatrixSupport cooperativeMatrix;
  /// VK_KHR_shader_bfloat16's shaderBFloat16Type feature.
  bool bfloat16 = false;
  bool vulkanMemoryModel = false, vulkanMemoryModelDeviceScope = false;
};



/// Checks the OpCapability list of a SPIR-V binary against the device.
Error checkCapabilities(const std::vector<uint32_t> &words,
                        const Capabilities &caps, const std::string &kernel,
                        const char *device) {
  auto missing = [&](const char *cap, const char *feature) {
    return makeError(KGPU_ERROR_UNSUPPORTED,
                     "kernel '%s' needs the SPIR-V capability %s; the Vulkan "
                     "device '%s' lacks %s",
                     kernel.c_str(), cap, device, feature);
  };
  for (size_t i = 5; i < words.size();) {
    uint32_t count = words[i] >> 16;
    uint32_t opcode = words[i] & 0xffff;
    if (count == 0 || i + count > words.size())
      return makeError(KGPU_ERROR_INVALID_BUNDLE,
                       "the SPIR-V of kernel '%s' is malformed",
                       kernel.c_str());
    if (opcode == 17 /*OpCapability*/ && count == 2) {
      uint32_t cap = words[i + 1];
      switch (cap) {
      case 9:
        if (!caps.float16)
          return missing("Float16", "shaderFloat16");
        break;
      case 10:
        if (!caps.float64)
          return missing("Float64", "shaderFloat64");
        break;
      case 11:
        if (!caps.int64)
          return missing("Int64", "shaderInt64");
        break;
      case 12:
        if (!caps.int64Atomics)
          return missing("Int64Atomics", "shaderBufferInt64Atomics");
        break;
      case 22:
        if (!caps.int16)
          return missing("Int16", "shaderInt16");
        break;
      case 39:
        if (!caps.int8)
          return missing("Int8", "shaderInt8");
        break;
      case 4433:
        if (!caps.storage16)
          return missing("StorageBuffer16BitAccess",
                         "storageBuffer16BitAccess");
        break;
      case 4448:
        if (!caps.storage8)
          return missing("StorageBuffer8BitAccess", "storageBuffer8BitAccess");
        break;
      case 6033:
        if (!caps.float32AtomicAdd)
          return missing("AtomicFloat32AddEXT", "shaderBufferFloat32AtomicAdd "
                                                "(VK_EXT_shader_atomic_float)");
        break;
      case 5345:
        if (!caps.vulkanMemoryModel)
          return missing("VulkanMemoryModel", "vulkanMemoryModel");
        break;
      case 5346:
        if (!caps.vulkanMemoryModelDeviceScope)
          return missing("VulkanMemoryModelDeviceScope",
                         "vulkanMemoryModelDeviceScope");
        break;
      case 6022:
        if (!caps.cooperativeMatrix.cooperativeMatrix)
          return missing("CooperativeMatrixKHR",
                         "cooperativeMatrix (VK_KHR_cooperative_matrix)");
        break;
      case 5116:
        if (!caps.bfloat16)
          return missing("BFloat16TypeKHR",
                         "shaderBFloat16Type (VK_KHR_shader_bfloat16)");
        break;
      case 5118:
        if (!caps.cooperativeMatrix.bfloat16)
          return missing("BFloat16CooperativeMatrixKHR",
                         "shaderBFloat16CooperativeMatrix "
                         "(VK_KHR_shader_bfloat16)");
        break;
      case 6034:
        if (!caps.float64AtomicAdd)
          return missing("AtomicFloat64AddEXT", "shaderBufferFloat64AtomicAdd "
                                                "(VK_EXT_shader_atomic_float)");
        break;
      default:
        if (cap >= 61 && cap <= 68) { // GroupNonUniform*
          static const char *const names[] = {
              "GroupNonUniform",           "GroupNonUniformVote",
              "GroupNonUniformArithmetic", "GroupNonUniformBallot",
              "GroupNonUniformShuffle",    "GroupNonUniformShuffleRelative",
              "GroupNonUniformClustered",  "GroupNonUniformQuad"};
          uint32_t bit = 1u << (cap - 61);
          if (!caps.subgroupCompute || !(caps.subgroupOps & bit))
            return missing(names[cap - 61],
                           "that subgroup operation in compute shaders");
        }
        break;
      }
    }
    // Capabilities come first; stop at the first function.
    if (opcode == 54 /*OpFunction*/)
      break;
    i += count;
  }
  return Error::success();
}

//===----------------------------------------------------------------------===//
// Loader and instance
//===----------------------------------------------------------------------===//

struct PhysicalDevice {
  VkPhysicalDevice handle;
  kgpu_device_info info;
  uint32_t queueFamily;
};

class VulkanDevice;

class VulkanBackend : public Backend {
public:
  kgpu_backend kind() const override { return KGPU_BACKEND_VULKAN; }
  const char *name() const override { return "vulkan"; }
  Error enumerate(std::vector<kgpu_device_info> &devices) override;
  Error open(uint32_t index, std::unique_ptr<BackendDevice> &out) override;

  ~VulkanBackend() override {
    // Only when no device outlives the process's static destructors.
    if (instance && liveDevices.load() == 0)
      fns.vkDestroyInstance(instance, nullptr);
  }

  InstanceFns fns;
  /// Null where the loader lacks VK_KHR_cooperative_matrix.
  PFN_vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR
      getCooperativeMatrixProperties = nullptr;
  VkInstance instance = VK_NULL_HANDLE;
  uint32_t instanceVersion = 0;
  std::atomic<int> liveDevices{0};

private:
  Error init();
  std::vector<PhysicalDevice> physical;
  bool initialized = false;
  Error initError;
};

Error VulkanBackend::init() {
  if (initialized)
    return initError;
  initialized = true;
  void *lib = dlopen("libvulkan.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    const char *why = dlerror();
    return initError = makeError(KGPU_ERROR_NO_DEVICE, "no Vulkan loader (%s)",
                                 why ? why : "libvulkan.so.1 not found");
  }
  // The loader stays loaded for the life of the process.
  auto getInstanceProcAddr = reinterpret_cast<PFN_vkGetInstanceProcAddr>(
      dlsym(lib, "vkGetInstanceProcAddr"));
  if (!getInstanceProcAddr)
    return initError = Error(KGPU_ERROR_NO_DEVICE,
                             "libvulkan.so.1 has no vkGetInstanceProcAddr");
  auto enumerateVersion = reinterpret_cast<PFN_vkEnumerateInstanceVersion>(
      getInstanceProcAddr(nullptr, "vkEnumerateInstanceVersion"));
  auto createInstance = reinterpret_cast<PFN_vkCreateInstance>(
      getInstanceProcAddr(nullptr, "vkCreateInstance"));
  uint32_t version = VK_API_VERSION_1_0;
  if (enumerateVersion)
    enumerateVersion(&version);
  if (!createInstance || version < VK_API_VERSION_1_1)
    return initError = Error(KGPU_ERROR_NO_DEVICE,
                             "the Vulkan loader is older than Vulkan 1.1");
  instanceVersion = std::min<uint32_t>(version, VK_API_VERSION_1_3);
  const kgpu::vulkan::MemoryPolicy policy = kgpu::vulkan::parseMemoryPolicy(
      [](const char *name) -> const char * { return std::getenv(name); });

  VkApplicationInfo app = {};
  app.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO;
  app.pApplicationName = "kgpu";
  app.pEngineName = "libkgpu_runtime";
  app.apiVersion = instanceVersion;
  VkInstanceCreateInfo ci = {};
  ci.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO;
  ci.pApplicationInfo = &app;
  VkResult r = createInstance(&ci, nullptr, &instance);
  if (r != VK_SUCCESS) {
    instance = VK_NULL_HANDLE;
    Error e = vkError(r, "vkCreateInstance");
    return initError = Error(KGPU_ERROR_NO_DEVICE, e.message());
  }
#define X(name)                                                                \
  fns.name = reinterpret_cast<PFN_##name>(getInstanceProcAddr(instance, #name));
  KGPU_VK_INSTANCE_FUNCTIONS(X)
#undef X
#define X(name)                                                                \
  if (!fns.name)                                                               \
    return initError =                                                         \
               Error(KGPU_ERROR_NO_DEVICE, "the Vulkan loader lacks " #name);
  KGPU_VK_INSTANCE_FUNCTIONS(X)
#undef X
  getCooperativeMatrixProperties =
      reinterpret_cast<PFN_vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR>(
          getInstanceProcAddr(instance,
                              "vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR"));

  uint32_t count = 0;
  r = fns.vkEnumeratePhysicalDevices(instance, &count, nullptr);
  std::vector<VkPhysicalDevice> handles(r == VK_SUCCESS ? count : 0);
  if (!handles.empty()) {
    r = fns.vkEnumeratePhysicalDevices(instance, &count, handles.data());
    if (r != VK_SUCCESS && r != VK_INCOMPLETE)
      count = 0;
  }
  handles.resize(std::min<size_t>(count, handles.size()));
  for (VkPhysicalDevice h : handles) {
    VkPhysicalDeviceSubgroupProperties subgroup = {};
    subgroup.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES;
    VkPhysicalDeviceProperties2 props = {};
    props.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2;
    props.pNext = &subgroup;
    fns.vkGetPhysicalDeviceProperties2(h, &props);
    const VkPhysicalDeviceProperties &p = props.properties;
    if (p.apiVersion < VK_API_VERSION_1_1)
      continue;
    uint32_t families = 0;
    fns.vkGetPhysicalDeviceQueueFamilyProperties(h, &families, nullptr);
    std::vector<VkQueueFamilyProperties> fam(families);
    fns.vkGetPhysicalDeviceQueueFamilyProperties(h, &families, fam.data());
    // A compute-only family if there is one, else any with compute
    // (KGPU_VULKAN_QUEUE=graphics: one with graphics too; a bad value is
    // reported when the device is opened).
    std::vector<VkQueueFlags> flags;
    for (const VkQueueFamilyProperties &f : fam)
      flags.push_back(f.queueFlags);
    int chosen = kgpu::vulkan::chooseQueueFamily(flags, policy);
    if (chosen < 0)
      continue;

    PhysicalDevice d = {};
    d.handle = h;
    d.queueFamily = static_cast<uint32_t>(chosen);
    kgpu_device_info &info = d.info;
    info.backend = KGPU_BACKEND_VULKAN;
    info.index = static_cast<uint32_t>(physical.size());
    copyName(info.name, sizeof(info.name), p.deviceName);
    info.is_software = p.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU;
    for (int i = 0; i < 3; ++i) {
      info.max_workgroup_size[i] = p.limits.maxComputeWorkGroupSize[i];
      info.max_grid[i] = p.limits.maxComputeWorkGroupCount[i];
    }
    info.max_workgroup_invocations = p.limits.maxComputeWorkGroupInvocations;
    info.max_local_memory_bytes = p.limits.maxComputeSharedMemorySize;
    info.subgroup_size = subgroup.subgroupSize;
    VkPhysicalDeviceMemoryProperties mem;
    fns.vkGetPhysicalDeviceMemoryProperties(h, &mem);
    for (uint32_t i = 0; i < mem.memoryHeapCount; ++i)
      if (mem.memoryHeaps[i].flags & VK_MEMORY_HEAP_DEVICE_LOCAL_BIT)
        info.memory_bytes =
            std::max<uint64_t>(info.memory_bytes, mem.memoryHeaps[i].size);
    physical.push_back(d);
  }
  if (physical.empty())
    return initError = Error(KGPU_ERROR_NO_DEVICE,
                             "the Vulkan loader found no Vulkan 1.1 device "
                             "with a compute queue");
  return Error::success();
}

Error VulkanBackend::enumerate(std::vector<kgpu_device_info> &devices) {
  if (Error e = init())
    return e;
  for (const PhysicalDevice &d : physical)
    devices.push_back(d.info);
  return Error::success();
}

//===----------------------------------------------------------------------===//
// Device
//===----------------------------------------------------------------------===//

class VulkanBuffer;

/// A compute pipeline with its shader module and layouts, kept by the
/// device across module loads: drivers keep memory for every pipeline ever
/// created (lavapipe about 92 kB), so loading the same SPIR-V again reuses
/// the pipeline instead of building a new one.
struct CachedPipeline {
  VkShaderModule shader = VK_NULL_HANDLE;
  VkDescriptorSetLayout setLayout = VK_NULL_HANDLE;
  VkPipelineLayout pipelineLayout = VK_NULL_HANDLE;
  VkPipeline pipeline = VK_NULL_HANDLE;
};

/// Unused pipelines beyond this many are destroyed.
constexpr size_t kMaxCachedPipelines = 256;

class VulkanDevice : public BackendDevice {
public:
  VulkanDevice(VulkanBackend &backend, const PhysicalDevice &physical)
      : backend(backend), physical(physical) {
    ++backend.liveDevices;
  }
  ~VulkanDevice() override {
    if (device) {
      fns.vkDeviceWaitIdle(device);
      for (auto &entry : pipelines)
        destroyPipeline(*entry.second);
      if (transferPool)
        fns.vkDestroyCommandPool(device, transferPool, nullptr);
      fns.vkDestroyDevice(device, nullptr);
    }
    --backend.liveDevices;
  }

  Error init();
  const kgpu_device_info &info() const override { return physical.info; }
  Error createBuffer(size_t size,
                     std::unique_ptr<BackendBuffer> &buffer) override;
  Error loadModule(const ModuleDesc &module,
                   std::unique_ptr<BackendModule> &out) override;
  Error createQueue(std::unique_ptr<BackendQueue> &queue) override;
  Error checkLaunch(const LaunchRequest &request) override;
  /// vkCmdFillBuffer stores 4-byte words at 4-byte offsets (an 8-byte value
  /// is two); narrower values are uploaded.
  bool storesInQueue(const LaunchStore &store) const override {
    return store.offset % 4 == 0 && (store.bytes == 4 || store.bytes == 8);
  }

  /// Allocates a buffer with memory of the kind `use` prefers
  /// (kgpu::vulkan::memoryPreferences; staging memory is mappable and coherent).
  /// `chosen`, when given, receives the chosen memory type's flags.
  Error allocate(VkDeviceSize size, kgpu::vulkan::MemoryUse use, VkBuffer &buffer,
                 VkDeviceMemory &memory, void **mapped,
                 VkMemoryPropertyFlags *chosen = nullptr);
  void free(VkBuffer buffer, VkDeviceMemory memory, bool mapped);

  /// Records commands with `record` and runs them synchronously.
  Error runTransfer(const std::function<void(VkCommandBuffer)> &record);

  /// Submits under the queue lock.
  VkResult submit(const VkSubmitInfo &info, VkFence fence) {
    std::lock_guard<std::mutex> lock(queueMutex);
    return fns.vkQueueSubmit(queue, 1, &info, fence);
  }

  /// The cached pipeline for `key` (the SPIR-V, the entry point and what
  /// else the pipeline is built from), or null.
  std::shared_ptr<CachedPipeline> findPipeline(const std::string &key) {
    std::lock_guard<std::mutex> lock(pipelineMutex);
    auto it = pipelines.find(key);
    return it == pipelines.end() ? nullptr : it->second;
  }
  /// Caches `pipeline` under `key`; returns the cached entry, or null if
  /// another thread cached one first (the caller keeps its own objects).
  std::shared_ptr<CachedPipeline> addPipeline(const std::string &key,
                                              const CachedPipeline &pipeline) {
    std::lock_guard<std::mutex> lock(pipelineMutex);
    if (pipelines.count(key))
      return nullptr;
    if (pipelines.size() >= kMaxCachedPipelines)
      for (auto it = pipelines.begin(); it != pipelines.end();) {
        if (it->second.use_count() == 1) { // no kernel uses it
          destroyPipeline(*it->second);
          it = pipelines.erase(it);
        } else {
          ++it;
        }
      }
    auto entry = std::make_shared<CachedPipeline>(pipeline);
    pipelines.emplace(key, entry);
    return entry;
  }
  void destroyPipeline(const CachedPipeline &p) {
    if (p.pipeline)
      fns.vkDestroyPipeline(device, p.pipeline, nullptr);
    if (p.pipelineLayout)
      fns.vkDestroyPipelineLayout(device, p.pipelineLayout, nullptr);
    if (p.setLayout)
      fns.vkDestroyDescriptorSetLayout(device, p.setLayout, nullptr);
    if (p.shader)
      fns.vkDestroyShaderModule(device, p.shader, nullptr);
  }
  size_t cachedPipelines() {
    std::lock_guard<std::mutex> lock(pipelineMutex);
    return pipelines.size();
  }

  Error lostError() const {
    return Error(KGPU_ERROR_DEVICE_LOST, std::string("the Vulkan device '") +
                                             physical.info.name + "' was lost");
  }
  /// Records a device loss (any call after it fails).
  Error noteFailure(VkResult r, const char *what) {
    if (r == VK_ERROR_DEVICE_LOST)
      lost = true;
    return vkError(r, what);
  }

  VulkanBackend &backend;
  PhysicalDevice physical;
  DeviceFns fns;
  VkDevice device = VK_NULL_HANDLE;
  VkQueue queue = VK_NULL_HANDLE;
  Capabilities caps;
  VkPhysicalDeviceLimits limits = {};
  VkPhysicalDeviceMemoryProperties memory = {};
  VkDeviceSize maxAllocation = ~VkDeviceSize(0);
  uint32_t timestampBits = 0;
  std::atomic<bool> lost{false};
  /// Where buffers go and how they are filled (KGPU_VULKAN_* knobs).
  kgpu::vulkan::MemoryPolicy policy;

private:
  std::mutex pipelineMutex;
  std::map<std::string, std::shared_ptr<CachedPipeline>> pipelines;
  std::mutex queueMutex;
  std::mutex transferMutex;
  VkCommandPool transferPool = VK_NULL_HANDLE;
};

bool hasExtension(const std::vector<VkExtensionProperties> &exts,
                  const char *name) {
  for (const VkExtensionProperties &e : exts)
    if (std::strcmp(e.extensionName, name) == 0)
      return true;
  return false;
}

Error VulkanDevice::init() {
  const InstanceFns &ifns = backend.fns;
  VkPhysicalDevice pd = physical.handle;
  policy = kgpu::vulkan::parseMemoryPolicy(
      [](const char *name) -> const char * { return std::getenv(name); });
  if (!policy.error.empty())
    return Error(KGPU_ERROR_INVALID_ARGUMENT,
                 "the Vulkan runtime's environment: " + policy.error);

  uint32_t extCount = 0;
  ifns.vkEnumerateDeviceExtensionProperties(pd, nullptr, &extCount, nullptr);
  std::vector<VkExtensionProperties> exts(extCount);
  ifns.vkEnumerateDeviceExtensionProperties(pd, nullptr, &extCount,
                                            exts.data());
  exts.resize(extCount);

  // Query the optional features through one pNext chain.
  std::vector<const char *> enabled;
  VkPhysicalDeviceFeatures2 features = {};
  features.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2;
  void **tail = &features.pNext;
  // KGPU_VULKAN_DEVICE=minimal: no optional extension or feature.
  const bool minimal = policy.minimalDevice;
  auto chain = [&](auto &s, VkStructureType type, const char *ext) {
    if (minimal || (ext && !hasExtension(exts, ext)))
      return false;
    s.sType = type;
    *tail = &s;
    tail = &s.pNext;
    if (ext)
      enabled.push_back(ext);
    return true;
  };
  VkPhysicalDevice16BitStorageFeatures storage16 = {};
  VkPhysicalDevice8BitStorageFeatures storage8 = {};
  VkPhysicalDeviceShaderFloat16Int8Features float16Int8 = {};
  VkPhysicalDeviceShaderAtomicInt64Features atomicInt64 = {};
  VkPhysicalDeviceShaderAtomicFloatFeaturesEXT atomicFloat = {};
  chain(storage16, VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_16BIT_STORAGE_FEATURES,
        nullptr); // core in 1.1
  bool has8 =
      chain(storage8, VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_8BIT_STORAGE_FEATURES,
            "VK_KHR_8bit_storage");
  bool hasF16 =
      chain(float16Int8,
            VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_FLOAT16_INT8_FEATURES,
            "VK_KHR_shader_float16_int8");
  bool hasA64 =
      chain(atomicInt64,
            VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_ATOMIC_INT64_FEATURES,
            "VK_KHR_shader_atomic_int64");
  bool hasAF =
      chain(atomicFloat,
            VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_ATOMIC_FLOAT_FEATURES_EXT,
            "VK_EXT_shader_atomic_float");
  // Tensor-core kernels (docs/runtime.md): enabled where the device has it,
  // with the Vulkan memory model its shaders use (core in Vulkan 1.2).
  VkPhysicalDeviceProperties early = {};
  ifns.vkGetPhysicalDeviceProperties(pd, &early);
  VkPhysicalDeviceVulkanMemoryModelFeatures memoryModel = {};
  bool hasVMM =
      (early.apiVersion >= VK_API_VERSION_1_2 ||
       hasExtension(exts, "VK_KHR_vulkan_memory_model")) &&
      chain(memoryModel,
            VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_MEMORY_MODEL_FEATURES,
            early.apiVersion >= VK_API_VERSION_1_2
                ? nullptr
                : "VK_KHR_vulkan_memory_model");
  VkPhysicalDeviceCooperativeMatrixFeaturesKHR coopMatrix = {};
  bool hasCM = backend.getCooperativeMatrixProperties &&
               chain(coopMatrix,
                     KGPU_VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_COOPERATIVE_MATRIX_FEATURES_KHR,
                     "VK_KHR_cooperative_matrix");
  // bf16 tensor-core kernels (SPV_KHR_bfloat16).
  kgpu::vulkan::ShaderBFloat16Features bfloat16 = {};
  bool hasBF16 =
      chain(bfloat16,
            KGPU_VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_BFLOAT16_FEATURES_KHR,
            "VK_KHR_shader_bfloat16");
  if (hasExtension(exts, "VK_KHR_portability_subset"))
    enabled.push_back("VK_KHR_portability_subset");
  ifns.vkGetPhysicalDeviceFeatures2(pd, &features);

  // Enable only what kernels may use (robustBufferAccess & co. cost time).
  VkPhysicalDeviceFeatures base = {};
  if (!minimal) {
    base.shaderInt64 = features.features.shaderInt64;
    base.shaderFloat64 = features.features.shaderFloat64;
    base.shaderInt16 = features.features.shaderInt16;
  }
  features.features = base;

  caps.int64 = base.shaderInt64;
  caps.float64 = base.shaderFloat64;
  caps.int16 = base.shaderInt16;
  caps.storage16 = storage16.storageBuffer16BitAccess;
  caps.storage8 = has8 && storage8.storageBuffer8BitAccess;
  caps.int8 = hasF16 && float16Int8.shaderInt8;
  caps.float16 = hasF16 && float16Int8.shaderFloat16;
  caps.int64Atomics = hasA64 && atomicInt64.shaderBufferInt64Atomics;
  caps.float32AtomicAdd = hasAF && atomicFloat.shaderBufferFloat32AtomicAdd;
  caps.float64AtomicAdd = hasAF && atomicFloat.shaderBufferFloat64AtomicAdd;
  caps.float32Atomics = hasAF && atomicFloat.shaderBufferFloat32Atomics;
  caps.vulkanMemoryModel = hasVMM && memoryModel.vulkanMemoryModel;
  caps.vulkanMemoryModelDeviceScope =
      hasVMM && memoryModel.vulkanMemoryModelDeviceScope;
  memoryModel.vulkanMemoryModelAvailabilityVisibilityChains = VK_FALSE;
  caps.cooperativeMatrix.cooperativeMatrix =
      hasCM && coopMatrix.cooperativeMatrix;
  caps.bfloat16 = hasBF16 && bfloat16.shaderBFloat16Type;
  caps.cooperativeMatrix.bfloat16 = caps.cooperativeMatrix.cooperativeMatrix &&
                                    caps.bfloat16 &&
                                    bfloat16.shaderBFloat16CooperativeMatrix;
  bfloat16.shaderBFloat16DotProduct = VK_FALSE;
  coopMatrix.cooperativeMatrixRobustBufferAccess = VK_FALSE;
  if (caps.cooperativeMatrix.cooperativeMatrix) {
    uint32_t shapes = 0;
    backend.getCooperativeMatrixProperties(pd, &shapes, nullptr);
    VkCooperativeMatrixPropertiesKHR blank = {};
    blank.sType = KGPU_VK_STRUCTURE_TYPE_COOPERATIVE_MATRIX_PROPERTIES_KHR;
    caps.cooperativeMatrix.shapes.assign(shapes, blank);
    if (shapes && backend.getCooperativeMatrixProperties(
                      pd, &shapes, caps.cooperativeMatrix.shapes.data()) < 0)
      shapes = 0;
    caps.cooperativeMatrix.shapes.resize(shapes);
  }

  VkPhysicalDeviceSubgroupProperties subgroup = {};
  subgroup.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES;
  VkPhysicalDeviceMaintenance3Properties maintenance3 = {};
  maintenance3.sType =
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_3_PROPERTIES;
  subgroup.pNext = &maintenance3;
  // Float controls: core in Vulkan 1.2, else VK_KHR_shader_float_controls.
  VkPhysicalDeviceFloatControlsProperties floatControls = {};
  floatControls.sType =
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FLOAT_CONTROLS_PROPERTIES;
  VkPhysicalDeviceProperties basic = {};
  ifns.vkGetPhysicalDeviceProperties(pd, &basic);
  caps.apiVersion = std::min(basic.apiVersion, backend.instanceVersion);
  bool hasFloatControls = basic.apiVersion >= VK_API_VERSION_1_2;
  if (minimal)
    hasFloatControls = false;
  if (!hasFloatControls && !minimal &&
      hasExtension(exts, "VK_KHR_shader_float_controls")) {
    hasFloatControls = true;
    enabled.push_back("VK_KHR_shader_float_controls");
  }
  if (hasFloatControls)
    maintenance3.pNext = &floatControls;
  VkPhysicalDeviceProperties2 props = {};
  props.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2;
  props.pNext = &subgroup;
  ifns.vkGetPhysicalDeviceProperties2(pd, &props);
  caps.signedZero32 =
      hasFloatControls && floatControls.shaderSignedZeroInfNanPreserveFloat32;
  caps.signedZero64 =
      hasFloatControls && floatControls.shaderSignedZeroInfNanPreserveFloat64;
  limits = props.properties.limits;
  caps.subgroupSize = subgroup.subgroupSize;
  caps.subgroupCompute =
      (subgroup.supportedStages & VK_SHADER_STAGE_COMPUTE_BIT) != 0;
  caps.subgroupOps = subgroup.supportedOperations;
  if (maintenance3.maxMemoryAllocationSize)
    maxAllocation = maintenance3.maxMemoryAllocationSize;
  ifns.vkGetPhysicalDeviceMemoryProperties(pd, &memory);

  uint32_t families = 0;
  ifns.vkGetPhysicalDeviceQueueFamilyProperties(pd, &families, nullptr);
  std::vector<VkQueueFamilyProperties> fam(families);
  ifns.vkGetPhysicalDeviceQueueFamilyProperties(pd, &families, fam.data());
  timestampBits = fam[physical.queueFamily].timestampValidBits;

  float priority = 1.0f;
  VkDeviceQueueCreateInfo qci = {};
  qci.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO;
  qci.queueFamilyIndex = physical.queueFamily;
  qci.queueCount = 1;
  qci.pQueuePriorities = &priority;
  VkDeviceCreateInfo dci = {};
  dci.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO;
  dci.pNext = &features;
  dci.queueCreateInfoCount = 1;
  dci.pQueueCreateInfos = &qci;
  dci.enabledExtensionCount = static_cast<uint32_t>(enabled.size());
  dci.ppEnabledExtensionNames = enabled.data();
  VkResult r = ifns.vkCreateDevice(pd, &dci, nullptr, &device);
  if (r != VK_SUCCESS) {
    device = VK_NULL_HANDLE;
    return vkError(r, "vkCreateDevice");
  }
#define X(name)                                                                \
  fns.name =                                                                   \
      reinterpret_cast<PFN_##name>(ifns.vkGetDeviceProcAddr(device, #name));   \
  if (!fns.name)                                                               \
    return Error(KGPU_ERROR_BACKEND, "the Vulkan driver lacks " #name);
  KGPU_VK_DEVICE_FUNCTIONS(X)
#undef X
  fns.vkGetDeviceQueue(device, physical.queueFamily, 0, &queue);

  VkCommandPoolCreateInfo pci = {};
  pci.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO;
  pci.flags = VK_COMMAND_POOL_CREATE_TRANSIENT_BIT;
  pci.queueFamilyIndex = physical.queueFamily;
  r = fns.vkCreateCommandPool(device, &pci, nullptr, &transferPool);
  if (r != VK_SUCCESS)
    return vkError(r, "vkCreateCommandPool");
  return Error::success();
}

Error VulkanDevice::allocate(VkDeviceSize size, kgpu::vulkan::MemoryUse use,
                             VkBuffer &buffer, VkDeviceMemory &mem,
                             void **mapped, VkMemoryPropertyFlags *chosen) {
  bool hostVisible = use != kgpu::vulkan::MemoryUse::Kernel;
  buffer = VK_NULL_HANDLE;
  mem = VK_NULL_HANDLE;
  if (mapped)
    *mapped = nullptr;
  if (size > maxAllocation)
    return makeError(KGPU_ERROR_OUT_OF_MEMORY,
                     "a %llu-byte buffer exceeds the Vulkan device's largest "
                     "allocation (%llu bytes)",
                     static_cast<unsigned long long>(size),
                     static_cast<unsigned long long>(maxAllocation));
  VkBufferCreateInfo bci = {};
  bci.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO;
  bci.size = size;
  bci.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
              VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
              VK_BUFFER_USAGE_TRANSFER_DST_BIT;
  bci.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
  VkResult r = fns.vkCreateBuffer(device, &bci, nullptr, &buffer);
  if (r != VK_SUCCESS) {
    buffer = VK_NULL_HANDLE;
    return vkError(r, "vkCreateBuffer");
  }
  VkMemoryRequirements req;
  fns.vkGetBufferMemoryRequirements(device, buffer, &req);

  const VkMemoryPropertyFlags kHost = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                      VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
  // Preference order; each candidate is tried until one allocates.
  VkResult last = VK_ERROR_OUT_OF_DEVICE_MEMORY;
  for (uint32_t t : kgpu::vulkan::memoryTypeCandidates(
           memory, req.memoryTypeBits, use, policy)) {
    VkMemoryAllocateInfo ai = {};
    ai.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO;
    ai.allocationSize = req.size;
    ai.memoryTypeIndex = t;
    // Kernel buffers are dedicated allocations (core in Vulkan 1.1): on
    // the H200 two 1 GiB buffers took 3.8 ms to allocate instead of
    // 54 ms, at the same kernel speed (bench/gpu/vkprobe-mem.cpp,
    // bench/RESULTS.md). Staging and scalar buffers are short-lived.
    VkMemoryDedicatedAllocateInfo ded = {};
    ded.sType = VK_STRUCTURE_TYPE_MEMORY_DEDICATED_ALLOCATE_INFO;
    ded.buffer = buffer;
    bool dedicated = !hostVisible && policy.dedicated;
    if (dedicated)
      ai.pNext = &ded;
    last = fns.vkAllocateMemory(device, &ai, nullptr, &mem);
    if (last != VK_SUCCESS) {
      mem = VK_NULL_HANDLE;
      if (last == VK_ERROR_DEVICE_LOST)
        break;
      continue;
    }
    bool coherent = (memory.memoryTypes[t].propertyFlags & kHost) == kHost;
    r = fns.vkBindBufferMemory(device, buffer, mem, 0);
    if (r == VK_SUCCESS && coherent && mapped)
      r = fns.vkMapMemory(device, mem, 0, VK_WHOLE_SIZE, 0, mapped);
    if (r != VK_SUCCESS) {
      free(buffer, mem, false);
      buffer = VK_NULL_HANDLE;
      mem = VK_NULL_HANDLE;
      return noteFailure(r, "binding buffer memory");
    }
    if (chosen)
      *chosen = memory.memoryTypes[t].propertyFlags;
    if (policy.log)
      std::fprintf(
          stderr,
          "kgpu vulkan: %s buffer of %llu bytes: type %u (%s), heap "
          "%u%s%s\n",
          use == kgpu::vulkan::MemoryUse::Kernel   ? "kernel"
          : use == kgpu::vulkan::MemoryUse::Upload ? "upload"
                                                   : "download",
          static_cast<unsigned long long>(size), t,
          kgpu::vulkan::memoryFlagNames(memory.memoryTypes[t].propertyFlags)
              .c_str(),
          memory.memoryTypes[t].heapIndex, dedicated ? ", dedicated" : "",
          mapped && *mapped ? ", mapped" : "");
    return Error::success();
  }
  fns.vkDestroyBuffer(device, buffer, nullptr);
  buffer = VK_NULL_HANDLE;
  if (last == VK_SUCCESS || last == VK_ERROR_OUT_OF_DEVICE_MEMORY ||
      last == VK_ERROR_OUT_OF_HOST_MEMORY)
    return makeError(KGPU_ERROR_OUT_OF_MEMORY,
                     "cannot allocate %llu bytes on the Vulkan device '%s'",
                     static_cast<unsigned long long>(size), physical.info.name);
  return noteFailure(last, "vkAllocateMemory");
}

void VulkanDevice::free(VkBuffer buffer, VkDeviceMemory mem, bool mapped) {
  if (mapped)
    fns.vkUnmapMemory(device, mem);
  if (buffer)
    fns.vkDestroyBuffer(device, buffer, nullptr);
  if (mem)
    fns.vkFreeMemory(device, mem, nullptr);
}

/// A global barrier: everything before it (any stage, any write) completes
/// and is visible before anything after it.
void fullBarrier(const DeviceFns &fns, VkCommandBuffer cb) {
  VkMemoryBarrier b = {};
  b.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER;
  b.srcAccessMask = VK_ACCESS_MEMORY_WRITE_BIT;
  b.dstAccessMask = VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT;
  fns.vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT,
                           VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, 0, 1, &b, 0,
                           nullptr, 0, nullptr);
}

/// Device writes become visible to host reads after the fence.
void hostBarrier(const DeviceFns &fns, VkCommandBuffer cb) {
  VkMemoryBarrier b = {};
  b.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER;
  b.srcAccessMask = VK_ACCESS_MEMORY_WRITE_BIT;
  b.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
  fns.vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT,
                           VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &b, 0, nullptr, 0,
                           nullptr);
}

Error VulkanDevice::runTransfer(
    const std::function<void(VkCommandBuffer)> &record) {
  if (lost)
    return lostError();
  std::lock_guard<std::mutex> lock(transferMutex);
  VkCommandBufferAllocateInfo ai = {};
  ai.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO;
  ai.commandPool = transferPool;
  ai.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
  ai.commandBufferCount = 1;
  VkCommandBuffer cb;
  VkResult r = fns.vkAllocateCommandBuffers(device, &ai, &cb);
  if (r != VK_SUCCESS)
    return noteFailure(r, "vkAllocateCommandBuffers");
  VkFence fence = VK_NULL_HANDLE;
  VkCommandBufferBeginInfo bi = {};
  bi.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO;
  bi.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  r = fns.vkBeginCommandBuffer(cb, &bi);
  if (r != VK_SUCCESS) {
    fns.vkFreeCommandBuffers(device, transferPool, 1, &cb);
    return noteFailure(r, "vkBeginCommandBuffer");
  }
  fullBarrier(fns, cb);
  record(cb);
  hostBarrier(fns, cb);
  r = fns.vkEndCommandBuffer(cb);
  if (r == VK_SUCCESS) {
    VkFenceCreateInfo fci = {};
    fci.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO;
    r = fns.vkCreateFence(device, &fci, nullptr, &fence);
  }
  if (r == VK_SUCCESS) {
    VkSubmitInfo si = {};
    si.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO;
    si.commandBufferCount = 1;
    si.pCommandBuffers = &cb;
    r = submit(si, fence);
  }
  if (r == VK_SUCCESS)
    r = fns.vkWaitForFences(device, 1, &fence, VK_TRUE, UINT64_MAX);
  if (fence)
    fns.vkDestroyFence(device, fence, nullptr);
  fns.vkFreeCommandBuffers(device, transferPool, 1, &cb);
  if (r != VK_SUCCESS)
    return noteFailure(r, "a transfer");
  return Error::success();
}

//===----------------------------------------------------------------------===//
// Buffers
//===----------------------------------------------------------------------===//

class VulkanBuffer : public BackendBuffer {
public:
  VulkanBuffer(VulkanDevice &device, VkDeviceSize size)
      : dev(device), size(size) {}
  ~VulkanBuffer() override { dev.free(buffer, memory, mapped != nullptr); }

  Error init() {
    if (Error e = dev.allocate(size, kgpu::vulkan::MemoryUse::Kernel, buffer, memory,
                               &mapped, &memoryFlags))
      return e;
    if (mapped && !dev.policy.zeroOnDevice) {
      std::memset(mapped, 0, size);
      return Error::success();
    }
    return dev.runTransfer([&](VkCommandBuffer cb) {
      dev.fns.vkCmdFillBuffer(cb, buffer, 0, VK_WHOLE_SIZE, 0);
    });
  }

  Error upload(size_t offset, const void *src, size_t n) override {
    auto start = std::chrono::steady_clock::now();
    bool direct = mapped && dev.policy.upload !=
                                kgpu::vulkan::MemoryPolicy::Upload::Staging;
    Error e = Error::success();
    if (direct)
      std::memcpy(static_cast<char *>(mapped) + offset, src, n);
    else
      e = staged(
          offset, n, [&](void *staging) { std::memcpy(staging, src, n); },
          true);
    if (dev.policy.log) {
      double ms = std::chrono::duration<double, std::milli>(
                      std::chrono::steady_clock::now() - start)
                      .count();
      std::fprintf(stderr,
                   "kgpu vulkan: upload of %zu bytes %s: %.3f ms (%.2f GB/s)\n",
                   n, direct ? "through the mapping" : "staged", ms,
                   ms > 0 ? n / ms * 1e-6 : 0.0);
    }
    return e;
  }

  Error download(size_t offset, void *dst, size_t n) override {
    // Mapped memory that is not HOST_CACHED (the BAR of a discrete GPU) is
    // read by the CPU at about 20 MB/s: larger downloads go through a
    // HOST_CACHED staging buffer (kgpu::vulkan::readMappedDirectly).
    if (mapped && kgpu::vulkan::readMappedDirectly(memoryFlags, n)) {
      std::memcpy(dst, static_cast<char *>(mapped) + offset, n);
      return Error::success();
    }
    return staged(
        offset, n, [&](void *staging) { std::memcpy(dst, staging, n); }, false);
  }

  Error copyFrom(size_t dstOffset, BackendBuffer &src, size_t srcOffset,
                 size_t n) override {
    auto &s = static_cast<VulkanBuffer &>(src);
    return dev.runTransfer([&](VkCommandBuffer cb) {
      VkBufferCopy region = {srcOffset, dstOffset, n};
      dev.fns.vkCmdCopyBuffer(cb, s.buffer, buffer, 1, &region);
    });
  }

  VkBuffer handle() const { return buffer; }

private:
  /// Moves `n` bytes through a host-visible staging buffer.
  Error staged(size_t offset, size_t n,
               const std::function<void(void *)> &hostSide, bool toDevice) {
    VkBuffer staging;
    VkDeviceMemory stagingMemory;
    void *ptr = nullptr;
    if (Error e = dev.allocate(n,
                               toDevice ? kgpu::vulkan::MemoryUse::Upload
                                        : kgpu::vulkan::MemoryUse::Download,
                               staging, stagingMemory, &ptr))
      return e;
    if (toDevice)
      hostSide(ptr);
    Error e = dev.runTransfer([&](VkCommandBuffer cb) {
      VkBufferCopy region = {};
      region.size = n;
      if (toDevice) {
        region.dstOffset = offset;
        dev.fns.vkCmdCopyBuffer(cb, staging, buffer, 1, &region);
      } else {
        region.srcOffset = offset;
        dev.fns.vkCmdCopyBuffer(cb, buffer, staging, 1, &region);
      }
    });
    if (!e && !toDevice)
      hostSide(ptr);
    dev.free(staging, stagingMemory, true);
    return e;
  }

  VulkanDevice &dev;
  VkDeviceSize size;
  VkBuffer buffer = VK_NULL_HANDLE;
  VkDeviceMemory memory = VK_NULL_HANDLE;
  void *mapped = nullptr;
  VkMemoryPropertyFlags memoryFlags = 0;
};

Error VulkanDevice::createBuffer(size_t size,
                                 std::unique_ptr<BackendBuffer> &out) {
  if (lost)
    return lostError();
  if (size > SIZE_MAX - 3)
    return makeError(KGPU_ERROR_OUT_OF_MEMORY,
                     "a %zu-byte buffer exceeds the Vulkan device's memory",
                     size);
  // Sub-32-bit elements are packed into 32-bit words: pad to whole words.
  VkDeviceSize padded = (VkDeviceSize(size) + 3) & ~VkDeviceSize(3);
  auto buffer = std::make_unique<VulkanBuffer>(*this, padded);
  if (Error e = buffer->init())
    return e;
  out = std::move(buffer);
  return Error::success();
}

//===----------------------------------------------------------------------===//
// Modules and kernels
//===----------------------------------------------------------------------===//

class VulkanKernel : public BackendKernel {
public:
  explicit VulkanKernel(VulkanDevice &dev) : dev(dev) {}
  ~VulkanKernel() override {
    destroySizedPipelines();
    if (cached)
      return; // the device's pipeline cache owns the objects
    const DeviceFns &f = dev.fns;
    if (pipeline)
      f.vkDestroyPipeline(dev.device, pipeline, nullptr);
    if (pipelineLayout)
      f.vkDestroyPipelineLayout(dev.device, pipelineLayout, nullptr);
    if (setLayout)
      f.vkDestroyDescriptorSetLayout(dev.device, setLayout, nullptr);
    if (shader)
      f.vkDestroyShaderModule(dev.device, shader, nullptr);
  }

  VulkanDevice &dev;
  VkShaderModule shader = VK_NULL_HANDLE;
  VkDescriptorSetLayout setLayout = VK_NULL_HANDLE;
  VkPipelineLayout pipelineLayout = VK_NULL_HANDLE;
  uint32_t bindings = 0;
  VkPipeline pipeline = VK_NULL_HANDLE;
  /// Set when the objects above belong to the device's pipeline cache.
  std::shared_ptr<CachedPipeline> cached;
  std::string name;
  /// The kernel accepts any work-group size: the size is specialization
  /// constants SpecId 0, 1, 2 (SPIR-V ABI); `pipeline` is the default
  /// size's, other sizes get their own pipeline on first use.
  bool dynamicSize = false;
  std::array<uint32_t, 3> defaultSize = {0, 0, 0};

  void use(std::shared_ptr<CachedPipeline> entry) {
    shader = entry->shader;
    setLayout = entry->setLayout;
    pipelineLayout = entry->pipelineLayout;
    pipeline = entry->pipeline;
    cached = std::move(entry);
  }

  /// The pipeline for work-group size `local`.
  Error pipelineFor(const uint32_t local[3], VkPipeline &out);
  /// Destroys the pipelines of other sizes (owned by the kernel, also when
  /// the default one belongs to the device's cache).
  void destroySizedPipelines();

private:
  std::mutex mutex;
  std::map<std::array<uint32_t, 3>, VkPipeline> pipelines;
};

void VulkanKernel::destroySizedPipelines() {
  for (auto &entry : pipelines)
    dev.fns.vkDestroyPipeline(dev.device, entry.second, nullptr);
  pipelines.clear();
}

Error VulkanKernel::pipelineFor(const uint32_t local[3], VkPipeline &out) {
  // A fixed-size kernel has one pipeline (its launches all use its size),
  // and so has the default size of a dynamic one (the specialization
  // constants' defaults).
  std::array<uint32_t, 3> key = {local[0], local[1], local[2]};
  if (!dynamicSize || key == defaultSize) {
    out = pipeline;
    return Error::success();
  }
  std::lock_guard<std::mutex> lock(mutex);
  auto it = pipelines.find(key);
  if (it != pipelines.end()) {
    out = it->second;
    return Error::success();
  }
  const DeviceFns &f = dev.fns;
  VkSpecializationMapEntry entries[3];
  for (uint32_t d = 0; d < 3; ++d)
    entries[d] = {d, d * 4, 4};
  VkSpecializationInfo spec = {};
  spec.mapEntryCount = 3;
  spec.pMapEntries = entries;
  spec.dataSize = sizeof(key);
  spec.pData = key.data();
  VkComputePipelineCreateInfo cpci = {};
  cpci.sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO;
  cpci.stage.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
  cpci.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
  cpci.stage.module = shader;
  cpci.stage.pName = name.c_str();
  cpci.stage.pSpecializationInfo = &spec;
  cpci.layout = pipelineLayout;
  VkPipeline sized = VK_NULL_HANDLE;
  VkResult r = f.vkCreateComputePipelines(dev.device, VK_NULL_HANDLE, 1, &cpci,
                                          nullptr, &sized);
  if (r != VK_SUCCESS) {
    Error e = dev.noteFailure(r, "vkCreateComputePipelines");
    return Error(e.status(), "kernel '" + name + "': " + e.message());
  }
  pipelines.emplace(key, sized);
  out = sized;
  return Error::success();
}

class VulkanModule : public BackendModule {
public:
  VulkanModule(VulkanDevice &dev, const ModuleDesc &desc)
      : dev(dev), desc(desc), kernels(desc.kernels.size()) {}
  Error prepareKernel(uint32_t index, BackendKernel *&out) override;

private:
  VulkanDevice &dev;
  const ModuleDesc &desc;
  std::vector<std::unique_ptr<VulkanKernel>> kernels;
};

Error VulkanDevice::loadModule(const ModuleDesc &module,
                               std::unique_ptr<BackendModule> &out) {
  bool any = false;
  for (const PayloadDesc &p : module.payloads)
    any |= p.target == "vulkan" && p.format == "spirv";
  if (!any && !module.kernels.empty()) {
    std::string targets;
    for (const PayloadDesc &p : module.payloads)
      targets += (targets.empty() ? "" : ", ") + p.target + "/" + p.format;
    return makeError(KGPU_ERROR_NO_PAYLOAD,
                     "the bundle has no Vulkan (SPIR-V) payload (it has: %s); "
                     "compile it with --targets=vulkan",
                     targets.empty() ? "none" : targets.c_str());
  }
  out = std::make_unique<VulkanModule>(*this, module);
  return Error::success();
}

/// Checks that the device can bind the arguments of `k`: its storage
/// buffers (one per buffer parameter, plus the scalar block when it is not
/// in push constants) against the per-stage and per-set descriptor limits,
/// its push constants against maxPushConstantsSize.
static Error checkBindingLimits(const KernelDesc &k,
                                const VkPhysicalDeviceLimits &limits,
                                const char *deviceName) {
  const VulkanScalarsDesc &scalars = k.vulkanScalars;
  bool hasScalars = false;
  uint32_t buffers = 0;
  for (const ParamDesc &p : k.params) {
    hasScalars |= p.kind == KGPU_PARAM_SCALAR;
    buffers += p.kind == KGPU_PARAM_BUFFER;
  }
  if (hasScalars && !scalars.present)
    return makeError(KGPU_ERROR_INVALID_BUNDLE,
                     "kernel '%s': the manifest does not say where its "
                     "scalar arguments are on Vulkan (a bundle from an older "
                     "kgpu-translate, which gave every scalar its own storage "
                     "buffer); recompile the bundle",
                     k.name.c_str());
  if (scalars.storage == VulkanScalarsDesc::STORAGE_BUFFER)
    ++buffers;
  struct Limit {
    uint32_t value;
    const char *name;
  };
  for (Limit limit :
       {Limit{limits.maxPerStageDescriptorStorageBuffers,
              "maxPerStageDescriptorStorageBuffers"},
        Limit{limits.maxDescriptorSetStorageBuffers,
              "maxDescriptorSetStorageBuffers"},
        Limit{limits.maxPerStageResources, "maxPerStageResources"}})
    if (buffers > limit.value)
      return makeError(KGPU_ERROR_UNSUPPORTED,
                       "kernel '%s' binds %u storage buffers (its buffer "
                       "parameters%s); the Vulkan device '%s' allows %u "
                       "(%s)",
                       k.name.c_str(), buffers,
                       scalars.storage == VulkanScalarsDesc::STORAGE_BUFFER
                           ? " and the block of its scalars"
                           : "",
                       deviceName, limit.value, limit.name);
  if (scalars.storage == VulkanScalarsDesc::PUSH_CONSTANT &&
      scalars.size > limits.maxPushConstantsSize)
    return makeError(KGPU_ERROR_UNSUPPORTED,
                     "kernel '%s' needs %u bytes of push constants for its "
                     "scalar arguments; the Vulkan device '%s' has %u "
                     "(maxPushConstantsSize)",
                     k.name.c_str(), scalars.size, deviceName,
                     limits.maxPushConstantsSize);
  return Error::success();
}

Error VulkanModule::prepareKernel(uint32_t index, BackendKernel *&out) {
  const KernelDesc &k = desc.kernels[index];
  // A kernel may have several SPIR-V variants, best first (docs/bundle.md:
  // one with native float atomic add, then one with compare-and-swap
  // loops): take the first whose capabilities the device has, or report
  // why the first cannot run.
  std::vector<const PayloadDesc *> variants;
  for (const PayloadDesc &p : desc.payloads)
    if (p.target == "vulkan" && p.format == "spirv" && p.kernel == k.name)
      variants.push_back(&p);
  if (variants.empty())
    return makeError(KGPU_ERROR_NO_PAYLOAD,
                     "the bundle has no SPIR-V for kernel '%s'",
                     k.name.c_str());
  if (Error e = kgpu::vulkan::checkCooperativeMatrices(
          k.name, k.cooperativeMatrices, dev.caps.cooperativeMatrix,
          dev.physical.info.name))
    return e;
  std::vector<uint32_t> words;
  Error firstError = Error::success();
  const PayloadDesc *chosen = nullptr;
  for (const PayloadDesc *payload : variants) {
    const std::string &bytes = payload->data;
    // Structural checks (and SPIRV-Tools where installed): drivers crash on
    // malformed SPIR-V.
    if (Error e = checkSPIRV(bytes, k.name))
      return e;
    words.assign(bytes.size() / 4, 0);
    std::memcpy(words.data(), bytes.data(), bytes.size());
    if (words[0] != 0x07230203u)
      return makeError(KGPU_ERROR_INVALID_BUNDLE,
                       "the SPIR-V of kernel '%s' has a bad magic number",
                       k.name.c_str());
    // SPIR-V 1.6 (cooperative matrices) needs Vulkan 1.3, 1.4 and 1.5
    // Vulkan 1.2.
    uint32_t minor = (words[1] >> 8) & 0xff;
    uint32_t needs = minor >= 6   ? VK_API_VERSION_1_3
                     : minor >= 4 ? VK_API_VERSION_1_2
                                  : VK_API_VERSION_1_1;
    Error e = dev.caps.apiVersion < needs
                  ? makeError(KGPU_ERROR_UNSUPPORTED,
                              "kernel '%s' is SPIR-V 1.%u, which needs Vulkan "
                              "1.%u; the Vulkan device '%s' has Vulkan %u.%u",
                              k.name.c_str(), minor,
                              VK_API_VERSION_MINOR(needs),
                              dev.physical.info.name,
                              VK_API_VERSION_MAJOR(dev.caps.apiVersion),
                              VK_API_VERSION_MINOR(dev.caps.apiVersion))
                  : checkCapabilities(words, dev.caps, k.name,
                                      dev.physical.info.name);
    if (!e) {
      chosen = payload;
      break;
    }
    if (!firstError)
      firstError = std::move(e);
  }
  if (!chosen)
    return firstError;
  const std::string &bytes = chosen->data;
  if (k.usesSubgroups) {
    uint32_t size = dev.caps.subgroupSize;
    if (k.assumedSubgroupSize && k.assumedSubgroupSize != size)
      return makeError(KGPU_ERROR_UNSUPPORTED,
                       "kernel '%s' is compiled for subgroups of %u; the "
                       "Vulkan device '%s' has %u",
                       k.name.c_str(), k.assumedSubgroupSize,
                       dev.physical.info.name, size);
    // Work-group sizes that are not a multiple of the subgroup size are
    // fine: kgpu's reductions do not assume full subgroups.
  }

  if (Error e = checkBindingLimits(k, dev.limits, dev.physical.info.name))
    return e;

  // Buffer parameter i at binding i; the scalars in push constants or one
  // more storage buffer ("SPIR-V ABI" in docs/codegen.md).
  std::vector<VkDescriptorSetLayoutBinding> bindings;
  auto addBinding = [&](uint32_t binding) {
    VkDescriptorSetLayoutBinding b = {};
    b.binding = binding;
    b.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    b.descriptorCount = 1;
    b.stageFlags = VK_SHADER_STAGE_COMPUTE_BIT;
    bindings.push_back(b);
  };
  for (const ParamDesc &p : k.params)
    if (p.kind == KGPU_PARAM_BUFFER)
      addBinding(p.index);
  const VulkanScalarsDesc &scalars = k.vulkanScalars;
  if (scalars.storage == VulkanScalarsDesc::STORAGE_BUFFER)
    addBinding(scalars.binding);
  auto kernel = std::make_unique<VulkanKernel>(dev);
  kernel->bindings = static_cast<uint32_t>(bindings.size());
  // Everything the pipeline is built from: the SPIR-V, the entry point, the
  // bindings and the scalar block. (Specialization data, once there is any,
  // belongs in the key too.)
  std::string cacheKey = k.name + '\0' + std::to_string(bindings.size()) +
                         '\0' + std::to_string(int(scalars.storage)) + '\0' +
                         std::to_string(scalars.size) + '\0' + bytes;
  if (std::shared_ptr<CachedPipeline> hit = dev.findPipeline(cacheKey)) {
    kernel->use(std::move(hit));
    kernels[index] = std::move(kernel);
    out = kernels[index].get();
    return Error::success();
  }
  const DeviceFns &f = dev.fns;
  kgpu::vulkan::preserveSignedZeros(words, dev.caps.signedZero32,
                                     dev.caps.signedZero64);
  VkShaderModuleCreateInfo smci = {};
  smci.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO;
  smci.codeSize = words.size() * sizeof(uint32_t);
  smci.pCode = words.data();
  VkResult r =
      f.vkCreateShaderModule(dev.device, &smci, nullptr, &kernel->shader);
  if (r != VK_SUCCESS)
    return dev.noteFailure(r, "vkCreateShaderModule");

  VkDescriptorSetLayoutCreateInfo dslci = {};
  dslci.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO;
  dslci.bindingCount = kernel->bindings;
  dslci.pBindings = bindings.data();
  r = f.vkCreateDescriptorSetLayout(dev.device, &dslci, nullptr,
                                    &kernel->setLayout);
  if (r != VK_SUCCESS)
    return dev.noteFailure(r, "vkCreateDescriptorSetLayout");
  VkPipelineLayoutCreateInfo plci = {};
  plci.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO;
  plci.setLayoutCount = 1;
  plci.pSetLayouts = &kernel->setLayout;
  VkPushConstantRange pushRange = {VK_SHADER_STAGE_COMPUTE_BIT, 0,
                                   scalars.size};
  if (scalars.storage == VulkanScalarsDesc::PUSH_CONSTANT) {
    plci.pushConstantRangeCount = 1;
    plci.pPushConstantRanges = &pushRange;
  }
  r = f.vkCreatePipelineLayout(dev.device, &plci, nullptr,
                               &kernel->pipelineLayout);
  if (r != VK_SUCCESS)
    return dev.noteFailure(r, "vkCreatePipelineLayout");
  VkComputePipelineCreateInfo cpci = {};
  cpci.sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO;
  cpci.stage.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
  cpci.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
  cpci.stage.module = kernel->shader;
  cpci.stage.pName = k.name.c_str();
  cpci.layout = kernel->pipelineLayout;
  r = f.vkCreateComputePipelines(dev.device, VK_NULL_HANDLE, 1, &cpci, nullptr,
                                 &kernel->pipeline);
  if (r != VK_SUCCESS) {
    kernel->pipeline = VK_NULL_HANDLE;
    Error e = dev.noteFailure(r, "vkCreateComputePipelines");
    return Error(e.status(), "kernel '" + k.name + "': " + e.message());
  }
  CachedPipeline objects;
  objects.shader = kernel->shader;
  objects.setLayout = kernel->setLayout;
  objects.pipelineLayout = kernel->pipelineLayout;
  objects.pipeline = kernel->pipeline;
  if (std::shared_ptr<CachedPipeline> entry =
          dev.addPipeline(cacheKey, objects))
    kernel->cached = std::move(entry);
  kernel->name = k.name;
  kernel->dynamicSize = !k.workgroupSizeFixed;
  kernel->defaultSize = {k.workgroupSize[0], k.workgroupSize[1],
                         k.workgroupSize[2]};
  kernels[index] = std::move(kernel);
  out = kernels[index].get();
  return Error::success();
}

Error VulkanDevice::checkLaunch(const LaunchRequest &request) {
  if (lost)
    return lostError();
  for (const BoundArg &a : request.args)
    if (a.buffer && a.bytes > limits.maxStorageBufferRange)
      return makeError(KGPU_ERROR_LAUNCH_CONFIG,
                       "kernel '%s': the %zu-byte buffer for parameter '%s' "
                       "exceeds the Vulkan device's maxStorageBufferRange "
                       "(%u bytes)",
                       request.kernel->name.c_str(), a.bytes,
                       a.param->name.c_str(), limits.maxStorageBufferRange);
  for (const BoundArg &a : request.args)
    if (!a.buffer && a.param->type == KGPU_TYPE_INDEX) {
      int64_t v = static_cast<int64_t>(a.bits);
      if (v < INT32_MIN || v > UINT32_MAX)
        return makeError(KGPU_ERROR_ARGUMENT_MISMATCH,
                         "kernel '%s': index argument '%s' = %lld does not "
                         "fit the Vulkan target's 32-bit index",
                         request.kernel->name.c_str(), a.param->name.c_str(),
                         static_cast<long long>(v));
    }
  return Error::success();
}

//===----------------------------------------------------------------------===//
// Queues
//===----------------------------------------------------------------------===//

/// The per-launch Vulkan objects, freed when the launch retires.
struct Submission : InFlightLaunch {
  VkCommandBuffer commands = VK_NULL_HANDLE;
  VkFence fence = VK_NULL_HANDLE;
  VkDescriptorPool descriptors = VK_NULL_HANDLE;
  VkQueryPool queries = VK_NULL_HANDLE;
  VkBuffer scalars = VK_NULL_HANDLE;
  VkDeviceMemory scalarMemory = VK_NULL_HANDLE;
  uint64_t submittedNs = 0;
};

class VulkanQueue : public BackendQueue {
public:
  explicit VulkanQueue(VulkanDevice &dev) : dev(dev) {}
  Error init() {
    VkCommandPoolCreateInfo pci = {};
    pci.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO;
    pci.flags = VK_COMMAND_POOL_CREATE_TRANSIENT_BIT;
    pci.queueFamilyIndex = dev.physical.queueFamily;
    VkResult r = dev.fns.vkCreateCommandPool(dev.device, &pci, nullptr, &pool);
    if (r != VK_SUCCESS) {
      pool = VK_NULL_HANDLE;
      return dev.noteFailure(r, "vkCreateCommandPool");
    }
    return retirer.start(
        nullptr,
        [this](InFlightLaunch &s, uint64_t &ns) {
          return waitFor(static_cast<Submission &>(s), ns);
        },
        [this](InFlightLaunch &s) { release(static_cast<Submission &>(s)); });
  }
  ~VulkanQueue() override {
    retirer.stop();
    if (pool)
      dev.fns.vkDestroyCommandPool(dev.device, pool, nullptr);
  }

  Error launch(LaunchRequest request,
               std::shared_ptr<BackendEvent> &event) override;

  Error finish() override { return retirer.finish(); }

  Error waitIdle() override {
    retirer.waitIdle();
    if (dev.lost)
      return dev.lostError();
    return Error::success();
  }

private:
  /// Waits for the fence of `s`; its time from the timestamp queries (else
  /// the host's time since the submission).
  Error waitFor(Submission &s, uint64_t &ns);
  /// Frees the Vulkan objects of `s` (the queue mutex is held).
  void release(Submission &s);
  Error record(const LaunchRequest &request, Submission &s);

  VulkanDevice &dev;
  VkCommandPool pool = VK_NULL_HANDLE;
  LaunchRetirer retirer;
};

void VulkanQueue::release(Submission &s) {
  const DeviceFns &f = dev.fns;
  if (s.commands)
    f.vkFreeCommandBuffers(dev.device, pool, 1, &s.commands);
  if (s.fence)
    f.vkDestroyFence(dev.device, s.fence, nullptr);
  if (s.descriptors)
    f.vkDestroyDescriptorPool(dev.device, s.descriptors, nullptr);
  if (s.queries)
    f.vkDestroyQueryPool(dev.device, s.queries, nullptr);
  dev.free(s.scalars, s.scalarMemory, s.scalars != VK_NULL_HANDLE);
  s = Submission();
}

/// The bytes a scalar argument occupies in its storage buffer.
size_t scalarSlot(const BoundArg &a, unsigned char out[8]) {
  std::memset(out, 0, 8);
  switch (a.param->type) {
  case KGPU_TYPE_I1:
  case KGPU_TYPE_I8: {
    int32_t v = static_cast<int8_t>(a.bits);
    if (a.param->type == KGPU_TYPE_I1)
      v = a.bits ? 1 : 0;
    std::memcpy(out, &v, 4);
    return 4;
  }
  case KGPU_TYPE_I16: {
    int32_t v = static_cast<int16_t>(a.bits);
    std::memcpy(out, &v, 4);
    return 4;
  }
  case KGPU_TYPE_INDEX: {
    uint32_t v = static_cast<uint32_t>(a.bits);
    std::memcpy(out, &v, 4);
    return 4;
  }
  case KGPU_TYPE_I64:
  case KGPU_TYPE_F64:
    std::memcpy(out, &a.bits, 8);
    return 8;
  default: // i32, f32; f16/bf16 in the low half of a word
    std::memcpy(out, &a.bits, 4);
    return 4;
  }
}

Error VulkanQueue::record(const LaunchRequest &request, Submission &s) {
  const DeviceFns &f = dev.fns;
  auto *kernel = static_cast<VulkanKernel *>(request.impl);
  size_t n = request.args.size();

  // Scalars: one block ("SPIR-V ABI" in docs/codegen.md), pushed as push
  // constants or written to one host-visible storage buffer.
  const VulkanScalarsDesc &scalars = request.kernel->vulkanScalars;
  std::vector<unsigned char> block(scalars.size, 0);
  for (auto [param, offset] : scalars.members) {
    if (param >= n)
      return makeError(KGPU_ERROR_INVALID_BUNDLE,
                       "kernel '%s': its scalar block names parameter #%u",
                       request.kernel->name.c_str(), param);
    const BoundArg &a = request.args[param];
    unsigned char bytes[8];
    size_t size = scalarSlot(a, bytes);
    if (offset + size > block.size())
      return makeError(KGPU_ERROR_INVALID_BUNDLE,
                       "kernel '%s': scalar '%s' lies outside its block",
                       request.kernel->name.c_str(), a.param->name.c_str());
    std::memcpy(block.data() + offset, bytes, size);
  }
  if (scalars.storage == VulkanScalarsDesc::STORAGE_BUFFER) {
    void *mapped = nullptr;
    VkDeviceSize bytes = std::max<VkDeviceSize>(4, block.size());
    if (Error e = dev.allocate(bytes, kgpu::vulkan::MemoryUse::Upload, s.scalars,
                               s.scalarMemory, &mapped))
      return e;
    std::memcpy(mapped, block.data(), block.size());
  }

  std::vector<VkDescriptorBufferInfo> infos;
  std::vector<uint32_t> targets;
  infos.reserve(n + 1);
  for (size_t i = 0; i < n; ++i)
    if (request.args[i].buffer) {
      infos.push_back(
          {static_cast<VulkanBuffer *>(request.args[i].buffer)->handle(), 0,
           VK_WHOLE_SIZE});
      targets.push_back(request.args[i].param->index);
    }
  if (scalars.storage == VulkanScalarsDesc::STORAGE_BUFFER) {
    infos.push_back({s.scalars, 0, VK_WHOLE_SIZE});
    targets.push_back(scalars.binding);
  }
  VkDescriptorSet set = VK_NULL_HANDLE;
  if (!infos.empty()) {
    VkDescriptorPoolSize size = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                 static_cast<uint32_t>(infos.size())};
    VkDescriptorPoolCreateInfo dpci = {};
    dpci.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO;
    dpci.maxSets = 1;
    dpci.poolSizeCount = 1;
    dpci.pPoolSizes = &size;
    VkResult r =
        f.vkCreateDescriptorPool(dev.device, &dpci, nullptr, &s.descriptors);
    if (r != VK_SUCCESS) {
      s.descriptors = VK_NULL_HANDLE;
      return dev.noteFailure(r, "vkCreateDescriptorPool");
    }
    VkDescriptorSetAllocateInfo dsai = {};
    dsai.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO;
    dsai.descriptorPool = s.descriptors;
    dsai.descriptorSetCount = 1;
    dsai.pSetLayouts = &kernel->setLayout;
    r = f.vkAllocateDescriptorSets(dev.device, &dsai, &set);
    if (r != VK_SUCCESS)
      return dev.noteFailure(r, "vkAllocateDescriptorSets");
    std::vector<VkWriteDescriptorSet> writes(infos.size());
    for (size_t i = 0; i < infos.size(); ++i) {
      writes[i] = {};
      writes[i].sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET;
      writes[i].dstSet = set;
      writes[i].dstBinding = targets[i];
      writes[i].descriptorCount = 1;
      writes[i].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
      writes[i].pBufferInfo = &infos[i];
    }
    f.vkUpdateDescriptorSets(dev.device, static_cast<uint32_t>(writes.size()),
                             writes.data(), 0, nullptr);
  }

  if (dev.timestampBits) {
    VkQueryPoolCreateInfo qpci = {};
    qpci.sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO;
    qpci.queryType = VK_QUERY_TYPE_TIMESTAMP;
    qpci.queryCount = 2;
    if (f.vkCreateQueryPool(dev.device, &qpci, nullptr, &s.queries) !=
        VK_SUCCESS)
      s.queries = VK_NULL_HANDLE; // time from the host instead
  }

  VkCommandBufferAllocateInfo cbai = {};
  cbai.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO;
  cbai.commandPool = pool;
  cbai.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
  cbai.commandBufferCount = 1;
  VkResult r = f.vkAllocateCommandBuffers(dev.device, &cbai, &s.commands);
  if (r != VK_SUCCESS) {
    s.commands = VK_NULL_HANDLE;
    return dev.noteFailure(r, "vkAllocateCommandBuffers");
  }
  VkCommandBuffer cb = s.commands;
  VkCommandBufferBeginInfo bi = {};
  bi.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO;
  bi.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  r = f.vkBeginCommandBuffer(cb, &bi);
  if (r != VK_SUCCESS)
    return dev.noteFailure(r, "vkBeginCommandBuffer");
  if (s.queries)
    f.vkCmdResetQueryPool(cb, s.queries, 0, 2);
  // The launch's stores (reduction inits), ordered after earlier launches
  // and before the dispatch by the barriers around them.
  if (!request.stores.empty()) {
    fullBarrier(f, cb);
    for (const LaunchStore &st : request.stores) {
      VkBuffer b = static_cast<VulkanBuffer *>(st.buffer)->handle();
      for (uint32_t w = 0; w < st.bytes / 4; ++w)
        f.vkCmdFillBuffer(cb, b, st.offset + 4 * w, 4,
                          static_cast<uint32_t>(st.bits >> (32 * w)));
    }
  }
  fullBarrier(f, cb);
  if (s.queries)
    f.vkCmdWriteTimestamp(cb, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, s.queries, 0);
  VkPipeline pipeline;
  if (Error e = kernel->pipelineFor(request.local, pipeline))
    return e;
  f.vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline);
  if (set)
    f.vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE,
                              kernel->pipelineLayout, 0, 1, &set, 0, nullptr);
  if (scalars.storage == VulkanScalarsDesc::PUSH_CONSTANT && !block.empty())
    f.vkCmdPushConstants(cb, kernel->pipelineLayout,
                         VK_SHADER_STAGE_COMPUTE_BIT, 0,
                         static_cast<uint32_t>(block.size()), block.data());
  f.vkCmdDispatch(cb, request.grid[0], request.grid[1], request.grid[2]);
  if (s.queries)
    f.vkCmdWriteTimestamp(cb, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, s.queries,
                          1);
  hostBarrier(f, cb);
  r = f.vkEndCommandBuffer(cb);
  if (r != VK_SUCCESS)
    return dev.noteFailure(r, "vkEndCommandBuffer");

  VkFenceCreateInfo fci = {};
  fci.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO;
  r = f.vkCreateFence(dev.device, &fci, nullptr, &s.fence);
  if (r != VK_SUCCESS) {
    s.fence = VK_NULL_HANDLE;
    return dev.noteFailure(r, "vkCreateFence");
  }
  return Error::success();
}

Error VulkanQueue::launch(LaunchRequest request,
                          std::shared_ptr<BackendEvent> &event) {
  if (dev.lost)
    return dev.lostError();
  auto s = std::make_unique<Submission>();
  std::lock_guard<std::mutex> lock(retirer.mutex());
  if (Error e = record(request, *s)) {
    release(*s);
    return e;
  }
  VkSubmitInfo si = {};
  si.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO;
  si.commandBufferCount = 1;
  si.pCommandBuffers = &s->commands;
  s->submittedNs = monotonicNs();
  VkResult r = dev.submit(si, s->fence);
  if (r != VK_SUCCESS) {
    release(*s);
    return dev.noteFailure(r, "vkQueueSubmit");
  }
  event = retirer.push(std::move(s), std::move(request.keepAlive));
  return Error::success();
}

Error VulkanQueue::waitFor(Submission &s, uint64_t &ns) {
  VkFence fence = s.fence;
  VkResult r =
      dev.fns.vkWaitForFences(dev.device, 1, &fence, VK_TRUE, UINT64_MAX);
  ns = monotonicNs() - s.submittedNs;
  if (r != VK_SUCCESS)
    return dev.noteFailure(r, "waiting for a launch");
  if (s.queries) {
    uint64_t stamps[2] = {0, 0};
    if (dev.fns.vkGetQueryPoolResults(
            dev.device, s.queries, 0, 2, sizeof(stamps), stamps,
            sizeof(uint64_t),
            VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT) == VK_SUCCESS) {
      uint64_t mask = dev.timestampBits >= 64
                          ? ~uint64_t(0)
                          : (uint64_t(1) << dev.timestampBits) - 1;
      uint64_t ticks = (stamps[1] - stamps[0]) & mask;
      ns = static_cast<uint64_t>(static_cast<double>(ticks) *
                                 dev.limits.timestampPeriod);
    }
  }
  return Error::success();
}

Error VulkanDevice::createQueue(std::unique_ptr<BackendQueue> &queue) {
  if (lost)
    return lostError();
  auto q = std::make_unique<VulkanQueue>(*this);
  if (Error e = q->init())
    return e;
  queue = std::move(q);
  return Error::success();
}

Error VulkanBackend::open(uint32_t index, std::unique_ptr<BackendDevice> &out) {
  if (Error e = init())
    return e;
  if (index >= physical.size())
    return makeError(KGPU_ERROR_NOT_FOUND, "no Vulkan device #%u", index);
  auto device = std::make_unique<VulkanDevice>(*this, physical[index]);
  if (Error e = device->init())
    return e;
  out = std::move(device);
  return Error::success();
}

} // namespace

Backend &kgpu::rt::vulkanBackend() {
  // Never destroyed: at process exit the driver may already have torn down
  // its state (NVIDIA's does), and vkDestroyInstance from a static
  // destructor then crashes. The OS reclaims the instance.
  static VulkanBackend *backend = new VulkanBackend();
  return *backend;
}

#endif // KGPU_HAVE_VULKAN_HEADERS
