// vkprobe-mem: why memory-bound Vulkan kernels on 1 GiB buffers ran at
// 0.25-0.32x CUDA on the H200 (bench/RESULTS.md, issue 13). For buffers of
// 64 M, 128 M and 256 M floats it times, with timestamps, a saxpy compute
// dispatch (vkprobe-saxpy.comp, one element per invocation, 256-wide groups),
// vkCmdCopyBuffer and vkCmdFillBuffer, under these allocation schemes:
//   sep      one VkDeviceMemory per buffer (what kgpu's runtime does)
//   sep-hv   the same in a DEVICE_LOCAL|HOST_VISIBLE type (the runtime's first choice)
//   ded      one VkDeviceMemory per buffer with VkMemoryDedicatedAllocateInfo
//   sub2m    one allocation, both buffers at 2 MiB-aligned offsets
//   sub64k   one allocation, buffers at offsets 64 KiB and 2*size + 128 KiB
//   prio     sep, VK_EXT_memory_priority priority 1.0 (and pageable device-local
//            memory enabled with vkSetDeviceMemoryPriorityEXT 1.0 where offered)
// and, for each, the first dispatch after allocation (untouched memory), the
// first after a vkCmdFillBuffer of both buffers, the median of 10 submits each
// waited for, the median of 10 dispatches back to back in one command buffer
// (timestamps between), and 10 submits with a 20 ms sleep before each (idle
// downclocking). A mode with "+rand" then fills both buffers with random
// floats (through a host staging buffer and vkCmdCopyBuffer, or "+map":
// memcpy through a mapping of the buffers' own memory, kgpu's path) before
// the timed dispatches ("after fill" is then after the random data).
// Build: glslangValidator -V --vn kSaxpySpv vkprobe-saxpy.comp -o DIR/vkprobe_saxpy_spv.h
//        g++ -O2 -std=c++17 -IDIR bench/gpu/vkprobe-mem.cpp -ldl -o vkprobe-mem
#include <vulkan/vulkan.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <string>
#include <thread>
#include <vector>

#include "vkprobe_saxpy_spv.h"

static PFN_vkGetInstanceProcAddr gipa;
#define G(inst, name) auto name = (PFN_##name)gipa(inst, #name)

#define DEVICE_FNS(X)                                                          \
  X(vkGetDeviceQueue) X(vkCreateBuffer) X(vkDestroyBuffer)                     \
  X(vkGetBufferMemoryRequirements) X(vkAllocateMemory) X(vkFreeMemory)         \
  X(vkBindBufferMemory) X(vkCreateCommandPool) X(vkAllocateCommandBuffers)     \
  X(vkBeginCommandBuffer) X(vkEndCommandBuffer) X(vkCmdCopyBuffer)             \
  X(vkCmdWriteTimestamp) X(vkCreateQueryPool) X(vkGetQueryPoolResults)         \
  X(vkCmdResetQueryPool) X(vkQueueSubmit) X(vkQueueWaitIdle)                   \
  X(vkResetCommandBuffer) X(vkCmdFillBuffer) X(vkCmdPipelineBarrier)           \
  X(vkCreateShaderModule) X(vkCreateDescriptorSetLayout)                       \
  X(vkCreatePipelineLayout) X(vkCreateComputePipelines)                        \
  X(vkCreateDescriptorPool) X(vkAllocateDescriptorSets)                        \
  X(vkUpdateDescriptorSets) X(vkCmdBindPipeline) X(vkCmdBindDescriptorSets)    \
  X(vkCmdPushConstants) X(vkCmdDispatch) X(vkDestroyDevice)                    \
  X(vkResetDescriptorPool) X(vkMapMemory) X(vkUnmapMemory)

struct Dev {
#define X(name) PFN_##name name;
  DEVICE_FNS(X)
#undef X
  PFN_vkSetDeviceMemoryPriorityEXT vkSetDeviceMemoryPriorityEXT = nullptr;
  VkDevice dev;
  VkQueue q;
  VkCommandBuffer cb;
  VkQueryPool qp;
  VkPipeline pipe;
  VkPipelineLayout layout;
  VkDescriptorSetLayout dsl;
  VkDescriptorPool dpool;
  VkPhysicalDeviceMemoryProperties mem;
  float period;
  bool priority = false, pageable = false;
};

