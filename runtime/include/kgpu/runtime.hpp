//===- kgpu/runtime.hpp - C++ wrapper of the kgpu runtime -------*- C++ -*-===//
//
// Header-only RAII wrapper of kgpu/runtime.h. It throws no exceptions (so it
// also builds with -fno-exceptions): fallible calls return a Status or a
// Result<T> carrying the status code and the runtime's message.
//
//   kgpu::Result<kgpu::Device> dev = kgpu::Device::open();        // default
//   kgpu::Result<kgpu::Module> mod = kgpu::Module::loadFile(*dev,
//   "saxpy.kgpu"); kgpu::Result<kgpu::Kernel> k = mod->kernel("saxpy");
//   kgpu::Result<kgpu::Buffer> x = kgpu::Buffer::create(*dev, n * 4);
//   x->upload(hostX.data(), n * 4);
//   kgpu::Result<uint64_t> ns = k->launch(
//       {kgpu::arg(n), kgpu::arg(2.5f), kgpu::arg(*x), kgpu::arg(*y)},
//       kgpu::LaunchConfig::grid1D((n + 255) / 256));
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_RUNTIME_HPP
#define KGPU_RUNTIME_HPP

#include "kgpu/runtime.h"

#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

namespace kgpu {

/// The outcome of a call: a status code and, on failure, the message.
class Status {
public:
  Status() = default;
  /// Captures the calling thread's last error message on failure.
  /*implicit*/ Status(kgpu_status code)
      : code_(code),
        message_(code == KGPU_SUCCESS ? "" : kgpu_last_error_message()) {}
  Status(kgpu_status code, std::string message)
      : code_(code), message_(std::move(message)) {}

  bool ok() const { return code_ == KGPU_SUCCESS; }
  kgpu_status code() const { return code_; }
  const std::string &message() const { return message_; }
  /// "KGPU_ERROR_...: message".
  std::string toString() const {
    return ok() ? std::string("success")
                : std::string(kgpu_status_string(code_)) + ": " + message_;
  }

private:
  kgpu_status code_ = KGPU_SUCCESS;
  std::string message_;
};

/// A value or the status of the failure that prevented it.
template <typename T> class Result {
public:
  /*implicit*/ Result(T value) : value_(std::move(value)) {}
  /*implicit*/ Result(Status status) : status_(std::move(status)) {}

  bool ok() const { return status_.ok(); }
  const Status &status() const { return status_; }
  T &value() { return value_; }
  const T &value() const { return value_; }
  T &operator*() { return value_; }
  T *operator->() { return &value_; }
  const T *operator->() const { return &value_; }
  T take() { return std::move(value_); }

private:
  Status status_;
  T value_{};
};

namespace detail {
/// A move-only owner of a C handle.
template <typename H, void (*Release)(H)> class Handle {
public:
  Handle() = default;
  explicit Handle(H handle) : handle_(handle) {}
  Handle(const Handle &) = delete;
  Handle &operator=(const Handle &) = delete;
  Handle(Handle &&other) noexcept : handle_(other.handle_) {
    other.handle_ = nullptr;
  }
  Handle &operator=(Handle &&other) noexcept {
    if (this != &other) {
      reset();
      handle_ = other.handle_;
      other.handle_ = nullptr;
    }
    return *this;
  }
  ~Handle() { reset(); }

  H get() const { return handle_; }
  explicit operator bool() const { return handle_ != nullptr; }
  void reset() {
    if (handle_)
      Release(handle_);
    handle_ = nullptr;
  }
  /// Gives up ownership.
  H release() {
    H h = handle_;
    handle_ = nullptr;
    return h;
  }

private:
  H handle_ = nullptr;
};
} // namespace detail

class Device : public detail::Handle<kgpu_device, kgpu_device_release> {
public:
  using Handle::Handle;

  /// NULL/"": KGPU_DEVICE or the best device; else "cpu", "cuda[:N]",
  /// "vulkan[:N]".
  static Result<Device> open(const char *spec = nullptr) {
    kgpu_device d = nullptr;
    Status s = kgpu_device_open(spec, &d);
    if (!s.ok())
      return s;
    return Device(d);
  }
  static Result<Device> openIndex(uint32_t index) {
    kgpu_device d = nullptr;
    Status s = kgpu_device_open_index(index, &d);
    if (!s.ok())
      return s;
    return Device(d);
  }
  static Result<uint32_t> count() {
    uint32_t n = 0;
    Status s = kgpu_device_count(&n);
    if (!s.ok())
      return s;
    return n;
  }
  static Result<kgpu_device_info> describe(uint32_t index) {
    kgpu_device_info info{};
    Status s = kgpu_device_describe(index, &info);
    if (!s.ok())
      return s;
    return info;
  }

