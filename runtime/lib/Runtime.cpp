//===- Runtime.cpp - the kgpu runtime C API ---------------------*- C++ -*-===//
//
// The backend-neutral part of libkgpu_runtime: handles, the device registry
// and selection, and every check of a launch against the bundle manifest
// and the device's limits. See docs/runtime.md.
//
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include "kgpu/ABI/Manifest.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <new>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace kgpu::rt;

//===----------------------------------------------------------------------===//
// Handles
//===----------------------------------------------------------------------===//

struct kgpu_device_t {
  kgpu_backend backend = KGPU_BACKEND_CPU;
  uint32_t registryIndex = 0;
  std::unique_ptr<BackendDevice> impl;

  /// Every queue of the device (for synchronous transfers), and the default
  /// queue of kgpu_launch_sync.
  std::mutex queuesMutex;
  std::vector<BackendQueue *> queues;
  std::unique_ptr<BackendQueue> defaultQueue;

  void retain();
  void release();
  /// Waits until the device has no work in flight.
  Error waitIdle();
  Error getDefaultQueue(BackendQueue *&queue);

  ~kgpu_device_t() {
    // Destroy the default queue (it waits for its work) before the device.
    defaultQueue.reset();
    impl.reset();
  }

  /// Guarded by the registry's mutex.
  uint32_t refs = 1;
};

struct kgpu_buffer_t : RefCounted {
  Ref<kgpu_device_t> device;
  std::unique_ptr<BackendBuffer> impl;
  size_t size = 0;
};

struct kgpu_kernel_t {
  kgpu_module_t *module = nullptr;
  uint32_t index = 0;
  const KernelDesc *desc = nullptr;
  /// Set once prepared (under the module's mutex).
  BackendKernel *impl = nullptr;
};

struct kgpu_module_t : RefCounted {
  Ref<kgpu_device_t> device; // null: manifest only
  ModuleDesc desc;
  std::unique_ptr<BackendModule> impl;
  std::vector<std::unique_ptr<kgpu_kernel_t>> kernels;
  std::mutex prepareMutex;

  ~kgpu_module_t() override {
    kernels.clear();
    impl.reset();
  }
};

struct kgpu_queue_t : RefCounted {
  Ref<kgpu_device_t> device;
  std::unique_ptr<BackendQueue> impl;
  /// Launches of bounds-checked kernels since the last finish, whose
  /// status kgpu_queue_finish reports.
  std::mutex checksMutex;
  std::vector<std::shared_ptr<BackendEvent>> checks;

  ~kgpu_queue_t() override {
    if (!impl)
      return;
    {
      std::lock_guard<std::mutex> lock(device->queuesMutex);
      auto &qs = device->queues;
      qs.erase(std::remove(qs.begin(), qs.end(), impl.get()), qs.end());
    }
    impl.reset();
  }
};

struct kgpu_event_t : RefCounted {
  Ref<kgpu_device_t> device;
  std::shared_ptr<BackendEvent> impl;
};

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

static thread_local std::string lastError;

static kgpu_status fail(const Error &error) {
  lastError = error.message();
  return error.status();
}

static kgpu_status report(const Error &error) {
  return error ? fail(error) : KGPU_SUCCESS;
}

static kgpu_status invalid(const char *what) {
  lastError = what;
  return KGPU_ERROR_INVALID_ARGUMENT;
}

/// The status of the exception being handled: the C API lets none escape
/// (bad_alloc is KGPU_ERROR_OUT_OF_MEMORY).
static kgpu_status exceptionStatus() noexcept {
  kgpu_status status = KGPU_ERROR_BACKEND;
  const char *what = "an unexpected C++ exception in libkgpu_runtime";
  try {
    throw;
  } catch (const std::bad_alloc &) {
    status = KGPU_ERROR_OUT_OF_MEMORY;
    what = "out of host memory";
  } catch (...) {
  }
  try {
    lastError = what;
  } catch (...) {
    lastError.clear();
  }
  return status;
}

/// Brackets the body of a C API function that allocates.
#define KGPU_API_BEGIN try {
#define KGPU_API_END                                                           \
  }                                                                            \
  catch (...) {                                                                \
    return exceptionStatus();                                                  \
  }

/// The most work-items one launch on a software device (the CPU backend,
/// lavapipe) may have: about a minute of trivial work on a few cores.
static constexpr uint64_t kMaxSoftwareWorkItems = 1ull << 36;

/// The largest bundle file kgpu_module_load_file reads.
static constexpr uint64_t kMaxBundleBytes = 1ull << 30;

#define KGPU_REQUIRE(cond, message)                                            \
  do {                                                                         \
    if (!(cond))                                                               \
      return invalid(message);                                                 \
  } while (0)

//===----------------------------------------------------------------------===//
// The device registry
//===----------------------------------------------------------------------===//

namespace {
struct Entry {
  kgpu_device_info info;
  kgpu_device_t *open = nullptr;
};

/// The devices of one backend, enumerated on first use.
struct Slot {
  Backend *backend = nullptr;
  bool enumerated = false;
  std::string unavailable;
  std::vector<Entry> entries;
};

/// All devices, numbered CUDA first, then Vulkan, then the CPU. A backend is
/// enumerated only when needed: "cpu" never loads a GPU driver.
class Registry {
public:
  static Registry &get() {
    // Never destroyed: devices may be released from static destructors.
    static Registry *registry = new Registry();
    return *registry;
  }

  std::mutex mutex;

  Slot &slot(kgpu_backend kind) {
    Slot &s = slots[kind == KGPU_BACKEND_CUDA     ? 0
                    : kind == KGPU_BACKEND_VULKAN ? 1
                                                  : 2];
    if (!s.enumerated) {
      s.enumerated = true;
      std::vector<kgpu_device_info> infos;
      if (Error e = s.backend->enumerate(infos))
        s.unavailable = e.message();
      for (kgpu_device_info &info : infos)
        s.entries.push_back({info});
    }
    return s;
  }

  /// Every device, in global order.
  std::vector<std::pair<Slot *, size_t>> all() {
    std::vector<std::pair<Slot *, size_t>> out;
    for (kgpu_backend kind :
         {KGPU_BACKEND_CUDA, KGPU_BACKEND_VULKAN, KGPU_BACKEND_CPU}) {
      Slot &s = slot(kind);
      for (size_t i = 0; i < s.entries.size(); ++i)
        out.push_back({&s, i});
    }
    return out;
  }

private:
  Registry() {
    slots[0].backend = &cudaBackend();
    slots[1].backend = &vulkanBackend();
    slots[2].backend = &cpuBackend();
  }
  Slot slots[3];
};
} // namespace

void kgpu_device_t::retain() {
  std::lock_guard<std::mutex> lock(Registry::get().mutex);
  ++refs;
}

void kgpu_device_t::release() {
  Registry &registry = Registry::get();
  {
    std::lock_guard<std::mutex> lock(registry.mutex);
    if (--refs != 0)
      return;
    registry.slot(backend).entries[registryIndex].open = nullptr;
  }
  delete this;
}

Error kgpu_device_t::waitIdle() {
  std::lock_guard<std::mutex> lock(queuesMutex);
  Error first;
  for (BackendQueue *q : queues)
    if (Error e = q->waitIdle())
      if (!first)
        first = e;
  if (defaultQueue)
    if (Error e = defaultQueue->waitIdle())
      if (!first)
        first = e;
  return first;
}

Error kgpu_device_t::getDefaultQueue(BackendQueue *&queue) {
  std::lock_guard<std::mutex> lock(queuesMutex);
  if (!defaultQueue)
    if (Error e = impl->createQueue(defaultQueue))
      return e;
  queue = defaultQueue.get();
  return Error::success();
}

