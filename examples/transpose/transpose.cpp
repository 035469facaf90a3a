//===- transpose.cpp - Matrix transpose through local memory --------------===//
//
// transpose.kgc reads a 16x16 tile with coalesced loads into local memory
// (padded to 17 columns against bank conflicts), synchronises, and writes
// it transposed with coalesced stores.
//
//===----------------------------------------------------------------------===//

#include "Example.h"
#include "transpose_kernels.h"

using namespace kgpu::examples;

int main(int argc, char **argv) {
  ExampleInfo info{"transpose", "W: the input is W wide and 3/4 W high", 2048,
                   1, 16384};
  Options opts = parseOptions(argc, argv, info);
  const int32_t width = static_cast<int32_t>(opts.size);
  const int32_t height = std::max<int32_t>(1, width * 3 / 4);

  std::vector<float> in(size_t(width) * height);
  for (size_t i = 0; i < in.size(); ++i)
    in[i] = static_cast<float>(i);
  std::vector<float> want(in.size());
  for (int32_t y = 0; y < height; ++y)
    for (int32_t x = 0; x < width; ++x)
      want[size_t(x) * height + y] = in[size_t(y) * width + x];

  std::printf("transpose: %dx%d floats, %u launch(es) per device\n", width,
              height, opts.repeat);
  Rate rate{8.0 * in.size(), 1e9, "GB/s"};
  return runOnDevices(
      info, opts, rate, [&](kgpu::Device &dev, Measurement &m) -> kgpu::Status {
        EXAMPLE_TRY(
            mod,
            kgpu::Module::loadFile(
                dev, bundlePath(TRANSPOSE_KERNELS_TRANSPOSE_BUNDLE).c_str()));
        EXAMPLE_TRY(kernel, mod->kernel("transpose"));
        EXAMPLE_TRY(bin, kgpu::Buffer::create(dev, in));
        EXAMPLE_TRY(bout, kgpu::Buffer::create(dev, in.size() * sizeof(float)));
        EXAMPLE_TRY(config, ndrange(*kernel, width, height));
        EXAMPLE_CHECK(timeLaunches(opts.repeat, *kernel,
                                   {kgpu::arg(*bin), kgpu::arg(*bout),
                                    kgpu::arg(width), kgpu::arg(height)},
                                   *config, m));
        EXAMPLE_TRY(got, bout->read<float>());
        // A transpose moves values: they must be equal.
        m.mismatch = compareExact(*got, want, "out");
        return kgpu::Status();
      });
}