  Result<kgpu_device_info> info() const {
    kgpu_device_info info{};
    Status s = kgpu_device_get_info(get(), &info);
    if (!s.ok())
      return s;
    return info;
  }
  Status synchronize() const { return kgpu_device_synchronize(get()); }
};

class Buffer : public detail::Handle<kgpu_buffer, kgpu_buffer_release> {
public:
  using Handle::Handle;

  /// A zero-filled buffer of `bytes` bytes.
  static Result<Buffer> create(const Device &device, size_t bytes) {
    kgpu_buffer b = nullptr;
    Status s = kgpu_buffer_create(device.get(), bytes, &b);
    if (!s.ok())
      return s;
    return Buffer(b);
  }
  /// A buffer holding a copy of `data`.
  template <typename T>
  static Result<Buffer> create(const Device &device,
                               const std::vector<T> &data) {
    Result<Buffer> b = create(device, data.size() * sizeof(T));
    if (!b.ok())
      return b;
    Status s = b->upload(data.data(), data.size() * sizeof(T));
    if (!s.ok())
      return s;
    return b;
  }

  size_t size() const {
    size_t n = 0;
    kgpu_buffer_get_size(get(), &n);
    return n;
  }
  Status upload(const void *src, size_t bytes, size_t offset = 0) {
    return kgpu_buffer_upload(get(), offset, src, bytes);
  }
  Status download(void *dst, size_t bytes, size_t offset = 0) const {
    return kgpu_buffer_download(get(), offset, dst, bytes);
  }
  /// The whole buffer as elements of T.
  template <typename T> Result<std::vector<T>> read() const {
    std::vector<T> out(size() / sizeof(T));
    Status s = download(out.data(), out.size() * sizeof(T));
    if (!s.ok())
      return s;
    return out;
  }
  Status copyFrom(const Buffer &src, size_t bytes, size_t dstOffset = 0,
                  size_t srcOffset = 0) {
    return kgpu_buffer_copy(get(), dstOffset, src.get(), srcOffset, bytes);
  }
};

/// Launch arguments.
inline kgpu_arg arg(const Buffer &buffer) {
  return kgpu_arg_buffer(buffer.get());
}
inline kgpu_arg arg(int32_t v) { return kgpu_arg_i32(v); }
inline kgpu_arg arg(uint32_t v) { return kgpu_arg_u32(v); }
inline kgpu_arg arg(int64_t v) { return kgpu_arg_i64(v); }
inline kgpu_arg arg(float v) { return kgpu_arg_f32(v); }
inline kgpu_arg arg(double v) { return kgpu_arg_f64(v); }
inline kgpu_arg indexArg(int64_t v) { return kgpu_arg_index(v); }
/// Binds by parameter name instead of position.
inline kgpu_arg named(const char *name, kgpu_arg a) {
  return kgpu_arg_named(name, a);
}

struct LaunchConfig : kgpu_launch_config {
  /// The default grid (parallel loops) and the kernel's work-group size.
  LaunchConfig() : kgpu_launch_config() {}
  LaunchConfig(uint32_t gx, uint32_t gy = 1, uint32_t gz = 1)
      : kgpu_launch_config() {
    grid[0] = gx;
    grid[1] = gy;
    grid[2] = gz;
  }
  static LaunchConfig grid1D(uint32_t gx) { return LaunchConfig(gx); }
  LaunchConfig &withLocal(uint32_t lx, uint32_t ly = 1, uint32_t lz = 1) {
    local[0] = lx;
    local[1] = ly;
    local[2] = lz;
    return *this;
  }
};

class Event : public detail::Handle<kgpu_event, kgpu_event_release> {
public:
  using Handle::Handle;
  Status wait() const { return kgpu_event_wait(get()); }
  /// Status::ok() once done; KGPU_ERROR_NOT_READY before.
  Status query() const { return kgpu_event_query(get()); }
  Result<uint64_t> elapsedNs() const {
    uint64_t ns = 0;
    Status s = kgpu_event_elapsed_ns(get(), &ns);
    if (!s.ok())
      return s;
    return ns;
  }
};

/// A kernel of a Module (valid while the module is).
class Kernel {
public:
  Kernel() = default;
  explicit Kernel(kgpu_kernel kernel) : kernel_(kernel) {}
  kgpu_kernel get() const { return kernel_; }