/// Opens entry `i` of `slot` (under the registry's mutex).
static Error openEntry(Slot &slot, size_t i, kgpu_device &out) {
  Entry &entry = slot.entries[i];
  if (entry.open) {
    ++entry.open->refs;
    out = entry.open;
    return Error::success();
  }
  std::unique_ptr<BackendDevice> impl;
  if (Error e = slot.backend->open(entry.info.index, impl))
    return e;
  auto *device = new kgpu_device_t();
  device->backend = entry.info.backend;
  device->registryIndex = static_cast<uint32_t>(i);
  device->impl = std::move(impl);
  entry.open = device;
  out = device;
  return Error::success();
}

/// Parses "cpu", "cuda[:N]", "vulkan[:N]" and opens that device.
static Error openSpec(const std::string &spec, const char *origin,
                      kgpu_device &out) {
  std::string kindName = spec;
  uint32_t index = 0;
  size_t colon = spec.find(':');
  if (colon != std::string::npos) {
    kindName = spec.substr(0, colon);
    std::string digits = spec.substr(colon + 1);
    char *end = nullptr;
    errno = 0;
    unsigned long v = std::strtoul(digits.c_str(), &end, 10);
    if (digits.empty() || *end || errno || v > 0xffffffffu ||
        !std::isdigit(static_cast<unsigned char>(digits[0])))
      return makeError(KGPU_ERROR_INVALID_ARGUMENT,
                       "bad device index in %s device '%s' (expected cpu, "
                       "cuda[:N] or vulkan[:N])",
                       origin, spec.c_str());
    index = static_cast<uint32_t>(v);
  }
  kgpu_backend kind;
  if (kindName == "cpu")
    kind = KGPU_BACKEND_CPU;
  else if (kindName == "cuda")
    kind = KGPU_BACKEND_CUDA;
  else if (kindName == "vulkan")
    kind = KGPU_BACKEND_VULKAN;
  else
    return makeError(KGPU_ERROR_INVALID_ARGUMENT,
                     "unknown %s device '%s' (expected cpu, cuda[:N] or "
                     "vulkan[:N])",
                     origin, spec.c_str());

  Registry &registry = Registry::get();
  std::lock_guard<std::mutex> lock(registry.mutex);
  Slot &slot = registry.slot(kind);
  size_t count = slot.entries.size();
  if (count == 0)
    return makeError(KGPU_ERROR_NO_DEVICE, "no %s device (%s '%s'): %s",
                     kgpu_backend_name(kind), origin, spec.c_str(),
                     slot.unavailable.empty() ? "it has no devices"
                                              : slot.unavailable.c_str());
  if (index >= count)
    return makeError(KGPU_ERROR_NOT_FOUND,
                     "no device %s (%s): there %s %zu %s device%s",
                     spec.c_str(), origin, count == 1 ? "is" : "are", count,
                     kgpu_backend_name(kind), count == 1 ? "" : "s");
  return openEntry(slot, index, out);
}

/// The best device: CUDA, then a hardware Vulkan device, then the CPU. A
/// device that fails to open (e.g. an outdated driver) falls back to the
/// next.
static Error openBest(kgpu_device &out) {
  Registry &registry = Registry::get();
  std::lock_guard<std::mutex> lock(registry.mutex);
  Error first;
  for (kgpu_backend kind :
       {KGPU_BACKEND_CUDA, KGPU_BACKEND_VULKAN, KGPU_BACKEND_CPU}) {
    Slot &slot = registry.slot(kind);
    for (size_t i = 0; i < slot.entries.size(); ++i) {
      if (slot.entries[i].info.is_software && kind == KGPU_BACKEND_VULKAN)
        continue;
      Error e = openEntry(slot, i, out);
      if (!e)
        return e;
      if (!first)
        first = e;
    }
  }
  return first ? first : Error(KGPU_ERROR_NO_DEVICE, "no device available");
}

//===----------------------------------------------------------------------===//
// C API: errors and types
//===----------------------------------------------------------------------===//

