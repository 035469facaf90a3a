//===- CUDABackend.cpp - the CUDA driver API backend ------------*- C++ -*-===//
//
// Loads libcuda.so.1 at run time (no link-time dependency on CUDA) and runs
// the bundle's "cuda" payloads ("CUDA ABI" in docs/codegen.md): the cubin
// built for the device's architecture if the bundle has one, else the PTX
// (JIT-compiled by the driver). Kernel parameters follow the memref
// descriptor expansion: a buffer is (allocated, aligned, offset, sizes...,
// strides...), a scalar is one parameter of its C type.
//
// Each kgpu queue is a CUDA stream; a launch records a start and an end
// event around cuLaunchKernel, and a per-queue thread retires launches in
// order (cuEventSynchronize, cuEventElapsedTime) and signals their events.
//
//===----------------------------------------------------------------------===//

#include "../lib/Internal.h"

#include <cstring>

#include <dlfcn.h>

using namespace kgpu::rt;

namespace {

//===----------------------------------------------------------------------===//
// The driver API subset (declared here: no CUDA headers needed to build)
//===----------------------------------------------------------------------===//

using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
using CUcontext = struct CUctx_st *;
using CUmodule = struct CUmod_st *;
using CUfunction = struct CUfunc_st *;
using CUstream = struct CUstream_st *;
using CUevent = struct CUevent_st *;

enum : int {
  CUDA_SUCCESS = 0,
  CUDA_ERROR_INVALID_VALUE = 1,
  CUDA_ERROR_OUT_OF_MEMORY = 2,
  CUDA_ERROR_NO_DEVICE = 100,
  CUDA_ERROR_NO_BINARY_FOR_GPU = 209,
  CUDA_ERROR_INVALID_PTX = 218,
  CUDA_ERROR_UNSUPPORTED_PTX_VERSION = 222,
  CUDA_ERROR_NOT_READY = 600,
  CUDA_ERROR_ILLEGAL_ADDRESS = 700,
  CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES = 701,
  CUDA_ERROR_LAUNCH_TIMEOUT = 702,
  CUDA_ERROR_HARDWARE_STACK_ERROR = 714,
  CUDA_ERROR_ILLEGAL_INSTRUCTION = 715,
  CUDA_ERROR_MISALIGNED_ADDRESS = 716,
  CUDA_ERROR_INVALID_ADDRESS_SPACE = 717,
  CUDA_ERROR_INVALID_PC = 718,
  CUDA_ERROR_LAUNCH_FAILED = 719,
  CUDA_ERROR_ECC_UNCORRECTABLE = 214,
};

enum : int {
  CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 1,
  CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X = 2,
  CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X = 5,
  CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK = 8,
  CU_DEVICE_ATTRIBUTE_WARP_SIZE = 10,
  CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16,
  CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75,
  CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76,
  CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN = 97,
  CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 0,
  CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES = 1,
  CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8,
  CU_JIT_ERROR_LOG_BUFFER = 5,
  CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6,
  CU_EVENT_BLOCKING_SYNC = 1,
};

#define KGPU_CUDA_FUNCTIONS(X)                                                 \
  X(cuInit, CUresult, unsigned)                                                \
  X(cuDeviceGetCount, CUresult, int *)                                         \
  X(cuDeviceGet, CUresult, CUdevice *, int)                                    \
  X(cuDeviceGetName, CUresult, char *, int, CUdevice)                          \
  X(cuDeviceGetAttribute, CUresult, int *, int, CUdevice)                      \
  X(cuDeviceTotalMem, CUresult, size_t *, CUdevice)                            \
  X(cuDevicePrimaryCtxRetain, CUresult, CUcontext *, CUdevice)                 \
  X(cuDevicePrimaryCtxRelease, CUresult, CUdevice)                             \
  X(cuCtxSetCurrent, CUresult, CUcontext)                                      \
  X(cuCtxSynchronize, CUresult)                                                \
  X(cuMemAlloc, CUresult, CUdeviceptr *, size_t)                               \
  X(cuMemFree, CUresult, CUdeviceptr)                                          \
  X(cuMemcpyHtoD, CUresult, CUdeviceptr, const void *, size_t)                 \
  X(cuMemcpyDtoH, CUresult, void *, CUdeviceptr, size_t)                       \
  X(cuMemcpyDtoD, CUresult, CUdeviceptr, CUdeviceptr, size_t)                  \
  X(cuMemsetD8, CUresult, CUdeviceptr, unsigned char, size_t)                  \
  X(cuMemsetD8Async, CUresult, CUdeviceptr, unsigned char, size_t, CUstream)   \
  X(cuMemsetD16Async, CUresult, CUdeviceptr, unsigned short, size_t, CUstream) \
  X(cuMemsetD32Async, CUresult, CUdeviceptr, unsigned, size_t, CUstream)       \
  X(cuModuleLoadDataEx, CUresult, CUmodule *, const void *, unsigned, int *,   \
    void **)                                                                   \
  X(cuModuleUnload, CUresult, CUmodule)                                        \
  X(cuModuleGetFunction, CUresult, CUfunction *, CUmodule, const char *)       \
  X(cuFuncGetAttribute, CUresult, int *, int, CUfunction)                      \
  X(cuFuncSetAttribute, CUresult, CUfunction, int, int)                        \
  X(cuLaunchKernel, CUresult, CUfunction, unsigned, unsigned, unsigned,        \
    unsigned, unsigned, unsigned, unsigned, CUstream, void **, void **)        \
  X(cuStreamCreate, CUresult, CUstream *, unsigned)                            \
  X(cuStreamDestroy, CUresult, CUstream)                                       \
  X(cuStreamSynchronize, CUresult, CUstream)                                   \
  X(cuEventCreate, CUresult, CUevent *, unsigned)                              \
  X(cuEventDestroy, CUresult, CUevent)                                         \
  X(cuEventRecord, CUresult, CUevent, CUstream)                                \
  X(cuEventSynchronize, CUresult, CUevent)                                     \
  X(cuEventElapsedTime, CUresult, float *, CUevent, CUevent)                   \
  X(cuGetErrorName, CUresult, CUresult, const char **)                         \
  X(cuGetErrorString, CUresult, CUresult, const char **)

struct Driver {
#define X(name, ret, ...) ret (*name)(__VA_ARGS__) = nullptr;
  KGPU_CUDA_FUNCTIONS(X)
#undef X
};

/// Resolves `fn` from the newest exported ABI version of the entry point
/// (the name cuda.h's macros map to), else the original one.
template <typename F>
bool resolve(void *lib, F &fn, const char *name,
             const char *fallback = nullptr) {
  fn = reinterpret_cast<F>(dlsym(lib, name));
  if (!fn && fallback)
    fn = reinterpret_cast<F>(dlsym(lib, fallback));
  return fn != nullptr;
}

/// Resolves every entry point; returns the name of a missing one.
const char *resolveDriver(void *lib, Driver &d) {
#define R(member, ...)                                                         \
  if (!resolve(lib, d.member, __VA_ARGS__))                                    \
    return #member;
  R(cuInit, "cuInit")
  R(cuDeviceGetCount, "cuDeviceGetCount")
  R(cuDeviceGet, "cuDeviceGet")
  R(cuDeviceGetName, "cuDeviceGetName")
  R(cuDeviceGetAttribute, "cuDeviceGetAttribute")
  R(cuDeviceTotalMem, "cuDeviceTotalMem_v2", "cuDeviceTotalMem")
  R(cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain")
  R(cuDevicePrimaryCtxRelease, "cuDevicePrimaryCtxRelease_v2",
    "cuDevicePrimaryCtxRelease")
  R(cuCtxSetCurrent, "cuCtxSetCurrent")
  R(cuCtxSynchronize, "cuCtxSynchronize")
  R(cuMemAlloc, "cuMemAlloc_v2", "cuMemAlloc")
  R(cuMemFree, "cuMemFree_v2", "cuMemFree")
  R(cuMemcpyHtoD, "cuMemcpyHtoD_v2", "cuMemcpyHtoD")
  R(cuMemcpyDtoH, "cuMemcpyDtoH_v2", "cuMemcpyDtoH")
  R(cuMemcpyDtoD, "cuMemcpyDtoD_v2", "cuMemcpyDtoD")
  R(cuMemsetD8, "cuMemsetD8_v2", "cuMemsetD8")
  R(cuMemsetD8Async, "cuMemsetD8Async")
  R(cuMemsetD16Async, "cuMemsetD16Async")
  R(cuMemsetD32Async, "cuMemsetD32Async")
  R(cuModuleLoadDataEx, "cuModuleLoadDataEx")
  R(cuModuleUnload, "cuModuleUnload")
  R(cuModuleGetFunction, "cuModuleGetFunction")
  R(cuFuncGetAttribute, "cuFuncGetAttribute")
  R(cuFuncSetAttribute, "cuFuncSetAttribute")
  R(cuLaunchKernel, "cuLaunchKernel")
  R(cuStreamCreate, "cuStreamCreate")
  R(cuStreamDestroy, "cuStreamDestroy_v2", "cuStreamDestroy")
  R(cuStreamSynchronize, "cuStreamSynchronize")
  R(cuEventCreate, "cuEventCreate")
  R(cuEventDestroy, "cuEventDestroy_v2", "cuEventDestroy")
  R(cuEventRecord, "cuEventRecord")
  R(cuEventSynchronize, "cuEventSynchronize")
  R(cuEventElapsedTime, "cuEventElapsedTime_v2", "cuEventElapsedTime")
  R(cuGetErrorName, "cuGetErrorName")
  R(cuGetErrorString, "cuGetErrorString")
#undef R
  return nullptr;
}

class CUDABackend : public Backend {
public:
  kgpu_backend kind() const override { return KGPU_BACKEND_CUDA; }
  const char *name() const override { return "cuda"; }
  Error enumerate(std::vector<kgpu_device_info> &devices) override;
  Error open(uint32_t index, std::unique_ptr<BackendDevice> &out) override;

  /// An error for a failed driver call; sticky launch failures mean the
  /// context (device) is lost.
  Error error(CUresult r, const char *what) const {
    const char *name = nullptr;
    const char *text = nullptr;
    if (driver.cuGetErrorName)
      driver.cuGetErrorName(r, &name);
    if (driver.cuGetErrorString)
      driver.cuGetErrorString(r, &text);
    kgpu_status code = KGPU_ERROR_BACKEND;
    switch (r) {
    case CUDA_ERROR_OUT_OF_MEMORY:
      code = KGPU_ERROR_OUT_OF_MEMORY;
      break;
    case CUDA_ERROR_ILLEGAL_ADDRESS:
    case CUDA_ERROR_LAUNCH_TIMEOUT:
    case CUDA_ERROR_HARDWARE_STACK_ERROR:
    case CUDA_ERROR_ILLEGAL_INSTRUCTION:
    case CUDA_ERROR_MISALIGNED_ADDRESS:
    case CUDA_ERROR_INVALID_ADDRESS_SPACE:
    case CUDA_ERROR_INVALID_PC:
    case CUDA_ERROR_LAUNCH_FAILED:
    case CUDA_ERROR_ECC_UNCORRECTABLE:
      code = KGPU_ERROR_DEVICE_LOST;
      break;
    case CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES:
      code = KGPU_ERROR_LAUNCH_CONFIG;
      break;
    case CUDA_ERROR_NO_BINARY_FOR_GPU:
    case CUDA_ERROR_INVALID_PTX:
    case CUDA_ERROR_UNSUPPORTED_PTX_VERSION:
      code = KGPU_ERROR_UNSUPPORTED;
      break;
    default:
      break;
    }
    return makeError(code, "CUDA: %s failed: %s (%d)%s%s", what,
                     name ? name : "CUDA error", r, text ? ": " : "",
                     text ? text : "");
  }

  Driver driver;

private:
  Error init();
  bool initialized = false;
  Error initError;
  std::vector<kgpu_device_info> devices;
};

Error CUDABackend::init() {
  if (initialized)
    return initError;
  initialized = true;
  void *lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    const char *why = dlerror();
    return initError = makeError(KGPU_ERROR_NO_DEVICE, "no CUDA driver (%s)",
                                 why ? why : "libcuda.so.1 not found");
  }
  // The driver stays loaded for the life of the process.
  if (const char *missing = resolveDriver(lib, driver))
    return initError = makeError(KGPU_ERROR_NO_DEVICE,
                                 "the CUDA driver lacks %s", missing);
  CUresult r = driver.cuInit(0);
  if (r == CUDA_ERROR_NO_DEVICE)
    return initError =
               Error(KGPU_ERROR_NO_DEVICE, "the CUDA driver found no device");
  if (r != CUDA_SUCCESS) {
    Error e = error(r, "cuInit");
    return initError = Error(KGPU_ERROR_NO_DEVICE, e.message());
  }
  int count = 0;
  if ((r = driver.cuDeviceGetCount(&count)) != CUDA_SUCCESS)
    return initError = error(r, "cuDeviceGetCount");
  for (int i = 0; i < count; ++i) {
    CUdevice dev;
    if (driver.cuDeviceGet(&dev, i) != CUDA_SUCCESS)
      continue;
    kgpu_device_info info = {};
    info.backend = KGPU_BACKEND_CUDA;
    info.index = static_cast<uint32_t>(devices.size());
    char name[256] = {};
    driver.cuDeviceGetName(name, sizeof(name) - 1, dev);
    copyName(info.name, sizeof(info.name), name);
    auto attr = [&](int a) {
      int v = 0;
      driver.cuDeviceGetAttribute(&v, a, dev);
      return static_cast<uint32_t>(v < 0 ? 0 : v);
    };
    for (int d = 0; d < 3; ++d) {
      info.max_workgroup_size[d] =
          attr(CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X + d);
      info.max_grid[d] = attr(CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X + d);
    }
    info.max_workgroup_invocations =
        attr(CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK);
    // What a block may use when it opts in to dynamic shared memory
    // (227 KiB on the H100/H200): kernels whose local arrays exceed the
    // 48 KiB of static shared memory put them there (docs/bundle.md).
    info.max_local_memory_bytes =
        std::max(attr(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK),
                 attr(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN));
    info.subgroup_size = attr(CU_DEVICE_ATTRIBUTE_WARP_SIZE);
    info.compute_units = attr(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT);
    size_t total = 0;
    driver.cuDeviceTotalMem(&total, dev);
    info.memory_bytes = total;
    devices.push_back(info);
  }
  if (devices.empty())
    return initError =
               Error(KGPU_ERROR_NO_DEVICE, "the CUDA driver found no device");
  return Error::success();
}

Error CUDABackend::enumerate(std::vector<kgpu_device_info> &out) {
  if (Error e = init())
    return e;
  out = devices;
  return Error::success();
}

//===----------------------------------------------------------------------===//
// Device, buffers, modules
//===----------------------------------------------------------------------===//

class CUDADevice : public BackendDevice {
public:
  CUDADevice(CUDABackend &backend, const kgpu_device_info &info)
      : backend(backend), drv(backend.driver), deviceInfo(info) {}
  ~CUDADevice() override {
    if (context) {
      drv.cuCtxSetCurrent(context);
      drv.cuCtxSynchronize();
      drv.cuDevicePrimaryCtxRelease(device);
    }
  }

