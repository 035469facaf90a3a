//===- MemoryTypes.h - Which Vulkan memory a buffer gets ---------*- C++ -*-===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_RUNTIME_VULKAN_MEMORYTYPES_H
#define KGPU_RUNTIME_VULKAN_MEMORYTYPES_H

#include <vulkan/vulkan_core.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace kgpu {
namespace vulkan {

/// What a Vulkan allocation is for.
enum class MemoryUse {
  Kernel,   ///< a kernel buffer (kgpu_buffer_create)
  Upload,   ///< a staging buffer the host writes, the device copies from
  Download, ///< a staging buffer the device copies into, the host reads
};

/// The property flags wanted for `use`, in order of preference; each is
/// tried on every memory type that has all its flags until one allocates.
/// Downloads want HOST_CACHED memory: on a discrete GPU the
/// DEVICE_LOCAL|HOST_VISIBLE type (the PCIe BAR, write-combined) is read by
/// the CPU at about 20 MB/s (the H200: 64 MiB in 3.4 s), cached system
/// memory at memcpy speed.
inline std::vector<VkMemoryPropertyFlags> memoryPreferences(MemoryUse use) {
  const VkMemoryPropertyFlags host =
      VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
  const VkMemoryPropertyFlags local = VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT;
  const VkMemoryPropertyFlags cached = VK_MEMORY_PROPERTY_HOST_CACHED_BIT;
  switch (use) {
  case MemoryUse::Kernel:
    return {local | host, local, host, 0};
  case MemoryUse::Upload:
    return {host | local, host};
  case MemoryUse::Download:
    return {host | cached, host};
  }
  return {host};
}

/// The memory types of `props` that `typeBits` allows, in the order
/// allocate() tries them: those with the flags of `use`'s first preference,
/// then the rest with the second's, and so on, each type once.
inline std::vector<uint32_t>
memoryTypeCandidates(const VkPhysicalDeviceMemoryProperties &props,
                     uint32_t typeBits, MemoryUse use) {
  std::vector<uint32_t> order;
  for (VkMemoryPropertyFlags flags : memoryPreferences(use))
    for (uint32_t t = 0; t < props.memoryTypeCount; ++t)
      if ((typeBits & (1u << t)) &&
          (props.memoryTypes[t].propertyFlags & flags) == flags &&
          std::find(order.begin(), order.end(), t) == order.end())
        order.push_back(t);
  return order;
}

/// The type allocate() tries first, or -1 when none qualifies.
inline int firstMemoryType(const VkPhysicalDeviceMemoryProperties &props,
                           uint32_t typeBits, MemoryUse use) {
  std::vector<uint32_t> order = memoryTypeCandidates(props, typeBits, use);
  return order.empty() ? -1 : static_cast<int>(order.front());
}

constexpr size_t kUncachedDirectReadLimit = 256;

/// Whether a download of `n` bytes from a mapped buffer of memory with
/// `flags` reads the mapping directly (else it is staged).
inline bool readMappedDirectly(VkMemoryPropertyFlags flags, size_t n) {
  return (flags & VK_MEMORY_PROPERTY_HOST_CACHED_BIT) ||
         n <= kUncachedDirectReadLimit;
}

} // namespace vulkan
} // namespace kgpu

#endif // KGPU_RUNTIME_VULKAN_MEMORYTYPES_H