extern "C" {

const char *kgpu_last_error_message(void) { return lastError.c_str(); }

const char *kgpu_status_string(kgpu_status status) {
  switch (status) {
  case KGPU_SUCCESS:
    return "KGPU_SUCCESS";
  case KGPU_ERROR_INVALID_ARGUMENT:
    return "KGPU_ERROR_INVALID_ARGUMENT";
  case KGPU_ERROR_NOT_FOUND:
    return "KGPU_ERROR_NOT_FOUND";
  case KGPU_ERROR_NO_DEVICE:
    return "KGPU_ERROR_NO_DEVICE";
  case KGPU_ERROR_INVALID_BUNDLE:
    return "KGPU_ERROR_INVALID_BUNDLE";
  case KGPU_ERROR_NO_PAYLOAD:
    return "KGPU_ERROR_NO_PAYLOAD";
  case KGPU_ERROR_ARGUMENT_MISMATCH:
    return "KGPU_ERROR_ARGUMENT_MISMATCH";
  case KGPU_ERROR_LAUNCH_CONFIG:
    return "KGPU_ERROR_LAUNCH_CONFIG";
  case KGPU_ERROR_OUT_OF_MEMORY:
    return "KGPU_ERROR_OUT_OF_MEMORY";
  case KGPU_ERROR_DEVICE_LOST:
    return "KGPU_ERROR_DEVICE_LOST";
  case KGPU_ERROR_UNSUPPORTED:
    return "KGPU_ERROR_UNSUPPORTED";
  case KGPU_ERROR_NOT_READY:
    return "KGPU_ERROR_NOT_READY";
  case KGPU_ERROR_BACKEND:
    return "KGPU_ERROR_BACKEND";
  case KGPU_ERROR_BOUNDS:
    return "KGPU_ERROR_BOUNDS";
  }
  return "KGPU_ERROR_UNKNOWN";
}

uint32_t kgpu_runtime_version(void) { return KGPU_RUNTIME_API_VERSION; }

size_t kgpu_type_size(kgpu_type type) {
  switch (type) {
  case KGPU_TYPE_I1:
  case KGPU_TYPE_I8:
    return 1;
  case KGPU_TYPE_I16:
  case KGPU_TYPE_F16:
  case KGPU_TYPE_BF16:
    return 2;
  case KGPU_TYPE_I32:
  case KGPU_TYPE_F32:
    return 4;
  case KGPU_TYPE_I64:
  case KGPU_TYPE_F64:
  case KGPU_TYPE_INDEX:
    return 8;
  case KGPU_TYPE_INVALID:
    break;
  }
  return 0;
}

const char *kgpu_type_name(kgpu_type type) {
  switch (type) {
  case KGPU_TYPE_I1:
    return "i1";
  case KGPU_TYPE_I8:
    return "i8";
  case KGPU_TYPE_I16:
    return "i16";
  case KGPU_TYPE_I32:
    return "i32";
  case KGPU_TYPE_I64:
    return "i64";
  case KGPU_TYPE_F16:
    return "f16";
  case KGPU_TYPE_BF16:
    return "bf16";
  case KGPU_TYPE_F32:
    return "f32";
  case KGPU_TYPE_F64:
    return "f64";
  case KGPU_TYPE_INDEX:
    return "index";
  case KGPU_TYPE_INVALID:
    break;
  }
  return "invalid";
}

const char *kgpu_backend_name(kgpu_backend backend) {
  switch (backend) {
  case KGPU_BACKEND_CPU:
    return KGPU_MANIFEST_TARGET_CPU;
  case KGPU_BACKEND_CUDA:
    return KGPU_MANIFEST_TARGET_CUDA;
  case KGPU_BACKEND_VULKAN:
    return KGPU_MANIFEST_TARGET_VULKAN;
  }
  return "unknown";
}

//===----------------------------------------------------------------------===//
// C API: devices
//===----------------------------------------------------------------------===//

kgpu_status kgpu_device_count(uint32_t *count) {
  KGPU_API_BEGIN
  KGPU_REQUIRE(count, "kgpu_device_count: count is null");
  Registry &registry = Registry::get();
  std::lock_guard<std::mutex> lock(registry.mutex);
  *count = static_cast<uint32_t>(registry.all().size());
  return KGPU_SUCCESS;
  KGPU_API_END
}

kgpu_status kgpu_device_describe(uint32_t index, kgpu_device_info *info) {
  KGPU_API_BEGIN
  KGPU_REQUIRE(info, "kgpu_device_describe: info is null");
  Registry &registry = Registry::get();
  std::lock_guard<std::mutex> lock(registry.mutex);
  auto all = registry.all();
  if (index >= all.size())
    return fail(makeError(KGPU_ERROR_NOT_FOUND,
                          "no device #%u: there are %zu devices", index,
                          all.size()));
  *info = all[index].first->entries[all[index].second].info;
  return KGPU_SUCCESS;
  KGPU_API_END
}

kgpu_status kgpu_device_open_index(uint32_t index, kgpu_device *device) {
  KGPU_API_BEGIN
  KGPU_REQUIRE(device, "kgpu_device_open_index: device is null");
  *device = nullptr;
  Registry &registry = Registry::get();
  std::lock_guard<std::mutex> lock(registry.mutex);
  auto all = registry.all();
  if (index >= all.size())
    return fail(makeError(KGPU_ERROR_NOT_FOUND,
                          "no device #%u: there are %zu devices", index,
                          all.size()));
  return report(openEntry(*all[index].first, all[index].second, *device));
  KGPU_API_END
}

kgpu_status kgpu_device_open(const char *spec, kgpu_device *device) {
  KGPU_API_BEGIN
  KGPU_REQUIRE(device, "kgpu_device_open: device is null");
  *device = nullptr;
  std::string s = spec ? spec : "";
  if (s.empty() || s == "default") {
    const char *env = std::getenv("KGPU_DEVICE");
    if (env && *env && std::string(env) != "default")
      return report(openSpec(env, "KGPU_DEVICE", *device));
    return report(openBest(*device));
  }
  return report(openSpec(s, "requested", *device));
  KGPU_API_END
}

kgpu_status kgpu_device_get_info(kgpu_device device, kgpu_device_info *info) {
  KGPU_REQUIRE(device, "kgpu_device_get_info: device is null");
  KGPU_REQUIRE(info, "kgpu_device_get_info: info is null");
  *info = device->impl->info();
  return KGPU_SUCCESS;
}

kgpu_status kgpu_device_synchronize(kgpu_device device) {
  KGPU_API_BEGIN
  KGPU_REQUIRE(device, "kgpu_device_synchronize: device is null");
  return report(device->waitIdle());
  KGPU_API_END
}

void kgpu_device_release(kgpu_device device) {
  if (device)
    device->release();
}

//===----------------------------------------------------------------------===//
// C API: modules and kernels
//===----------------------------------------------------------------------===//

static kgpu_status loadModule(kgpu_device device, const void *data, size_t size,
                              kgpu_module *out) {
  Ref<kgpu_module_t> module = Ref<kgpu_module_t>::adopt(new kgpu_module_t());
  if (Error e = parseBundle(data, size, module->desc))
    return fail(e);
  if (device) {
    // A target that kgpu-translate left out: say so, and why.
    std::string target =
        kgpu_backend_name(device->backend); // "cpu", "vulkan", ...
    bool hasPayload =
        std::any_of(module->desc.payloads.begin(), module->desc.payloads.end(),
                    [&](const PayloadDesc &p) { return p.target == target; });
    if (!hasPayload)
      if (const std::string *why = module->desc.omittedReason(target))
        return fail(makeError(KGPU_ERROR_NO_PAYLOAD,
                              "the bundle has no %s payload: kgpu-translate "
                              "left the %s target out: %s",
                              target.c_str(), target.c_str(), why->c_str()));
    module->device = Ref<kgpu_device_t>::share(device);
    if (Error e = device->impl->loadModule(module->desc, module->impl))
      return fail(e);
  }
  for (uint32_t i = 0; i < module->desc.kernels.size(); ++i) {
    auto kernel = std::make_unique<kgpu_kernel_t>();
    kernel->module = module.get();
    kernel->index = i;
    kernel->desc = &module->desc.kernels[i];
    module->kernels.push_back(std::move(kernel));
  }
  *out = module.take();
  return KGPU_SUCCESS;
}

kgpu_status kgpu_module_load_memory(kgpu_device device, const void *data,
                                    size_t size, kgpu_module *module) {
  KGPU_API_BEGIN
  KGPU_REQUIRE(module, "kgpu_module_load_memory: module is null");
  *module = nullptr;
  KGPU_REQUIRE(data || !size, "kgpu_module_load_memory: data is null");
  return loadModule(device, data, size, module);
  KGPU_API_END
}

/// Reads a bundle file: a regular file of at most kMaxBundleBytes, read
/// with read(2) so that every failure is a status.
static Error readBundleFile(const char *path, std::string &bytes) {
  int fd;
  do
    fd = ::open(path, O_RDONLY | O_CLOEXEC);
  while (fd < 0 && errno == EINTR);
  if (fd < 0)
    return makeError(KGPU_ERROR_NOT_FOUND, "cannot open bundle '%s': %s", path,
                     std::strerror(errno));
  struct FdCloser {
    int fd;
    ~FdCloser() { ::close(fd); }
  } closer{fd};
  struct stat st;
  if (::fstat(fd, &st) != 0)
    return makeError(KGPU_ERROR_INVALID_BUNDLE, "cannot stat bundle '%s': %s",
                     path, std::strerror(errno));
  if (!S_ISREG(st.st_mode))
    return makeError(KGPU_ERROR_INVALID_BUNDLE,
                     "bundle '%s' is not a regular file (it is a %s)", path,
                     S_ISDIR(st.st_mode)    ? "directory"
                     : S_ISCHR(st.st_mode)  ? "character device"
                     : S_ISBLK(st.st_mode)  ? "block device"
                     : S_ISFIFO(st.st_mode) ? "pipe"
                     : S_ISSOCK(st.st_mode) ? "socket"
                                            : "special file");
  if (st.st_size < 0 || static_cast<uint64_t>(st.st_size) > kMaxBundleBytes)
    return makeError(KGPU_ERROR_INVALID_BUNDLE,
                     "bundle '%s' is %lld bytes, more than the %llu a bundle "
                     "may have",
                     path, static_cast<long long>(st.st_size),
                     static_cast<unsigned long long>(kMaxBundleBytes));
  bytes.resize(static_cast<size_t>(st.st_size));
  size_t done = 0;
  while (done < bytes.size()) {
    ssize_t n = ::read(fd, &bytes[done], bytes.size() - done);
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0)
      return makeError(KGPU_ERROR_INVALID_BUNDLE, "cannot read bundle '%s': %s",
                       path, std::strerror(errno));
    if (n == 0)
      break; // the file shrank: the reader reports the truncation
    done += static_cast<size_t>(n);
  }
  bytes.resize(done);
  return Error::success();
}

kgpu_status kgpu_module_load_file(kgpu_device device, const char *path,
                                  kgpu_module *module) {
  KGPU_API_BEGIN
  KGPU_REQUIRE(module, "kgpu_module_load_file: module is null");
  *module = nullptr;
  KGPU_REQUIRE(path, "kgpu_module_load_file: path is null");
  std::string bytes;
  if (Error e = readBundleFile(path, bytes))
    return fail(e);
  kgpu_status status = loadModule(device, bytes.data(), bytes.size(), module);
  if (status != KGPU_SUCCESS)
    lastError = std::string(path) + ": " + lastError;
  return status;
  KGPU_API_END
}

void kgpu_module_release(kgpu_module module) {
  if (module)
    module->release();
}