  Error init() {
    CUresult r = drv.cuDeviceGet(&device, static_cast<int>(deviceInfo.index));
    if (r != CUDA_SUCCESS)
      return backend.error(r, "cuDeviceGet");
    if ((r = drv.cuDevicePrimaryCtxRetain(&context, device)) != CUDA_SUCCESS) {
      context = nullptr;
      return backend.error(r, "cuDevicePrimaryCtxRetain");
    }
    int major = 0, minor = 0;
    drv.cuDeviceGetAttribute(
        &major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, device);
    drv.cuDeviceGetAttribute(
        &minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, device);
    sm = major * 10 + minor;
    return makeCurrent();
  }

  /// Makes the device's context current on the calling thread.
  Error makeCurrent() {
    if (lost)
      return lostError();
    CUresult r = drv.cuCtxSetCurrent(context);
    if (r != CUDA_SUCCESS)
      return check(r, "cuCtxSetCurrent");
    return Error::success();
  }

  /// Maps a failed call to an error, remembering a lost context.
  Error check(CUresult r, const char *what) {
    Error e = backend.error(r, what);
    if (e.status() == KGPU_ERROR_DEVICE_LOST)
      lost = true;
    return e;
  }

  Error lostError() const {
    return makeError(KGPU_ERROR_DEVICE_LOST,
                     "the CUDA device '%s' was lost (a kernel faulted); "
                     "release it and open it again",
                     deviceInfo.name);
  }

