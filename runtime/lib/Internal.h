//===- Internal.h - libkgpu_runtime internals -------------------*- C++ -*-===//
//
// The backend-neutral core (Runtime.cpp) validates every call against the
// bundle manifest and the device's limits, then hands it to a backend
// (cpu/, vulkan/, cuda/) through the interfaces below. Backends never see
// an unchecked argument; they report driver failures as Error values.
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_RUNTIME_INTERNAL_H
#define KGPU_RUNTIME_INTERNAL_H

#include "kgpu/runtime.h"

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <pthread.h>
#include <string>
#include <utility>
#include <vector>

namespace kgpu {
namespace rt {

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

/// A status code with a message. Like llvm::Error, it converts to true when
/// it holds a failure: `if (Error e = f()) return e;`.
class Error {
public:
  Error() = default;
  Error(kgpu_status code, std::string message)
      : code(code), text(std::move(message)) {}
  static Error success() { return Error(); }

  explicit operator bool() const { return code != KGPU_SUCCESS; }
  kgpu_status status() const { return code; }
  const std::string &message() const { return text; }

private:
  kgpu_status code = KGPU_SUCCESS;
  std::string text;
};

/// printf-style formatting into a std::string.
std::string format(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/// An error with a printf-style message.
Error makeError(kgpu_status code, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

//===----------------------------------------------------------------------===//
// Reference counting
//===----------------------------------------------------------------------===//

/// Intrusive, thread-safe reference count; starts at one.
class RefCounted {
public:
  void retain() { refs.fetch_add(1, std::memory_order_relaxed); }
  void release() {
    if (refs.fetch_sub(1, std::memory_order_acq_rel) == 1)
      delete this;
  }

protected:
  virtual ~RefCounted() = default;

private:
  std::atomic<uint32_t> refs{1};
};

/// An owning reference to a RefCounted-like object (anything with retain()
/// and release()).
template <typename T> class Ref {
public:
  Ref() = default;
  /// Takes over one reference that the caller owns.
  static Ref adopt(T *p) {
    Ref r;
    r.ptr = p;
    return r;
  }
  /// Adds a reference.
  static Ref share(T *p) {
    if (p)
      p->retain();
    return adopt(p);
  }
  Ref(const Ref &other) : ptr(other.ptr) {
    if (ptr)
      ptr->retain();
  }
  Ref(Ref &&other) noexcept : ptr(other.ptr) { other.ptr = nullptr; }
  Ref &operator=(Ref other) {
    std::swap(ptr, other.ptr);
    return *this;
  }
  ~Ref() {
    if (ptr)
      ptr->release();
  }
  T *get() const { return ptr; }
  T *operator->() const { return ptr; }
  T &operator*() const { return *ptr; }
  explicit operator bool() const { return ptr != nullptr; }
  /// Gives up ownership without releasing.
  T *take() {
    T *p = ptr;
    ptr = nullptr;
    return p;
  }

private:
  T *ptr = nullptr;
};

//===----------------------------------------------------------------------===//
// The manifest, as the runtime uses it
//===----------------------------------------------------------------------===//

struct ParamDesc {
  std::string name;
  uint32_t index = 0;
  kgpu_param_kind kind = KGPU_PARAM_SCALAR;
  kgpu_type type = KGPU_TYPE_INVALID;
  kgpu_access access = KGPU_ACCESS_READ;
  /// Buffers: the memref shape (-1 = dynamic); empty for scalars.
  std::vector<int64_t> shape;
  /// Buffers: the element count of a fully static shape, else -1.
  int64_t staticElements = -1;
  /// Hidden parameters come after the visible ones; the runtime binds them
  /// (bounds-checked kernels: docs/bundle.md).
  enum class Hidden { None, SizeOf, BoundsStatus } hidden = Hidden::None;
  /// SizeOf: the buffer parameter whose element count this is.
  uint32_t sizeOf = 0;
};

/// The most work-items per work-group of a kernel that does not fix its
/// work-group size (its local scratch memory is sized for it; the kgpu
/// dialect's limit).
constexpr uint32_t kMaxDynamicWorkItems = 1024;
/// Where the Vulkan binary of a kernel reads its scalar arguments (the
/// manifest's "vulkan" object; "SPIR-V ABI" in docs/codegen.md).
struct VulkanScalarsDesc {
  enum Storage { NONE, PUSH_CONSTANT, STORAGE_BUFFER };
  /// Whether the manifest has the object (bundles of older compilers lack it).
  bool present = false;
  Storage storage = NONE;
  /// Descriptor set 0 binding (STORAGE_BUFFER).
  uint32_t binding = 0;
  /// Block size in bytes.
  uint32_t size = 0;
  /// (parameter index, byte offset) of every scalar parameter.
  std::vector<std::pair<uint32_t, uint32_t>> members;
};

/// A tensor-core multiply of a kernel's SPIR-V (the manifest's
/// "vulkan"."cooperative_matrix"): M x N x K, component types ("f16", "f32",
/// "i8", "i32"), subgroup scope.
struct CooperativeMatrixDesc {
  uint32_t m = 0, n = 0, k = 0;
  std::string a, b, c, result;
};

struct KernelDesc {
  std::string name;
  /// The visible parameters, then the hidden ones.
  std::vector<ParamDesc> params;
  /// How many of `params` the caller binds.
  size_t visibleParams = 0;
  /// Bounds-checked kernels: the index of the status buffer parameter, and
  /// what each checked access reads or writes, and where ("buffer 'x' at
  /// saxpy.kgc:4:5").
  int64_t boundsStatusParam = -1;
  std::vector<std::string> boundsSites;
  kgpu_launch_model model = KGPU_LAUNCH_NDRANGE;
  uint32_t dims = 1;
  /// The fixed work-group size, or the default one of a dynamic kernel.
  uint32_t workgroupSize[3] = {1, 1, 1};
  /// Launches must use workgroupSize (bundles without the manifest key were
  /// all compiled for one size).
  bool workgroupSizeFixed = true;
  uint64_t localMemoryBytes = 0;
  /// CUDA: the dynamic shared memory every launch passes (manifest
  /// cuda.dynamic_shared_memory_bytes; 0: static shared memory only).
  uint64_t cudaDynamicSharedBytes = 0;
  bool usesSubgroups = false;
  /// The subgroup size the code assumes; 0 when it reads it at run time.
  uint32_t assumedSubgroupSize = 0;
  uint32_t reductionCount = 0;
  /// Reductions with an initial value (manifest `init`): stored into their
  /// output before each launch, as the kernel's own first statement would.
  struct ReductionInit {
    uint32_t param = 0;
    uint64_t offset = 0; // bytes
    uint32_t bytes = 0;
    uint64_t bits = 0; // the value, little-endian
  };
  std::vector<ReductionInit> reductionInits;
  /// Kernelin-style launches: the indices of the i32 scalar parameters that
  /// carry the dispatch size (launch.dispatch_params), in order.
  std::vector<uint32_t> dispatchParams;
  VulkanScalarsDesc vulkanScalars;
  /// The cooperative-matrix multiplies the Vulkan binary uses.
  std::vector<CooperativeMatrixDesc> cooperativeMatrices;

  uint64_t workgroupInvocations() const {
    return uint64_t(workgroupSize[0]) * workgroupSize[1] * workgroupSize[2];
  }
};

/// One payload of the bundle (bytes owned by the ModuleDesc).
struct PayloadDesc {
  std::string target;
  std::string format;
  std::string kernel;
  std::string data;
};

struct ModuleDesc {
  std::vector<KernelDesc> kernels;
  std::vector<PayloadDesc> payloads;
  /// The manifest's cpu.subgroup_size: the subgroup size the "cpu" payload
  /// emulates (KGPU_CPU_* in kgpu/ABI/CPU.h); 0 when the manifest does not
  /// say (bundles written before it did, or without a CPU payload).
  int64_t cpuSubgroupSize = 0;
  /// The manifest's "omitted_targets": targets that kgpu-translate left out
  /// because they cannot compile the kernels, with the reason.
  std::vector<std::pair<std::string, std::string>> omittedTargets;

  /// Why `target` has no payload, if the manifest says; else null.
  const std::string *omittedReason(const std::string &target) const {
    for (const auto &[name, reason] : omittedTargets)
      if (name == target)
        return &reason;
    return nullptr;
  }
};

/// Reads and validates a bundle (bounds-checked reader + manifest checks).
Error parseBundle(const void *data, size_t size, ModuleDesc &out);

/// Checks a kernel's SPIR-V binary before a driver sees it: the header
/// (magic, version, id bound), every instruction's word count, the memory
/// model and a GLCompute entry point named `kernel`; then SPIRV-Tools'
/// validator when libSPIRV-Tools-shared.so can be loaded (KGPU_SPIRV_VALIDATE=0
/// turns that off). INVALID_BUNDLE with a message if it is malformed.
Error checkSPIRV(const std::string &bytes, const std::string &kernel);
/// Whether checkSPIRV runs SPIRV-Tools' validator.
bool spirvToolsAvailable();

/// "i32" -> KGPU_TYPE_I32, ...; INVALID if unknown.
kgpu_type parseTypeName(const std::string &name);

//===----------------------------------------------------------------------===//
// Backend interfaces
//===----------------------------------------------------------------------===//

class BackendBuffer {
public:
  virtual ~BackendBuffer() = default;
  /// The transfers are called with in-range offsets, after the device's
  /// queues are idle.
  virtual Error upload(size_t offset, const void *src, size_t size) = 0;
  virtual Error download(size_t offset, void *dst, size_t size) = 0;
  virtual Error copyFrom(size_t dstOffset, BackendBuffer &src, size_t srcOffset,
                         size_t size) = 0;
  /// The memory's native handle (kgpu_buffer_get_native_handle): a host
  /// pointer on the CPU, a CUdeviceptr on CUDA; 0 where there is none.
  virtual uint64_t nativeHandle() const { return 0; }
};

/// A kernel prepared for a device (pipeline, function, symbol).
class BackendKernel {
public:
  virtual ~BackendKernel() = default;
};

class BackendModule {
public:
  virtual ~BackendModule() = default;
  /// Prepares kernel `index` of the module's manifest. Called at most once
  /// per kernel (the core caches the result); the module owns it.
  virtual Error prepareKernel(uint32_t index, BackendKernel *&kernel) = 0;
  /// The subgroup size the module's kernels run with; 0: the device's
  /// (kgpu_device_info::subgroup_size).
  virtual uint32_t subgroupSize() const { return 0; }
};

/// One checked argument of a launch.
struct BoundArg {
  const ParamDesc *param = nullptr;
  BackendBuffer *buffer = nullptr; // buffers
  size_t bytes = 0;                // buffers: size in bytes
  int64_t elements = 0;            // buffers: whole elements
  uint64_t bits = 0;               // scalars: the value, little-endian
};

/// A value a launch stores into one of its buffers before its kernel runs,
/// in the queue's order (a manifest reduction `init`): `bytes` (1, 2, 4 or
/// 8) little-endian bytes of `bits` at byte `offset`.
struct LaunchStore {
  BackendBuffer *buffer = nullptr;
  uint64_t offset = 0;
  uint32_t bytes = 0;
  uint64_t bits = 0;
};

/// A checked launch. `keepAlive` holds the module and buffers until the
/// launch has finished; backends drop it then.
struct LaunchRequest {
  const KernelDesc *kernel = nullptr;
  BackendKernel *impl = nullptr;
  uint32_t grid[3] = {1, 1, 1};
  uint32_t local[3] = {1, 1, 1};
  std::vector<BoundArg> args;
  std::vector<std::shared_ptr<void>> keepAlive;
  /// Bounds-checked kernels: the status buffer of the launch (also in
  /// `keepAlive`), which the core reads when the launch has finished.
  std::shared_ptr<BackendBuffer> boundsStatus;
  /// Stored before the kernel runs, after the queue's earlier launches
  /// (only where BackendDevice::storesInQueue accepted each).
  std::vector<LaunchStore> stores;
};

class BackendEvent {
public:
  virtual ~BackendEvent() = default;
  /// Blocks until the launch has finished; returns its status.
  virtual Error wait() = 0;
  /// KGPU_ERROR_NOT_READY while running.
  virtual Error query() = 0;
  /// The launch's time; valid after wait() succeeded.
  virtual uint64_t elapsedNs() = 0;
};

/// An event that a backend thread completes (CPU, Vulkan).
class CompletionEvent : public BackendEvent {
public:
  void complete(Error status, uint64_t ns);
  Error wait() override;
  Error query() override;
  uint64_t elapsedNs() override;

private:
  std::mutex mutex;
  std::condition_variable cv;
  bool done = false;
  Error result;
  uint64_t ns = 0;
};

class BackendQueue {
public:
  /// Destruction waits for the queue's work.
  virtual ~BackendQueue() = default;
  /// Enqueues a checked launch; `event` receives its completion.
  virtual Error launch(LaunchRequest request,
                       std::shared_ptr<BackendEvent> &event) = 0;
  /// Waits for the queue's work; returns (and clears) the first launch
  /// error since the previous finish.
  virtual Error finish() = 0;
  /// Waits for the queue's work, keeping any launch error for finish().
  virtual Error waitIdle() = 0;
};

class BackendDevice {
public:
  virtual ~BackendDevice() = default;
  virtual const kgpu_device_info &info() const = 0;
  virtual Error createBuffer(size_t size,
                             std::unique_ptr<BackendBuffer> &buffer) = 0;
  /// Loads the payloads of `module` this device runs (kept alive by the
  /// caller as long as the returned module). NO_PAYLOAD if there is none.
  virtual Error loadModule(const ModuleDesc &module,
                           std::unique_ptr<BackendModule> &out) = 0;
  virtual Error createQueue(std::unique_ptr<BackendQueue> &queue) = 0;
  /// A buffer over memory the caller owns (kgpu_buffer_create_external):
  /// `handle` is what nativeHandle() gives. UNSUPPORTED by default.
  virtual Error wrapExternal(uint64_t handle, size_t size,
                             std::unique_ptr<BackendBuffer> &buffer) {
    (void)handle;
    (void)size;
    (void)buffer;
    return makeError(KGPU_ERROR_UNSUPPORTED,
                     "the device '%s' cannot wrap external memory",
                     info().name);
  }
  /// Additional launch checks of the backend (e.g. per-kernel register
  /// limits); called after the core's checks.
  virtual Error checkLaunch(const LaunchRequest &request) {
    (void)request;
    return Error::success();
  }
  /// Whether a launch of this device's queues can do `store` itself, in
  /// the queue's order (LaunchRequest::stores); else the core uploads it
  /// once the device is idle, which serialises queued launches.
  virtual bool storesInQueue(const LaunchStore &store) const {
    (void)store;
    return false;
  }
  /// How many work-groups a parallel-loop kernel gets by default for
  /// `elements` work items (before the device's grid limit).
  virtual uint64_t defaultGroupCap(const KernelDesc &kernel) const;
};

/// A backend: enumerates its devices and opens them.
class Backend {
public:
  virtual ~Backend() = default;
  virtual kgpu_backend kind() const = 0;
  virtual const char *name() const = 0;
  /// Finds the devices (once); an error means the backend is unavailable
  /// (its message says why, e.g. "no CUDA driver").
  virtual Error enumerate(std::vector<kgpu_device_info> &devices) = 0;
  virtual Error open(uint32_t index,
                     std::unique_ptr<BackendDevice> &device) = 0;
};

Backend &cpuBackend();
Backend &vulkanBackend();
Backend &cudaBackend();

//===----------------------------------------------------------------------===//
// Helpers shared by the backends
//===----------------------------------------------------------------------===//

/// Starts a joinable thread with a stack of `stackBytes` (kernels on the CPU
/// keep local memory on the stack).
class Thread {
public:
  Thread() = default;
  Thread(const Thread &) = delete;
  Thread &operator=(const Thread &) = delete;
  ~Thread();
  Error start(std::function<void()> body, size_t stackBytes);
  void join();

private:
  static void *trampoline(void *self);
  std::function<void()> body;
  pthread_t handle{};
  bool running = false;
};

/// A launch that a device runs asynchronously (CUDA, Vulkan), from its
/// submission until it retires. Each backend derives its per-launch device
/// objects (events, fences, command buffers) from it.
struct InFlightLaunch {
  InFlightLaunch() = default;
  InFlightLaunch(InFlightLaunch &&) = default;
  InFlightLaunch &operator=(InFlightLaunch &&) = default;
  virtual ~InFlightLaunch() = default;

  /// The buffers and module the launch uses, dropped when it retires.
  std::vector<std::shared_ptr<void>> keepAlive;
  /// Completed when it retires, after `keepAlive` was dropped.
  std::shared_ptr<CompletionEvent> done;
};

/// The launches in flight on one queue of an asynchronous device, retired
/// in submission order by a waiter thread: the thread waits for the oldest
/// launch (the backend's `wait`, without the lock), keeps the first error
/// for finish(), frees the launch's device objects (the backend's
/// `release`, with the lock held), drops what the launch kept alive and
/// only then completes its event, so that the host may free everything as
/// soon as the event fires and finish() returns after the last event fired.
class LaunchRetirer {
public:
  /// Blocks until `launch` has finished on the device; returns its status
  /// and sets `ns` to its duration. Runs on the waiter thread, unlocked.
  using WaitFn = std::function<Error(InFlightLaunch &launch, uint64_t &ns)>;
  /// Frees the device objects of `launch`; runs with mutex() held.
  using ReleaseFn = std::function<void(InFlightLaunch &launch)>;

  LaunchRetirer() = default;
  LaunchRetirer(const LaunchRetirer &) = delete;
  LaunchRetirer &operator=(const LaunchRetirer &) = delete;
  ~LaunchRetirer() { stop(); }

  /// Starts the waiter thread; `threadInit` (if any) runs on it first.
  Error start(std::function<void()> threadInit, WaitFn wait, ReleaseFn release);
  /// Retires every launch still in flight, then ends the waiter thread. The
  /// owner calls it before it destroys what `wait` and `release` use.
  void stop();

  /// Guards the launches in flight; the backend holds it while it records
  /// and submits a launch (and for what `release` touches).
  std::mutex &mutex() { return lock; }
  /// Queues a submitted launch (with mutex() held), which keeps `keepAlive`
  /// until it retires; returns the event it completes then.
  std::shared_ptr<CompletionEvent>
  push(std::unique_ptr<InFlightLaunch> launch,
       std::vector<std::shared_ptr<void>> keepAlive);
  /// Waits until every launch has retired; returns (and clears) the first
  /// launch error since the previous finish().
  Error finish();
  /// Waits until every launch has retired.
  void waitIdle();

private:
  void retireLoop();

  std::function<void()> threadInit;
  WaitFn wait;
  ReleaseFn release;
  Thread waiter;
  std::mutex lock;
  std::condition_variable wake, idle;
  std::deque<std::unique_ptr<InFlightLaunch>> inFlight;
  bool stopping = false;
  Error sticky;
};

/// Nanoseconds of a monotonic clock.
uint64_t monotonicNs();

/// Copies `name` into a fixed-size field, truncating.
void copyName(char *dst, size_t size, const std::string &name);

} // namespace rt
} // namespace kgpu

#endif // KGPU_RUNTIME_INTERNAL_H