kgpu_status kgpu_module_kernel_count(kgpu_module module, uint32_t *count) {
  KGPU_REQUIRE(module, "kgpu_module_kernel_count: module is null");
  KGPU_REQUIRE(count, "kgpu_module_kernel_count: count is null");
  *count = static_cast<uint32_t>(module->kernels.size());
  return KGPU_SUCCESS;
}

static kgpu_status prepareKernel(kgpu_module module, uint32_t index,
                                 kgpu_kernel *out) {
  kgpu_kernel_t *kernel = module->kernels[index].get();
  if (module->impl) {
    std::lock_guard<std::mutex> lock(module->prepareMutex);
    if (!kernel->impl)
      if (Error e = module->impl->prepareKernel(index, kernel->impl))
        return fail(e);
  }
  *out = kernel;
  return KGPU_SUCCESS;
}

kgpu_status kgpu_module_get_kernel(kgpu_module module, const char *name,
                                   kgpu_kernel *kernel) {
  KGPU_API_BEGIN
  KGPU_REQUIRE(kernel, "kgpu_module_get_kernel: kernel is null");
  *kernel = nullptr;
  KGPU_REQUIRE(module, "kgpu_module_get_kernel: module is null");
  KGPU_REQUIRE(name, "kgpu_module_get_kernel: name is null");
  for (uint32_t i = 0; i < module->desc.kernels.size(); ++i)
    if (module->desc.kernels[i].name == name)
      return prepareKernel(module, i, kernel);
  std::string names;
  for (const KernelDesc &k : module->desc.kernels)
    names += (names.empty() ? "" : ", ") + k.name;
  return fail(makeError(KGPU_ERROR_NOT_FOUND,
                        "the bundle has no kernel '%s' (it has: %s)", name,
                        names.empty() ? "none" : names.c_str()));
  KGPU_API_END
}

kgpu_status kgpu_module_get_kernel_by_index(kgpu_module module, uint32_t index,
                                            kgpu_kernel *kernel) {
  KGPU_API_BEGIN
  KGPU_REQUIRE(kernel, "kgpu_module_get_kernel_by_index: kernel is null");
  *kernel = nullptr;
  KGPU_REQUIRE(module, "kgpu_module_get_kernel_by_index: module is null");
  if (index >= module->kernels.size())
    return fail(makeError(KGPU_ERROR_NOT_FOUND,
                          "no kernel #%u: the bundle has %zu kernels", index,
                          module->kernels.size()));
  return prepareKernel(module, index, kernel);
  KGPU_API_END
}

kgpu_status kgpu_kernel_get_info(kgpu_kernel kernel, kgpu_kernel_info *info) {
  KGPU_REQUIRE(kernel, "kgpu_kernel_get_info: kernel is null");
  KGPU_REQUIRE(info, "kgpu_kernel_get_info: info is null");
  const KernelDesc &d = *kernel->desc;
  info->name = d.name.c_str();
  info->param_count = static_cast<uint32_t>(d.visibleParams);
  info->model = d.model;
  info->dims = d.dims;
  for (int i = 0; i < 3; ++i)
    info->workgroup_size[i] = d.workgroupSize[i];
  info->local_memory_bytes = d.localMemoryBytes;
  info->uses_subgroups = d.usesSubgroups;
  info->reduction_count = d.reductionCount;
  info->workgroup_size_fixed = d.workgroupSizeFixed;
  info->subgroup_size = 0;
  if (kgpu_module_t *m = kernel->module; m && m->device) {
    info->subgroup_size = m->impl ? m->impl->subgroupSize() : 0;
    if (!info->subgroup_size)
      info->subgroup_size = m->device->impl->info().subgroup_size;
  }
  return KGPU_SUCCESS;
}

kgpu_status kgpu_kernel_get_dispatch_params(kgpu_kernel kernel,
                                            uint32_t *count,
                                            uint32_t indices[3]) {
  KGPU_REQUIRE(kernel, "kgpu_kernel_get_dispatch_params: kernel is null");
  KGPU_REQUIRE(count, "kgpu_kernel_get_dispatch_params: count is null");
  KGPU_REQUIRE(indices, "kgpu_kernel_get_dispatch_params: indices is null");
  const KernelDesc &d = *kernel->desc;
  *count = static_cast<uint32_t>(d.dispatchParams.size());
  for (uint32_t i = 0; i < 3; ++i)
    indices[i] = i < *count ? d.dispatchParams[i] : 0;
  return KGPU_SUCCESS;
}

kgpu_status kgpu_kernel_get_param(kgpu_kernel kernel, uint32_t index,
                                  kgpu_param_info *info) {
  KGPU_REQUIRE(kernel, "kgpu_kernel_get_param: kernel is null");
  KGPU_REQUIRE(info, "kgpu_kernel_get_param: info is null");
  const KernelDesc &d = *kernel->desc;
  if (index >= d.visibleParams)
    return fail(makeError(KGPU_ERROR_NOT_FOUND,
                          "kernel '%s' has no parameter #%u (it has %zu)",
                          d.name.c_str(), index, d.visibleParams));
  const ParamDesc &p = d.params[index];
  info->name = p.name.c_str();
  info->index = p.index;
  info->kind = p.kind;
  info->type = p.type;
  info->access = p.access;
  info->rank = static_cast<uint32_t>(p.shape.size());
  info->shape = p.shape.empty() ? nullptr : p.shape.data();
  return KGPU_SUCCESS;
}

static std::string paramList(const KernelDesc &d) {
  std::string s;
  for (size_t i = 0; i < d.visibleParams; ++i)
    s += (s.empty() ? "" : ", ") + d.params[i].name;
  return s.empty() ? "none" : s;
}

kgpu_status kgpu_kernel_find_param(kgpu_kernel kernel, const char *name,
                                   uint32_t *index) {
  KGPU_API_BEGIN
  KGPU_REQUIRE(kernel, "kgpu_kernel_find_param: kernel is null");
  KGPU_REQUIRE(name, "kgpu_kernel_find_param: name is null");
  KGPU_REQUIRE(index, "kgpu_kernel_find_param: index is null");
  const KernelDesc &d = *kernel->desc;
  for (size_t i = 0; i < d.visibleParams; ++i)
    if (d.params[i].name == name) {
      *index = d.params[i].index;
      return KGPU_SUCCESS;
    }
  return fail(makeError(KGPU_ERROR_NOT_FOUND,
                        "kernel '%s' has no parameter '%s' (parameters: %s)",
                        d.name.c_str(), name, paramList(d).c_str()));
  KGPU_API_END
}

//===----------------------------------------------------------------------===//
// C API: buffers
//===----------------------------------------------------------------------===//

kgpu_status kgpu_buffer_create(kgpu_device device, size_t size,
                               kgpu_buffer *buffer) {
  KGPU_API_BEGIN
  KGPU_REQUIRE(buffer, "kgpu_buffer_create: buffer is null");
  *buffer = nullptr;
  KGPU_REQUIRE(device, "kgpu_buffer_create: device is null");
  KGPU_REQUIRE(size > 0, "kgpu_buffer_create: size is 0");
  const kgpu_device_info &info = device->impl->info();
  if (info.memory_bytes && size > info.memory_bytes)
    return fail(makeError(KGPU_ERROR_OUT_OF_MEMORY,
                          "kgpu_buffer_create: %zu bytes exceed the memory of "
                          "the device '%s' (%llu bytes)",
                          size, info.name,
                          static_cast<unsigned long long>(info.memory_bytes)));
  Ref<kgpu_buffer_t> b = Ref<kgpu_buffer_t>::adopt(new kgpu_buffer_t());
  b->device = Ref<kgpu_device_t>::share(device);
  b->size = size;
  if (Error e = device->impl->createBuffer(size, b->impl))
    return fail(e);
  *buffer = b.take();
  return KGPU_SUCCESS;
  KGPU_API_END
}

