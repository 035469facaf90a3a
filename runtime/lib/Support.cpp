//===- Support.cpp - helpers shared by the runtime's backends ---*- C++ -*-===//

#include "Internal.h"

#include <chrono>
#include <cstdarg>
#include <cstdio>
#include <cstring>

using namespace kgpu::rt;

static std::string vformat(const char *fmt, va_list args) {
  va_list copy;
  va_copy(copy, args);
  int n = std::vsnprintf(nullptr, 0, fmt, copy);
  va_end(copy);
  if (n <= 0)
    return std::string();
  std::string s(static_cast<size_t>(n) + 1, '\0');
  std::vsnprintf(&s[0], s.size(), fmt, args);
  s.resize(static_cast<size_t>(n));
  return s;
}

std::string kgpu::rt::format(const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  std::string s = vformat(fmt, args);
  va_end(args);
  return s;
}

Error kgpu::rt::makeError(kgpu_status code, const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  std::string s = vformat(fmt, args);
  va_end(args);
  return Error(code, std::move(s));
}

void CompletionEvent::complete(Error status, uint64_t time) {
  {
    std::lock_guard<std::mutex> lock(mutex);
    result = std::move(status);
    ns = time;
    done = true;
  }
  cv.notify_all();
}

Error CompletionEvent::wait() {
  std::unique_lock<std::mutex> lock(mutex);
  cv.wait(lock, [&] { return done; });
  return result;
}

Error CompletionEvent::query() {
  std::lock_guard<std::mutex> lock(mutex);
  if (!done)
    return Error(KGPU_ERROR_NOT_READY, "the launch has not finished yet");
  return result;
}

uint64_t CompletionEvent::elapsedNs() {
  std::lock_guard<std::mutex> lock(mutex);
  return ns;
}

uint64_t BackendDevice::defaultGroupCap(const KernelDesc &kernel) const {
  (void)kernel;
  uint32_t units = info().compute_units;
  return units ? uint64_t(units) * 8 : 1024;
}

Thread::~Thread() { join(); }

void *Thread::trampoline(void *self) {
  static_cast<Thread *>(self)->body();
  return nullptr;
}

Error Thread::start(std::function<void()> fn, size_t stackBytes) {
  body = std::move(fn);
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, stackBytes);
  int rc = pthread_create(&handle, &attr, &Thread::trampoline, this);
  pthread_attr_destroy(&attr);
  if (rc != 0)
    return makeError(KGPU_ERROR_BACKEND, "cannot start a thread: %s",
                     std::strerror(rc));
  running = true;
  return Error::success();
}

void Thread::join() {
  if (!running)
    return;
  // A thread that drops the last reference to its own owner cannot join
  // itself; it is detached instead.
  if (pthread_equal(handle, pthread_self()))
    pthread_detach(handle);
  else
    pthread_join(handle, nullptr);
  running = false;
}

Error LaunchRetirer::start(std::function<void()> init, WaitFn waitFn,
                           ReleaseFn releaseFn) {
  threadInit = std::move(init);
  wait = std::move(waitFn);
  release = std::move(releaseFn);
  return waiter.start([this] { retireLoop(); }, 256u << 10);
}

void LaunchRetirer::stop() {
  {
    std::lock_guard<std::mutex> guard(lock);
    stopping = true;
  }
  wake.notify_all();
  waiter.join();
}

std::shared_ptr<CompletionEvent>
LaunchRetirer::push(std::unique_ptr<InFlightLaunch> launch,
                    std::vector<std::shared_ptr<void>> keepAlive) {
  launch->keepAlive = std::move(keepAlive);
  launch->done = std::make_shared<CompletionEvent>();
  std::shared_ptr<CompletionEvent> event = launch->done;
  inFlight.push_back(std::move(launch));
  wake.notify_all();
  return event;
}

Error LaunchRetirer::finish() {
  std::unique_lock<std::mutex> guard(lock);
  idle.wait(guard, [&] { return inFlight.empty(); });
  Error e = std::move(sticky);
  sticky = Error();
  return e;
}

void LaunchRetirer::waitIdle() {
  std::unique_lock<std::mutex> guard(lock);
  idle.wait(guard, [&] { return inFlight.empty(); });
}

void LaunchRetirer::retireLoop() {
  if (threadInit)
    threadInit();
  std::unique_lock<std::mutex> guard(lock);
  for (;;) {
    wake.wait(guard, [&] { return stopping || !inFlight.empty(); });
    if (inFlight.empty())
      return; // stopping with nothing left
    InFlightLaunch *launch = inFlight.front().get();
    guard.unlock();

    uint64_t ns = 0;
    Error status = wait(*launch, ns);

    guard.lock();
    if (status && !sticky)
      sticky = status;
    std::vector<std::shared_ptr<void>> keepAlive = std::move(launch->keepAlive);
    std::shared_ptr<CompletionEvent> done = std::move(launch->done);
    release(*launch);
    guard.unlock();
    // Drop the buffers and module before signalling (the host may free
    // everything once the event fires); the launch leaves the queue only
    // then, so finish() returns after its event has fired.
    keepAlive.clear();
    done->complete(status, ns);
    done.reset();
    guard.lock();
    inFlight.pop_front();
    if (inFlight.empty())
      idle.notify_all();
  }
}

uint64_t kgpu::rt::monotonicNs() {
  return static_cast<uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(
          std::chrono::steady_clock::now().time_since_epoch())
          .count());
}

void kgpu::rt::copyName(char *dst, size_t size, const std::string &name) {
  if (!size)
    return;
  size_t n = name.size() < size - 1 ? name.size() : size - 1;
  std::memcpy(dst, name.data(), n);
  dst[n] = '\0';
}
