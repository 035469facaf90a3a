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
//
// `vkprobe-mem bisect [--kgpu FILE BX BY PN PA SIZE] [M...]` (bench/gpu/vk13-device.sh) is the
// bisection of issue 13's third round: for each size (M Mi floats, default
// 64 128 192 256), each shader (the GLSL saxpy, and with --kgpu the SPIR-V
// of kgpu's saxpy taken from its bundle, with kgpu's bindings 2 and 3, its
// push constants {n, a}, its work-group size specialization constants and
// the runtime's float-controls patch) and each way to fill the buffers
// (dedicated allocations of DEVICE_LOCAL|HOST_VISIBLE memory, as kgpu's
// runtime makes them, or DEVICE_LOCAL alone: "t1"):
//   const        vkCmdFillBuffer with 1.0 and 2.0
//   rand         random floats in [0, 1) through a host staging buffer
//   rand+map     the same through a mapping of the buffers (kgpu's upload)
//   ramp+map     (i % 1000) * 0.001 (the benchmark table's saxpy_x.bin)
// one line with the saxpy time in steady state (submits, each waited for),
// right after y is written again the same way (what kgpu-run --repeat does
// before every run; first and second of two dispatches back to back), and
// after 200 ms idle (the same two); all on the first queue family with
// compute (family 0 on NVIDIA, graphics too), then the first size's
// constant and mapped random cases on a compute-only family where there is
// one (kgpu's runtime's choice): memory "t4/cq".
// `vkprobe-mem ramp M FILE` writes that ramp for kgpu-run's @FILE.
// Build: glslangValidator -V --vn kSaxpySpv vkprobe-saxpy.comp -o DIR/vkprobe_saxpy_spv.h
//        g++ -O2 -std=c++17 -IDIR -Iruntime/vulkan bench/gpu/vkprobe-mem.cpp -ldl -o vkprobe-mem
#include <vulkan/vulkan.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <string>
#include <thread>
#include <vector>

#include "FloatControls.h" // runtime/vulkan: the runtime's SPIR-V patch
#include "vkprobe_saxpy_spv.h"

static PFN_vkGetInstanceProcAddr gipa;
/// makeDevice's queue family: the first with compute (the probes'), or a
/// compute-only one where there is one (kgpu's runtime).
static bool gComputeOnly = false;
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
  X(vkResetDescriptorPool) X(vkMapMemory) X(vkUnmapMemory)                    \
  X(vkDestroyPipeline) X(vkDestroyPipelineLayout)                              \
  X(vkDestroyDescriptorSetLayout) X(vkDestroyShaderModule)

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
  bool signedZero32 = false; // the runtime's float-controls patch applies
  uint32_t family = 0;
  // bisect: one host staging buffer, kept (stagedWrite).
  VkBuffer staging = VK_NULL_HANDLE;
  VkDeviceMemory stagingMemory = VK_NULL_HANDLE;
  VkDeviceSize stagingSize = 0;
  void *stagingMap = nullptr;
  // The shader's interface: bindings of x and y, push-constant offsets of
  // n and a, the block's size.
  uint32_t bindX = 0, bindY = 1, pcN = 0, pcA = 4, pcSize = 8;
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
  void *map[2] = {}; // bisect: persistent mappings of b[i]
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
  bool hv = mode.size() > 3 && mode.compare(mode.size() - 3, 3, "-hv") == 0;
  if (hv)
    mode.resize(mode.size() - 3);
  uint32_t type = pickType(d, req[0].memoryTypeBits, hv);
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
    w[i].dstBinding = i == 0 ? d.bindX : d.bindY;
    w[i].descriptorCount = 1;
    w[i].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    w[i].pBufferInfo = &info[i];
  }
  d.vkUpdateDescriptorSets(d.dev, 2, w, 0, nullptr);
  return true;
}