kgpu_status kgpu_buffer_create_external(kgpu_device device, uint64_t handle,
                                        size_t size, kgpu_buffer *buffer) {
  KGPU_API_BEGIN
  KGPU_REQUIRE(buffer, "kgpu_buffer_create_external: buffer is null");
  *buffer = nullptr;
  KGPU_REQUIRE(device, "kgpu_buffer_create_external: device is null");
  KGPU_REQUIRE(handle, "kgpu_buffer_create_external: handle is 0");
  KGPU_REQUIRE(size > 0, "kgpu_buffer_create_external: size is 0");
  // CUDA kernels assume every buffer parameter 16-byte aligned (vector
  // accesses); a misaligned view would fault in the kernel.
  if (device->impl->info().backend == KGPU_BACKEND_CUDA &&
      handle % KGPU_BUFFER_ALIGNMENT)
    return fail(makeError(KGPU_ERROR_INVALID_ARGUMENT,
                          "kgpu_buffer_create_external: the CUDA memory at "
                          "0x%llx is not %d-byte aligned (kernels use 128-bit "
                          "accesses)",
                          static_cast<unsigned long long>(handle),
                          KGPU_BUFFER_ALIGNMENT));
  Ref<kgpu_buffer_t> b = Ref<kgpu_buffer_t>::adopt(new kgpu_buffer_t());
  b->device = Ref<kgpu_device_t>::share(device);
  b->size = size;
  if (Error e = device->impl->wrapExternal(handle, size, b->impl))
    return fail(e);
  *buffer = b.take();
  return KGPU_SUCCESS;
  KGPU_API_END
}

kgpu_status kgpu_buffer_get_native_handle(kgpu_buffer buffer,
                                          uint64_t *handle) {
  KGPU_REQUIRE(buffer, "kgpu_buffer_get_native_handle: buffer is null");
  KGPU_REQUIRE(handle, "kgpu_buffer_get_native_handle: handle is null");
  *handle = buffer->impl->nativeHandle();
  if (!*handle) {
    const kgpu_device_info &info = buffer->device->impl->info();
    return fail(makeError(KGPU_ERROR_UNSUPPORTED,
                          "kgpu_buffer_get_native_handle: buffers of the %s "
                          "device '%s' have no native handle",
                          kgpu_backend_name(info.backend), info.name));
  }
  return KGPU_SUCCESS;
}

void kgpu_buffer_release(kgpu_buffer buffer) {
  if (buffer)
    buffer->release();
}

kgpu_status kgpu_buffer_get_size(kgpu_buffer buffer, size_t *size) {
  KGPU_REQUIRE(buffer, "kgpu_buffer_get_size: buffer is null");
  KGPU_REQUIRE(size, "kgpu_buffer_get_size: size is null");
  *size = buffer->size;
  return KGPU_SUCCESS;
}

static Error checkRange(const char *what, const kgpu_buffer_t *buffer,
                        size_t offset, size_t size) {
  if (offset > buffer->size || size > buffer->size - offset)
    return makeError(KGPU_ERROR_INVALID_ARGUMENT,
                     "%s: bytes [%zu, %zu + %zu) lie outside the %zu-byte "
                     "buffer",
                     what, offset, offset, size, buffer->size);
  return Error::success();
}

kgpu_status kgpu_buffer_upload(kgpu_buffer buffer, size_t offset,
                               const void *src, size_t size) {
  KGPU_API_BEGIN
  KGPU_REQUIRE(buffer, "kgpu_buffer_upload: buffer is null");
  KGPU_REQUIRE(src || !size, "kgpu_buffer_upload: src is null");
  if (Error e = checkRange("kgpu_buffer_upload", buffer, offset, size))
    return fail(e);
  if (!size)
    return KGPU_SUCCESS;
  if (Error e = buffer->device->waitIdle())
    return fail(e);
  return report(buffer->impl->upload(offset, src, size));
  KGPU_API_END
}

kgpu_status kgpu_buffer_download(kgpu_buffer buffer, size_t offset, void *dst,
                                 size_t size) {
  KGPU_API_BEGIN
  KGPU_REQUIRE(buffer, "kgpu_buffer_download: buffer is null");
  KGPU_REQUIRE(dst || !size, "kgpu_buffer_download: dst is null");
  if (Error e = checkRange("kgpu_buffer_download", buffer, offset, size))
    return fail(e);
  if (!size)
    return KGPU_SUCCESS;
  if (Error e = buffer->device->waitIdle())
    return fail(e);
  return report(buffer->impl->download(offset, dst, size));
  KGPU_API_END
}

kgpu_status kgpu_buffer_copy(kgpu_buffer dst, size_t dst_offset,
                             kgpu_buffer src, size_t src_offset, size_t size) {
  KGPU_API_BEGIN
  KGPU_REQUIRE(dst && src, "kgpu_buffer_copy: a buffer is null");
  if (dst->device.get() != src->device.get())
    return invalid("kgpu_buffer_copy: the buffers belong to different "
                   "devices (copy through the host)");
  if (Error e =
          checkRange("kgpu_buffer_copy (destination)", dst, dst_offset, size))
    return fail(e);
  if (Error e = checkRange("kgpu_buffer_copy (source)", src, src_offset, size))
    return fail(e);
  if (!size)
    return KGPU_SUCCESS;
  if (dst == src && dst_offset < src_offset + size &&
      src_offset < dst_offset + size)
    return invalid("kgpu_buffer_copy: the source and destination ranges "
                   "overlap");
  if (Error e = dst->device->waitIdle())
    return fail(e);
  return report(dst->impl->copyFrom(dst_offset, *src->impl, src_offset, size));
  KGPU_API_END
}

//===----------------------------------------------------------------------===//
// Launch checks
//===----------------------------------------------------------------------===//

static std::string describeParam(const ParamDesc &p) {
  std::string s = format("'%s' (#%u, ", p.name.c_str(), p.index);
  if (p.kind == KGPU_PARAM_BUFFER) {
    s += "buffer of ";
    s += kgpu_type_name(p.type);
  } else {
    s += "scalar ";
    s += kgpu_type_name(p.type);
  }
  return s + ")";
}

static bool scalarTypeMatches(kgpu_type param, kgpu_type given) {
  if (param == given)
    return true;
  bool paramIdx = param == KGPU_TYPE_INDEX || param == KGPU_TYPE_I64;
  bool givenIdx = given == KGPU_TYPE_INDEX || given == KGPU_TYPE_I64;
  return paramIdx && givenIdx;
}

