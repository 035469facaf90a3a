//===- Example.h - Shared support of the kgpu examples ----------*- C++ -*-===//
//
// What every example does around its kernels: the command line, the choice
// of devices, timing repeated launches, comparing results with the host
// reference, and the report (one line per device, then PASSED or FAILED).
//
//   NAME [--device all|best|cpu|cuda[:N]|vulkan[:N]] [--repeat N] [SIZE]
//
// Without --device (or KGPU_DEVICE) an example runs on every device: CUDA
// GPUs, hardware Vulkan devices, and the CPU. Software Vulkan drivers
// (lavapipe) are used, as by the runtime, only when asked for: with
// `--device vulkan` or KGPU_EXAMPLES_ALL_DEVICES=1.
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_EXAMPLES_EXAMPLE_H
#define KGPU_EXAMPLES_EXAMPLE_H

#include "kgpu/runtime.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

/// Evaluates `expr` (a kgpu::Result<T>) into `var`; returns its status from
/// the enclosing function on failure.
#define EXAMPLE_TRY(var, expr)                                                 \
  auto var = (expr);                                                           \
  if (!var.ok())                                                               \
  return var.status()

/// Returns the status of `expr` (a kgpu::Status) on failure.
#define EXAMPLE_CHECK(expr)                                                    \
  do {                                                                         \
    kgpu::Status exampleStatus = (expr);                                       \
    if (!exampleStatus.ok())                                                   \
      return exampleStatus;                                                    \
  } while (false)