static void barrier(Dev &d) {
  VkMemoryBarrier mb = {VK_STRUCTURE_TYPE_MEMORY_BARRIER};
  mb.srcAccessMask = VK_ACCESS_MEMORY_WRITE_BIT;
  mb.dstAccessMask = VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT;
  d.vkCmdPipelineBarrier(d.cb, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT,
                         VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, 0, 1, &mb, 0,
                         nullptr, 0, nullptr);
}

struct Bufs {
  VkBuffer b[2] = {};
  VkDeviceMemory m[3] = {};
  VkDescriptorSet set = VK_NULL_HANDLE;
  VkDeviceSize size = 0;
  uint32_t n = 0;
};

static uint32_t pickType(Dev &d, uint32_t bits, bool hostVisible) {
  for (uint32_t t = 0; t < d.mem.memoryTypeCount; ++t) {
    VkMemoryPropertyFlags f = d.mem.memoryTypes[t].propertyFlags;
    if (!(bits & (1u << t)) || !(f & VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT))
      continue;
    if (bool(f & VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT) == hostVisible)
      return t;
  }
  for (uint32_t t = 0; t < d.mem.memoryTypeCount; ++t) // lavapipe: only HV
    if ((bits & (1u << t)) &&
        (d.mem.memoryTypes[t].propertyFlags & VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT))
      return t;
  return ~0u;
}

