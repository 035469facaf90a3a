//===- MemoryTypes.h - Which Vulkan memory a buffer gets ---------*- C++ -*-===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_RUNTIME_VULKAN_MEMORYTYPES_H
#define KGPU_RUNTIME_VULKAN_MEMORYTYPES_H

#include <vulkan/vulkan_core.h>

#include <cstddef>
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

/// The first memory type of `props` that `typeBits` allows and that has the
/// flags of one preference of `use` (earlier preferences first), or -1: the
/// type allocate() tries first.
inline int firstMemoryType(const VkPhysicalDeviceMemoryProperties &props,
                           uint32_t typeBits, MemoryUse use) {
  for (VkMemoryPropertyFlags flags : memoryPreferences(use))
    for (uint32_t t = 0; t < props.memoryTypeCount; ++t)
      if ((typeBits & (1u << t)) &&
          (props.memoryTypes[t].propertyFlags & flags) == flags)
        return static_cast<int>(t);
  return -1;
}

/// Bytes a download reads straight from a mapped buffer whose memory is not
/// HOST_CACHED; above this it goes through a HOST_CACHED staging buffer
/// (one copy on the device, about 50 us, instead of uncached reads at about
/// 20 MB/s).
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
