//===- histogram.cpp - 256-bin histograms with atomics --------------------===//
//
// histogram.kgc counts the low byte of each value twice: with one global
// atomic per value (histogram_global), and privatised per work-group in
// local memory, merged with one global atomic per bin (histogram_local).
// Both must match the host's count exactly.
//
//===----------------------------------------------------------------------===//

#include "Example.h"
#include "histogram_kernels.h"

using namespace kgpu::examples;

int main(int argc, char **argv) {
  ExampleInfo info{"histogram", "N: number of values", 1 << 24, 1, 1 << 28};
  Options opts = parseOptions(argc, argv, info);
  const int32_t n = static_cast<int32_t>(opts.size);
  constexpr size_t bins = 256;

  // Skewed data (some bins are hot), to exercise contended atomics.
  Random rng(4);
  std::vector<uint32_t> data(n);
  std::vector<uint32_t> want(bins, 0);
  for (int32_t i = 0; i < n; ++i) {
    uint64_t r = rng.next();
    data[i] = static_cast<uint32_t>((r & 3) == 0 ? (r >> 8) % 16 : r >> 32);
    ++want[data[i] % bins];
  }

  std::printf("histogram: %d values into %zu bins, global and local-memory "
              "atomics, %u launch(es) per device\n",
              n, bins, opts.repeat);
  // Both kernels read 4 bytes per value; the time is of the two.
  Rate rate{8.0 * n, 1e9, "GB/s"};
  return runOnDevices(
      info, opts, rate, [&](kgpu::Device &dev, Measurement &m) -> kgpu::Status {
        EXAMPLE_TRY(
            mod,
            kgpu::Module::loadFile(
                dev, bundlePath(HISTOGRAM_KERNELS_HISTOGRAM_BUNDLE).c_str()));
        EXAMPLE_TRY(global, mod->kernel("histogram_global"));
        EXAMPLE_TRY(local, mod->kernel("histogram_local"));
        EXAMPLE_TRY(devInfo, dev.info());
        EXAMPLE_TRY(bdata, kgpu::Buffer::create(dev, data));
        EXAMPLE_TRY(bhist, kgpu::Buffer::create(dev, bins * sizeof(uint32_t)));
        const std::vector<uint32_t> zeros(bins, 0);
        auto reset = [&] {
          return bhist->upload(zeros.data(), bins * sizeof(uint32_t));
        };
        std::vector<kgpu_arg> args = {kgpu::arg(*bdata), kgpu::arg(n),
                                      kgpu::arg(*bhist)};

        Measurement globalTimes, localTimes;
        EXAMPLE_TRY(globalConfig, gridStride(dev, *global, n));
        EXAMPLE_CHECK(timeLaunches(opts.repeat, *global, args, *globalConfig,
                                   globalTimes, reset));
        EXAMPLE_TRY(gotGlobal, bhist->read<uint32_t>());
        m.mismatch = compareExact(*gotGlobal, want, "histogram_global");

        // A grid-stride loop: a few work-groups per compute unit, each
        // taking many values, keep the merge atomics few.
        EXAMPLE_TRY(localInfo, local->info());
        uint32_t groups = std::min<uint32_t>(
            ceilDiv(n, localInfo->workgroup_size[0]),
            4 * std::max<uint32_t>(1, devInfo->compute_units));
        EXAMPLE_CHECK(timeLaunches(opts.repeat, *local, args,
                                   kgpu::LaunchConfig(groups), localTimes,
                                   reset));
        EXAMPLE_TRY(gotLocal, bhist->read<uint32_t>());
        if (m.mismatch.empty())
          m.mismatch = compareExact(*gotLocal, want, "histogram_local");

        for (unsigned r = 0; r < opts.repeat; ++r)
          m.ns.push_back(globalTimes.ns[r] + localTimes.ns[r]);
        return kgpu::Status();
      });
}