static bool alloc(Dev &d, Bufs &B, const std::string &fullMode, VkDeviceSize size) {
  std::string mode = fullMode.substr(0, fullMode.find('+'));
  B.size = size;
  VkMemoryRequirements req[2];
  for (int i = 0; i < 2; ++i) {
    VkBufferCreateInfo bci = {VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
    bci.size = size;
    bci.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
                VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                VK_BUFFER_USAGE_TRANSFER_DST_BIT;
    if (d.vkCreateBuffer(d.dev, &bci, nullptr, &B.b[i])) return false;
    d.vkGetBufferMemoryRequirements(d.dev, B.b[i], &req[i]);
  }
  uint32_t type = pickType(d, req[0].memoryTypeBits, mode == "sep-hv");
  if (type == ~0u) return false;
  if (mode == "sub2m" || mode == "sub64k") {
    VkDeviceSize pad = mode == "sub2m" ? 0 : 64 << 10;
    VkDeviceSize rounded = (size + (2 << 20) - 1) & ~VkDeviceSize((2 << 20) - 1);
    VkMemoryAllocateInfo ai = {VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
    ai.allocationSize = 2 * rounded + 4 * pad + (2 << 20);
    ai.memoryTypeIndex = type;
    if (d.vkAllocateMemory(d.dev, &ai, nullptr, &B.m[2])) return false;
    if (d.vkBindBufferMemory(d.dev, B.b[0], B.m[2], pad)) return false;
    if (d.vkBindBufferMemory(d.dev, B.b[1], B.m[2], rounded + 2 * pad)) return false;
  } else {
    for (int i = 0; i < 2; ++i) {
      VkMemoryAllocateInfo ai = {VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
      ai.allocationSize = req[i].size;
      ai.memoryTypeIndex = type;
      VkMemoryDedicatedAllocateInfo ded = {
          VK_STRUCTURE_TYPE_MEMORY_DEDICATED_ALLOCATE_INFO};
      ded.buffer = B.b[i];
      VkMemoryPriorityAllocateInfoEXT prio = {
          VK_STRUCTURE_TYPE_MEMORY_PRIORITY_ALLOCATE_INFO_EXT};
      prio.priority = 1.0f;
      if (mode == "ded") ai.pNext = &ded;
      if (mode == "prio" && d.priority) ai.pNext = &prio;
      if (d.vkAllocateMemory(d.dev, &ai, nullptr, &B.m[i])) return false;
      if (mode == "prio" && d.pageable && d.vkSetDeviceMemoryPriorityEXT)
        d.vkSetDeviceMemoryPriorityEXT(d.dev, B.m[i], 1.0f);
      if (d.vkBindBufferMemory(d.dev, B.b[i], B.m[i], 0)) return false;
    }
  }
  d.vkResetDescriptorPool(d.dev, d.dpool, 0);
  VkDescriptorSetAllocateInfo dsai = {VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
  dsai.descriptorPool = d.dpool;
  dsai.descriptorSetCount = 1;
  dsai.pSetLayouts = &d.dsl;
  if (d.vkAllocateDescriptorSets(d.dev, &dsai, &B.set)) return false;
  VkDescriptorBufferInfo info[2] = {{B.b[0], 0, VK_WHOLE_SIZE},
                                    {B.b[1], 0, VK_WHOLE_SIZE}};
  VkWriteDescriptorSet w[2] = {};
  for (int i = 0; i < 2; ++i) {
    w[i].sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET;
    w[i].dstSet = B.set;
    w[i].dstBinding = i;
    w[i].descriptorCount = 1;
    w[i].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    w[i].pBufferInfo = &info[i];
  }
  d.vkUpdateDescriptorSets(d.dev, 2, w, 0, nullptr);
  return true;
}

static void release(Dev &d, Bufs &B) {
  for (VkBuffer b : B.b) if (b) d.vkDestroyBuffer(d.dev, b, nullptr);
  for (VkDeviceMemory m : B.m) if (m) d.vkFreeMemory(d.dev, m, nullptr);
}

enum Op { SAXPY, COPY, FILL };

static void record(Dev &d, Bufs &B, Op op) {
  if (op == SAXPY) {
    d.vkCmdBindPipeline(d.cb, VK_PIPELINE_BIND_POINT_COMPUTE, d.pipe);
    d.vkCmdBindDescriptorSets(d.cb, VK_PIPELINE_BIND_POINT_COMPUTE, d.layout,
                              0, 1, &B.set, 0, nullptr);
    struct { uint32_t n; float a; } pc = {B.n, 2.0f};
    d.vkCmdPushConstants(d.cb, d.layout, VK_SHADER_STAGE_COMPUTE_BIT, 0,
                         sizeof pc, &pc);
    d.vkCmdDispatch(d.cb, (B.n + 255) / 256, 1, 1);
  } else if (op == COPY) {
    VkBufferCopy region = {0, 0, B.size};
    d.vkCmdCopyBuffer(d.cb, B.b[0], B.b[1], 1, &region);
  } else {
    d.vkCmdFillBuffer(d.cb, B.b[0], 0, VK_WHOLE_SIZE, 0x3f800000);
    d.vkCmdFillBuffer(d.cb, B.b[1], 0, VK_WHOLE_SIZE, 0x40000000);
  }
}

/// Runs `count` ops in one command buffer with a timestamp before, between
/// and after them; returns the `count` times in ms.
static std::vector<double> timed(Dev &d, Bufs &B, Op op, int count) {
  d.vkResetCommandBuffer(d.cb, 0);
  VkCommandBufferBeginInfo bi = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  d.vkBeginCommandBuffer(d.cb, &bi);
  d.vkCmdResetQueryPool(d.cb, d.qp, 0, count + 1);
  barrier(d);
  d.vkCmdWriteTimestamp(d.cb, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, d.qp, 0);
  for (int i = 0; i < count; ++i) {
    record(d, B, op);
    d.vkCmdWriteTimestamp(d.cb, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, d.qp, i + 1);
    barrier(d);
  }
  d.vkEndCommandBuffer(d.cb);
  VkSubmitInfo si = {VK_STRUCTURE_TYPE_SUBMIT_INFO};
  si.commandBufferCount = 1;
  si.pCommandBuffers = &d.cb;
  d.vkQueueSubmit(d.q, 1, &si, VK_NULL_HANDLE);
  d.vkQueueWaitIdle(d.q);
  std::vector<uint64_t> ts(count + 1);
  d.vkGetQueryPoolResults(d.dev, d.qp, 0, count + 1, ts.size() * 8, ts.data(), 8,
                          VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT);
  std::vector<double> ms;
  for (int i = 0; i < count; ++i)
    ms.push_back((ts[i + 1] - ts[i]) * d.period * 1e-6);
  return ms;
}

static double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}
static double minimum(const std::vector<double> &v) {
  return *std::min_element(v.begin(), v.end());
}

static bool makeDevice(VkInstance inst, VkPhysicalDevice pd, bool extras, Dev &d) {
  G(inst, vkGetPhysicalDeviceProperties);
  G(inst, vkGetPhysicalDeviceMemoryProperties);
  G(inst, vkGetPhysicalDeviceQueueFamilyProperties);
  G(inst, vkEnumerateDeviceExtensionProperties);
  G(inst, vkGetPhysicalDeviceFeatures2);
  G(inst, vkCreateDevice);
  G(inst, vkGetDeviceProcAddr);
  VkPhysicalDeviceProperties props;
  vkGetPhysicalDeviceProperties(pd, &props);
  d.period = props.limits.timestampPeriod;
  vkGetPhysicalDeviceMemoryProperties(pd, &d.mem);
  uint32_t ne = 0;
  vkEnumerateDeviceExtensionProperties(pd, nullptr, &ne, nullptr);
  std::vector<VkExtensionProperties> exts(ne);
  vkEnumerateDeviceExtensionProperties(pd, nullptr, &ne, exts.data());
  auto has = [&](const char *n) {
    for (auto &e : exts) if (!std::strcmp(e.extensionName, n)) return true;
    return false;
  };
  std::vector<const char *> enabled;
  VkPhysicalDeviceFeatures2 f2 = {VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
  VkPhysicalDeviceMemoryPriorityFeaturesEXT mp = {
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MEMORY_PRIORITY_FEATURES_EXT};
  VkPhysicalDevicePageableDeviceLocalMemoryFeaturesEXT pg = {
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PAGEABLE_DEVICE_LOCAL_MEMORY_FEATURES_EXT};
  if (extras && has("VK_EXT_memory_priority")) {
    enabled.push_back("VK_EXT_memory_priority");
    mp.pNext = f2.pNext;
    f2.pNext = &mp;
    if (has("VK_EXT_pageable_device_local_memory")) {
      enabled.push_back("VK_EXT_pageable_device_local_memory");
      pg.pNext = f2.pNext;
      f2.pNext = &pg;
    }
    vkGetPhysicalDeviceFeatures2(pd, &f2);
    f2.features = {};
  }
  d.priority = mp.memoryPriority;
  d.pageable = pg.pageableDeviceLocalMemory;
  std::printf("device (%s): VK_EXT_memory_priority %s (feature %d), "
              "VK_EXT_pageable_device_local_memory %s (feature %d)\n",
              extras ? "extras" : "plain",
              has("VK_EXT_memory_priority") ? "offered" : "absent", d.priority,
              has("VK_EXT_pageable_device_local_memory") ? "offered" : "absent",
              d.pageable);
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
  dci.pNext = extras ? &f2 : nullptr;
  dci.queueCreateInfoCount = 1;
  dci.pQueueCreateInfos = &qci;
  dci.enabledExtensionCount = enabled.size();
  dci.ppEnabledExtensionNames = enabled.data();
  if (vkCreateDevice(pd, &dci, nullptr, &d.dev)) return false;
#define X(name) d.name = (PFN_##name)vkGetDeviceProcAddr(d.dev, #name);
  DEVICE_FNS(X)
#undef X
  if (d.pageable)
    d.vkSetDeviceMemoryPriorityEXT = (PFN_vkSetDeviceMemoryPriorityEXT)
        vkGetDeviceProcAddr(d.dev, "vkSetDeviceMemoryPriorityEXT");
  d.vkGetDeviceQueue(d.dev, qf, 0, &d.q);
  VkCommandPoolCreateInfo pci = {VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
  pci.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
  pci.queueFamilyIndex = qf;
  VkCommandPool pool;
  d.vkCreateCommandPool(d.dev, &pci, nullptr, &pool);
  VkCommandBufferAllocateInfo cai = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
  cai.commandPool = pool;
  cai.commandBufferCount = 1;
  d.vkAllocateCommandBuffers(d.dev, &cai, &d.cb);
  VkQueryPoolCreateInfo qpi = {VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO};
  qpi.queryType = VK_QUERY_TYPE_TIMESTAMP;
  qpi.queryCount = 64;
  d.vkCreateQueryPool(d.dev, &qpi, nullptr, &d.qp);
  VkShaderModuleCreateInfo smci = {VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
  smci.codeSize = sizeof kSaxpySpv;
  smci.pCode = kSaxpySpv;
  VkShaderModule sm;
  if (d.vkCreateShaderModule(d.dev, &smci, nullptr, &sm)) return false;
  VkDescriptorSetLayoutBinding bind[2] = {};
  for (int i = 0; i < 2; ++i) {
    bind[i].binding = i;
    bind[i].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    bind[i].descriptorCount = 1;
    bind[i].stageFlags = VK_SHADER_STAGE_COMPUTE_BIT;
  }
  VkDescriptorSetLayoutCreateInfo dslci = {
      VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
  dslci.bindingCount = 2;
  dslci.pBindings = bind;
  d.vkCreateDescriptorSetLayout(d.dev, &dslci, nullptr, &d.dsl);
  VkPushConstantRange pcr = {VK_SHADER_STAGE_COMPUTE_BIT, 0, 8};
  VkPipelineLayoutCreateInfo plci = {VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
  plci.setLayoutCount = 1;
  plci.pSetLayouts = &d.dsl;
  plci.pushConstantRangeCount = 1;
  plci.pPushConstantRanges = &pcr;
  d.vkCreatePipelineLayout(d.dev, &plci, nullptr, &d.layout);
  VkComputePipelineCreateInfo cpci = {VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
  cpci.stage.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
  cpci.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
  cpci.stage.module = sm;
  cpci.stage.pName = "main";
  cpci.layout = d.layout;
  if (d.vkCreateComputePipelines(d.dev, VK_NULL_HANDLE, 1, &cpci, nullptr, &d.pipe))
    return false;
  VkDescriptorPoolSize ps = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 2};
  VkDescriptorPoolCreateInfo dpci = {VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
  dpci.maxSets = 1;
  dpci.poolSizeCount = 1;
  dpci.pPoolSizes = &ps;
  d.vkCreateDescriptorPool(d.dev, &dpci, nullptr, &d.dpool);
  return true;
}

/// Random floats in [0, 1) into both buffers: `map` writes them through a
/// mapping of the buffers' own memory (kgpu's path for DEVICE_LOCAL |
/// HOST_VISIBLE memory), else through a host-memory staging buffer and
/// vkCmdCopyBuffer.
static bool randomize(Dev &d, Bufs &B, bool map) {
  std::vector<float> data(B.size / 4);
  uint32_t state = 12345;
  for (float &f : data) {
    state = state * 1664525u + 1013904223u;
    f = (state >> 8) * (1.0f / 16777216.0f);
  }
  if (map) {
    for (int i = 0; i < 2; ++i) {
      void *p = nullptr;
      if (!B.m[i] || d.vkMapMemory(d.dev, B.m[i], 0, VK_WHOLE_SIZE, 0, &p))
        return false;
      std::memcpy(p, data.data(), B.size);
      d.vkUnmapMemory(d.dev, B.m[i]);
    }
    return true;
  }
  VkBufferCreateInfo bci = {VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
  bci.size = B.size;
  bci.usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT;
  VkBuffer st;
  if (d.vkCreateBuffer(d.dev, &bci, nullptr, &st)) return false;
  VkMemoryRequirements req;
  d.vkGetBufferMemoryRequirements(d.dev, st, &req);
  uint32_t type = ~0u;
  for (uint32_t t = 0; t < d.mem.memoryTypeCount && type == ~0u; ++t)
    if ((req.memoryTypeBits & (1u << t)) &&
        (d.mem.memoryTypes[t].propertyFlags &
         (VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT)) ==
            (VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT))
      type = t;
  VkMemoryAllocateInfo ai = {VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
  ai.allocationSize = req.size;
  ai.memoryTypeIndex = type;
  VkDeviceMemory sm;
  if (type == ~0u || d.vkAllocateMemory(d.dev, &ai, nullptr, &sm)) return false;
  void *p = nullptr;
  d.vkBindBufferMemory(d.dev, st, sm, 0);
  d.vkMapMemory(d.dev, sm, 0, VK_WHOLE_SIZE, 0, &p);
  std::memcpy(p, data.data(), B.size);
  d.vkResetCommandBuffer(d.cb, 0);
  VkCommandBufferBeginInfo bi = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  d.vkBeginCommandBuffer(d.cb, &bi);
  VkBufferCopy region = {0, 0, B.size};
  d.vkCmdCopyBuffer(d.cb, st, B.b[0], 1, &region);
  d.vkCmdCopyBuffer(d.cb, st, B.b[1], 1, &region);
  d.vkEndCommandBuffer(d.cb);
  VkSubmitInfo si = {VK_STRUCTURE_TYPE_SUBMIT_INFO};
  si.commandBufferCount = 1;
  si.pCommandBuffers = &d.cb;
  d.vkQueueSubmit(d.q, 1, &si, VK_NULL_HANDLE);
  d.vkQueueWaitIdle(d.q);
  d.vkDestroyBuffer(d.dev, st, nullptr);
  d.vkFreeMemory(d.dev, sm, nullptr);
  return true;
}

static void probe(Dev &d, const char *mode, uint32_t n) {
  Bufs B;
  B.n = n;
  auto t0 = std::chrono::steady_clock::now();
  if (!alloc(d, B, mode, VkDeviceSize(n) * 4)) {
    std::printf("%-7s n=%uM: allocation failed\n", mode, n >> 20);
    release(d, B);
    return;
  }
  double allocMs = std::chrono::duration<double, std::milli>(
                       std::chrono::steady_clock::now() - t0).count();
  double untouched = timed(d, B, SAXPY, 1)[0];
  double fill = timed(d, B, FILL, 1)[0];
  std::string m(mode);
  if (m.find("+rand") != std::string::npos &&
      !randomize(d, B, m.find("+map") != std::string::npos))
    std::printf("%-7s: random data failed\n", mode);
  double afterFill = timed(d, B, SAXPY, 1)[0];
  std::vector<double> sep;
  for (int i = 0; i < 10; ++i) sep.push_back(timed(d, B, SAXPY, 1)[0]);
  std::vector<double> b2b = timed(d, B, SAXPY, 10);
  std::vector<double> idle;
  for (int i = 0; i < 5; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    idle.push_back(timed(d, B, SAXPY, 1)[0]);
  }
  std::vector<double> copy = timed(d, B, COPY, 5);
  std::vector<double> fills = timed(d, B, FILL, 3);
  double gb = 3.0 * B.size * 1e-9; // saxpy moves 3 buffers' worth
  std::printf("%-7s n=%3uM alloc %.1f ms | saxpy untouched %.3f, after fill %.3f, "
              "submits med %.3f (min %.3f, %s), b2b med %.3f (min %.3f, %s), "
              "idle20ms med %.3f | copy med %.3f ms (%.0f GB/s) | fill2 %.3f (first %.3f) ms\n",
              mode, n >> 20, allocMs, untouched, afterFill, median(sep),
              minimum(sep), (std::to_string(int(gb / median(sep))) + " TB/s-ish").c_str(),
              median(b2b), minimum(b2b),
              (std::to_string(gb / median(b2b)).substr(0, 4) + " TB/s").c_str(),
              median(idle), median(copy), 2.0 * B.size / median(copy) * 1e-6,
              median(fills), fill);
  std::printf("        submits:");
  for (double v : sep) std::printf(" %.3f", v);
  std::printf(" | b2b:");
  for (double v : b2b) std::printf(" %.3f", v);
  std::printf("\n");
  std::fflush(stdout);
  release(d, B);
}

int main(int argc, char **argv) {
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
  uint32_t np = 1;
  VkPhysicalDevice pd;
  vkEnumeratePhysicalDevices(inst, &np, &pd);
  if (!np) { std::printf("no device\n"); return 1; }
  // [MODE [M]]: only that mode; only M Mi floats (a quick check on lavapipe).
  const char *only = argc > 1 ? argv[1] : nullptr;
  std::vector<uint32_t> sizes = {64u << 20, 128u << 20, 256u << 20};
  if (argc > 2)
    sizes = {uint32_t(std::atoi(argv[2])) << 20};
  for (bool extras : {false, true}) {
    Dev d;
    if (!makeDevice(inst, pd, extras, d)) { std::printf("no device\n"); continue; }
    // A busy warm-up (about 300 ms of saxpy at 64 M) before anything is timed.
    {
      Bufs W;
      W.n = sizes.front();
      if (alloc(d, W, "sep", VkDeviceSize(W.n) * 4)) {
        timed(d, W, FILL, 1);
        double spent = 0;
        for (int i = 0; i < (argc > 2 ? 1 : 40) && spent < 300; ++i)
          for (double v : timed(d, W, SAXPY, 20)) spent += v;
        std::printf("warm-up: %.0f ms of saxpy 64M\n", spent);
      }
      release(d, W);
    }
    std::vector<const char *> modes =
        extras ? std::vector<const char *>{"prio", "sep"}
               : std::vector<const char *>{"sep", "sep-hv", "ded", "sub2m", "sub64k",
                                           "sep+rand", "sep-hv+rand+map", "ded+rand"};
    for (uint32_t n : sizes)
      for (const char *m : modes)
        if (!only || !std::strcmp(only, m))
          probe(d, m, n);
    d.vkQueueWaitIdle(d.q);
    d.vkDestroyDevice(d.dev, nullptr);
  }
  return 0;
}
