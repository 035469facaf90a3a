// Runs scale.kgc, compiled by kgpu_add_kernels, on the CPU.
#include "consumer_kernels.h"
#include "kgpu/runtime.hpp"

#include <cstdio>
#include <vector>

int main() {
  auto dev = kgpu::Device::open("cpu");
  if (!dev.ok()) {
    std::printf("consumer: %s\n", dev.status().toString().c_str());
    return 1;
  }
  auto mod = kgpu::Module::loadFile(*dev, CONSUMER_KERNELS_SCALE_BUNDLE);
  if (!mod.ok()) {
    std::printf("consumer: %s\n", mod.status().toString().c_str());
    return 1;
  }
  auto kernel = mod->kernel("scale");
  const int n = 1000;
  std::vector<float> in(n);
  for (int i = 0; i < n; ++i)
    in[i] = static_cast<float>(i);
  auto bin = kgpu::Buffer::create(*dev, in);
  auto bout = kgpu::Buffer::create(*dev, n * sizeof(float));
  auto ns = kernel->launch(
      {kgpu::arg(*bin), kgpu::arg(*bout), kgpu::arg(3.0f), kgpu::arg(n)},
      kgpu::LaunchConfig((n + 255) / 256));
  if (!ns.ok()) {
    std::printf("consumer: %s\n", ns.status().toString().c_str());
    return 1;
  }
  std::vector<float> out = *bout->read<float>();
  for (int i = 0; i < n; ++i)
    if (out[i] != 3.0f * i) {
      std::printf("consumer: out[%d] = %g\n", i, out[i]);
      return 1;
    }
  std::printf("consumer: OK (%s)\n", CONSUMER_KERNELS_BUNDLE_DIR);
  return 0;
}
