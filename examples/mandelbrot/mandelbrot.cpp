//===- mandelbrot.cpp - The Mandelbrot set as a PNG -----------------------===//
//
// Escape-time iteration counts on a 2-D grid (mandelbrot.kgc), checked
// against the same loop on the host, coloured by iteration count and
// written as a PNG (libpng) with the run's figures beside it: in the PNG's
// tEXt chunks and in a JSON file of the same name (mandelbrot.json).
//
//===----------------------------------------------------------------------===//

#include "Example.h"
#include "Png.h"
#include "mandelbrot_kernels.h"

using namespace kgpu::examples;

namespace {

constexpr int32_t maxIter = 256;

/// The view: [-2.15, 0.85] x [-1, 1] scaled to the image.
struct View {
  int32_t width, height;
  float x0, y0, dx, dy;
};

int32_t escapeTime(const View &v, int32_t px, int32_t py) {
  float cr = v.x0 + px * v.dx;
  float ci = v.y0 + py * v.dy;
  float zr = 0.0f, zi = 0.0f;
  int32_t iter = 0;
  while (iter < maxIter && zr * zr + zi * zi <= 4.0f) {
    float t = zr * zr - zi * zi + cr;
    zi = 2.0f * zr * zi + ci;
    zr = t;
    ++iter;
  }
  return iter;
}

/// Black inside the set; outside, a cyclic gradient (deep blue, white,
/// orange, black) over the square root of the iteration count, from deep
/// blue at one iteration.
void colour(int32_t iter, uint8_t *rgb) {
  if (iter >= maxIter) {
    rgb[0] = rgb[1] = rgb[2] = 0;
    return;
  }
  static const float stops[][4] = {
      {0.0f, 0, 7, 100},      {0.16f, 32, 107, 203}, {0.42f, 237, 255, 255},
      {0.6425f, 255, 170, 0}, {0.8575f, 0, 2, 0},    {1.0f, 0, 7, 100}};
  float t = std::sqrt(static_cast<float>(std::max(iter - 1, 0))) / 6.0f;
  t -= std::floor(t);
  size_t s = 0;
  while (t > stops[s + 1][0])
    ++s;
  float f = (t - stops[s][0]) / (stops[s + 1][0] - stops[s][0]);
  for (int c = 0; c < 3; ++c)
    rgb[c] = static_cast<uint8_t>(
        stops[s][c + 1] + f * (stops[s + 1][c + 1] - stops[s][c + 1]) + 0.5f);
}

} // namespace