namespace kgpu {
namespace examples {

/// printf into a std::string.
inline std::string format(const char *fmt, ...)
    __attribute__((format(printf, 1, 2)));
inline std::string format(const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  char buffer[512];
  std::vsnprintf(buffer, sizeof(buffer), fmt, args);
  va_end(args);
  return buffer;
}

/// The bundle `path` (where the build wrote it), or the file of the same
/// name in $KGPU_EXAMPLES_BUNDLE_DIR when that is set (to run examples
/// copied away from their build tree).
inline std::string bundlePath(const char *path) {
  const char *dir = std::getenv("KGPU_EXAMPLES_BUNDLE_DIR");
  if (!dir || !*dir)
    return path;
  const char *slash = std::strrchr(path, '/');
  return std::string(dir) + "/" + (slash ? slash + 1 : path);
}

/// What an example tells the shared code about itself.
struct ExampleInfo {
  const char *name;
  /// Help for the SIZE argument, e.g. "N: number of elements".
  const char *sizeHelp;
  int64_t defaultSize;
  int64_t minSize;
  int64_t maxSize;
  /// Non-null: the example writes a file (--output FILE, this default).
  const char *defaultOutput = nullptr;
};

struct Options {
  /// "" or "all": every device; "best": the runtime's default device;
  /// otherwise a device spec.
  std::string device;
  int64_t size = 0;
  unsigned repeat = 1;
  std::string output;
};

[[noreturn]] inline void usage(const ExampleInfo &info, const char *error) {
  std::FILE *out = error ? stderr : stdout;
  if (error)
    std::fprintf(stderr, "%s: %s\n", info.name, error);
  std::fprintf(out,
               "usage: %s [--device all|best|cpu|cuda[:N]|vulkan[:N]] "
               "[--repeat N]%s [SIZE]\n"
               "  SIZE       %s (default %lld)\n"
               "  --device   where to run (default: KGPU_DEVICE, else every "
               "device; software\n"
               "             Vulkan drivers only with --device vulkan or "
               "KGPU_EXAMPLES_ALL_DEVICES=1)\n"
               "  --repeat   launches per device (the time is the minimum)\n",
               info.name, info.defaultOutput ? " [--output FILE]" : "",
               info.sizeHelp, static_cast<long long>(info.defaultSize));
  if (info.defaultOutput)
    std::fprintf(out, "  --output   the image to write (default %s)\n",
                 info.defaultOutput);
  std::exit(error ? 2 : 0);
}

inline bool parseInteger(const char *text, int64_t min, int64_t max,
                         int64_t &value) {
  char *end = nullptr;
  errno = 0;
  long long v = std::strtoll(text, &end, 10);
  if (errno != 0 || end == text || *end != '\0' || v < min || v > max)
    return false;
  value = v;
  return true;
}

/// Parses the command line; prints the usage and exits with 2 on errors.
inline Options parseOptions(int argc, char **argv, const ExampleInfo &info) {
  Options opts;
  opts.size = info.defaultSize;
  if (const char *env = std::getenv("KGPU_DEVICE"))
    opts.device = env;
  if (info.defaultOutput)
    opts.output = info.defaultOutput;
  bool sawSize = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    // --name VALUE or --name=VALUE.
    auto value = [&](const char *name, std::string &out) {
      std::string flag = std::string("--") + name;
      if (a == flag) {
        if (i + 1 >= argc)
          usage(info, format("%s needs a value", flag.c_str()).c_str());
        out = argv[++i];
        return true;
      }
      if (a.compare(0, flag.size() + 1, flag + "=") == 0) {
        out = a.substr(flag.size() + 1);
        return true;
      }
      return false;
    };
    std::string v;
    if (a == "-h" || a == "--help") {
      usage(info, nullptr);
    } else if (value("device", v)) {
      opts.device = v;
    } else if (value("repeat", v)) {
      int64_t n = 0;
      if (!parseInteger(v.c_str(), 1, 100000, n))
        usage(info, "--repeat needs an integer in [1, 100000]");
      opts.repeat = static_cast<unsigned>(n);
    } else if (info.defaultOutput && value("output", v)) {
      opts.output = v;
    } else if (value("size", v) || (a.empty() || a[0] != '-')) {
      if (v.empty())
        v = a;
      if (sawSize)
        usage(info, "more than one SIZE");
      if (!parseInteger(v.c_str(), info.minSize, info.maxSize, opts.size))
        usage(info, format("SIZE must be an integer in [%lld, %lld]",
                           static_cast<long long>(info.minSize),
                           static_cast<long long>(info.maxSize))
                        .c_str());
      sawSize = true;
    } else {
      usage(info, format("unknown option '%s'", a.c_str()).c_str());
    }
  }
  return opts;
}

/// "cpu:0", "vulkan:1", ...
inline std::string deviceLabel(const kgpu_device_info &info) {
  const char *backend = info.backend == KGPU_BACKEND_CUDA     ? "cuda"
                        : info.backend == KGPU_BACKEND_VULKAN ? "vulkan"
                                                              : "cpu";
  return format("%s:%u", backend, info.index);
}

/// A device to run on: how to open it, and how to show it.
struct DeviceChoice {
  std::string spec;
  std::string label;
  std::string name;
};

inline bool envIsSet(const char *name) {
  const char *v = std::getenv(name);
  return v && *v && std::strcmp(v, "0") != 0;
}

/// The devices that `opts.device` selects. An unknown or unavailable device
/// is still returned (opening it reports why it cannot run).
inline std::vector<DeviceChoice> selectDevices(const Options &opts) {
  std::vector<DeviceChoice> devices;
  if (!opts.device.empty() && opts.device != "all") {
    DeviceChoice choice;
    choice.spec = opts.device == "best" ? "" : opts.device;
    choice.label = opts.device;
    kgpu::Result<kgpu::Device> dev = kgpu::Device::open(choice.spec.c_str());
    if (dev.ok())
      if (kgpu::Result<kgpu_device_info> info = dev->info(); info.ok()) {
        choice.label = deviceLabel(*info);
        choice.name = info->name;
      }
    devices.push_back(choice);
    return devices;
  }
  bool software = envIsSet("KGPU_EXAMPLES_ALL_DEVICES");
  kgpu::Result<uint32_t> count = kgpu::Device::count();
  for (uint32_t i = 0; count.ok() && i < *count; ++i) {
    kgpu::Result<kgpu_device_info> info = kgpu::Device::describe(i);
    if (!info.ok())
      continue;
    if (info->backend == KGPU_BACKEND_VULKAN && info->is_software && !software)
      continue;
    devices.push_back({deviceLabel(*info), deviceLabel(*info), info->name});
  }
  // The CPU is always there, even if enumerating failed.
  if (devices.empty() || devices.back().label.rfind("cpu", 0) != 0)
    devices.push_back({"cpu", "cpu:0", "CPU"});
  return devices;
}

/// One device's run: kernel times, and what is wrong with the result.
struct Measurement {
  std::vector<uint64_t> ns;
  /// Empty: the result matches the reference.
  std::string mismatch;
};

/// The throughput an example reports: `amount` units per run, shown as
/// amount / seconds / `scale` `unit` (e.g. flops, 1e9, "GFLOP/s").
struct Rate {
  double amount = 0;
  double scale = 1e9;
  const char *unit = nullptr;
};

/// Launches `kernel` `repeat` times and records each time; `reset` (if any)
/// runs before every launch, to restore the buffers the kernel updates.
inline kgpu::Status
timeLaunches(unsigned repeat, const kgpu::Kernel &kernel,
             const std::vector<kgpu_arg> &args,
             const kgpu::LaunchConfig &config, Measurement &m,
             const std::function<kgpu::Status()> &reset = nullptr) {
  for (unsigned r = 0; r < repeat; ++r) {
    if (reset)
      EXAMPLE_CHECK(reset());
    kgpu::Result<uint64_t> ns = kernel.launch(args, config);
    if (!ns.ok())
      return ns.status();
    m.ns.push_back(*ns);
  }
  return kgpu::Status();
}

inline uint32_t ceilDiv(int64_t a, int64_t b) {
  return static_cast<uint32_t>((a + b - 1) / b);
}

/// The grid of an ND-range kernel covering `x` x `y` work-items with the
/// kernel's work-group size.
inline kgpu::Result<kgpu::LaunchConfig> ndrange(const kgpu::Kernel &kernel,
                                                int64_t x, int64_t y = 1) {
  kgpu::Result<kgpu_kernel_info> info = kernel.info();
  if (!info.ok())
    return info.status();
  return kgpu::LaunchConfig(ceilDiv(x, info->workgroup_size[0]),
                            ceilDiv(y, info->workgroup_size[1]));
}

/// The grid of a 1-D grid-stride kernel over `n` elements: one work-item
/// per element, at most as many work-groups as the device allows.
inline kgpu::Result<kgpu::LaunchConfig>
gridStride(const kgpu::Device &device, const kgpu::Kernel &kernel, int64_t n) {
  kgpu::Result<kgpu_kernel_info> info = kernel.info();
  if (!info.ok())
    return info.status();
  kgpu::Result<kgpu_device_info> devInfo = device.info();
  if (!devInfo.ok())
    return devInfo.status();
  uint32_t groups = ceilDiv(n, info->workgroup_size[0]);
  if (devInfo->max_grid[0] != 0)
    groups = std::min(groups, devInfo->max_grid[0]);
  return kgpu::LaunchConfig(groups);
}

/// Compares values; up to `allowed` differences are accepted.
template <typename T>
std::string compareExact(const std::vector<T> &got, const std::vector<T> &want,
                         const char *what, size_t allowed = 0) {
  if (got.size() != want.size())
    return format("%s has %zu elements, expected %zu", what, got.size(),
                  want.size());
  size_t bad = 0, first = 0;
  for (size_t i = 0; i < got.size(); ++i)
    if (got[i] != want[i] && bad++ == 0)
      first = i;
  if (bad <= allowed)
    return "";
  return format("%zu of %zu elements differ, first %s[%zu] = %lld "
                "(expected %lld)",
                bad, got.size(), what, first,
                static_cast<long long>(got[first]),
                static_cast<long long>(want[first]));
}

/// Compares floating-point results with a reference: element i must be
/// within tolerance(i) of want[i].
template <typename T>
std::string compareNear(const std::vector<T> &got,
                        const std::vector<double> &want, const char *what,
                        const std::function<double(size_t)> &tolerance) {
  if (got.size() != want.size())
    return format("%s has %zu elements, expected %zu", what, got.size(),
                  want.size());
  size_t bad = 0, first = 0;
  for (size_t i = 0; i < got.size(); ++i) {
    double diff = std::fabs(static_cast<double>(got[i]) - want[i]);
    if (!(diff <= tolerance(i)) && bad++ == 0)
      first = i;
  }
  if (bad == 0)
    return "";
  return format("%zu of %zu elements differ, first %s[%zu] = %.9g "
                "(expected %.9g)",
                bad, got.size(), what, first, static_cast<double>(got[first]),
                want[first]);
}

/// `s` as the contents of a JSON string (quotes, backslashes and control
/// characters escaped).
inline std::string jsonEscape(const std::string &s) {
  std::string out;
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20) {
      out += format("\\u%04x", c);
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
}

/// The figures of one device's run, as runOnDevices prints them.
struct DeviceResult {
  std::string label; ///< e.g. "cuda:0"
  std::string name;  ///< the device's name
  unsigned launches = 0;
  double minMs = 0, medianMs = 0;
  double rate = 0; ///< in `unit`; 0 when not measured
  std::string unit;
  std::string status; ///< "OK", "FAILED: ..." or "WRONG: ..."
};

/// Runs `body` on each selected device and prints, per device, its kernel
/// time (minimum and median over the repeats), the rate, and OK or why it
/// failed; `results`, when given, receives the same figures. Returns the
/// exit code: 0 if every device matched the reference.
inline int runOnDevices(
    const ExampleInfo &info, const Options &opts, const Rate &rate,
    const std::function<kgpu::Status(kgpu::Device &, Measurement &)> &body,
    std::vector<DeviceResult> *results = nullptr) {
  std::vector<DeviceChoice> devices = selectDevices(opts);
  size_t failed = 0;
  for (const DeviceChoice &choice : devices) {
    std::string line =
        format("  %-9s %-44s", choice.label.c_str(), choice.name.c_str());
    Measurement m;
    DeviceResult result;
    result.label = choice.label;
    result.name = choice.name;
    kgpu::Status status;
    {
      kgpu::Result<kgpu::Device> dev = kgpu::Device::open(choice.spec.c_str());
      status = dev.ok() ? body(*dev, m) : dev.status();
    }
    if (!m.ns.empty()) {
      std::vector<uint64_t> sorted = m.ns;
      std::sort(sorted.begin(), sorted.end());
      double minMs = sorted.front() / 1e6;
      result.launches = static_cast<unsigned>(sorted.size());
      result.minMs = minMs;
      result.medianMs = sorted[sorted.size() / 2] / 1e6;
      line += format(" %10.3f ms", minMs);
      if (sorted.size() > 1)
        line += format(" (median %.3f ms of %zu)",
                       sorted[sorted.size() / 2] / 1e6, sorted.size());
      if (rate.unit && sorted.front() > 0) {
        double value = rate.amount / (minMs / 1e3) / rate.scale;
        int decimals = value >= 100 ? 0 : value >= 1 ? 2 : 3;
        line += format("  %9.*f %s", decimals, value, rate.unit);
        result.rate = value;
        result.unit = rate.unit;
      }
    }
    if (!status.ok()) {
      result.status = "FAILED: " + status.toString();
      ++failed;
    } else if (!m.mismatch.empty()) {
      result.status = "WRONG: " + m.mismatch;
      ++failed;
    } else {
      result.status = "OK";
    }
    line += "  " + result.status;
    if (results)
      results->push_back(result);
    std::printf("%s\n", line.c_str());
    std::fflush(stdout);
  }
  if (failed) {
    std::printf("%s: FAILED on %zu of %zu device(s)\n", info.name, failed,
                devices.size());
    return 1;
  }
  std::printf("%s: PASSED on %zu device(s)\n", info.name, devices.size());
  return 0;
}

/// Deterministic pseudo-random numbers (splitmix64).
class Random {
public:
  explicit Random(uint64_t seed) : state_(seed) {}
  uint64_t next() {
    uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  /// Uniform in [lo, hi).
  float uniform(float lo, float hi) {
    return lo + (hi - lo) * static_cast<float>(next() >> 40) * 0x1.0p-24f;
  }

private:
  uint64_t state_;
};

} // namespace examples
} // namespace kgpu

#endif // KGPU_EXAMPLES_EXAMPLE_H
