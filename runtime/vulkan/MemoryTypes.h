//===- MemoryTypes.h - Which Vulkan memory a buffer gets ---------*- C++
//-*-===//
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
#include <cstring>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

namespace kgpu {
namespace vulkan {

/// What a Vulkan allocation is for.
enum class MemoryUse {
  Kernel,   ///< a kernel buffer (kgpu_buffer_create)
  Upload,   ///< a staging buffer the host writes, the device copies from
  Download, ///< a staging buffer the device copies into, the host reads
};

/// How the runtime places and fills Vulkan buffers. The defaults are what
/// the runtime does; the environment overrides them for experiments
/// (issue 13, docs/runtime.md "Vulkan memory"), read once per process by
/// parseMemoryPolicy.
struct MemoryPolicy {
  enum class KernelMemory {
    Auto,        ///< the runtime's choice (memoryPreferences)
    Device,      ///< DEVICE_LOCAL without HOST_VISIBLE first (not mapped)
    HostVisible, ///< DEVICE_LOCAL|HOST_VISIBLE first (mapped: the BAR)
  };
  enum class Upload {
    Auto,    ///< memcpy into a mapped buffer, else staged
    Map,     ///< the same (named for the experiment tables)
    Staging, ///< always through a staging buffer and vkCmdCopyBuffer
  };
  enum class StagingMemory {
    Auto, ///< the runtime's choice (memoryPreferences)
    Host, ///< host memory (HOST_VISIBLE without DEVICE_LOCAL) first
    Bar,  ///< DEVICE_LOCAL|HOST_VISIBLE (the BAR) first
  };
  enum class Queue {
    Auto,     ///< a compute-only family if there is one
    Compute,  ///< the same
    Graphics, ///< a family with graphics and compute (the probes' choice)
  };
  KernelMemory kernel = KernelMemory::Auto;
  Queue queue = Queue::Auto;
  Upload upload = Upload::Auto;
  StagingMemory staging = StagingMemory::Auto;
  /// Kernel buffers as dedicated allocations (VkMemoryDedicatedAllocateInfo).
  bool dedicated = true;
  /// Zero new kernel buffers with vkCmdFillBuffer even when they are
  /// mapped (else memset through the mapping).
  bool zeroOnDevice = false;
  /// Create the device without optional extensions and features.
  bool minimalDevice = false;
  /// Log allocations and transfers to stderr.
  bool log = false;
  /// The first bad setting ("KGPU_VULKAN_MEMORY='x': expected ..."), or empty.
  std::string error;
};

/// Reads the policy from the environment through `get` (std::getenv):
///   KGPU_VULKAN_MEMORY=auto|device|host-visible     kernel buffers
///   KGPU_VULKAN_UPLOAD=auto|map|staging             host -> kernel buffer
///   KGPU_VULKAN_STAGING=auto|host|bar               upload staging memory
///   KGPU_VULKAN_DEDICATED=1|0
///   KGPU_VULKAN_ZERO=auto|device                    zeroing new buffers
///   KGPU_VULKAN_DEVICE=full|minimal                 optional features
///   KGPU_VULKAN_QUEUE=auto|compute|graphics         the queue family
///   KGPU_VULKAN_LOG=0|1
/// Unset or empty means the default.
inline MemoryPolicy parseMemoryPolicy(const char *(*get)(const char *)) {
  MemoryPolicy p;
  auto choose = [&](const char *name,
                    std::initializer_list<const char *> values) -> int {
    const char *v = get(name);
    if (!v || !*v)
      return 0;
    int i = 0;
    std::string list;
    for (const char *candidate : values) {
      if (std::strcmp(v, candidate) == 0)
        return i;
      list +=
          std::string(i ? (i + 1 == int(values.size()) ? " or " : ", ") : "") +
          candidate;
      ++i;
    }
    if (p.error.empty())
      p.error = std::string(name) + "='" + v + "': expected " + list;
    return 0;
  };
  p.kernel = static_cast<MemoryPolicy::KernelMemory>(
      choose("KGPU_VULKAN_MEMORY", {"auto", "device", "host-visible"}));
  p.upload = static_cast<MemoryPolicy::Upload>(
      choose("KGPU_VULKAN_UPLOAD", {"auto", "map", "staging"}));
  p.staging = static_cast<MemoryPolicy::StagingMemory>(
      choose("KGPU_VULKAN_STAGING", {"auto", "host", "bar"}));
  p.dedicated = choose("KGPU_VULKAN_DEDICATED", {"1", "0"}) == 0;
  p.zeroOnDevice = choose("KGPU_VULKAN_ZERO", {"auto", "device"}) == 1;
  p.minimalDevice = choose("KGPU_VULKAN_DEVICE", {"full", "minimal"}) == 1;
  p.log = choose("KGPU_VULKAN_LOG", {"0", "1"}) == 1;
  p.queue = static_cast<MemoryPolicy::Queue>(
      choose("KGPU_VULKAN_QUEUE", {"auto", "compute", "graphics"}));
  return p;
}

/// One preference: a memory type qualifies when it has every flag of
/// `want` and none of `avoid`.
struct MemoryPreference {
  VkMemoryPropertyFlags want = 0;
  VkMemoryPropertyFlags avoid = 0;
};

/// The memory wanted for `use`, in order of preference; each is tried on
/// every memory type that qualifies until one allocates.
/// Downloads want HOST_CACHED memory: on a discrete GPU the
/// DEVICE_LOCAL|HOST_VISIBLE type (the PCIe BAR, write-combined) is read by
/// the CPU at about 20 MB/s (the H200: 64 MiB in 3.4 s), cached system
/// memory at memcpy speed.
inline std::vector<MemoryPreference>
memoryPreferences(MemoryUse use, const MemoryPolicy &policy = MemoryPolicy()) {
  const VkMemoryPropertyFlags host = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                     VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
  const VkMemoryPropertyFlags local = VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT;
  const VkMemoryPropertyFlags cached = VK_MEMORY_PROPERTY_HOST_CACHED_BIT;
  const VkMemoryPropertyFlags visible = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT;
  switch (use) {
  case MemoryUse::Kernel:
    if (policy.kernel == MemoryPolicy::KernelMemory::Device)
      return {{local, visible}, {local}, {host}, {0}};
    return {{local | host}, {local}, {host}, {0}};
  case MemoryUse::Upload:
    if (policy.staging == MemoryPolicy::StagingMemory::Host)
      return {{host, local}, {host}};
    return {{host | local}, {host}};
  case MemoryUse::Download:
    return {{host | cached}, {host}};
  }
  return {{host}};
}

/// The memory types of `props` that `typeBits` allows, in the order
/// allocate() tries them: those that qualify for `use`'s first preference,
/// then the rest that qualify for the second, and so on, each type once.
inline std::vector<uint32_t>
memoryTypeCandidates(const VkPhysicalDeviceMemoryProperties &props,
                     uint32_t typeBits, MemoryUse use,
                     const MemoryPolicy &policy = MemoryPolicy()) {
  std::vector<uint32_t> order;
  for (MemoryPreference pref : memoryPreferences(use, policy))
    for (uint32_t t = 0; t < props.memoryTypeCount; ++t) {
      VkMemoryPropertyFlags f = props.memoryTypes[t].propertyFlags;
      if ((typeBits & (1u << t)) && (f & pref.want) == pref.want &&
          !(f & pref.avoid) &&
          std::find(order.begin(), order.end(), t) == order.end())
        order.push_back(t);
    }
  return order;
}

/// The type allocate() tries first, or -1 when none qualifies.
inline int firstMemoryType(const VkPhysicalDeviceMemoryProperties &props,
                           uint32_t typeBits, MemoryUse use,
                           const MemoryPolicy &policy = MemoryPolicy()) {
  std::vector<uint32_t> order =
      memoryTypeCandidates(props, typeBits, use, policy);
  return order.empty() ? -1 : static_cast<int>(order.front());
}

/// The queue family kernels run on, from the families' flags: a
/// compute-only family if there is one (the last), else the first with
/// compute; with Queue::Graphics the first with graphics and compute, else
/// as before. -1 when no family has compute.
inline int chooseQueueFamily(const std::vector<VkQueueFlags> &families,
                             const MemoryPolicy &policy = MemoryPolicy()) {
  int chosen = -1;
  if (policy.queue == MemoryPolicy::Queue::Graphics)
    for (size_t f = 0; f < families.size() && chosen < 0; ++f)
      if ((families[f] & VK_QUEUE_COMPUTE_BIT) &&
          (families[f] & VK_QUEUE_GRAPHICS_BIT))
        chosen = static_cast<int>(f);
  if (chosen >= 0)
    return chosen;
  for (size_t f = 0; f < families.size(); ++f) {
    if (!(families[f] & VK_QUEUE_COMPUTE_BIT))
      continue;
    if (chosen < 0 || !(families[f] & VK_QUEUE_GRAPHICS_BIT))
      chosen = static_cast<int>(f);
  }
  return chosen;
}

/// "DEVICE_LOCAL|HOST_VISIBLE|..." for logs ("0" for none).
inline std::string memoryFlagNames(VkMemoryPropertyFlags f) {
  static const std::pair<VkMemoryPropertyFlags, const char *> names[] = {
      {VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, "DEVICE_LOCAL"},
      {VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT, "HOST_VISIBLE"},
      {VK_MEMORY_PROPERTY_HOST_COHERENT_BIT, "HOST_COHERENT"},
      {VK_MEMORY_PROPERTY_HOST_CACHED_BIT, "HOST_CACHED"},
      {VK_MEMORY_PROPERTY_LAZILY_ALLOCATED_BIT, "LAZILY_ALLOCATED"}};
  std::string s;
  for (const auto &[bit, name] : names)
    if (f & bit)
      s += (s.empty() ? "" : "|") + std::string(name);
  return s.empty() ? "0" : s;
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
