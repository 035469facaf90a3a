//===- reduction.cpp - Dot product, sum and maximum with parallel for -----===//
//
// reduction.kgc's kernels are parallel-for loops with reduce clauses: each
// work-item accumulates privately, the work-group combines the partials in
// local memory, and one atomic per work-group folds them into the output.
// The launches use the default grid, which fills the device.
//
//===----------------------------------------------------------------------===//

#include "Example.h"
#include "reduction_kernels.h"

#include <climits>

using namespace kgpu::examples;

int main(int argc, char **argv) {
  ExampleInfo info{"reduction", "N: number of elements", 1 << 24, 1, 1 << 28};
  Options opts = parseOptions(argc, argv, info);
  const int32_t n = static_cast<int32_t>(opts.size);

  Random rng(2);
  std::vector<float> x(n), y(n);
  std::vector<int32_t> values(n);
  for (int32_t i = 0; i < n; ++i) {
    x[i] = rng.uniform(-1, 1);
    y[i] = rng.uniform(-1, 1);
    // Small values: the sum fits in an int for every allowed N.
    values[i] = static_cast<int32_t>(rng.next() % 8) - 3;
  }
  double dot = 0, dotMagnitude = 0;
  int64_t sum = 0;
  int32_t max = INT_MIN;
  for (int32_t i = 0; i < n; ++i) {
    dot += static_cast<double>(x[i]) * y[i];
    dotMagnitude += std::fabs(static_cast<double>(x[i]) * y[i]);
    sum += values[i];
    max = std::max(max, values[i]);
  }
  // Float partial sums of up to N terms, combined in any order.
  const double dotTolerance = 1e-6 * std::sqrt(double(n)) * dotMagnitude +
                              1e-5 * dotMagnitude / std::sqrt(double(n)) +
                              1e-30;

  std::printf("reduction: dot product of %d floats, sum and maximum of %d "
              "ints, %u launch(es) per device\n",
              n, n, opts.repeat);
  // Both kernels read 8 bytes per element; the time is of the two.
  Rate rate{16.0 * n, 1e9, "GB/s"};
  return runOnDevices(
      info, opts, rate, [&](kgpu::Device &dev, Measurement &m) -> kgpu::Status {
        EXAMPLE_TRY(
            mod,
            kgpu::Module::loadFile(
                dev, bundlePath(REDUCTION_KERNELS_REDUCTION_BUNDLE).c_str()));
        EXAMPLE_TRY(dotKernel, mod->kernel("dot_product"));
        EXAMPLE_TRY(sumMaxKernel, mod->kernel("sum_max"));
        EXAMPLE_TRY(bx, kgpu::Buffer::create(dev, x));
        EXAMPLE_TRY(by, kgpu::Buffer::create(dev, y));
        EXAMPLE_TRY(bvalues, kgpu::Buffer::create(dev, values));
        EXAMPLE_TRY(bdot, kgpu::Buffer::create(dev, sizeof(float)));
        EXAMPLE_TRY(bsumMax, kgpu::Buffer::create(dev, 2 * sizeof(int32_t)));
        // The outputs keep their value as the first operand: start from the
        // identities (0 for +, the smallest int for max).
        const float dotInit = 0.0f;
        const int32_t sumMaxInit[2] = {0, INT_MIN};
        Measurement dotTimes, sumMaxTimes;
        EXAMPLE_CHECK(timeLaunches(
            opts.repeat, *dotKernel,
            {kgpu::arg(*bx), kgpu::arg(*by), kgpu::arg(*bdot), kgpu::arg(n)},
            kgpu::LaunchConfig(), dotTimes,
            [&] { return bdot->upload(&dotInit, sizeof(dotInit)); }));
        EXAMPLE_CHECK(timeLaunches(
            opts.repeat, *sumMaxKernel,
            {kgpu::arg(*bvalues), kgpu::arg(*bsumMax), kgpu::arg(n)},
            kgpu::LaunchConfig(), sumMaxTimes,
            [&] { return bsumMax->upload(sumMaxInit, sizeof(sumMaxInit)); }));
        for (unsigned r = 0; r < opts.repeat; ++r)
          m.ns.push_back(dotTimes.ns[r] + sumMaxTimes.ns[r]);

        EXAMPLE_TRY(gotDot, bdot->read<float>());
        EXAMPLE_TRY(gotSumMax, bsumMax->read<int32_t>());
        m.mismatch = compareNear(*gotDot, {dot}, "dot",
                                 [&](size_t) { return dotTolerance; });
        if (m.mismatch.empty())
          m.mismatch = compareExact(
              *gotSumMax, {static_cast<int32_t>(sum), max}, "sum_max");
        return kgpu::Status();
      });
}
