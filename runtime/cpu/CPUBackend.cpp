//===- CPUBackend.cpp - the host CPU backend --------------------*- C++ -*-===//
//
// Runs the bundle's "cpu" payload (an ELF shared object, see "CPU ABI" in
// docs/codegen.md): the library is written to a temporary file and
// dlopen'ed, `kgpu_cpu_<kernel>` is resolved, and a launch splits the
// work-group range [0, gx * gy * gz) into chunks that a thread pool over all
// cores runs. Buffers are host memory. Always available.
//
//===----------------------------------------------------------------------===//

#include "../lib/Internal.h"

#include "kgpu/ABI/CPU.h"
#include "kgpu/ABI/Manifest.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <fstream>
#include <thread>

#include <dlfcn.h>
#include <unistd.h>

using namespace kgpu::rt;

namespace {

/// The CPU ABI's buffer descriptor and entry point (kgpu/ABI/CPU.h).
using CPUBufferArg = kgpu_cpu_buffer;
using CPUKernelFn = kgpu_cpu_kernel_fn;

/// Kernels keep their local memory and per-work-item spill slots on the
/// stack of the thread that runs them.
constexpr size_t kStackBytes = 16u << 20;
constexpr uint64_t kMaxLocalMemory = 4u << 20;

//===----------------------------------------------------------------------===//
// Thread pool
//===----------------------------------------------------------------------===//

/// Runs one range job at a time on helper threads plus the calling thread.
class ThreadPool {
public:
  using Job = std::function<void(int64_t, int64_t)>;

  Error start(unsigned helpers) {
    for (unsigned i = 0; i < helpers; ++i) {
      auto thread = std::make_unique<Thread>();
      if (Error e = thread->start([this] { workerLoop(); }, kStackBytes))
        return e;
      threads.push_back(std::move(thread));
    }
    return Error::success();
  }

  ~ThreadPool() {
    {
      std::lock_guard<std::mutex> lock(mutex);
      stopping = true;
    }
    wake.notify_all();
    threads.clear(); // joins
  }

  void run(int64_t total, const Job &fn) {
    std::lock_guard<std::mutex> jobLock(jobMutex);
    int64_t workers = static_cast<int64_t>(threads.size()) + 1;
    // Guided self-scheduling: each grab takes an eighth of a worker's share
    // of what is left, down to a 128th of a worker's share of the whole, so
    // the last grabs are small and a range whose work-groups differ in cost
    // (Mandelbrot's rows) ends with every worker busy.
    int64_t chunkSize = std::max<int64_t>(1, total / (workers * 128));
    if (threads.empty() || total <= chunkSize) {
      fn(0, total);
      return;
    }
    {
      std::lock_guard<std::mutex> lock(mutex);
      job = &fn;
      jobTotal = total;
      chunk = chunkSize;
      divisor = workers * 8;
      next.store(0, std::memory_order_relaxed);
      busy = static_cast<unsigned>(threads.size());
      ++generation;
    }
    wake.notify_all();
    work();
    std::unique_lock<std::mutex> lock(mutex);
    finished.wait(lock, [&] { return busy == 0; });
    job = nullptr;
  }

  unsigned size() const { return static_cast<unsigned>(threads.size()) + 1; }

private:
  void work() {
    for (;;) {
      int64_t begin = next.load(std::memory_order_relaxed);
      int64_t end;
      do {
        if (begin >= jobTotal)
          return;
        end = std::min(jobTotal,
                       begin + std::max(chunk, (jobTotal - begin) / divisor));
      } while (!next.compare_exchange_weak(begin, end,
                                           std::memory_order_relaxed));
      (*job)(begin, end);
    }
  }

  void workerLoop() {
    uint64_t seen = 0;
    std::unique_lock<std::mutex> lock(mutex);
    for (;;) {
      wake.wait(lock, [&] { return stopping || generation != seen; });
      if (stopping)
        return;
      seen = generation;
      lock.unlock();
      work();
      lock.lock();
      if (--busy == 0)
        finished.notify_all();
    }
  }

