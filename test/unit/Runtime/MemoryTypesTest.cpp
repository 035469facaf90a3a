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

} // namespace
