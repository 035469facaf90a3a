//===- MemoryTypesTest.cpp - Which Vulkan memory a buffer gets -----------===//
//
// runtime/vulkan/MemoryTypes.h on the H200's memory types (vkprobe,
// bench/gpu/results-h200-2026-12-02-issue13-variants.txt) and lavapipe's.
// Issue 12: the JVM host's Vulkan matmul downloaded 64 MiB from the
// DEVICE_LOCAL|HOST_VISIBLE type (the BAR) with memcpy, 3.4 s per execute.
//
//===----------------------------------------------------------------------===//

#include "MemoryTypes.h"

#include <gtest/gtest.h>

using namespace kgpu::vulkan;

namespace {

constexpr VkMemoryPropertyFlags L = VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT;
constexpr VkMemoryPropertyFlags V = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT;
constexpr VkMemoryPropertyFlags C = VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
constexpr VkMemoryPropertyFlags K = VK_MEMORY_PROPERTY_HOST_CACHED_BIT;

VkPhysicalDeviceMemoryProperties table(std::vector<VkMemoryPropertyFlags> f) {
  VkPhysicalDeviceMemoryProperties p = {};
  p.memoryTypeCount = f.size();
  for (size_t i = 0; i < f.size(); ++i)
    p.memoryTypes[i].propertyFlags = f[i];
  return p;
}

// The H200 (driver 580): 0 plain, 1 DEVICE_LOCAL, 2 HOST_VISIBLE|COHERENT,
// 3 HOST_VISIBLE|COHERENT|CACHED, 4 DEVICE_LOCAL|HOST_VISIBLE|COHERENT.
const VkPhysicalDeviceMemoryProperties kH200 =
    table({0, L, V | C, V | C | K, L | V | C});

TEST(MemoryTypes, DownloadStagingIsHostCachedOnADiscreteGPU) {
  EXPECT_EQ(firstMemoryType(kH200, 0x1f, MemoryUse::Download), 3);
  // Without a cached type: plain host memory; the BAR only when nothing
  // else is allowed.
  EXPECT_EQ(firstMemoryType(kH200, 0x17, MemoryUse::Download), 2);
  EXPECT_EQ(firstMemoryType(kH200, 0x10, MemoryUse::Download), 4);
}

TEST(MemoryTypes, KernelBuffersAndUploadsUnchanged) {
  EXPECT_EQ(firstMemoryType(kH200, 0x1f, MemoryUse::Kernel), 4);
  EXPECT_EQ(firstMemoryType(kH200, 0x0f, MemoryUse::Kernel), 1);
  EXPECT_EQ(firstMemoryType(kH200, 0x1f, MemoryUse::Upload), 4);
  EXPECT_EQ(firstMemoryType(kH200, 0x0e, MemoryUse::Upload), 2);
  EXPECT_EQ(firstMemoryType(kH200, 0x03, MemoryUse::Upload), -1);
}

TEST(MemoryTypes, LargeReadsOfUncachedMappingsAreStaged) {
  // The H200's kernel buffers (type 4) are mapped but not cached.
  EXPECT_FALSE(readMappedDirectly(L | V | C, size_t(64) << 20));
  EXPECT_FALSE(readMappedDirectly(L | V | C, kUncachedDirectReadLimit + 1));
  EXPECT_TRUE(readMappedDirectly(L | V | C, 4)); // a reduction's result
  // Lavapipe's one type is cached: read directly at any size.
  EXPECT_TRUE(readMappedDirectly(L | V | C | K, size_t(64) << 20));
}

// The experiment knobs (issue 13): the environment through a fake getenv.
std::vector<std::pair<std::string, std::string>> env;
const char *fakeEnv(const char *name) {
  for (const auto &[k, v] : env)
    if (k == name)
      return v.c_str();
  return nullptr;
}

TEST(MemoryPolicy, DefaultsWithoutTheEnvironment) {
  env = {};
  MemoryPolicy p = parseMemoryPolicy(fakeEnv);
  EXPECT_TRUE(p.error.empty());
  EXPECT_EQ(p.kernel, MemoryPolicy::KernelMemory::Auto);
  EXPECT_EQ(p.upload, MemoryPolicy::Upload::Auto);
  EXPECT_EQ(p.staging, MemoryPolicy::StagingMemory::Auto);
  EXPECT_TRUE(p.dedicated);
  EXPECT_FALSE(p.zeroOnDevice);
  EXPECT_FALSE(p.minimalDevice);
  EXPECT_FALSE(p.log);
  env = {{"KGPU_VULKAN_MEMORY", ""}}; // empty: the default
  EXPECT_TRUE(parseMemoryPolicy(fakeEnv).error.empty());
}

TEST(MemoryPolicy, ReadsEveryKnob) {
  env = {{"KGPU_VULKAN_MEMORY", "device"}, {"KGPU_VULKAN_UPLOAD", "staging"},
         {"KGPU_VULKAN_STAGING", "host"},  {"KGPU_VULKAN_DEDICATED", "0"},
         {"KGPU_VULKAN_ZERO", "device"},   {"KGPU_VULKAN_DEVICE", "minimal"},
         {"KGPU_VULKAN_LOG", "1"}};
  MemoryPolicy p = parseMemoryPolicy(fakeEnv);
  EXPECT_TRUE(p.error.empty()) << p.error;
  EXPECT_EQ(p.kernel, MemoryPolicy::KernelMemory::Device);
  EXPECT_EQ(p.upload, MemoryPolicy::Upload::Staging);
  EXPECT_EQ(p.staging, MemoryPolicy::StagingMemory::Host);
  EXPECT_FALSE(p.dedicated);
  EXPECT_TRUE(p.zeroOnDevice);
  EXPECT_TRUE(p.minimalDevice);
  EXPECT_TRUE(p.log);
}

TEST(MemoryPolicy, BadValuesAreNamed) {
  env = {{"KGPU_VULKAN_MEMORY", "vram"}, {"KGPU_VULKAN_UPLOAD", "dma"}};
  MemoryPolicy p = parseMemoryPolicy(fakeEnv);
  // The first bad setting, with what it accepts; the defaults stay.
  EXPECT_EQ(p.error,
            "KGPU_VULKAN_MEMORY='vram': expected auto, device or host-visible");
  EXPECT_EQ(p.kernel, MemoryPolicy::KernelMemory::Auto);
  env = {{"KGPU_VULKAN_DEDICATED", "yes"}};
  EXPECT_EQ(parseMemoryPolicy(fakeEnv).error,
            "KGPU_VULKAN_DEDICATED='yes': expected 1 or 0");
}

TEST(MemoryPolicy, DeviceMemoryAvoidsTheBar) {
  MemoryPolicy p;
  p.kernel = MemoryPolicy::KernelMemory::Device;
  EXPECT_EQ(firstMemoryType(kH200, 0x1f, MemoryUse::Kernel, p), 1);
  // Type 4 only when no DEVICE_LOCAL type without HOST_VISIBLE is allowed.
  EXPECT_EQ(firstMemoryType(kH200, 0x1d, MemoryUse::Kernel, p), 4);
  EXPECT_EQ((memoryTypeCandidates(kH200, 0x1f, MemoryUse::Kernel, p)),
            (std::vector<uint32_t>{1, 4, 2, 3, 0}));
  // Lavapipe's one type is DEVICE_LOCAL|HOST_VISIBLE: still found.
  EXPECT_EQ(firstMemoryType(table({L | V | C | K}), 0x1, MemoryUse::Kernel, p),
            0);
}

TEST(MemoryPolicy, HostStagingAvoidsTheBar) {
  MemoryPolicy p;
  p.staging = MemoryPolicy::StagingMemory::Host;
  EXPECT_EQ(firstMemoryType(kH200, 0x1f, MemoryUse::Upload, p), 2);
  EXPECT_EQ(firstMemoryType(kH200, 0x10, MemoryUse::Upload, p), 4);
  // Downloads are unaffected.
  EXPECT_EQ(firstMemoryType(kH200, 0x1f, MemoryUse::Download, p), 3);
}

TEST(MemoryPolicy, QueueFamilies) {
  // The H200 (driver 580): 0 graphics|compute|transfer, 1 transfer,
  // 2 compute|transfer (compute-only), and more.
  const VkQueueFlags G = VK_QUEUE_GRAPHICS_BIT, Q = VK_QUEUE_COMPUTE_BIT,
                     T = VK_QUEUE_TRANSFER_BIT;
  std::vector<VkQueueFlags> nvidia = {G | Q | T, T, Q | T, T};
  EXPECT_EQ(chooseQueueFamily(nvidia), 2);
  MemoryPolicy p;
  p.queue = MemoryPolicy::Queue::Graphics;
  EXPECT_EQ(chooseQueueFamily(nvidia, p), 0);
  p.queue = MemoryPolicy::Queue::Compute;
  EXPECT_EQ(chooseQueueFamily(nvidia, p), 2);
  // Lavapipe: one family with everything, whatever is asked.
  EXPECT_EQ(chooseQueueFamily({G | Q | T}), 0);
  p.queue = MemoryPolicy::Queue::Graphics;
  EXPECT_EQ(chooseQueueFamily({Q | T}, p), 0); // no graphics family
  EXPECT_EQ(chooseQueueFamily({T, T}, p), -1);
  env = {{"KGPU_VULKAN_QUEUE", "graphics"}};
  EXPECT_EQ(parseMemoryPolicy(fakeEnv).queue, MemoryPolicy::Queue::Graphics);
}

TEST(MemoryPolicy, FlagNames) {
  EXPECT_EQ(memoryFlagNames(L | V | C),
            "DEVICE_LOCAL|HOST_VISIBLE|HOST_COHERENT");
  EXPECT_EQ(memoryFlagNames(0), "0");
}

} // namespace