  const kgpu_device_info &info() const override { return deviceInfo; }
  Error createBuffer(size_t size,
                     std::unique_ptr<BackendBuffer> &buffer) override;
  Error wrapExternal(uint64_t handle, size_t size,
                     std::unique_ptr<BackendBuffer> &buffer) override;
  Error loadModule(const ModuleDesc &module,
                   std::unique_ptr<BackendModule> &out) override;
  Error createQueue(std::unique_ptr<BackendQueue> &queue) override;
  Error checkLaunch(const LaunchRequest &request) override;
  /// cuMemsetD8/D16/D32Async on the launch's stream store 1-, 2- and 4-byte
  /// values at offsets aligned to their size (an 8-byte value is two words).
  bool storesInQueue(const LaunchStore &store) const override {
    uint32_t unit = store.bytes == 8 ? 4 : store.bytes;
    return (unit == 1 || unit == 2 || unit == 4) && store.offset % unit == 0;
  }

  CUDABackend &backend;
  const Driver &drv;
  kgpu_device_info deviceInfo;
  CUdevice device = 0;
  CUcontext context = nullptr;
  int sm = 0;
  std::atomic<bool> lost{false};
};

class CUDABuffer : public BackendBuffer {
public:
  CUDABuffer(CUDADevice &dev, CUdeviceptr ptr, bool owned = true)
      : dev(dev), ptr(ptr), owned(owned) {}
  ~CUDABuffer() override {
    if (owned && !dev.makeCurrent())
      dev.drv.cuMemFree(ptr);
  }
  uint64_t nativeHandle() const override { return ptr; }
  Error upload(size_t offset, const void *src, size_t n) override {
    if (Error e = dev.makeCurrent())
      return e;
    CUresult r = dev.drv.cuMemcpyHtoD(ptr + offset, src, n);
    return r == CUDA_SUCCESS ? Error::success() : dev.check(r, "cuMemcpyHtoD");
  }
  Error download(size_t offset, void *dst, size_t n) override {
    if (Error e = dev.makeCurrent())
      return e;
    CUresult r = dev.drv.cuMemcpyDtoH(dst, ptr + offset, n);
    return r == CUDA_SUCCESS ? Error::success() : dev.check(r, "cuMemcpyDtoH");
  }
  Error copyFrom(size_t dstOffset, BackendBuffer &src, size_t srcOffset,
                 size_t n) override {
    if (Error e = dev.makeCurrent())
      return e;
    CUresult r = dev.drv.cuMemcpyDtoD(
        ptr + dstOffset, static_cast<CUDABuffer &>(src).ptr + srcOffset, n);
    if (r == CUDA_SUCCESS)
      r = dev.drv.cuCtxSynchronize();
    return r == CUDA_SUCCESS ? Error::success() : dev.check(r, "cuMemcpyDtoD");
  }