static Error bindArgs(kgpu_kernel kernel, kgpu_device_t *device,
                      const kgpu_arg *args, uint32_t numArgs,
                      LaunchRequest &request) {
  const KernelDesc &d = *kernel->desc;
  size_t n = d.visibleParams;
  if (numArgs && !args)
    return Error(KGPU_ERROR_INVALID_ARGUMENT, "the argument array is null");
  std::vector<bool> bound(n, false);
  request.args.assign(d.params.size(), BoundArg());
  for (uint32_t i = 0; i < numArgs; ++i) {
    const kgpu_arg &a = args[i];
    size_t target = i;
    if (a.name) {
      auto end = d.params.begin() + n;
      auto it = std::find_if(d.params.begin(), end, [&](const ParamDesc &p) {
        return p.name == a.name;
      });
      if (it == end)
        return makeError(KGPU_ERROR_ARGUMENT_MISMATCH,
                         "kernel '%s' has no parameter '%s' (parameters: %s)",
                         d.name.c_str(), a.name, paramList(d).c_str());
      target = it->index;
    } else if (i >= n) {
      return makeError(KGPU_ERROR_ARGUMENT_MISMATCH,
                       "too many arguments: kernel '%s' takes %zu, got %u",
                       d.name.c_str(), n, numArgs);
    }
    const ParamDesc &p = d.params[target];
    if (bound[target])
      return makeError(KGPU_ERROR_ARGUMENT_MISMATCH,
                       "kernel '%s': parameter %s is given twice",
                       d.name.c_str(), describeParam(p).c_str());
    bound[target] = true;
    BoundArg &b = request.args[target];
    b.param = &p;
    if (p.kind == KGPU_PARAM_BUFFER) {
      if (a.kind != KGPU_ARG_BUFFER)
        return makeError(KGPU_ERROR_ARGUMENT_MISMATCH,
                         "kernel '%s': parameter %s needs a buffer, got a "
                         "scalar",
                         d.name.c_str(), describeParam(p).c_str());
      if (!a.buffer)
        return makeError(KGPU_ERROR_ARGUMENT_MISMATCH,
                         "kernel '%s': the buffer for parameter %s is null",
                         d.name.c_str(), describeParam(p).c_str());
      if (a.buffer->device.get() != device)
        return makeError(KGPU_ERROR_ARGUMENT_MISMATCH,
                         "kernel '%s': the buffer for parameter %s belongs to "
                         "another device",
                         d.name.c_str(), describeParam(p).c_str());
      size_t elem = kgpu_type_size(p.type);
      size_t bytes = a.buffer->size;
      if (bytes % elem)
        return makeError(KGPU_ERROR_ARGUMENT_MISMATCH,
                         "kernel '%s': the buffer for parameter %s has %zu "
                         "bytes, not a whole number of %zu-byte %s elements",
                         d.name.c_str(), describeParam(p).c_str(), bytes, elem,
                         kgpu_type_name(p.type));
      int64_t elements = static_cast<int64_t>(bytes / elem);
      if (p.staticElements > 0 && elements < p.staticElements)
        return makeError(KGPU_ERROR_ARGUMENT_MISMATCH,
                         "kernel '%s': the buffer for parameter %s has %lld "
                         "elements, the parameter's static shape needs %lld",
                         d.name.c_str(), describeParam(p).c_str(),
                         static_cast<long long>(elements),
                         static_cast<long long>(p.staticElements));
      b.buffer = a.buffer->impl.get();
      b.bytes = bytes;
      b.elements = elements;
      kgpu_buffer_t *keep = a.buffer;
      keep->retain();
      request.keepAlive.emplace_back(
          keep, [](void *p) { static_cast<kgpu_buffer_t *>(p)->release(); });
    } else {
      if (a.kind != KGPU_ARG_SCALAR)
        return makeError(KGPU_ERROR_ARGUMENT_MISMATCH,
                         "kernel '%s': parameter %s needs a scalar, got a "
                         "buffer",
                         d.name.c_str(), describeParam(p).c_str());
      if (!scalarTypeMatches(p.type, a.type))
        return makeError(KGPU_ERROR_ARGUMENT_MISMATCH,
                         "kernel '%s': parameter %s needs a %s scalar, got %s",
                         d.name.c_str(), describeParam(p).c_str(),
                         kgpu_type_name(p.type), kgpu_type_name(a.type));
      size_t size = kgpu_type_size(p.type);
      uint64_t bits = 0;
      std::memcpy(&bits, &a.value, size);
      if (p.type == KGPU_TYPE_I1)
        bits = bits ? 1 : 0;
      b.bits = bits;
    }
  }
  for (size_t i = 0; i < n; ++i)
    if (!bound[i])
      return makeError(KGPU_ERROR_ARGUMENT_MISMATCH,
                       "kernel '%s': no argument for parameter %s (the kernel "
                       "takes %zu, got %u)",
                       d.name.c_str(), describeParam(d.params[i]).c_str(), n,
                       numArgs);
  // The hidden parameters of bounds-checked kernels.
  for (size_t i = n; i < d.params.size(); ++i) {
    const ParamDesc &p = d.params[i];
    BoundArg &b = request.args[i];
    b.param = &p;
    if (p.hidden == ParamDesc::Hidden::SizeOf) {
      b.bits = static_cast<uint64_t>(request.args[p.sizeOf].elements);
      continue;
    }
    std::unique_ptr<BackendBuffer> status;
    size_t bytes = static_cast<size_t>(p.staticElements) * sizeof(int32_t);
    if (Error e = device->impl->createBuffer(bytes, status))
      return e;
    request.boundsStatus = std::shared_ptr<BackendBuffer>(std::move(status));
    request.keepAlive.push_back(request.boundsStatus);
    b.buffer = request.boundsStatus.get();
    b.bytes = bytes;
    b.elements = p.staticElements;
  }
  return Error::success();
}