  std::mutex jobMutex;
  std::mutex mutex;
  std::condition_variable wake, finished;
  bool stopping = false;
  uint64_t generation = 0;
  unsigned busy = 0;
  const Job *job = nullptr;
  int64_t jobTotal = 0;
  int64_t chunk = 1;
  int64_t divisor = 1;
  std::atomic<int64_t> next{0};
  std::vector<std::unique_ptr<Thread>> threads;
};

//===----------------------------------------------------------------------===//
// Buffers, modules, kernels
//===----------------------------------------------------------------------===//

class CPUBuffer : public BackendBuffer {
public:
  explicit CPUBuffer(void *data, bool owned = true)
      : data(data), owned(owned) {}
  ~CPUBuffer() override {
    if (owned)
      std::free(data);
  }
  uint64_t nativeHandle() const override {
    return reinterpret_cast<uintptr_t>(data);
  }

  Error upload(size_t offset, const void *src, size_t size) override {
    std::memcpy(static_cast<char *>(data) + offset, src, size);
    return Error::success();
  }
  Error download(size_t offset, void *dst, size_t size) override {
    std::memcpy(dst, static_cast<char *>(data) + offset, size);
    return Error::success();
  }
  Error copyFrom(size_t dstOffset, BackendBuffer &src, size_t srcOffset,
                 size_t size) override {
    std::memcpy(static_cast<char *>(data) + dstOffset,
                static_cast<CPUBuffer &>(src).bytes() + srcOffset, size);
    return Error::success();
  }

  char *bytes() const { return static_cast<char *>(data); }

private:
  void *data;
  bool owned;
};

class CPUKernel : public BackendKernel {
public:
  explicit CPUKernel(CPUKernelFn fn) : fn(fn) {}
  CPUKernelFn fn;
};

class CPUModule : public BackendModule {
public:
  CPUModule(void *handle, const ModuleDesc &desc, uint32_t subgroupSize)
      : handle(handle), desc(desc), kernels(desc.kernels.size()),
        emulatedSubgroupSize(subgroupSize) {}
  ~CPUModule() override {
    kernels.clear();
    dlclose(handle);
  }

  Error prepareKernel(uint32_t index, BackendKernel *&out) override {
    const std::string &name = desc.kernels[index].name;
    std::string symbol = KGPU_CPU_ENTRY_PREFIX + name;
    void *fn = dlsym(handle, symbol.c_str());
    if (!fn)
      return makeError(KGPU_ERROR_NO_PAYLOAD,
                       "the bundle's CPU library has no symbol '%s' for "
                       "kernel '%s'",
                       symbol.c_str(), name.c_str());
    kernels[index] =
        std::make_unique<CPUKernel>(reinterpret_cast<CPUKernelFn>(fn));
    out = kernels[index].get();
    return Error::success();
  }

  uint32_t subgroupSize() const override { return emulatedSubgroupSize; }

private:
  void *handle;
  const ModuleDesc &desc;
  std::vector<std::unique_ptr<CPUKernel>> kernels;
  /// The subgroup size the library's code emulates (its kernels' results
  /// depend on it: shuffles, subgroup reductions, subgroup ids).
  uint32_t emulatedSubgroupSize;
};

//===----------------------------------------------------------------------===//
// Device and queues
//===----------------------------------------------------------------------===//

class CPUDevice;

class CPUQueue : public BackendQueue {
public:
  explicit CPUQueue(CPUDevice &device) : device(device) {}
  Error start() {
    return thread.start([this] { workerLoop(); }, kStackBytes);
  }
  ~CPUQueue() override {
    {
      std::lock_guard<std::mutex> lock(mutex);
      stopping = true;
    }
    wake.notify_all();
    thread.join();
  }

  Error launch(LaunchRequest request,
               std::shared_ptr<BackendEvent> &event) override {
    auto done = std::make_shared<CompletionEvent>();
    {
      std::lock_guard<std::mutex> lock(mutex);
      jobs.push_back({std::move(request), done});
    }
    wake.notify_all();
    event = done;
    return Error::success();
  }

  Error finish() override {
    std::unique_lock<std::mutex> lock(mutex);
    idle.wait(lock, [&] { return jobs.empty() && !running; });
    Error e = std::move(sticky);
    sticky = Error();
    return e;
  }

  Error waitIdle() override {
    std::unique_lock<std::mutex> lock(mutex);
    idle.wait(lock, [&] { return jobs.empty() && !running; });
    return Error::success();
  }

private:
  struct Job {
    LaunchRequest request;
    std::shared_ptr<CompletionEvent> done;
  };

  void workerLoop();
  uint64_t execute(const LaunchRequest &request);

  CPUDevice &device;
  Thread thread;
  std::mutex mutex;
  std::condition_variable wake, idle;
  std::deque<Job> jobs;
  bool running = false;
  bool stopping = false;
  Error sticky;
};

class CPUDevice : public BackendDevice {
public:
  explicit CPUDevice(const kgpu_device_info &info) : deviceInfo(info) {}

