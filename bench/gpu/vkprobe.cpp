// vkprobe: what the Vulkan device offers for memory-bound kernels, and how
// fast device memory of each memory type is. Prints the limits kgpu uses,
// the memory heaps and types, then times vkCmdCopyBuffer between two
// buffers of each memory type that can hold them (timestamps, median of 5).
// Build: g++ -O2 -std=c++17 bench/gpu/vkprobe.cpp -ldl -o vkprobe
// Run:   ./vkprobe [MiB per buffer, default 1024]
#include <vulkan/vulkan.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <dlfcn.h>
#include <string>
#include <vector>

static PFN_vkGetInstanceProcAddr gipa;
#define G(inst, name) auto name = (PFN_##name)gipa(inst, #name)

static std::string flags(VkMemoryPropertyFlags f) {
  std::string s;
  if (f & VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT) s += "DEVICE_LOCAL ";
  if (f & VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT) s += "HOST_VISIBLE ";
  if (f & VK_MEMORY_PROPERTY_HOST_COHERENT_BIT) s += "HOST_COHERENT ";
  if (f & VK_MEMORY_PROPERTY_HOST_CACHED_BIT) s += "HOST_CACHED ";
  if (f & VK_MEMORY_PROPERTY_LAZILY_ALLOCATED_BIT) s += "LAZY ";
  return s.empty() ? "0" : s;
}