int main(int argc, char **argv) {
  ExampleInfo info{"mandelbrot", "W: image width (the height is 2/3 of it)",
                   1536,         3,
                   16384,        "mandelbrot.png"};
  Options opts = parseOptions(argc, argv, info);
  View v;
  v.width = static_cast<int32_t>(opts.size);
  v.height = std::max<int32_t>(2, v.width * 2 / 3);
  v.x0 = -2.15f;
  v.y0 = -1.0f;
  v.dx = 3.0f / (v.width - 1);
  v.dy = 2.0f / (v.height - 1);
  const size_t pixels = size_t(v.width) * v.height;

  std::vector<int32_t> want(pixels);
  uint64_t iterations = 0;
  for (int32_t py = 0; py < v.height; ++py)
    for (int32_t px = 0; px < v.width; ++px) {
      want[size_t(py) * v.width + px] = escapeTime(v, px, py);
      iterations += want[size_t(py) * v.width + px];
    }

  std::printf("mandelbrot: %dx%d pixels, up to %d iterations, %u launch(es) "
              "per device\n",
              v.width, v.height, maxIter, opts.repeat);
  std::vector<int32_t> image;
  std::string imageDevice;
  Rate rate{static_cast<double>(pixels), 1e6, "Mpixel/s"};
  std::vector<DeviceResult> results;
  int rc = runOnDevices(
      info, opts, rate,
      [&](kgpu::Device &dev, Measurement &m) -> kgpu::Status {
        EXAMPLE_TRY(
            mod,
            kgpu::Module::loadFile(
                dev, bundlePath(MANDELBROT_KERNELS_MANDELBROT_BUNDLE).c_str()));
        EXAMPLE_TRY(kernel, mod->kernel("mandelbrot"));
        EXAMPLE_TRY(out, kgpu::Buffer::create(dev, pixels * sizeof(int32_t)));
        EXAMPLE_TRY(config, ndrange(*kernel, v.width, v.height));
        EXAMPLE_CHECK(
            timeLaunches(opts.repeat, *kernel,
                         {kgpu::arg(*out), kgpu::arg(v.width),
                          kgpu::arg(v.height), kgpu::arg(v.x0), kgpu::arg(v.y0),
                          kgpu::arg(v.dx), kgpu::arg(v.dy), kgpu::arg(maxIter)},
                         *config, m));
        EXAMPLE_TRY(got, out->read<int32_t>());
        // A GPU may contract to FMAs, which moves a few boundary pixels.
        m.mismatch = compareExact(*got, want, "out", pixels / 100);
        if (m.mismatch.empty() && image.empty()) {
          image = got.take();
          EXAMPLE_TRY(devInfo, dev.info());
          imageDevice = deviceLabel(*devInfo);
        }
        return kgpu::Status();
      },
      &results);
  if (image.empty())
    return rc;

  std::vector<uint8_t> rgb(pixels * 3);
  for (size_t i = 0; i < pixels; ++i)
    colour(image[i], &rgb[i * 3]);
  // The run's figures: one line per device in the PNG, and a JSON file.
  std::string figures;
  std::string json =
      format("{\n  \"example\": \"mandelbrot\",\n"
             "  \"width\": %d,\n  \"height\": %d,\n"
             "  \"max_iterations\": %d,\n"
             "  \"image_device\": \"%s\",\n  \"devices\": [",
             v.width, v.height, maxIter, jsonEscape(imageDevice).c_str());
  for (size_t i = 0; i < results.size(); ++i) {
    const DeviceResult &r = results[i];
    figures += format("%s%s %s: %.3f ms (median %.3f ms of %u), %.2f %s, %s",
                      i ? "\n" : "", r.label.c_str(), r.name.c_str(), r.minMs,
                      r.medianMs, r.launches, r.rate, r.unit.c_str(),
                      r.status.c_str());
    json += format("%s\n    {\"device\": \"%s\", \"name\": \"%s\", "
                   "\"launches\": %u, \"min_ms\": %.6f, \"median_ms\": %.6f, "
                   "\"rate\": %.3f, \"unit\": \"%s\", \"status\": \"%s\"}",
                   i ? "," : "", jsonEscape(r.label).c_str(),
                   jsonEscape(r.name).c_str(), r.launches, r.minMs, r.medianMs,
                   r.rate, jsonEscape(r.unit).c_str(),
                   jsonEscape(r.status).c_str());
  }
  json += "\n  ]\n}\n";
  std::string error;
  if (!writePng(opts.output, v.width, v.height, rgb, error,
                {{"Software", "kgpu examples/mandelbrot"},
                 {"Source", "computed on " + imageDevice},
                 {"Comment", figures}})) {
    std::fprintf(stderr, "mandelbrot: %s\n", error.c_str());
    return 1;
  }
  std::printf("mandelbrot: wrote %s (%dx%d, computed on %s)\n",
              opts.output.c_str(), v.width, v.height, imageDevice.c_str());
  std::string jsonPath = opts.output;
  size_t dot = jsonPath.rfind('.');
  if (dot != std::string::npos && jsonPath.find('/', dot) == std::string::npos)
    jsonPath.resize(dot);
  jsonPath += ".json";
  if (std::FILE *f = std::fopen(jsonPath.c_str(), "w")) {
    bool ok = std::fwrite(json.data(), 1, json.size(), f) == json.size();
    ok = std::fclose(f) == 0 && ok;
    if (!ok) {
      std::fprintf(stderr, "mandelbrot: cannot write '%s'\n", jsonPath.c_str());
      return 1;
    }
  } else {
    std::fprintf(stderr, "mandelbrot: cannot write '%s': %s\n",
                 jsonPath.c_str(), std::strerror(errno));
    return 1;
  }
  std::printf("mandelbrot: wrote %s (the run's figures)\n", jsonPath.c_str());
  return rc;
}