  Error init() { return pool.start(deviceInfo.compute_units - 1); }

  const kgpu_device_info &info() const override { return deviceInfo; }

  Error createBuffer(size_t size,
                     std::unique_ptr<BackendBuffer> &buffer) override {
    void *data = std::calloc(1, size);
    if (!data)
      return makeError(KGPU_ERROR_OUT_OF_MEMORY,
                       "cannot allocate a %zu-byte buffer in host memory",
                       size);
    buffer = std::make_unique<CPUBuffer>(data);
    return Error::success();
  }

  Error wrapExternal(uint64_t handle, size_t size,
                     std::unique_ptr<BackendBuffer> &buffer) override {
    (void)size;
    buffer = std::make_unique<CPUBuffer>(
        reinterpret_cast<void *>(static_cast<uintptr_t>(handle)), false);
    return Error::success();
  }

  Error loadModule(const ModuleDesc &module,
                   std::unique_ptr<BackendModule> &out) override;

  Error createQueue(std::unique_ptr<BackendQueue> &queue) override {
    auto q = std::make_unique<CPUQueue>(*this);
    if (Error e = q->start())
      return e;
    queue = std::move(q);
    return Error::success();
  }

  Error checkLaunch(const LaunchRequest &request) override {
    unsigned __int128 groups = static_cast<unsigned __int128>(request.grid[0]) *
                               request.grid[1] * request.grid[2];
    if (groups > static_cast<unsigned __int128>(INT64_MAX))
      return makeError(KGPU_ERROR_LAUNCH_CONFIG,
                       "kernel '%s': the grid %ux%ux%u has too many "
                       "work-groups",
                       request.kernel->name.c_str(), request.grid[0],
                       request.grid[1], request.grid[2]);
    return Error::success();
  }

  /// The queue's thread stores them before it runs the kernel.
  bool storesInQueue(const LaunchStore &) const override { return true; }

  uint64_t defaultGroupCap(const KernelDesc &) const override {
    return uint64_t(deviceInfo.compute_units) * 4;
  }

