//===- CppWrapperTest.cpp - tests of kgpu/runtime.hpp ---------------------===//

#include "kgpu/runtime.hpp"

#include "gtest/gtest.h"

#include <string>
#include <vector>

namespace {

std::string kernelPath(const char *name) {
  return std::string(KGPU_TEST_KERNEL_DIR) + "/" + name + ".kgpu";
}

TEST(CppWrapper, SaxpyEndToEnd) {
  kgpu::Result<kgpu::Device> device = kgpu::Device::open("cpu");
  ASSERT_TRUE(device.ok()) << device.status().toString();
  kgpu::Result<kgpu::Module> module =
      kgpu::Module::loadFile(*device, kernelPath("saxpy").c_str());
  ASSERT_TRUE(module.ok()) << module.status().toString();
  kgpu::Result<kgpu::Kernel> kernel = module->kernel("saxpy");
  ASSERT_TRUE(kernel.ok()) << kernel.status().toString();
  EXPECT_EQ(kernel->info()->param_count, 4u);
  EXPECT_EQ(*kernel->findParam("y"), 3u);

  const int n = 300;
  std::vector<float> x(n), y(n);
  for (int i = 0; i < n; ++i) {
    x[i] = float(i);
    y[i] = 1.0f;
  }
  kgpu::Result<kgpu::Buffer> bx = kgpu::Buffer::create(*device, x);
  kgpu::Result<kgpu::Buffer> by = kgpu::Buffer::create(*device, y);
  ASSERT_TRUE(bx.ok() && by.ok());
  EXPECT_EQ(bx->size(), n * sizeof(float));
  kgpu::Result<uint64_t> ns =
      kernel->launch({kgpu::arg(int32_t(n)), kgpu::named("a", kgpu::arg(2.0f)),
                      kgpu::arg(*bx), kgpu::arg(*by)},
                     kgpu::LaunchConfig::grid1D(2));
  ASSERT_TRUE(ns.ok()) << ns.status().toString();
  kgpu::Result<std::vector<float>> out = by->read<float>();
  ASSERT_TRUE(out.ok());
  for (int i = 0; i < n; ++i)
    EXPECT_EQ((*out)[i], 2.0f * i + 1.0f);

  // Asynchronous, with an event.
  kgpu::Result<kgpu::Queue> queue = kgpu::Queue::create(*device);
  ASSERT_TRUE(queue.ok());
  kgpu::Result<kgpu::Event> event = queue->launch(
      *kernel,
      {kgpu::arg(int32_t(n)), kgpu::arg(1.0f), kgpu::arg(*bx), kgpu::arg(*by)},
      kgpu::LaunchConfig(2).withLocal(256));
  ASSERT_TRUE(event.ok()) << event.status().toString();
  EXPECT_TRUE(event->wait().ok());
  EXPECT_TRUE(event->elapsedNs().ok());
  EXPECT_TRUE(queue->finish().ok());
  out = by->read<float>();
  EXPECT_EQ((*out)[10], 3.0f * 10 + 1.0f);
}

TEST(CppWrapper, ErrorsCarryTheMessage) {
  kgpu::Result<kgpu::Device> device = kgpu::Device::open("nope");
  ASSERT_FALSE(device.ok());
  EXPECT_EQ(device.status().code(), KGPU_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(device.status().message().find("nope"), std::string::npos);
  EXPECT_NE(device.status().toString().find("KGPU_ERROR_INVALID_ARGUMENT"),
            std::string::npos);

  kgpu::Result<kgpu::Device> cpu = kgpu::Device::open("cpu");
  ASSERT_TRUE(cpu.ok());
  kgpu::Result<kgpu::Module> module =
      kgpu::Module::loadFile(*cpu, kernelPath("saxpy").c_str());
  ASSERT_TRUE(module.ok());
  kgpu::Result<kgpu::Kernel> kernel = module->kernel("saxpy");
  ASSERT_TRUE(kernel.ok());
  kgpu::Result<uint64_t> ns =
      kernel->launch({kgpu::arg(1.0f)}, kgpu::LaunchConfig(1));
  ASSERT_FALSE(ns.ok());
  EXPECT_EQ(ns.status().code(), KGPU_ERROR_ARGUMENT_MISMATCH);
  // Moving handles transfers ownership.
  kgpu::Result<kgpu::Buffer> b = kgpu::Buffer::create(*cpu, 64);
  ASSERT_TRUE(b.ok());
  kgpu::Buffer moved = b.take();
  EXPECT_FALSE(static_cast<bool>(b.value()));
  EXPECT_EQ(moved.size(), 64u);
}

} // namespace