  CUDADevice &dev;
  CUdeviceptr ptr;
  bool owned;
};

Error CUDADevice::wrapExternal(uint64_t handle, size_t size,
                               std::unique_ptr<BackendBuffer> &out) {
  (void)size;
  out = std::make_unique<CUDABuffer>(*this, static_cast<CUdeviceptr>(handle),
                                     false);
  return Error::success();
}

Error CUDADevice::createBuffer(size_t size,
                               std::unique_ptr<BackendBuffer> &out) {
  if (Error e = makeCurrent())
    return e;
  CUdeviceptr ptr = 0;
  CUresult r = drv.cuMemAlloc(&ptr, size);
  if (r == CUDA_ERROR_OUT_OF_MEMORY)
    return makeError(KGPU_ERROR_OUT_OF_MEMORY,
                     "cannot allocate %zu bytes on the CUDA device '%s'", size,
                     deviceInfo.name);
  if (r != CUDA_SUCCESS)
    return check(r, "cuMemAlloc");
  auto buffer = std::make_unique<CUDABuffer>(*this, ptr);
  if ((r = drv.cuMemsetD8(ptr, 0, size)) != CUDA_SUCCESS)
    return check(r, "cuMemsetD8");
  out = std::move(buffer);
  return Error::success();
}

class CUDAKernel : public BackendKernel {
public:
  CUfunction function = nullptr;
  int maxThreads = 0;
  /// The dynamic shared memory every launch passes (sharedMemBytes).
  unsigned dynamicSharedBytes = 0;
};

class CUDAModule : public BackendModule {
public:
  CUDAModule(CUDADevice &dev, const ModuleDesc &desc, CUmodule module)
      : dev(dev), desc(desc), module(module), kernels(desc.kernels.size()) {}
  ~CUDAModule() override {
    if (!dev.makeCurrent())
      dev.drv.cuModuleUnload(module);
  }