  ThreadPool pool;

private:
  kgpu_device_info deviceInfo;
};

void CPUQueue::workerLoop() {
  std::unique_lock<std::mutex> lock(mutex);
  for (;;) {
    wake.wait(lock, [&] { return stopping || !jobs.empty(); });
    if (jobs.empty())
      return; // stopping, and all work done
    Job job = std::move(jobs.front());
    jobs.pop_front();
    running = true;
    lock.unlock();
    uint64_t ns = execute(job.request);
    // Drop the buffers and module before signalling: the host may free
    // everything as soon as the event fires.
    job.request = LaunchRequest();
    job.done->complete(Error::success(), ns);
    job.done.reset();
    lock.lock();
    running = false;
    if (jobs.empty())
      idle.notify_all();
  }
}

uint64_t CPUQueue::execute(const LaunchRequest &request) {
  for (const LaunchStore &s : request.stores)
    std::memcpy(static_cast<CPUBuffer *>(s.buffer)->bytes() + s.offset,
                &s.bits, s.bytes);
  size_t n = request.args.size();
  std::vector<CPUBufferArg> buffers(n);
  std::vector<uint64_t> scalars(n);
  std::vector<void *> args(n);
  for (size_t i = 0; i < n; ++i) {
    const BoundArg &a = request.args[i];
    if (a.buffer) {
      buffers[i] = {static_cast<CPUBuffer *>(a.buffer)->bytes(), a.elements};
      args[i] = &buffers[i];
    } else {
      scalars[i] = a.bits;
      args[i] = &scalars[i];
    }
  }
  int64_t launch[6] = {request.grid[0],  request.grid[1],  request.grid[2],
                       request.local[0], request.local[1], request.local[2]};
  int64_t total = launch[0] * launch[1] * launch[2];
  CPUKernelFn fn = static_cast<CPUKernel *>(request.impl)->fn;
  void **argv = args.data();
  uint64_t start = monotonicNs();
  device.pool.run(
      total, [&](int64_t begin, int64_t end) { fn(argv, launch, begin, end); });
  return monotonicNs() - start;
}

/// Checks the ELF header, program headers and section header table of the
/// CPU payload before the dynamic loader sees it (the loader trusts them:
/// bad offsets were SIGSEGV/SIGBUS inside it). The bundle's checksums catch
/// damage; this catches a payload that was wrong when written.
static Error checkELF(const std::string &bytes) {
  auto bad = [](const char *what) {
    return makeError(KGPU_ERROR_INVALID_BUNDLE,
                     "the bundle's CPU payload is not a valid x86-64 ELF "
                     "shared object: %s",
                     what);
  };
  auto u16 = [&](size_t at) {
    uint16_t v;
    std::memcpy(&v, bytes.data() + at, 2);
    return v;
  };
  auto u32 = [&](size_t at) {
    uint32_t v;
    std::memcpy(&v, bytes.data() + at, 4);
    return v;
  };
  auto u64 = [&](size_t at) {
    uint64_t v;
    std::memcpy(&v, bytes.data() + at, 8);
    return v;
  };
  const uint64_t size = bytes.size();
  if (size < 64)
    return bad("shorter than an ELF header");
  if (bytes[4] != 2 /*ELFCLASS64*/ || bytes[5] != 1 /*ELFDATA2LSB*/ ||
      bytes[6] != 1 /*EV_CURRENT*/)
    return bad("not 64-bit little-endian ELF");
  if (u16(16) != 3 /*ET_DYN*/ || u16(18) != 62 /*EM_X86_64*/)
    return bad("not an x86-64 shared object");
  uint64_t phoff = u64(32), shoff = u64(40);
  uint16_t phentsize = u16(54), phnum = u16(56), shentsize = u16(58),
           shnum = u16(60);
  if (phnum == 0 || phentsize != 56 || phoff > size ||
      uint64_t(phnum) * phentsize > size - phoff)
    return bad("its program headers lie outside the file");
  if (shnum && (shentsize != 64 || shoff > size ||
                uint64_t(shnum) * shentsize > size - shoff))
    return bad("its section headers lie outside the file");
  bool load = false;
  for (uint16_t i = 0; i < phnum; ++i) {
    size_t at = static_cast<size_t>(phoff) + size_t(i) * phentsize;
    uint32_t type = u32(at);
    uint64_t offset = u64(at + 8), filesz = u64(at + 32), memsz = u64(at + 40);
    uint64_t align = u64(at + 48);
    if (type == 1 /*PT_LOAD*/) {
      load = true;
      if (filesz > memsz || (align & (align - 1)) != 0)
        return bad("a loadable segment is malformed");
    }
    if ((type == 1 || type == 2 /*PT_DYNAMIC*/) &&
        (offset > size || filesz > size - offset))
      return bad("a segment lies outside the file");
  }
  if (!load)
    return bad("it has no loadable segment");
  return Error::success();
}

Error CPUDevice::loadModule(const ModuleDesc &module,
                            std::unique_ptr<BackendModule> &out) {
  const PayloadDesc *payload = nullptr;
  for (const PayloadDesc &p : module.payloads)
    if (p.target == KGPU_MANIFEST_TARGET_CPU &&
        p.format == KGPU_MANIFEST_FORMAT_ELF_SHARED_OBJECT)
      payload = &p;
  if (!payload) {
    std::string targets;
    for (const PayloadDesc &p : module.payloads)
      targets += (targets.empty() ? "" : ", ") + p.target + "/" + p.format;
    return makeError(KGPU_ERROR_NO_PAYLOAD,
                     "the bundle has no CPU payload (it has: %s); compile it "
                     "with --targets=cpu",
                     targets.empty() ? "none" : targets.c_str());
  }
  if (payload->data.size() < 4 || std::memcmp(payload->data.data(),
                                              "\x7f"
                                              "ELF",
                                              4) != 0)
    return Error(KGPU_ERROR_INVALID_BUNDLE,
                 "the bundle's CPU payload is not an ELF shared object");
  if (Error e = checkELF(payload->data))
    return e;
  // The subgroup size the code was compiled for; bundles written before the
  // manifest recorded it were all compiled for the default.
  int64_t subgroupSize = module.cpuSubgroupSize
                             ? module.cpuSubgroupSize
                             : KGPU_CPU_DEFAULT_SUBGROUP_SIZE;
  if (!kgpu_cpu_subgroup_size_is_valid(subgroupSize))
    return makeError(KGPU_ERROR_UNSUPPORTED,
                     "the bundle's CPU code emulates subgroups of %lld lanes; "
                     "the CPU backend runs powers of two from %d to %d",
                     static_cast<long long>(subgroupSize),
                     KGPU_CPU_MIN_SUBGROUP_SIZE, KGPU_CPU_MAX_SUBGROUP_SIZE);

  const char *dir = std::getenv("TMPDIR");
  std::string path =
      std::string(dir && *dir ? dir : "/tmp") + "/kgpu-cpu-XXXXXX.so";
  int fd = mkstemps(&path[0], 3);
  if (fd < 0)
    return makeError(KGPU_ERROR_BACKEND,
                     "cannot create a temporary file for the CPU payload "
                     "(%s): %s",
                     path.c_str(), std::strerror(errno));
  const char *data = payload->data.data();
  size_t left = payload->data.size();
  while (left) {
    ssize_t written = ::write(fd, data, left);
    if (written < 0 && errno == EINTR)
      continue;
    if (written <= 0) {
      int err = errno;
      ::close(fd);
      ::unlink(path.c_str());
      return makeError(KGPU_ERROR_BACKEND, "cannot write %s: %s", path.c_str(),
                       std::strerror(err));
    }
    data += written;
    left -= static_cast<size_t>(written);
  }
  ::close(fd);
  void *handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  const char *why = handle ? nullptr : dlerror();
  std::string message = why ? why : "";
  // The mapping stays valid after the file is gone.
  ::unlink(path.c_str());
  if (!handle)
    return makeError(KGPU_ERROR_INVALID_BUNDLE,
                     "cannot load the bundle's CPU library: %s",
                     message.c_str());
  out = std::make_unique<CPUModule>(handle, module,
                                    static_cast<uint32_t>(subgroupSize));
  return Error::success();
}

//===----------------------------------------------------------------------===//
// Backend
//===----------------------------------------------------------------------===//

static std::string cpuModelName() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line)) {
    if (line.compare(0, 10, "model name") != 0)
      continue;
    size_t colon = line.find(':');
    if (colon == std::string::npos)
      break;
    size_t start = line.find_first_not_of(" \t", colon + 1);
    return start == std::string::npos ? "" : line.substr(start);
  }
  return "";
}

