//===- saxpy.cpp - y = a * x + y on every device --------------------------===//
//
// The smallest kgpu host program: one ND-range kernel (saxpy.kgc, a
// grid-stride loop), two buffers and two scalars, checked against the same
// loop on the host.
//
//===----------------------------------------------------------------------===//

#include "Example.h"
#include "saxpy_kernels.h"

using namespace kgpu::examples;

int main(int argc, char **argv) {
  ExampleInfo info{"saxpy", "N: number of elements", 1 << 24, 1, 1 << 28};
  Options opts = parseOptions(argc, argv, info);
  const int32_t n = static_cast<int32_t>(opts.size);
  const float a = 2.5f;

  Random rng(1);
  std::vector<float> x(n), y(n);
  for (int32_t i = 0; i < n; ++i) {
    x[i] = rng.uniform(-1, 1);
    y[i] = rng.uniform(-1, 1);
  }
  std::vector<double> want(n);
  for (int32_t i = 0; i < n; ++i)
    want[i] = static_cast<double>(a) * x[i] + y[i];

  std::printf("saxpy: y = %g * x + y, n = %d, %u launch(es) per device\n", a, n,
              opts.repeat);
  // Reads x and y, writes y: 12 bytes per element.
  Rate rate{12.0 * n, 1e9, "GB/s"};
  return runOnDevices(
      info, opts, rate, [&](kgpu::Device &dev, Measurement &m) -> kgpu::Status {
        EXAMPLE_TRY(mod,
                    kgpu::Module::loadFile(
                        dev, bundlePath(SAXPY_KERNELS_SAXPY_BUNDLE).c_str()));
        EXAMPLE_TRY(saxpy, mod->kernel("saxpy"));
        EXAMPLE_TRY(bx, kgpu::Buffer::create(dev, x));
        EXAMPLE_TRY(by, kgpu::Buffer::create(dev, y));
        EXAMPLE_TRY(config, gridStride(dev, *saxpy, n));
        EXAMPLE_CHECK(timeLaunches(
            opts.repeat, *saxpy,
            {kgpu::arg(n), kgpu::arg(a), kgpu::arg(*bx), kgpu::arg(*by)},
            *config, m,
            [&] { return by->upload(y.data(), n * sizeof(float)); }));
        EXAMPLE_TRY(got, by->read<float>());
        // a * x + y rounded once or twice (contracted to an FMA or not).
        m.mismatch = compareNear(*got, want, "y", [&](size_t i) {
          return 1e-6 * (std::fabs(a * x[i]) + std::fabs(y[i])) + 1e-30;
        });
        return kgpu::Status();
      });
}