static Error configure(kgpu_kernel kernel, kgpu_device_t *device,
                       const kgpu_launch_config *config,
                       LaunchRequest &request) {
  const KernelDesc &d = *kernel->desc;
  const kgpu_device_info &info = device->impl->info();
  kgpu_launch_config c = {};
  if (config)
    c = *config;

  // Work-group size: the kernel's fixed one, or any size for a kernel that
  // does not fix it; all zero asks for the fixed or default size.
  bool defaultLocal = !c.local[0] && !c.local[1] && !c.local[2];
  for (int i = 0; i < 3; ++i) {
    uint32_t given = defaultLocal ? d.workgroupSize[i] : c.local[i];
    if (!defaultLocal && i > 0 && given == 0)
      given = 1;
    request.local[i] = given;
  }
  if (!defaultLocal && !request.local[0])
    return makeError(KGPU_ERROR_LAUNCH_CONFIG,
                     "kernel '%s': the work-group size's x extent is 0",
                     d.name.c_str());
  if (d.workgroupSizeFixed && (request.local[0] != d.workgroupSize[0] ||
                               request.local[1] != d.workgroupSize[1] ||
                               request.local[2] != d.workgroupSize[2]))
    return makeError(
        KGPU_ERROR_LAUNCH_CONFIG,
        "kernel '%s' has the fixed work-group size %ux%ux%u; the launch "
        "asks for %ux%ux%u",
        d.name.c_str(), d.workgroupSize[0], d.workgroupSize[1],
        d.workgroupSize[2], request.local[0], request.local[1],
        request.local[2]);
  for (int i = 0; i < 3; ++i)
    if (info.max_workgroup_size[i] &&
        request.local[i] > info.max_workgroup_size[i])
      return makeError(KGPU_ERROR_LAUNCH_CONFIG,
                       "kernel '%s': work-group size %u in dimension %c "
                       "exceeds the device's limit %u",
                       d.name.c_str(), request.local[i], "xyz"[i],
                       info.max_workgroup_size[i]);
  uint64_t invocations =
      uint64_t(request.local[0]) * request.local[1] * request.local[2];
  if (info.max_workgroup_invocations &&
      invocations > info.max_workgroup_invocations)
    return makeError(KGPU_ERROR_LAUNCH_CONFIG,
                     "kernel '%s': %llu work-items per work-group exceed the "
                     "device's limit %u",
                     d.name.c_str(),
                     static_cast<unsigned long long>(invocations),
                     info.max_workgroup_invocations);
  // Kernels that do not fix their size are compiled for at most this many
  // (their local scratch memory is sized for it).
  if (!d.workgroupSizeFixed && invocations > kMaxDynamicWorkItems)
    return makeError(KGPU_ERROR_LAUNCH_CONFIG,
                     "kernel '%s': %llu work-items per work-group exceed the "
                     "limit of %u of kernels compiled for any work-group size",
                     d.name.c_str(),
                     static_cast<unsigned long long>(invocations),
                     kMaxDynamicWorkItems);
  if (d.localMemoryBytes > info.max_local_memory_bytes)
    return makeError(
        KGPU_ERROR_LAUNCH_CONFIG,
        "kernel '%s' uses %llu bytes of local memory; the device "
        "has %llu per work-group",
        d.name.c_str(), static_cast<unsigned long long>(d.localMemoryBytes),
        static_cast<unsigned long long>(info.max_local_memory_bytes));

  // Grid.
  bool defaultGrid = !c.grid[0] && !c.grid[1] && !c.grid[2];
  if (defaultGrid) {
    if (d.model != KGPU_LAUNCH_PARALLEL_LOOP)
      return makeError(KGPU_ERROR_LAUNCH_CONFIG,
                       "kernel '%s' is an ND-range kernel: the launch must "
                       "give the grid",
                       d.name.c_str());
    int64_t elements = 1;
    for (const BoundArg &a : request.args)
      if (a.buffer)
        elements = std::max(elements, a.elements);
    uint64_t wg = invocations;
    uint64_t groups = (static_cast<uint64_t>(elements) + wg - 1) / wg;
    uint64_t cap = device->impl->defaultGroupCap(d);
    // On a GPU a loop without reductions gets one pass over its elements
    // (four per work-item, the lowering's vector width) rather than
    // persistent groups: on the H200 the parallel-for saxpy took 0.761 ms
    // with one pass, 0.809 ms with 8 groups per SM (bench/RESULTS.md).
    // Reductions keep the cap (one atomic per group); the CPU keeps it too
    // (its work-groups are loops, and fewer are cheaper).
    if (d.reductionCount == 0 && info.backend != KGPU_BACKEND_CPU)
      cap = std::max<uint64_t>(cap, (groups + 3) / 4);
    if (info.max_grid[0])
      cap = std::min<uint64_t>(cap, info.max_grid[0]);
    groups = std::max<uint64_t>(1, std::min(groups, cap));
    request.grid[0] = static_cast<uint32_t>(groups);
    request.grid[1] = request.grid[2] = 1;
  } else {
    if (!c.grid[0])
      return makeError(KGPU_ERROR_LAUNCH_CONFIG,
                       "kernel '%s': the grid's x extent is 0", d.name.c_str());
    for (int i = 0; i < 3; ++i) {
      request.grid[i] = c.grid[i] ? c.grid[i] : 1;
      if (info.max_grid[i] && request.grid[i] > info.max_grid[i])
        return makeError(KGPU_ERROR_LAUNCH_CONFIG,
                         "kernel '%s': %u work-groups in dimension %c exceed "
                         "the device's limit %u",
                         d.name.c_str(), request.grid[i], "xyz"[i],
                         info.max_grid[i]);
    }
  }
  // Global ids (work-group id * size + local id) must fit kgc's `int` ids
  // (and Vulkan's 32-bit GlobalInvocationId) in every dimension.
  for (int i = 0; i < 3; ++i) {
    uint64_t ids = uint64_t(request.grid[i]) * request.local[i];
    if (ids > uint64_t(INT32_MAX))
      return makeError(KGPU_ERROR_LAUNCH_CONFIG,
                       "kernel '%s': %u work-groups of %u in dimension %c "
                       "give %llu global ids, more than the 2^31 - 1 that "
                       "32-bit ids can number",
                       d.name.c_str(), request.grid[i], request.local[i],
                       "xyz"[i], static_cast<unsigned long long>(ids));
  }
  uint64_t groups =
      uint64_t(request.grid[0]) * request.grid[1] * request.grid[2];
  // Vulkan drivers count work-groups in 32 bits (lavapipe wraps around and
  // runs a fraction of the grid).
  if (device->backend == KGPU_BACKEND_VULKAN && groups > UINT32_MAX)
    return makeError(KGPU_ERROR_LAUNCH_CONFIG,
                     "kernel '%s': the grid %ux%ux%u has %llu work-groups, "
                     "more than the 2^32 - 1 a Vulkan dispatch can count",
                     d.name.c_str(), request.grid[0], request.grid[1],
                     request.grid[2], static_cast<unsigned long long>(groups));
  // Software devices (the CPU, lavapipe) bound the total work, so that a
  // mistyped grid fails at once instead of running for hours.
  unsigned __int128 items =
      static_cast<unsigned __int128>(groups) * d.workgroupInvocations();
  if (info.is_software && items > kMaxSoftwareWorkItems)
    return makeError(KGPU_ERROR_LAUNCH_CONFIG,
                     "kernel '%s': the grid %ux%ux%u of %ux%ux%u work-groups "
                     "has %.3g work-items, more than a software device runs in "
                     "one launch (2^36)",
                     d.name.c_str(), request.grid[0], request.grid[1],
                     request.grid[2], request.local[0], request.local[1],
                     request.local[2], static_cast<double>(items));
  return Error::success();
}

/// Stores the initial values of the kernel's reductions (manifest `init`,
/// TornadoVM's `result[0] = 0.0f;` before the @Parallel loop) into their
/// outputs, as the kernel's first statement would have: before the launch,
/// once, ordered after the work already queued on the device.
static Error storeReductionInits(kgpu_device_t *device,
                                 LaunchRequest &request) {
  const KernelDesc &d = *request.kernel;
  if (d.reductionInits.empty())
    return Error::success();
  for (const KernelDesc::ReductionInit &ri : d.reductionInits) {
    const BoundArg &a = request.args[ri.param];
    if (!a.buffer || ri.offset + ri.bytes > a.bytes)
      return makeError(KGPU_ERROR_INVALID_ARGUMENT,
                       "kernel '%s': the reduction output %s has %zu bytes, "
                       "too few for the element at byte %llu that the kernel "
                       "initialises",
                       d.name.c_str(), describeParam(d.params[ri.param]).c_str(),
                       a.bytes, static_cast<unsigned long long>(ri.offset));
  }
  // In the launch's own queue order where the backend can: queued launches
  // of a reduction kernel then overlap like any others.
  std::vector<LaunchStore> stores;
  bool inQueue = true;
  for (const KernelDesc::ReductionInit &ri : d.reductionInits) {
    stores.push_back(
        {request.args[ri.param].buffer, ri.offset, ri.bytes, ri.bits});
    inQueue = inQueue && device->impl->storesInQueue(stores.back());
  }
  if (inQueue) {
    request.stores = std::move(stores);
    return Error::success();
  }
  // Else an upload, which needs the device's queues idle (as
  // kgpu_buffer_upload).
  if (Error e = device->waitIdle())
    return e;
  for (const LaunchStore &s : stores)
    if (Error e = s.buffer->upload(s.offset, &s.bits, s.bytes))
      return e;
  return Error::success();
}

static Error prepareLaunch(kgpu_kernel kernel, kgpu_device_t *device,
                           const kgpu_arg *args, uint32_t numArgs,
                           const kgpu_launch_config *config,
                           LaunchRequest &request) {
  kgpu_module_t *module = kernel->module;
  if (!module->device)
    return makeError(KGPU_ERROR_INVALID_ARGUMENT,
                     "kernel '%s' belongs to a module loaded without a device "
                     "(for inspection only)",
                     kernel->desc->name.c_str());
  if (module->device.get() != device)
    return makeError(KGPU_ERROR_INVALID_ARGUMENT,
                     "kernel '%s' belongs to a module of another device",
                     kernel->desc->name.c_str());
  request.kernel = kernel->desc;
  request.impl = kernel->impl;
  if (Error e = bindArgs(kernel, device, args, numArgs, request))
    return e;
  if (Error e = configure(kernel, device, config, request))
    return e;
  module->retain();
  request.keepAlive.emplace_back(
      module, [](void *p) { static_cast<kgpu_module_t *>(p)->release(); });
  if (Error e = device->impl->checkLaunch(request))
    return e;
  return storeReductionInits(device, request);
}

//===----------------------------------------------------------------------===//
// Bounds-checked launches
//===----------------------------------------------------------------------===//