class CPUBackend : public Backend {
public:
  kgpu_backend kind() const override { return KGPU_BACKEND_CPU; }
  const char *name() const override { return "cpu"; }

  Error enumerate(std::vector<kgpu_device_info> &devices) override {
    devices.push_back(describe());
    return Error::success();
  }

  Error open(uint32_t index, std::unique_ptr<BackendDevice> &out) override {
    if (index != 0)
      return makeError(KGPU_ERROR_NOT_FOUND, "no CPU device #%u", index);
    auto device = std::make_unique<CPUDevice>(describe());
    if (Error e = device->init())
      return e;
    out = std::move(device);
    return Error::success();
  }

private:
  static kgpu_device_info describe() {
    kgpu_device_info info = {};
    info.backend = KGPU_BACKEND_CPU;
    info.index = 0;
    unsigned threads = std::thread::hardware_concurrency();
    if (const char *env = std::getenv("KGPU_CPU_THREADS")) {
      long v = std::strtol(env, nullptr, 10);
      if (v > 0 && v <= 4096)
        threads = static_cast<unsigned>(v);
    }
    if (threads == 0)
      threads = 1;
    std::string model = cpuModelName();
    copyName(info.name, sizeof(info.name),
             format("CPU (%u threads)%s%s", threads, model.empty() ? "" : ": ",
                    model.c_str()));
    info.is_software = 1;
    // kgpu kernels have at most 1024 work-items (the dialect's limit).
    for (int i = 0; i < 3; ++i) {
      info.max_workgroup_size[i] = 1024;
      info.max_grid[i] = 0x7fffffff;
    }
    info.max_workgroup_invocations = 1024;
    info.max_local_memory_bytes = kMaxLocalMemory;
    // The default emulated size; a module's kernels run with the size its
    // CPU code was compiled for (kgpu_kernel_info::subgroup_size).
    info.subgroup_size = KGPU_CPU_DEFAULT_SUBGROUP_SIZE;
    info.compute_units = threads;
    long pages = sysconf(_SC_PHYS_PAGES);
    long pageSize = sysconf(_SC_PAGESIZE);
    if (pages > 0 && pageSize > 0)
      info.memory_bytes = uint64_t(pages) * uint64_t(pageSize);
    return info;
  }
};

} // namespace

Backend &kgpu::rt::cpuBackend() {
  static CPUBackend backend;
  return backend;
}