  Error prepareKernel(uint32_t index, BackendKernel *&out) override {
    if (Error e = dev.makeCurrent())
      return e;
    const std::string &name = desc.kernels[index].name;
    auto kernel = std::make_unique<CUDAKernel>();
    CUresult r =
        dev.drv.cuModuleGetFunction(&kernel->function, module, name.c_str());
    if (r != CUDA_SUCCESS) {
      Error e = dev.check(r, "cuModuleGetFunction");
      return Error(KGPU_ERROR_NO_PAYLOAD,
                   "kernel '" + name +
                       "' is not in the CUDA module: " + e.message());
    }
    dev.drv.cuFuncGetAttribute(&kernel->maxThreads,
                               CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
                               kernel->function);
    // Local arrays beyond static shared memory: opt in to the dynamic
    // shared memory the PTX declares, once per function.
    if (uint64_t dynamic = desc.kernels[index].cudaDynamicSharedBytes) {
      int staticBytes = 0;
      dev.drv.cuFuncGetAttribute(&staticBytes,
                                 CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES,
                                 kernel->function);
      uint64_t limit = dev.info().max_local_memory_bytes;
      uint64_t total = dynamic + static_cast<uint64_t>(std::max(staticBytes, 0));
      if (total > limit)
        return makeError(KGPU_ERROR_LAUNCH_CONFIG,
                         "kernel '%s' needs %llu bytes of shared memory "
                         "(%llu dynamic); the CUDA device '%s' allows %llu "
                         "per block",
                         name.c_str(), static_cast<unsigned long long>(total),
                         static_cast<unsigned long long>(dynamic),
                         dev.info().name,
                         static_cast<unsigned long long>(limit));
      r = dev.drv.cuFuncSetAttribute(
          kernel->function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
          static_cast<int>(dynamic));
      if (r != CUDA_SUCCESS) {
        Error e = dev.check(r, "cuFuncSetAttribute");
        return Error(e.status(), "kernel '" + name +
                                     "': opting in to " +
                                     std::to_string(dynamic) +
                                     " bytes of dynamic shared memory: " +
                                     e.message());
      }
      kernel->dynamicSharedBytes = static_cast<unsigned>(dynamic);
    }
    kernels[index] = std::move(kernel);
    out = kernels[index].get();
    return Error::success();
  }

private:
  CUDADevice &dev;
  const ModuleDesc &desc;
  CUmodule module;
  std::vector<std::unique_ptr<CUDAKernel>> kernels;
};

/// "cubin:sm_90a" -> 90; 0 if not a cubin format.
int cubinArch(const std::string &format) {
  const std::string prefix = "cubin:sm_";
  if (format.compare(0, prefix.size(), prefix) != 0)
    return 0;
  return std::atoi(format.c_str() + prefix.size());
}

Error CUDADevice::loadModule(const ModuleDesc &module,
                             std::unique_ptr<BackendModule> &out) {
  if (Error e = makeCurrent())
    return e;
  const PayloadDesc *cubin = nullptr;
  const PayloadDesc *ptx = nullptr;
  std::string targets;
  for (const PayloadDesc &p : module.payloads) {
    targets += (targets.empty() ? "" : ", ") + p.target + "/" + p.format;
    if (p.target != "cuda")
      continue;
    if (cubinArch(p.format) == sm)
      cubin = &p;
    else if (p.format == "ptx")
      ptx = &p;
  }
  const PayloadDesc *chosen = cubin ? cubin : ptx;
  if (!chosen)
    return makeError(KGPU_ERROR_NO_PAYLOAD,
                     "the bundle has no CUDA payload for sm_%d (a cubin for "
                     "it, or PTX; it has: %s)",
                     sm, targets.empty() ? "none" : targets.c_str());
  // PTX is text the driver reads up to a NUL.
  std::string image = chosen->data;
  image.push_back('\0');
  char log[8192] = {};
  int options[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *values[] = {log, reinterpret_cast<void *>(sizeof(log) - 1)};
  CUmodule handle = nullptr;
  CUresult r =
      drv.cuModuleLoadDataEx(&handle, image.data(), 2, options, values);
  if (r != CUDA_SUCCESS) {
    Error e = check(r, cubin ? "cuModuleLoadDataEx (cubin)"
                             : "cuModuleLoadDataEx (PTX JIT)");
    std::string message = e.message();
    if (log[0])
      message += std::string("\n") + log;
    return Error(e.status(), message);
  }
  out = std::make_unique<CUDAModule>(*this, module, handle);
  return Error::success();
}

Error CUDADevice::checkLaunch(const LaunchRequest &request) {
  if (lost)
    return lostError();
  auto *kernel = static_cast<CUDAKernel *>(request.impl);
  uint64_t threads =
      uint64_t(request.local[0]) * request.local[1] * request.local[2];
  if (kernel->maxThreads > 0 && threads > uint64_t(kernel->maxThreads))
    return makeError(KGPU_ERROR_LAUNCH_CONFIG,
                     "kernel '%s': a work-group of %llu threads exceeds what "
                     "the compiled kernel allows on this device (%d: too "
                     "many registers)",
                     request.kernel->name.c_str(),
                     static_cast<unsigned long long>(threads),
                     kernel->maxThreads);
  return Error::success();
}

//===----------------------------------------------------------------------===//
// Queues
//===----------------------------------------------------------------------===//

/// The events around one launch, destroyed when it retires.
struct Pending : InFlightLaunch {
  CUevent start = nullptr, end = nullptr;
};

class CUDAQueue : public BackendQueue {
public:
  explicit CUDAQueue(CUDADevice &dev) : dev(dev) {}
  Error init() {
    if (Error e = dev.makeCurrent())
      return e;
    // A blocking stream: ordered with the legacy default stream, which the
    // synchronous copies use.
    CUresult r = dev.drv.cuStreamCreate(&stream, 0);
    if (r != CUDA_SUCCESS) {
      stream = nullptr;
      return dev.check(r, "cuStreamCreate");
    }
    return retirer.start([this] { dev.drv.cuCtxSetCurrent(dev.context); },
                         [this](InFlightLaunch &p, uint64_t &ns) {
                           return waitFor(static_cast<Pending &>(p), ns);
                         },
                         [this](InFlightLaunch &p) {
                           destroyEvents(static_cast<Pending &>(p));
                         });
  }
  ~CUDAQueue() override {
    retirer.stop();
    if (stream && !dev.makeCurrent())
      dev.drv.cuStreamDestroy(stream);
  }

  Error launch(LaunchRequest request,
               std::shared_ptr<BackendEvent> &event) override;

  Error finish() override { return retirer.finish(); }

  Error waitIdle() override {
    retirer.waitIdle();
    return dev.lost ? dev.lostError() : Error::success();
  }

private:
  /// Waits for the end event of `p`; its time from the two events.
  Error waitFor(Pending &p, uint64_t &ns);
  void destroyEvents(Pending &p) {
    if (p.start)
      dev.drv.cuEventDestroy(p.start);
    if (p.end)
      dev.drv.cuEventDestroy(p.end);
    p.start = p.end = nullptr;
  }

  CUDADevice &dev;
  CUstream stream = nullptr;
  LaunchRetirer retirer;
};

Error CUDAQueue::launch(LaunchRequest request,
                        std::shared_ptr<BackendEvent> &event) {
  if (Error e = dev.makeCurrent())
    return e;
  // The memref-descriptor expansion of "CUDA ABI": one 8-byte slot per
  // parameter (a scalar's value in its low bytes, little-endian).
  std::vector<uint64_t> slots;
  for (const BoundArg &a : request.args) {
    if (!a.buffer) {
      slots.push_back(a.bits);
      continue;
    }
    uint64_t ptr = static_cast<CUDABuffer *>(a.buffer)->ptr;
    slots.push_back(ptr); // allocated
    slots.push_back(ptr); // aligned
    slots.push_back(0);   // offset
    const std::vector<int64_t> &shape = a.param->shape;
    if (shape.size() == 1 && shape[0] < 0) {
      slots.push_back(static_cast<uint64_t>(a.elements)); // size
      slots.push_back(1);                                 // stride
      continue;
    }
    for (int64_t extent : shape)
      slots.push_back(static_cast<uint64_t>(extent));
    std::vector<uint64_t> strides(shape.size(), 1);
    for (size_t d = shape.size(); d-- > 1;)
      strides[d - 1] = strides[d] * static_cast<uint64_t>(shape[d]);
    slots.insert(slots.end(), strides.begin(), strides.end());
  }
  std::vector<void *> params(slots.size());
  for (size_t i = 0; i < slots.size(); ++i)
    params[i] = &slots[i];

  auto p = std::make_unique<Pending>();
  std::lock_guard<std::mutex> lock(retirer.mutex());
  // The launch's stores (reduction inits), before its start event: in the
  // stream's order, not in the kernel's time.
  for (const LaunchStore &st : request.stores) {
    CUdeviceptr at = static_cast<CUDABuffer *>(st.buffer)->ptr + st.offset;
    CUresult sr = CUDA_SUCCESS;
    const char *what = "cuMemsetD32Async";
    if (st.bytes == 1) {
      what = "cuMemsetD8Async";
      sr = dev.drv.cuMemsetD8Async(at, static_cast<unsigned char>(st.bits), 1,
                                   stream);
    } else if (st.bytes == 2) {
      what = "cuMemsetD16Async";
      sr = dev.drv.cuMemsetD16Async(at, static_cast<unsigned short>(st.bits),
                                    1, stream);
    } else {
      for (uint32_t w = 0; w < st.bytes / 4 && sr == CUDA_SUCCESS; ++w)
        sr = dev.drv.cuMemsetD32Async(
            at + 4 * w, static_cast<unsigned>(st.bits >> (32 * w)), 1, stream);
    }
    if (sr != CUDA_SUCCESS)
      return dev.check(sr, what);
  }
  CUresult r = dev.drv.cuEventCreate(&p->start, 0);
  if (r == CUDA_SUCCESS)
    r = dev.drv.cuEventCreate(&p->end, CU_EVENT_BLOCKING_SYNC);
  if (r != CUDA_SUCCESS) {
    destroyEvents(*p);
    return dev.check(r, "cuEventCreate");
  }
  r = dev.drv.cuEventRecord(p->start, stream);
  if (r != CUDA_SUCCESS) {
    destroyEvents(*p);
    return dev.check(r, "cuEventRecord");
  }
  r = dev.drv.cuLaunchKernel(static_cast<CUDAKernel *>(request.impl)->function,
                             request.grid[0], request.grid[1], request.grid[2],
                             request.local[0], request.local[1],
                             request.local[2],
                             static_cast<CUDAKernel *>(request.impl)
                                 ->dynamicSharedBytes,
                             stream,
                             params.empty() ? nullptr : params.data(), nullptr);
  if (r == CUDA_SUCCESS)
    r = dev.drv.cuEventRecord(p->end, stream);
  if (r != CUDA_SUCCESS) {
    // The start event may already be queued; wait before destroying it.
    dev.drv.cuStreamSynchronize(stream);
    destroyEvents(*p);
    Error e = dev.check(r, "cuLaunchKernel");
    return Error(e.status(),
                 "kernel '" + request.kernel->name + "': " + e.message());
  }
  event = retirer.push(std::move(p), std::move(request.keepAlive));
  return Error::success();
}

Error CUDAQueue::waitFor(Pending &p, uint64_t &ns) {
  CUresult r = dev.drv.cuEventSynchronize(p.end);
  if (r != CUDA_SUCCESS)
    return dev.check(r, "a kernel launch");
  float ms = 0;
  if (dev.drv.cuEventElapsedTime(&ms, p.start, p.end) == CUDA_SUCCESS)
    ns = static_cast<uint64_t>(static_cast<double>(ms) * 1e6);
  return Error::success();
}

Error CUDADevice::createQueue(std::unique_ptr<BackendQueue> &queue) {
  auto q = std::make_unique<CUDAQueue>(*this);
  if (Error e = q->init())
    return e;
  queue = std::move(q);
  return Error::success();
}

Error CUDABackend::open(uint32_t index, std::unique_ptr<BackendDevice> &out) {
  if (Error e = init())
    return e;
  if (index >= devices.size())
    return makeError(KGPU_ERROR_NOT_FOUND, "no CUDA device #%u", index);
  auto device = std::make_unique<CUDADevice>(*this, devices[index]);
  if (Error e = device->init())
    return e;
  out = std::move(device);
  return Error::success();
}

} // namespace

Backend &kgpu::rt::cudaBackend() {
  // Never destroyed, like the Vulkan backend: the driver may be finalized
  // before static destructors run.
  static CUDABackend *backend = new CUDABackend();
  return *backend;
}