static void release(Dev &d, Bufs &B) {
  for (int i = 0; i < 2; ++i)
    if (B.map[i]) d.vkUnmapMemory(d.dev, B.m[i]);
  for (VkBuffer b : B.b) if (b) d.vkDestroyBuffer(d.dev, b, nullptr);
  for (VkDeviceMemory m : B.m) if (m) d.vkFreeMemory(d.dev, m, nullptr);
}

enum Op { SAXPY, COPY, FILL };

static void record(Dev &d, Bufs &B, Op op) {
  if (op == SAXPY) {
    d.vkCmdBindPipeline(d.cb, VK_PIPELINE_BIND_POINT_COMPUTE, d.pipe);
    d.vkCmdBindDescriptorSets(d.cb, VK_PIPELINE_BIND_POINT_COMPUTE, d.layout,
                              0, 1, &B.set, 0, nullptr);
    unsigned char pc[128] = {};
    float a = 2.0f;
    std::memcpy(pc + d.pcN, &B.n, 4);
    std::memcpy(pc + d.pcA, &a, 4);
    d.vkCmdPushConstants(d.cb, d.layout, VK_SHADER_STAGE_COMPUTE_BIT, 0,
                         d.pcSize, pc);
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
  if (props.apiVersion >= VK_API_VERSION_1_2) {
    G(inst, vkGetPhysicalDeviceProperties2);
    VkPhysicalDeviceFloatControlsProperties fc = {
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FLOAT_CONTROLS_PROPERTIES};
    VkPhysicalDeviceProperties2 p2 = {VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2};
    p2.pNext = &fc;
    vkGetPhysicalDeviceProperties2(pd, &p2);
    d.signedZero32 = fc.shaderSignedZeroInfNanPreserveFloat32;
  }
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
  if (gComputeOnly) // kgpu's runtime: a compute-only family if there is one
    for (uint32_t f = 0; f < nf; ++f)
      if ((fams[f].queueFlags & VK_QUEUE_COMPUTE_BIT) &&
          !(fams[f].queueFlags & VK_QUEUE_GRAPHICS_BIT))
        qf = f;
  d.family = qf;
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


/// Replaces the device's saxpy pipeline with `words` (entry `entry`, x and
/// y at bindings bx and by, n and a at push-constant offsets pn and pa,
/// work-group size specialization constants 0-2 = 256, 1, 1 when `spec`).
static bool setShader(Dev &d, std::vector<uint32_t> words, const char *entry,
                      uint32_t bx, uint32_t by, uint32_t pn, uint32_t pa,
                      uint32_t pcSize, bool spec, bool patch) {
  if (patch) // what the runtime does on a device with float controls
    kgpu::vulkan::preserveSignedZeros(words, d.signedZero32, false);
  d.vkDestroyPipeline(d.dev, d.pipe, nullptr);
  d.vkDestroyPipelineLayout(d.dev, d.layout, nullptr);
  d.vkDestroyDescriptorSetLayout(d.dev, d.dsl, nullptr);
  VkShaderModuleCreateInfo smci = {VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
  smci.codeSize = words.size() * 4;
  smci.pCode = words.data();
  VkShaderModule sm;
  if (d.vkCreateShaderModule(d.dev, &smci, nullptr, &sm)) return false;
  VkDescriptorSetLayoutBinding bind[2] = {};
  for (int i = 0; i < 2; ++i) {
    bind[i].binding = i ? by : bx;
    bind[i].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    bind[i].descriptorCount = 1;
    bind[i].stageFlags = VK_SHADER_STAGE_COMPUTE_BIT;
  }
  VkDescriptorSetLayoutCreateInfo dslci = {
      VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
  dslci.bindingCount = 2;
  dslci.pBindings = bind;
  d.vkCreateDescriptorSetLayout(d.dev, &dslci, nullptr, &d.dsl);
  VkPushConstantRange pcr = {VK_SHADER_STAGE_COMPUTE_BIT, 0, pcSize};
  VkPipelineLayoutCreateInfo plci = {VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
  plci.setLayoutCount = 1;
  plci.pSetLayouts = &d.dsl;
  plci.pushConstantRangeCount = 1;
  plci.pPushConstantRanges = &pcr;
  d.vkCreatePipelineLayout(d.dev, &plci, nullptr, &d.layout);
  uint32_t size[3] = {256, 1, 1};
  VkSpecializationMapEntry entries[3];
  for (uint32_t i = 0; i < 3; ++i) entries[i] = {i, i * 4, 4};
  VkSpecializationInfo si = {3, entries, sizeof size, size};
  VkComputePipelineCreateInfo cpci = {VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
  cpci.stage.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
  cpci.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
  cpci.stage.module = sm;
  cpci.stage.pName = entry;
  cpci.stage.pSpecializationInfo = spec ? &si : nullptr;
  cpci.layout = d.layout;
  VkResult r = d.vkCreateComputePipelines(d.dev, VK_NULL_HANDLE, 1, &cpci,
                                          nullptr, &d.pipe);
  d.vkDestroyShaderModule(d.dev, sm, nullptr);
  d.bindX = bx, d.bindY = by, d.pcN = pn, d.pcA = pa, d.pcSize = pcSize;
  return r == VK_SUCCESS;
}

static double msSince(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now() - t0).count();
}

/// Copies `bytes` from `src` into buffer `dst` through a host staging
/// buffer (HOST_VISIBLE, not DEVICE_LOCAL where there is one), made on
/// first use and kept for the largest size asked.
static bool stagedWrite(Dev &d, VkBuffer dst, const void *src, VkDeviceSize bytes) {
  if (d.stagingSize < bytes) {
    if (d.staging) {
      d.vkDestroyBuffer(d.dev, d.staging, nullptr);
      d.vkFreeMemory(d.dev, d.stagingMemory, nullptr);
      d.staging = VK_NULL_HANDLE, d.stagingSize = 0;
    }
    VkBufferCreateInfo bci = {VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
    bci.size = bytes;
    bci.usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT;
    if (d.vkCreateBuffer(d.dev, &bci, nullptr, &d.staging)) return false;
    VkMemoryRequirements req;
    d.vkGetBufferMemoryRequirements(d.dev, d.staging, &req);
    const VkMemoryPropertyFlags host =
        VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
    uint32_t type = ~0u;
    for (int pass = 0; pass < 2 && type == ~0u; ++pass)
      for (uint32_t t = 0; t < d.mem.memoryTypeCount && type == ~0u; ++t) {
        VkMemoryPropertyFlags f = d.mem.memoryTypes[t].propertyFlags;
        if ((req.memoryTypeBits & (1u << t)) && (f & host) == host &&
            (pass || !(f & VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT)))
          type = t;
      }
    VkMemoryAllocateInfo ai = {VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
    ai.allocationSize = req.size;
    ai.memoryTypeIndex = type;
    if (type == ~0u || d.vkAllocateMemory(d.dev, &ai, nullptr, &d.stagingMemory)) {
      d.vkDestroyBuffer(d.dev, d.staging, nullptr);
      d.staging = VK_NULL_HANDLE;
      return false;
    }
    d.vkBindBufferMemory(d.dev, d.staging, d.stagingMemory, 0);
    d.vkMapMemory(d.dev, d.stagingMemory, 0, VK_WHOLE_SIZE, 0, &d.stagingMap);
    d.stagingSize = bytes;
  }
  std::memcpy(d.stagingMap, src, bytes);
  d.vkResetCommandBuffer(d.cb, 0);
  VkCommandBufferBeginInfo bi = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  d.vkBeginCommandBuffer(d.cb, &bi);
  VkBufferCopy region = {0, 0, bytes};
  d.vkCmdCopyBuffer(d.cb, d.staging, dst, 1, &region);
  d.vkEndCommandBuffer(d.cb);
  VkSubmitInfo si = {VK_STRUCTURE_TYPE_SUBMIT_INFO};
  si.commandBufferCount = 1;
  si.pCommandBuffers = &d.cb;
  d.vkQueueSubmit(d.q, 1, &si, VK_NULL_HANDLE);
  d.vkQueueWaitIdle(d.q);
  return true;
}

/// Writes buffer i (0 = x, 1 = y) the way `data` says; false on failure.
static bool writeData(Dev &d, Bufs &B, int i, const std::string &data,
                      const std::vector<float> &rnd, const std::vector<float> &ramp) {
  const float *src = data.compare(0, 4, "ramp") == 0 ? ramp.data() : rnd.data();
  if (data == "const") {
    d.vkResetCommandBuffer(d.cb, 0);
    VkCommandBufferBeginInfo bi = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    d.vkBeginCommandBuffer(d.cb, &bi);
    d.vkCmdFillBuffer(d.cb, B.b[i], 0, VK_WHOLE_SIZE, i ? 0x40000000 : 0x3f800000);
    d.vkEndCommandBuffer(d.cb);
    VkSubmitInfo si = {VK_STRUCTURE_TYPE_SUBMIT_INFO};
    si.commandBufferCount = 1;
    si.pCommandBuffers = &d.cb;
    d.vkQueueSubmit(d.q, 1, &si, VK_NULL_HANDLE);
    d.vkQueueWaitIdle(d.q);
    return true;
  }
  if (data.find("+map") != std::string::npos) {
    if (!B.map[i] && d.vkMapMemory(d.dev, B.m[i], 0, VK_WHOLE_SIZE, 0, &B.map[i]))
      return false;
    std::memcpy(B.map[i], src, B.size);
    return true;
  }
  return stagedWrite(d, B.b[i], src, B.size);
}

/// Two dispatches back to back in one command buffer: their times.
static std::pair<double, double> pair2(Dev &d, Bufs &B) {
  std::vector<double> t = timed(d, B, SAXPY, 2);
  return {t[0], t[1]};
}

static int bisect(VkInstance inst, VkPhysicalDevice pd, int argc, char **argv) {
  std::vector<uint32_t> sizes;
  std::string kgpuFile;
  uint32_t kif[5] = {2, 3, 0, 4, 8}; // bx by pn pa size (bundle_payload.py)
  for (int i = 2; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--kgpu") && i + 6 < argc) {
      kgpuFile = argv[++i];
      for (uint32_t &v : kif) v = uint32_t(std::atoi(argv[++i]));
    } else
      sizes.push_back(uint32_t(std::atoi(argv[i])) << 20);
  }
  if (sizes.empty()) sizes = {64u << 20, 128u << 20, 192u << 20, 256u << 20};
  std::vector<uint32_t> kgpuWords;
  if (!kgpuFile.empty()) {
    FILE *f = std::fopen(kgpuFile.c_str(), "rb");
    if (!f) { std::printf("cannot open %s\n", kgpuFile.c_str()); return 1; }
    uint32_t w;
    while (std::fread(&w, 4, 1, f) == 1) kgpuWords.push_back(w);
    std::fclose(f);
  }
  Dev d;
  if (!makeDevice(inst, pd, false, d)) { std::printf("no device\n"); return 1; }
  for (uint32_t h = 0; h < d.mem.memoryHeapCount; ++h)
    std::printf("heap %u: %.1f GiB%s\n", h, d.mem.memoryHeaps[h].size / 1073741824.0,
                d.mem.memoryHeaps[h].flags & VK_MEMORY_HEAP_DEVICE_LOCAL_BIT
                    ? " DEVICE_LOCAL" : "");
  for (uint32_t t = 0; t < d.mem.memoryTypeCount; ++t)
    std::printf("type %u: heap %u, flags 0x%x\n", t, d.mem.memoryTypes[t].heapIndex,
                d.mem.memoryTypes[t].propertyFlags);
  std::printf("float controls: signed zero/inf/nan preserve f32 %d\n", d.signedZero32);
  uint32_t maxN = *std::max_element(sizes.begin(), sizes.end());
  std::vector<float> rnd(maxN), ramp(maxN);
  uint32_t state = 12345;
  for (uint32_t i = 0; i < maxN; ++i) {
    state = state * 1664525u + 1013904223u;
    rnd[i] = (state >> 8) * (1.0f / 16777216.0f);
    ramp[i] = (float)(i % 1000) * 0.001f;
  }
  struct Shader { const char *name; bool kgpu; };
  std::vector<Shader> shaders = {{"glsl", false}};
  if (!kgpuWords.empty()) shaders.push_back({"kgpu", true});
  // (memory, data): kgpu's memory (dedicated, DEVICE_LOCAL|HOST_VISIBLE)
  // with every kind of data, and DEVICE_LOCAL alone with staged random data.
  const std::pair<const char *, const char *> cases[] = {
      {"ded-hv", "const"}, {"ded-hv", "rand"}, {"ded-hv", "rand+map"},
      {"ded-hv", "ramp+map"}, {"ded", "rand"}};
  // (DEVICE_LOCAL alone only with the GLSL shader: it tests the memory.)
  {
    Bufs W; // warm-up, about 200 ms of saxpy
    W.n = 64u << 20;
    if (alloc(d, W, "ded", VkDeviceSize(W.n) * 4)) {
      timed(d, W, FILL, 1);
      double spent = 0;
      for (int i = 0; i < 40 && spent < 200; ++i)
        for (double v : timed(d, W, SAXPY, 20)) spent += v;
    }
    release(d, W);
  }
  std::printf("bisect: N shader memory data | steady med (min) | after writing y: "
              "1st 2nd (write ms) | after 200 ms idle: 1st 2nd\n");
  // The cases at size n on device d; `only` limits them to (memory, data)
  // pairs whose data is in it (the second queue family's pass).
  auto runCases = [&](Dev &d, uint32_t n, const char *queue,
                      const std::vector<std::string> &only) {
    for (const Shader &sh : shaders) {
      bool ok = sh.kgpu ? setShader(d, kgpuWords, "saxpy", kif[0], kif[1], kif[2],
                                              kif[3], kif[4], true, true)
                        : setShader(d, std::vector<uint32_t>(kSaxpySpv, kSaxpySpv +
                                        sizeof kSaxpySpv / 4), "main", 0, 1, 0, 4, 8,
                                    false, false);
      if (!ok) { std::printf("bisect %3uM %s: pipeline failed\n", n >> 20, sh.name); continue; }
      for (auto [memory, data] : cases) {
        if (sh.kgpu && !std::strcmp(memory, "ded"))
          continue;
        if (!only.empty() && (std::find(only.begin(), only.end(), data) == only.end() ||
                              std::strcmp(memory, "ded-hv")))
          continue;
        Bufs B;
        B.n = n;
        std::string label = std::string(memory) == "ded" ? "t1" : "t4";
        label += queue;
        if (!alloc(d, B, memory, VkDeviceSize(n) * 4) ||
            !writeData(d, B, 0, data, rnd, ramp) || !writeData(d, B, 1, data, rnd, ramp)) {
          std::printf("bisect %3uM %s %s %s: setup failed\n", n >> 20, sh.name,
                      label.c_str(), data);
          release(d, B);
          continue;
        }
        timed(d, B, SAXPY, 1);
        std::vector<double> steady;
        for (int i = 0; i < 7; ++i) steady.push_back(timed(d, B, SAXPY, 1)[0]);
        std::vector<double> w1, w2, wms, i1, i2;
        for (int i = 0; i < 3; ++i) {
          auto t0 = std::chrono::steady_clock::now();
          writeData(d, B, 1, data, rnd, ramp);
          wms.push_back(msSince(t0));
          auto [a, b] = pair2(d, B);
          w1.push_back(a), w2.push_back(b);
        }
        for (int i = 0; i < 3; ++i) {
          std::this_thread::sleep_for(std::chrono::milliseconds(200));
          auto [a, b] = pair2(d, B);
          i1.push_back(a), i2.push_back(b);
        }
        // y after its last write and eight dispatches: y0 + 8 * 2 * x
        // (const: 2 + 16; else x = y0), checked at both ends where mapped.
        std::string check = "-";
        void *ym = B.map[1];
        if (!ym && label == "t4")
          d.vkMapMemory(d.dev, B.m[1], 0, VK_WHOLE_SIZE, 0, &B.map[1]), ym = B.map[1];
        if (ym) {
          const float *src = std::string(data).compare(0, 4, "ramp") == 0 ? ramp.data()
                                                                          : rnd.data();
          check = "ok";
          for (uint32_t i : {0u, n / 2 + 1, n - 1}) {
            float got = static_cast<const float *>(ym)[i];
            float want = std::string(data) == "const" ? 18.0f : 17.0f * src[i];
            if (std::fabs(got - want) > 1e-4f * std::max(1.0f, std::fabs(want)))
              check = "WRONG";
          }
        }
        std::printf("bisect %3uM %-4s %s %-8s | steady %.3f (%.3f) | after write %.3f %.3f "
                    "(%.0f ms) | after idle %.3f %.3f | y %s\n",
                    n >> 20, sh.name, label.c_str(), data, median(steady),
                    minimum(steady), median(w1), median(w2), median(wms), median(i1),
                    median(i2), check.c_str());
        std::fflush(stdout);
        release(d, B);
      }
    }
  };
  for (uint32_t n : sizes)
    runCases(d, n, "", {});
  if (d.stagingMap) {
    d.vkDestroyBuffer(d.dev, d.staging, nullptr);
    d.vkFreeMemory(d.dev, d.stagingMemory, nullptr);
  }
  d.vkQueueWaitIdle(d.q);
  d.vkDestroyDevice(d.dev, nullptr);
  // The first size again on a compute-only queue family (kgpu's runtime's
  // choice), where the device has one: label "t4/cq".
  gComputeOnly = true;
  Dev c;
  if (makeDevice(inst, pd, false, c) && c.family != d.family) {
    std::printf("compute-only queue family %u (the first pass: family %u)\n",
                c.family, d.family);
    runCases(c, sizes.front(), "/cq", {"const", "rand+map"});
    c.vkQueueWaitIdle(c.q);
    c.vkDestroyDevice(c.dev, nullptr);
  } else {
    std::printf("no compute-only queue family\n");
  }
  return 0;
}

int main(int argc, char **argv) {
  // `ramp M FILE`: M Mi floats (i % 1000) * 0.001 (bench/gpu/native.cu's
  // saxpy_x.bin, the table's input) for kgpu-run's @FILE.
  if (argc == 4 && !std::strcmp(argv[1], "ramp")) {
    FILE *f = std::fopen(argv[3], "wb");
    if (!f) { std::printf("cannot write %s\n", argv[3]); return 1; }
    std::vector<float> v(1 << 20);
    for (uint32_t m = 0, n = uint32_t(std::atoi(argv[2])); m < n; ++m) {
      for (uint32_t i = 0; i < v.size(); ++i)
        v[i] = (float)((m * v.size() + i) % 1000) * 0.001f;
      if (std::fwrite(v.data(), 4, v.size(), f) != v.size()) return 1;
    }
    return std::fclose(f) ? 1 : 0;
  }
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
  if (argc > 1 && !std::strcmp(argv[1], "bisect"))
    return bisect(inst, pd, argc, argv);
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