int main(int argc, char **argv) {
  VkDeviceSize mib = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 1024;
  VkDeviceSize size = mib << 20;
  void *lib = dlopen("libvulkan.so.1", RTLD_NOW);
  if (!lib) { std::printf("no libvulkan.so.1\n"); return 1; }
  gipa = (PFN_vkGetInstanceProcAddr)dlsym(lib, "vkGetInstanceProcAddr");
  G(nullptr, vkCreateInstance);
  VkApplicationInfo app = {VK_STRUCTURE_TYPE_APPLICATION_INFO};
  app.apiVersion = VK_API_VERSION_1_2;
  VkInstanceCreateInfo ici = {VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
  ici.pApplicationInfo = &app;
  VkInstance inst;
  if (vkCreateInstance(&ici, nullptr, &inst)) { std::printf("no instance\n"); return 1; }
  G(inst, vkEnumeratePhysicalDevices);
  G(inst, vkGetPhysicalDeviceProperties2);
  G(inst, vkGetPhysicalDeviceMemoryProperties);
  G(inst, vkGetPhysicalDeviceQueueFamilyProperties);
  G(inst, vkCreateDevice);
  G(inst, vkGetDeviceProcAddr);
  uint32_t n = 0;
  vkEnumeratePhysicalDevices(inst, &n, nullptr);
  std::vector<VkPhysicalDevice> pds(n);
  vkEnumeratePhysicalDevices(inst, &n, pds.data());
  for (VkPhysicalDevice pd : pds) {
    VkPhysicalDeviceSubgroupProperties sg = {VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES};
    VkPhysicalDeviceProperties2 p2 = {VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, &sg};
    vkGetPhysicalDeviceProperties2(pd, &p2);
    const VkPhysicalDeviceLimits &l = p2.properties.limits;
    std::printf("device %s: subgroup %u, maxComputeWorkGroupCount %u %u %u, "
                "maxComputeWorkGroupSize %u %u %u (%u), "
                "minStorageBufferOffsetAlignment %llu, maxStorageBufferRange %u, "
                "timestampPeriod %.3f ns\n",
                p2.properties.deviceName, sg.subgroupSize,
                l.maxComputeWorkGroupCount[0], l.maxComputeWorkGroupCount[1],
                l.maxComputeWorkGroupCount[2], l.maxComputeWorkGroupSize[0],
                l.maxComputeWorkGroupSize[1], l.maxComputeWorkGroupSize[2],
                l.maxComputeWorkGroupInvocations,
                (unsigned long long)l.minStorageBufferOffsetAlignment,
                l.maxStorageBufferRange, l.timestampPeriod);
    VkPhysicalDeviceMemoryProperties mem;
    vkGetPhysicalDeviceMemoryProperties(pd, &mem);
    for (uint32_t h = 0; h < mem.memoryHeapCount; ++h)
      std::printf("  heap %u: %.1f GiB%s\n", h,
                  mem.memoryHeaps[h].size / double(1ull << 30),
                  mem.memoryHeaps[h].flags & VK_MEMORY_HEAP_DEVICE_LOCAL_BIT
                      ? " DEVICE_LOCAL" : "");
    for (uint32_t t = 0; t < mem.memoryTypeCount; ++t)
      std::printf("  type %u: heap %u, %s\n", t, mem.memoryTypes[t].heapIndex,
                  flags(mem.memoryTypes[t].propertyFlags).c_str());

    uint32_t nf = 0;
    vkGetPhysicalDeviceQueueFamilyProperties(pd, &nf, nullptr);
    std::vector<VkQueueFamilyProperties> fams(nf);
    vkGetPhysicalDeviceQueueFamilyProperties(pd, &nf, fams.data());
    uint32_t qf = 0;
    while (qf < nf && !(fams[qf].queueFlags & VK_QUEUE_COMPUTE_BIT)) ++qf;
    float prio = 1;
    VkDeviceQueueCreateInfo qci = {VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
    qci.queueFamilyIndex = qf;
    qci.queueCount = 1;
    qci.pQueuePriorities = &prio;
    VkDeviceCreateInfo dci = {VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
    dci.queueCreateInfoCount = 1;
    dci.pQueueCreateInfos = &qci;
    VkDevice dev;
    if (vkCreateDevice(pd, &dci, nullptr, &dev)) continue;
#define D(name) auto name = (PFN_##name)vkGetDeviceProcAddr(dev, #name)
    D(vkGetDeviceQueue); D(vkCreateBuffer); D(vkDestroyBuffer);
    D(vkGetBufferMemoryRequirements); D(vkAllocateMemory); D(vkFreeMemory);
    D(vkBindBufferMemory); D(vkCreateCommandPool); D(vkAllocateCommandBuffers);
    D(vkBeginCommandBuffer); D(vkEndCommandBuffer); D(vkCmdCopyBuffer);
    D(vkCmdWriteTimestamp); D(vkCreateQueryPool); D(vkGetQueryPoolResults);
    D(vkCmdResetQueryPool); D(vkQueueSubmit); D(vkQueueWaitIdle);
    D(vkResetCommandBuffer); D(vkCmdFillBuffer); D(vkCmdPipelineBarrier);
    VkQueue q;
    vkGetDeviceQueue(dev, qf, 0, &q);
    VkCommandPoolCreateInfo pci = {VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
    pci.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
    pci.queueFamilyIndex = qf;
    VkCommandPool pool;
    vkCreateCommandPool(dev, &pci, nullptr, &pool);
    VkCommandBufferAllocateInfo cai = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
    cai.commandPool = pool;
    cai.commandBufferCount = 1;
    VkCommandBuffer cb;
    vkAllocateCommandBuffers(dev, &cai, &cb);
    VkQueryPoolCreateInfo qpi = {VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO};
    qpi.queryType = VK_QUERY_TYPE_TIMESTAMP;
    qpi.queryCount = 2;
    VkQueryPool qp;
    vkCreateQueryPool(dev, &qpi, nullptr, &qp);
    for (uint32_t t = 0; t < mem.memoryTypeCount; ++t) {
      if (mem.memoryHeaps[mem.memoryTypes[t].heapIndex].size < 3 * size) continue;
      VkBuffer b[2] = {};
      VkDeviceMemory m[2] = {};
      bool ok = true;
      for (int i = 0; i < 2 && ok; ++i) {
        VkBufferCreateInfo bci = {VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
        bci.size = size;
        bci.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
                    VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                    VK_BUFFER_USAGE_TRANSFER_DST_BIT;
        vkCreateBuffer(dev, &bci, nullptr, &b[i]);
        VkMemoryRequirements req;
        vkGetBufferMemoryRequirements(dev, b[i], &req);
        if (!(req.memoryTypeBits & (1u << t))) { ok = false; break; }
        VkMemoryAllocateInfo ai = {VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
        ai.allocationSize = req.size;
        ai.memoryTypeIndex = t;
        if (vkAllocateMemory(dev, &ai, nullptr, &m[i])) { ok = false; break; }
        vkBindBufferMemory(dev, b[i], m[i], 0);
        if (i == 0)
          std::printf("  type %u: buffer alignment %llu\n", t,
                      (unsigned long long)req.alignment);
      }
      std::vector<double> ms;
      for (int rep = 0; ok && rep < 6; ++rep) {
        vkResetCommandBuffer(cb, 0);
        VkCommandBufferBeginInfo bi = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
        vkBeginCommandBuffer(cb, &bi);
        if (rep == 0) vkCmdFillBuffer(cb, b[0], 0, VK_WHOLE_SIZE, 0x3f800000);
        VkMemoryBarrier mb = {VK_STRUCTURE_TYPE_MEMORY_BARRIER};
        mb.srcAccessMask = VK_ACCESS_MEMORY_WRITE_BIT;
        mb.dstAccessMask = VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT;
        vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT,
                             VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, 0, 1, &mb, 0,
                             nullptr, 0, nullptr);
        vkCmdResetQueryPool(cb, qp, 0, 2);
        vkCmdWriteTimestamp(cb, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, qp, 0);
        VkBufferCopy region = {0, 0, size};
        vkCmdCopyBuffer(cb, b[0], b[1], 1, &region);
        vkCmdWriteTimestamp(cb, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, qp, 1);
        vkEndCommandBuffer(cb);
        VkSubmitInfo si = {VK_STRUCTURE_TYPE_SUBMIT_INFO};
        si.commandBufferCount = 1;
        si.pCommandBuffers = &cb;
        vkQueueSubmit(q, 1, &si, VK_NULL_HANDLE);
        vkQueueWaitIdle(q);
        uint64_t ts[2];
        vkGetQueryPoolResults(dev, qp, 0, 2, sizeof ts, ts, 8,
                              VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT);
        if (rep) ms.push_back((ts[1] - ts[0]) * l.timestampPeriod * 1e-6);
      }
      if (ok) {
        std::sort(ms.begin(), ms.end());
        double med = ms[ms.size() / 2];
        std::printf("  type %u (%s): copy %llu MiB median %.3f ms = %.0f GB/s\n",
                    t, flags(mem.memoryTypes[t].propertyFlags).c_str(),
                    (unsigned long long)mib, med, 2.0 * size / med * 1e-6);
      } else {
        std::printf("  type %u: cannot hold two %llu MiB buffers\n", t,
                    (unsigned long long)mib);
      }
      for (int i = 0; i < 2; ++i) {
        if (b[i]) vkDestroyBuffer(dev, b[i], nullptr);
        if (m[i]) vkFreeMemory(dev, m[i], nullptr);
      }
    }
  }
  return 0;
}
