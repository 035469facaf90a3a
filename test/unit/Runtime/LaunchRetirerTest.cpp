//===- LaunchRetirerTest.cpp - the backends' shared launch retirer --------===//
//
// LaunchRetirer (runtime/lib/Internal.h) retires the launches of the CUDA
// and Vulkan queues. CUDA cannot run here, so its contract is tested on its
// own, with a fake device whose launches finish when the test says so.
//
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include "gtest/gtest.h"

#include <thread>

using namespace kgpu::rt;

namespace {

struct FakeLaunch : InFlightLaunch {
  int id = 0;
  bool released = false;
};

/// A device whose launches finish in order, each when finishNext() says.
class FakeDevice {
public:
  explicit FakeDevice(LaunchRetirer &retirer) : retirer(retirer) {}

  Error start() {
    return retirer.start(
        [this] { waiterThread = std::this_thread::get_id(); },
        [this](InFlightLaunch &l, uint64_t &ns) { return wait(l, ns); },
        [this](InFlightLaunch &l) {
          auto &launch = static_cast<FakeLaunch &>(l);
          EXPECT_FALSE(launch.released);
          launch.released = true;
          released.push_back(launch.id);
        });
  }

  std::shared_ptr<CompletionEvent>
  submit(int id, std::vector<std::shared_ptr<void>> keepAlive = {}) {
    auto launch = std::make_unique<FakeLaunch>();
    launch->id = id;
    std::lock_guard<std::mutex> lock(retirer.mutex());
    return retirer.push(std::move(launch), std::move(keepAlive));
  }

  /// Lets the oldest unfinished launch finish with `status`.
  void finishNext(Error status = Error::success()) {
    std::lock_guard<std::mutex> lock(gate);
    results.push_back(std::move(status));
    cv.notify_all();
  }

  std::thread::id waiterThread;
  std::vector<int> waited, released;

private:
  Error wait(InFlightLaunch &l, uint64_t &ns) {
    auto &launch = static_cast<FakeLaunch &>(l);
    EXPECT_EQ(std::this_thread::get_id(), waiterThread);
    std::unique_lock<std::mutex> lock(gate);
    cv.wait(lock, [&] { return next < results.size(); });
    waited.push_back(launch.id);
    ns = 1000 * uint64_t(launch.id);
    return results[next++];
  }

  LaunchRetirer &retirer;
  std::mutex gate;
  std::condition_variable cv;
  std::vector<Error> results;
  size_t next = 0;
};

TEST(LaunchRetirer, RetiresInOrderWithTimes) {
  LaunchRetirer retirer;
  FakeDevice device(retirer);
  ASSERT_FALSE(device.start());
  std::vector<std::shared_ptr<CompletionEvent>> events;
  for (int id = 1; id <= 3; ++id)
    events.push_back(device.submit(id));
  EXPECT_EQ(events[0]->query().status(), KGPU_ERROR_NOT_READY);
  for (int i = 0; i < 3; ++i)
    device.finishNext();
  EXPECT_FALSE(retirer.finish());
  for (int i = 0; i < 3; ++i) {
    EXPECT_FALSE(events[i]->wait());
    EXPECT_EQ(events[i]->elapsedNs(), 1000u * (i + 1));
  }
  EXPECT_EQ(device.waited, (std::vector<int>{1, 2, 3}));
  EXPECT_EQ(device.released, (std::vector<int>{1, 2, 3}));
  EXPECT_NE(device.waiterThread, std::thread::id());
  EXPECT_NE(device.waiterThread, std::this_thread::get_id());
}

TEST(LaunchRetirer, DropsKeepAliveBeforeTheEventFires) {
  LaunchRetirer retirer;
  FakeDevice device(retirer);
  ASSERT_FALSE(device.start());
  auto buffer = std::make_shared<int>(42);
  std::weak_ptr<int> watch = buffer;
  std::shared_ptr<CompletionEvent> event =
      device.submit(1, {std::shared_ptr<void>(std::move(buffer))});
  EXPECT_FALSE(watch.expired()); // kept while the launch runs
  device.finishNext();
  EXPECT_FALSE(event->wait());
  EXPECT_TRUE(watch.expired());
}

TEST(LaunchRetirer, FinishReturnsTheFirstErrorOnce) {
  LaunchRetirer retirer;
  FakeDevice device(retirer);
  ASSERT_FALSE(device.start());
  std::shared_ptr<CompletionEvent> a = device.submit(1);
  std::shared_ptr<CompletionEvent> b = device.submit(2);
  std::shared_ptr<CompletionEvent> c = device.submit(3);
  device.finishNext();
  device.finishNext(Error(KGPU_ERROR_DEVICE_LOST, "first"));
  device.finishNext(Error(KGPU_ERROR_BACKEND, "second"));
  retirer.waitIdle();
  EXPECT_FALSE(a->wait());
  EXPECT_EQ(b->wait().status(), KGPU_ERROR_DEVICE_LOST);
  EXPECT_EQ(c->wait().message(), "second");
  Error e = retirer.finish();
  EXPECT_EQ(e.status(), KGPU_ERROR_DEVICE_LOST);
  EXPECT_EQ(e.message(), "first");
  EXPECT_FALSE(retirer.finish()); // cleared
  EXPECT_EQ(device.released, (std::vector<int>{1, 2, 3}));
}

TEST(LaunchRetirer, StopRetiresWhatIsInFlight) {
  LaunchRetirer retirer;
  FakeDevice device(retirer);
  ASSERT_FALSE(device.start());
  std::shared_ptr<CompletionEvent> a = device.submit(1);
  std::shared_ptr<CompletionEvent> b = device.submit(2);
  std::thread finisher([&] {
    device.finishNext();
    device.finishNext();
  });
  retirer.stop();
  finisher.join();
  EXPECT_EQ(a->query().status(), KGPU_SUCCESS);
  EXPECT_EQ(b->query().status(), KGPU_SUCCESS);
  EXPECT_EQ(device.released, (std::vector<int>{1, 2}));
  retirer.stop(); // a second stop (and the destructor's) does nothing
}

} // namespace