namespace {
/// The event of a launch of a bounds-checked kernel: once the launch has
/// finished, reads the kernel's status buffer and turns a recorded
/// violation into KGPU_ERROR_BOUNDS (once; later waits repeat the result).
class BoundsCheckedEvent : public BackendEvent {
public:
  BoundsCheckedEvent(std::shared_ptr<BackendEvent> inner,
                     std::shared_ptr<BackendBuffer> status,
                     Ref<kgpu_device_t> device, Ref<kgpu_module_t> module,
                     const KernelDesc *kernel)
      : inner(std::move(inner)), status(std::move(status)),
        device(std::move(device)), module(std::move(module)), kernel(kernel) {}

  Error wait() override {
    if (Error e = inner->wait())
      return e;
    return check();
  }
  Error query() override {
    if (Error e = inner->query())
      return e;
    return check();
  }
  uint64_t elapsedNs() override { return inner->elapsedNs(); }

private:
  Error check() {
    std::lock_guard<std::mutex> lock(mutex);
    if (checked)
      return result;
    // Transfers need the device's queues idle.
    if (Error e = device->waitIdle())
      return e;
    uint32_t words[8] = {};
    if (Error e = status->download(0, words, sizeof(words)))
      return e;
    checked = true;
    if (words[0] == 0)
      return result;
    uint32_t site = words[0] - 1;
    int64_t index =
        static_cast<int64_t>(uint64_t(words[2]) | uint64_t(words[3]) << 32);
    int64_t extent =
        static_cast<int64_t>(uint64_t(words[4]) | uint64_t(words[5]) << 32);
    std::string where = site < kernel->boundsSites.size()
                            ? kernel->boundsSites[site]
                            : format("unknown site #%u", site);
    std::string dim =
        words[1] ? format(" in dimension %u", words[1]) : std::string();
    result = makeError(KGPU_ERROR_BOUNDS,
                       "kernel '%s': out-of-bounds access to %s: index %lld%s, "
                       "extent %lld (the first violation of the launch; the "
                       "access was not done)",
                       kernel->name.c_str(), where.c_str(),
                       static_cast<long long>(index), dim.c_str(),
                       static_cast<long long>(extent));
    return result;
  }

  std::shared_ptr<BackendEvent> inner;
  std::shared_ptr<BackendBuffer> status;
  Ref<kgpu_device_t> device;
  Ref<kgpu_module_t> module; // keeps `kernel` alive
  const KernelDesc *kernel;
  std::mutex mutex;
  bool checked = false;
  Error result;
};
} // namespace

/// Wraps the event of a launch of a bounds-checked kernel.
static std::shared_ptr<BackendEvent>
checkedEvent(std::shared_ptr<BackendEvent> done,
             std::shared_ptr<BackendBuffer> status, kgpu_kernel kernel) {
  return std::make_shared<BoundsCheckedEvent>(
      std::move(done), std::move(status), kernel->module->device,
      Ref<kgpu_module_t>::share(kernel->module), kernel->desc);
}

//===----------------------------------------------------------------------===//
// C API: queues, launches, events
//===----------------------------------------------------------------------===//

kgpu_status kgpu_queue_create(kgpu_device device, kgpu_queue *queue) {
  KGPU_API_BEGIN
  KGPU_REQUIRE(queue, "kgpu_queue_create: queue is null");
  *queue = nullptr;
  KGPU_REQUIRE(device, "kgpu_queue_create: device is null");
  Ref<kgpu_queue_t> q = Ref<kgpu_queue_t>::adopt(new kgpu_queue_t());
  q->device = Ref<kgpu_device_t>::share(device);
  if (Error e = device->impl->createQueue(q->impl))
    return fail(e);
  {
    std::lock_guard<std::mutex> lock(device->queuesMutex);
    device->queues.push_back(q->impl.get());
  }
  *queue = q.take();
  return KGPU_SUCCESS;
  KGPU_API_END
}

void kgpu_queue_release(kgpu_queue queue) {
  if (queue)
    queue->release();
}

kgpu_status kgpu_queue_finish(kgpu_queue queue) {
  KGPU_API_BEGIN
  KGPU_REQUIRE(queue, "kgpu_queue_finish: queue is null");
  Error first = queue->impl->finish();
  std::vector<std::shared_ptr<BackendEvent>> checks;
  {
    std::lock_guard<std::mutex> lock(queue->checksMutex);
    checks.swap(queue->checks);
  }
  for (const std::shared_ptr<BackendEvent> &check : checks)
    if (Error e = check->wait())
      if (!first)
        first = e;
  return report(first);
  KGPU_API_END
}

kgpu_status kgpu_launch(kgpu_queue queue, kgpu_kernel kernel,
                        const kgpu_arg *args, uint32_t num_args,
                        const kgpu_launch_config *config, kgpu_event *event) {
  KGPU_API_BEGIN
  if (event)
    *event = nullptr;
  KGPU_REQUIRE(queue, "kgpu_launch: queue is null");
  KGPU_REQUIRE(kernel, "kgpu_launch: kernel is null");
  LaunchRequest request;
  if (Error e = prepareLaunch(kernel, queue->device.get(), args, num_args,
                              config, request))
    return fail(e);
  std::shared_ptr<BackendEvent> done;
  std::shared_ptr<BackendBuffer> status = request.boundsStatus;
  if (Error e = queue->impl->launch(std::move(request), done))
    return fail(e);
  if (status) {
    done = checkedEvent(std::move(done), std::move(status), kernel);
    std::lock_guard<std::mutex> lock(queue->checksMutex);
    queue->checks.push_back(done);
  }
  if (event) {
    auto *ev = new kgpu_event_t();
    ev->device = queue->device;
    ev->impl = std::move(done);
    *event = ev;
  }
  return KGPU_SUCCESS;
  KGPU_API_END
}

kgpu_status kgpu_launch_sync(kgpu_kernel kernel, const kgpu_arg *args,
                             uint32_t num_args,
                             const kgpu_launch_config *config,
                             uint64_t *time_ns) {
  KGPU_API_BEGIN
  KGPU_REQUIRE(kernel, "kgpu_launch_sync: kernel is null");
  kgpu_device_t *device = kernel->module->device.get();
  LaunchRequest request;
  if (Error e = prepareLaunch(kernel, device, args, num_args, config, request))
    return fail(e);
  BackendQueue *queue = nullptr;
  if (Error e = device->getDefaultQueue(queue))
    return fail(e);
  std::shared_ptr<BackendEvent> done;
  std::shared_ptr<BackendBuffer> status = request.boundsStatus;
  if (Error e = queue->launch(std::move(request), done))
    return fail(e);
  if (status)
    done = checkedEvent(std::move(done), std::move(status), kernel);
  // The default queue keeps no sticky error: each launch reports its own.
  if (Error e = done->wait())
    return fail(e);
  if (time_ns)
    *time_ns = done->elapsedNs();
  return KGPU_SUCCESS;
  KGPU_API_END
}

kgpu_status kgpu_event_wait(kgpu_event event) {
  KGPU_API_BEGIN
  KGPU_REQUIRE(event, "kgpu_event_wait: event is null");
  return report(event->impl->wait());
  KGPU_API_END
}

kgpu_status kgpu_event_query(kgpu_event event) {
  KGPU_API_BEGIN
  KGPU_REQUIRE(event, "kgpu_event_query: event is null");
  return report(event->impl->query());
  KGPU_API_END
}

kgpu_status kgpu_event_elapsed_ns(kgpu_event event, uint64_t *time_ns) {
  KGPU_API_BEGIN
  KGPU_REQUIRE(event, "kgpu_event_elapsed_ns: event is null");
  KGPU_REQUIRE(time_ns, "kgpu_event_elapsed_ns: time_ns is null");
  if (Error e = event->impl->wait())
    return fail(e);
  *time_ns = event->impl->elapsedNs();
  return KGPU_SUCCESS;
  KGPU_API_END
}

void kgpu_event_release(kgpu_event event) {
  if (event)
    event->release();
}

} // extern "C"