  Result<kgpu_kernel_info> info() const {
    kgpu_kernel_info info{};
    Status s = kgpu_kernel_get_info(kernel_, &info);
    if (!s.ok())
      return s;
    return info;
  }
  Result<kgpu_param_info> param(uint32_t index) const {
    kgpu_param_info info{};
    Status s = kgpu_kernel_get_param(kernel_, index, &info);
    if (!s.ok())
      return s;
    return info;
  }
  Result<uint32_t> findParam(const char *name) const {
    uint32_t index = 0;
    Status s = kgpu_kernel_find_param(kernel_, name, &index);
    if (!s.ok())
      return s;
    return index;
  }
  /// The parameter indices of the dispatch size (launch.dispatch_params):
  /// empty, {size} or {width, height[, depth]}.
  Result<std::vector<uint32_t>> dispatchParams() const {
    uint32_t count = 0, indices[3] = {0, 0, 0};
    Status s = kgpu_kernel_get_dispatch_params(kernel_, &count, indices);
    if (!s.ok())
      return s;
    return std::vector<uint32_t>(indices, indices + count);
  }

  /// Launches on the device's default queue and waits; returns the time
  /// in nanoseconds.
  Result<uint64_t> launch(const std::vector<kgpu_arg> &args,
                          const LaunchConfig &config = LaunchConfig()) const {
    uint64_t ns = 0;
    Status s = kgpu_launch_sync(
        kernel_, args.data(), static_cast<uint32_t>(args.size()), &config, &ns);
    if (!s.ok())
      return s;
    return ns;
  }

private:
  kgpu_kernel kernel_ = nullptr;
};

class Queue : public detail::Handle<kgpu_queue, kgpu_queue_release> {
public:
  using Handle::Handle;
  static Result<Queue> create(const Device &device) {
    kgpu_queue q = nullptr;
    Status s = kgpu_queue_create(device.get(), &q);
    if (!s.ok())
      return s;
    return Queue(q);
  }
  /// Enqueues a launch; the event signals its completion.
  Result<Event> launch(const Kernel &kernel, const std::vector<kgpu_arg> &args,
                       const LaunchConfig &config = LaunchConfig()) {
    kgpu_event e = nullptr;
    Status s = kgpu_launch(get(), kernel.get(), args.data(),
                           static_cast<uint32_t>(args.size()), &config, &e);
    if (!s.ok())
      return s;
    return Event(e);
  }
  Status finish() { return kgpu_queue_finish(get()); }
};

class Module : public detail::Handle<kgpu_module, kgpu_module_release> {
public:
  using Handle::Handle;
  static Result<Module> loadFile(const Device &device, const char *path) {
    return loadFile(device.get(), path);
  }
  /// `device` null: the manifest only (inspection).
  static Result<Module> loadFile(kgpu_device device, const char *path) {
    kgpu_module m = nullptr;
    Status s = kgpu_module_load_file(device, path, &m);
    if (!s.ok())
      return s;
    return Module(m);
  }
  static Result<Module> loadMemory(const Device &device, const void *data,
                                   size_t size) {
    kgpu_module m = nullptr;
    Status s = kgpu_module_load_memory(device.get(), data, size, &m);
    if (!s.ok())
      return s;
    return Module(m);
  }

  uint32_t kernelCount() const {
    uint32_t n = 0;
    kgpu_module_kernel_count(get(), &n);
    return n;
  }
  Result<Kernel> kernel(const char *name) const {
    kgpu_kernel k = nullptr;
    Status s = kgpu_module_get_kernel(get(), name, &k);
    if (!s.ok())
      return s;
    return Kernel(k);
  }
  Result<Kernel> kernel(uint32_t index) const {
    kgpu_kernel k = nullptr;
    Status s = kgpu_module_get_kernel_by_index(get(), index, &k);
    if (!s.ok())
      return s;
    return Kernel(k);
  }
};

} // namespace kgpu

#endif // KGPU_RUNTIME_HPP
