//===- sgemm.cpp - C = alpha * A * B + beta * C with local-memory tiles ---===//
//
// sgemm.kgc loads 16x16 tiles of A and B into local memory, synchronises
// the work-group with barriers and accumulates from the tiles. The sizes
// need not be multiples of the tile (the edges are zero-padded).
//
//===----------------------------------------------------------------------===//

#include "Example.h"
#include "sgemm_kernels.h"

using namespace kgpu::examples;

int main(int argc, char **argv) {
  ExampleInfo info{"sgemm", "N: the matrices are N x N", 512, 1, 8192};
  Options opts = parseOptions(argc, argv, info);
  // M x K times K x N, not all equal, to catch mixed-up dimensions.
  const int32_t m = static_cast<int32_t>(opts.size);
  const int32_t n = m + m / 4;
  const int32_t k = std::max<int32_t>(1, m - m / 4);
  const float alpha = 1.5f, beta = 0.5f;

  Random rng(3);
  std::vector<float> a(size_t(m) * k), b(size_t(k) * n), c(size_t(m) * n);
  for (float &v : a)
    v = rng.uniform(-1, 1);
  for (float &v : b)
    v = rng.uniform(-1, 1);
  for (float &v : c)
    v = rng.uniform(-1, 1);

  // The reference in double, and per element a bound on the float error:
  // K roundings of terms of magnitude at most |alpha| * sum |a * b|.
  std::vector<double> want(c.size()), bound(c.size());
  std::vector<double> acc(n), mag(n);
  for (int32_t i = 0; i < m; ++i) {
    std::fill(acc.begin(), acc.end(), 0.0);
    std::fill(mag.begin(), mag.end(), 0.0);
    for (int32_t p = 0; p < k; ++p) {
      double aip = a[size_t(i) * k + p];
      const float *brow = &b[size_t(p) * n];
      for (int32_t j = 0; j < n; ++j) {
        acc[j] += aip * brow[j];
        mag[j] += std::fabs(aip * brow[j]);
      }
    }
    for (int32_t j = 0; j < n; ++j) {
      size_t at = size_t(i) * n + j;
      want[at] = alpha * acc[j] + beta * c[at];
      bound[at] = 1e-6 * (k + 2) *
                      (std::fabs(alpha) * mag[j] + std::fabs(beta * c[at])) +
                  1e-30;
    }
  }

  std::printf("sgemm: C = %g * A * B + %g * C, A %dx%d, B %dx%d, %u "
              "launch(es) per device\n",
              alpha, beta, m, k, k, n, opts.repeat);
  Rate rate{2.0 * m * n * k, 1e9, "GFLOP/s"};
  return runOnDevices(
      info, opts, rate,
      [&](kgpu::Device &dev, Measurement &meas) -> kgpu::Status {
        EXAMPLE_TRY(mod,
                    kgpu::Module::loadFile(
                        dev, bundlePath(SGEMM_KERNELS_SGEMM_BUNDLE).c_str()));
        EXAMPLE_TRY(kernel, mod->kernel("sgemm_tiled"));
        EXAMPLE_TRY(ba, kgpu::Buffer::create(dev, a));
        EXAMPLE_TRY(bb, kgpu::Buffer::create(dev, b));
        EXAMPLE_TRY(bc, kgpu::Buffer::create(dev, c));
        // One work-item per element of C: x along its columns.
        EXAMPLE_TRY(config, ndrange(*kernel, n, m));
        EXAMPLE_CHECK(timeLaunches(
            opts.repeat, *kernel,
            {kgpu::arg(m), kgpu::arg(n), kgpu::arg(k), kgpu::arg(alpha),
             kgpu::arg(*ba), kgpu::arg(*bb), kgpu::arg(beta), kgpu::arg(*bc)},
            *config, meas,
            [&] { return bc->upload(c.data(), c.size() * sizeof(float)); }));
        EXAMPLE_TRY(got, bc->read<float>());
        meas.mismatch =
            compareNear(*got, want, "C", [&](size_t i) { return bound[i]; });
        return kgpu::Status();
      });
}
