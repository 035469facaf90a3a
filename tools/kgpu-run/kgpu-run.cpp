//===- kgpu-run.cpp - run a kernel of a .kgpu bundle ------------*- C++ -*-===//
//
//   kgpu-run BUNDLE --kernel NAME --arg NAME=VALUE ... [--grid X[,Y[,Z]]]
//            [--size N|W,H[,D]] [--local X[,Y[,Z]]]
//            [--device cpu|cuda[:N]|vulkan[:N]]
//            [--repeat N [--times] [--no-reset]] [--warmup MS]
//            [--out NAME=FILE] [--list]
//
// Scalars take literals; buffers take @FILE (raw little-endian elements of
// the parameter's type) or a generator: zeros:N, fill:N:V, iota:N,
// rand:N[:SEED]. --out writes a buffer after the run in the same format.
// --size fills a Kernelin-style kernel's dispatch parameters (the
// manifest's launch.dispatch_params) and chooses the grid.
// A thin client of the C++ wrapper (kgpu/runtime.hpp). See docs/runtime.md.
//
//===----------------------------------------------------------------------===//

#include "kgpu/runtime.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <fstream>
#include <iterator>
#include <map>
#include <new>
#include <string>
#include <vector>

#include <unistd.h>

namespace {

const char *const kUsage =
    "usage: kgpu-run BUNDLE --kernel NAME --arg NAME=VALUE ...\n"
    "                [--grid X[,Y[,Z]]] [--size N|W,H[,D]] [--local "
    "X[,Y[,Z]]]\n"
    "                [--device cpu|cuda[:N]|vulkan[:N]] [--repeat N]\n"
    "                [--out NAME=FILE] ...\n"
    "       kgpu-run BUNDLE --list\n"
    "       kgpu-run --devices\n"
    "\n"
    "  --arg NAME=VALUE  scalar: a literal (2.5, -3, 0x10, true);\n"
    "                    buffer: @FILE (raw little-endian elements of the\n"
    "                    parameter's type), zeros:N, fill:N:V, iota:N\n"
    "                    (0, 1, 2, ...) or rand:N[:SEED] (floats in [0, 1),\n"
    "                    integers in [0, 2^31) masked to the type)\n"
    "  --grid X[,Y[,Z]]  work-groups per dimension (parallel-loop kernels:\n"
    "                    optional)\n"
    "  --size N|W,H[,D]  dispatch size of a Kernelin-style (Kotlin) kernel:\n"
    "                    fills its size (width, height, depth) parameters\n"
    "                    and, for ND-range kernels, chooses the grid\n"
    "                    (ceil(size / work-group size) per dimension)\n"
    "  --local X[,Y[,Z]] work-group size (default: the kernel's; any size "
    "unless\n"
    "                    the kernel fixes it)\n"
    "  --device SPEC     default: $KGPU_DEVICE, else the best device\n"
    "  --repeat N        run N times; print min/median/max times\n"
    "  --times           also print every run's time, in run order\n"
    "  --no-reset        with --repeat: runs after the first start from the\n"
    "                    previous run's buffers (no upload between runs)\n"
    "  --warmup MS       first launch the kernel back to back (4 in flight) for MS\n"
    "                    milliseconds, untimed (GPU clocks up), then restore\n"
    "                    the inputs\n"
    "  --queued          with --repeat: launch the timed runs back to back\n"
    "                    through a queue (4 in flight, no upload between\n"
    "                    runs, as --no-reset), each timed by its event: the\n"
    "                    GPU never waits for the host, as in torch's and\n"
    "                    Triton's timing loops\n"
    "  --out NAME=FILE   write buffer NAME after the run (raw elements)\n"
    "  --list            list the bundle's kernels and parameters\n"
    "  --devices         list the devices\n";

/// Exit codes.
constexpr int kExitError = 1;
constexpr int kExitUsage = 2;

int usageError(const std::string &message) {
  std::fprintf(stderr, "kgpu-run: error: %s\n", message.c_str());
  std::fprintf(stderr, "(kgpu-run --help for usage)\n");
  return kExitUsage;
}

int runtimeError(const std::string &what, const kgpu::Status &status) {
  std::fprintf(stderr, "kgpu-run: error: %s: %s\n", what.c_str(),
               status.toString().c_str());
  return kExitError;
}

//===----------------------------------------------------------------------===//
// Values
//===----------------------------------------------------------------------===//

uint16_t floatToHalf(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  uint32_t sign = (x >> 16) & 0x8000u;
  uint32_t exp = (x >> 23) & 0xffu;
  uint32_t mant = x & 0x7fffffu;
  if (exp == 0xff) // inf or NaN
    return static_cast<uint16_t>(sign | 0x7c00u | (mant ? 0x200u : 0));
  int e = static_cast<int>(exp) - 127 + 15;
  if (e >= 31)
    return static_cast<uint16_t>(sign | 0x7c00u);
  if (e <= 0) {
    if (e < -10)
      return static_cast<uint16_t>(sign);
    mant |= 0x800000u;
    uint32_t shift = static_cast<uint32_t>(14 - e);
    uint32_t half = mant >> shift;
    uint32_t rem = mant & ((1u << shift) - 1);
    uint32_t mid = 1u << (shift - 1);
    if (rem > mid || (rem == mid && (half & 1)))
      ++half;
    return static_cast<uint16_t>(sign | half);
  }
  uint32_t half = (static_cast<uint32_t>(e) << 10) | (mant >> 13);
  uint32_t rem = mant & 0x1fffu;
  if (rem > 0x1000u || (rem == 0x1000u && (half & 1)))
    ++half; // may carry into the exponent: still correct (up to inf)
  return static_cast<uint16_t>(sign | half);
}

uint16_t floatToBF16(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  if ((x & 0x7fffffffu) > 0x7f800000u)
    return static_cast<uint16_t>((x >> 16) | 0x40u); // quiet NaN
  uint32_t rounding = 0x7fffu + ((x >> 16) & 1u);
  return static_cast<uint16_t>((x + rounding) >> 16);
}

bool isIntegerType(kgpu_type t) {
  return t == KGPU_TYPE_I1 || t == KGPU_TYPE_I8 || t == KGPU_TYPE_I16 ||
         t == KGPU_TYPE_I32 || t == KGPU_TYPE_I64 || t == KGPU_TYPE_INDEX;
}

/// Parses an integer literal of `width` bits strictly: the whole string,
/// an optional sign, then decimal digits without a leading zero or `0x` and
/// hex digits. `010` is refused (C would read it as octal, a reader might as
/// decimal). Accepts the signed and the unsigned range of the width.
bool parseInteger(const std::string &text, unsigned width, uint64_t &bits,
                  std::string &why) {
  size_t i = 0;
  bool negative = false;
  if (text[0] == '-' || text[0] == '+') {
    negative = text[0] == '-';
    ++i;
  }
  unsigned base = 10;
  if (text.compare(i, 2, "0x") == 0 || text.compare(i, 2, "0X") == 0) {
    base = 16;
    i += 2;
  } else if (i + 1 < text.size() && text[i] == '0' &&
             std::isdigit(static_cast<unsigned char>(text[i + 1]))) {
    why = "'" + text +
          "' has a leading zero: write decimals without one (kgpu-run "
          "reads no octal) and hex as 0x...";
    return false;
  }
  if (i == text.size())
    return false;
  uint64_t magnitude = 0;
  for (; i < text.size(); ++i) {
    char c = text[i];
    unsigned digit;
    if (c >= '0' && c <= '9')
      digit = static_cast<unsigned>(c - '0');
    else if (base == 16 && c >= 'a' && c <= 'f')
      digit = static_cast<unsigned>(c - 'a' + 10);
    else if (base == 16 && c >= 'A' && c <= 'F')
      digit = static_cast<unsigned>(c - 'A' + 10);
    else
      return false;
    if (magnitude > (UINT64_MAX - digit) / base) {
      why = "'" + text + "' is out of range";
      return false;
    }
    magnitude = magnitude * base + digit;
  }
  uint64_t maxUnsigned = width < 64 ? (1ull << width) - 1 : UINT64_MAX;
  uint64_t maxNegative = 1ull << (width - 1);
  if (negative ? magnitude > maxNegative : magnitude > maxUnsigned) {
    why = "'" + text + "' is out of range (-" + std::to_string(maxNegative) +
          " to " + std::to_string(maxUnsigned) + ")";
    return false;
  }
  bits = negative ? uint64_t(0) - magnitude : magnitude;
  if (width < 64)
    bits &= maxUnsigned;
  return true;
}

/// Parses `text` as a value of `type` into little-endian bits. Integers
/// accept the signed and the unsigned range of their width; floats must be
/// finite in the type (or inf/nan spelled out) and are rounded to nearest.
/// The whole string must be the literal: no spaces. On failure `expected`
/// says what the type takes and `why` (if set) what is wrong.
bool parseValue(const std::string &text, kgpu_type type, uint64_t &bits,
                std::string &expected, std::string &why) {
  bits = 0;
  why.clear();
  if (type == KGPU_TYPE_I1)
    expected = "0, 1, true or false";
  else if (isIntegerType(type))
    expected =
        "an integer of " + std::to_string(kgpu_type_size(type) * 8) + " bits";
  else
    expected = "a number";
  if (text.empty()) {
    expected = "a value";
    return false;
  }
  for (char c : text)
    if (std::isspace(static_cast<unsigned char>(c))) {
      why = "'" + text + "' contains white space";
      return false;
    }
  if (type == KGPU_TYPE_I1) {
    if (text == "1" || text == "true")
      bits = 1;
    else if (text == "0" || text == "false")
      bits = 0;
    else
      return false;
    return true;
  }
  if (isIntegerType(type)) {
    // A Boolean parameter of the JVM and Kotlin frontends is an integer in
    // the ABI (SPIR-V has no bool parameters): true/false are 1/0.
    if (text == "true" || text == "false") {
      bits = text == "true";
      return true;
    }
    return parseInteger(text, static_cast<unsigned>(kgpu_type_size(type)) * 8,
                        bits, why);
  }

  // Decimal floats, and inf/nan spelled out (strtod would also take hex
  // floats and "infinity"; they are refused to keep the syntax small).
  std::string lower = text;
  for (char &c : lower)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  bool special = false;
  for (const char *word : {"inf", "+inf", "-inf", "nan", "+nan", "-nan"})
    special |= lower == word;
  if (!special) {
    size_t i = (text[0] == '-' || text[0] == '+') ? 1 : 0;
    if (i == text.size() ||
        !(std::isdigit(static_cast<unsigned char>(text[i])) || text[i] == '.'))
      return false;
    if (lower.find('x') != std::string::npos)
      return false;
  }
  const char *s = text.c_str();
  char *end = nullptr;
  errno = 0;
  double v = std::strtod(s, &end);
  if (*end || end == s)
    return false;
  auto outOfRange = [&](const char *range) {
    why = "'" + text + "' is out of the range of " + kgpu_type_name(type) +
          " (" + range + ")";
    return false;
  };
  if (errno == ERANGE && std::isinf(v))
    return outOfRange("about +-1.8e308");
  switch (type) {
  case KGPU_TYPE_F64:
    std::memcpy(&bits, &v, 8);
    return true;
  case KGPU_TYPE_F32: {
    float f = static_cast<float>(v);
    if (std::isinf(f) && !std::isinf(v))
      return outOfRange("+-3.4028235e38");
    std::memcpy(&bits, &f, 4);
    return true;
  }
  case KGPU_TYPE_F16:
    // Rounded once from the double: halves above 65520 round to inf.
    if (!std::isinf(v) && !std::isnan(v) && std::fabs(v) >= 65520.0)
      return outOfRange("+-65504");
    bits = floatToHalf(static_cast<float>(v));
    return true;
  case KGPU_TYPE_BF16: {
    float f = static_cast<float>(v);
    uint16_t b = floatToBF16(f);
    if ((std::isinf(f) || (b & 0x7fffu) == 0x7f80u) && !std::isinf(v))
      return outOfRange("+-3.39e38");
    bits = b;
    return true;
  }
  default:
    return false;
  }
}

/// A value of `type` from an integer (iota, rand).
uint64_t fromInteger(kgpu_type type, int64_t v) {
  uint64_t bits = 0;
  switch (type) {
  case KGPU_TYPE_F32: {
    float f = static_cast<float>(v);
    std::memcpy(&bits, &f, 4);
    return bits;
  }
  case KGPU_TYPE_F64: {
    double d = static_cast<double>(v);
    std::memcpy(&bits, &d, 8);
    return bits;
  }
  case KGPU_TYPE_F16:
    return floatToHalf(static_cast<float>(v));
  case KGPU_TYPE_BF16:
    return floatToBF16(static_cast<float>(v));
  case KGPU_TYPE_I1:
    return static_cast<uint64_t>(v) & 1;
  default:
    return static_cast<uint64_t>(v);
  }
}

uint64_t splitmix64(uint64_t &state) {
  uint64_t z = (state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/// rand:N[:SEED]: floats uniform in [0, 1) (24 random bits), integers
/// uniform in [0, 2^31) masked to the type's width.
uint64_t randomValue(kgpu_type type, uint64_t &state) {
  uint64_t r = splitmix64(state);
  switch (type) {
  case KGPU_TYPE_F32:
  case KGPU_TYPE_F64:
  case KGPU_TYPE_F16:
  case KGPU_TYPE_BF16: {
    float f = static_cast<float>(r >> 40) * (1.0f / 16777216.0f);
    if (type == KGPU_TYPE_F32) {
      uint64_t bits = 0;
      std::memcpy(&bits, &f, 4);
      return bits;
    }
    if (type == KGPU_TYPE_F64) {
      double d = f;
      uint64_t bits = 0;
      std::memcpy(&bits, &d, 8);
      return bits;
    }
    return type == KGPU_TYPE_F16 ? floatToHalf(f) : floatToBF16(f);
  }
  default: {
    uint64_t v = r >> 33;
    unsigned width = static_cast<unsigned>(kgpu_type_size(type)) * 8;
    if (type == KGPU_TYPE_I1)
      return v & 1;
    return width < 64 ? v & ((1ull << (width - 1)) - 1) : v;
  }
  }
}

bool parseCount(const std::string &text, uint64_t &n) {
  if (text.empty() || !std::isdigit(static_cast<unsigned char>(text[0])))
    return false;
  char *end = nullptr;
  errno = 0;
  unsigned long long v = std::strtoull(text.c_str(), &end, 10);
  if (*end || errno || v == 0 || v > (1ull << 40))
    return false;
  n = v;
  return true;
}

std::vector<std::string> split(const std::string &s, char sep) {
  std::vector<std::string> parts;
  size_t start = 0;
  for (;;) {
    size_t pos = s.find(sep, start);
    parts.push_back(s.substr(start, pos - start));
    if (pos == std::string::npos)
      return parts;
    start = pos + 1;
  }
}

std::string describe(const kgpu_param_info &p) {
  std::string s = std::string("'") + p.name + "' (";
  if (p.kind == KGPU_PARAM_BUFFER) {
    s += "buffer of ";
    s += kgpu_type_name(p.type);
    if (p.rank > 1 || (p.rank == 1 && p.shape[0] >= 0)) {
      s += ", shape ";
      for (uint32_t i = 0; i < p.rank; ++i)
        s += (i ? "x" : "") +
             (p.shape[i] < 0 ? std::string("?") : std::to_string(p.shape[i]));
    }
  } else {
    s += "scalar ";
    s += kgpu_type_name(p.type);
  }
  return s + ")";
}

/// Builds the bytes of a buffer argument from @FILE or a generator. With
/// `sizeOnly`, only checks `value` and sets *sizeOnly to the byte count
/// (generators build nothing; @FILE is read into `bytes`).
bool makeBufferBytes(const kgpu_param_info &p, const std::string &value,
                     std::string &bytes, std::string &error,
                     uint64_t *sizeOnly = nullptr) {
  size_t elem = kgpu_type_size(p.type);
  const std::string forms =
      "expected @FILE, zeros:N, fill:N:V, iota:N or rand:N[:SEED]";
  if (!value.empty() && value[0] == '@') {
    if (!bytes.empty()) { // read by the sizing pass
      if (sizeOnly)
        *sizeOnly = bytes.size();
      return true;
    }
    std::string path = value.substr(1);
    std::ifstream in(path, std::ios::binary);
    if (!in) {
      error = "cannot open '" + path + "': " + std::strerror(errno);
      return false;
    }
    bytes.assign(std::istreambuf_iterator<char>(in),
                 std::istreambuf_iterator<char>());
    if (bytes.empty() || bytes.size() % elem) {
      error = "'" + path + "' has " + std::to_string(bytes.size()) +
              " bytes, not a whole, non-zero number of " +
              std::to_string(elem) + "-byte " + kgpu_type_name(p.type) +
              " elements";
      return false;
    }
    if (sizeOnly)
      *sizeOnly = bytes.size();
    return true;
  }
  std::vector<std::string> parts = split(value, ':');
  const std::string &gen = parts[0];
  uint64_t n = 0;
  if (parts.size() < 2 || !parseCount(parts[1], n)) {
    error = parts.size() >= 2 && (gen == "zeros" || gen == "fill" ||
                                  gen == "iota" || gen == "rand")
                ? "bad element count '" + parts[1] + "' (a positive integer)"
                : "'" + value + "' is not a buffer value; " + forms;
    return false;
  }
  uint64_t fillBits = 0, seed = 1;
  if (gen == "zeros" && parts.size() == 2) {
  } else if (gen == "fill" && parts.size() == 3) {
    std::string expected, why;
    if (!parseValue(parts[2], p.type, fillBits, expected, why)) {
      error = "bad fill value '" + parts[2] + "' (" + expected + ")" +
              (why.empty() ? "" : ": " + why);
      return false;
    }
  } else if (gen == "iota" && parts.size() == 2) {
  } else if (gen == "rand" && (parts.size() == 2 || parts.size() == 3)) {
    if (parts.size() == 3) {
      std::string why;
      if (parts[2].empty() || parts[2][0] == '-' || parts[2][0] == '+' ||
          !parseInteger(parts[2], 64, seed, why)) {
        error = "bad seed '" + parts[2] + "' (an unsigned 64-bit integer)" +
                (why.empty() ? "" : ": " + why);
        return false;
      }
    }
  } else {
    error = "'" + value + "' is not a buffer value; " + forms;
    return false;
  }
  uint64_t total = n * elem; // n <= 2^40: no overflow
  if (sizeOnly) {
    *sizeOnly = total;
    return true;
  }
  // Host memory for the initial contents (kept for --repeat); a failure is
  // reported like a device allocation failure.
  try {
    bytes.assign(static_cast<size_t>(total), '\0');
  } catch (const std::bad_alloc &) {
    error = "out of host memory for the " + std::to_string(total) +
            "-byte initial contents";
    return false;
  }
  auto put = [&](uint64_t i, uint64_t bits) {
    std::memcpy(&bytes[i * elem], &bits, elem);
  };
  if (gen == "fill")
    for (uint64_t i = 0; i < n; ++i)
      put(i, fillBits);
  else if (gen == "iota")
    for (uint64_t i = 0; i < n; ++i)
      put(i, fromInteger(p.type, static_cast<int64_t>(i)));
  else if (gen == "rand")
    for (uint64_t i = 0; i < n; ++i)
      put(i, randomValue(p.type, seed));
  return true;
}

bool parseDims(const std::string &text, uint32_t out[3]) {
  std::vector<std::string> parts = split(text, ',');
  if (parts.empty() || parts.size() > 3)
    return false;
  for (size_t i = 0; i < 3; ++i) {
    out[i] = 1;
    if (i >= parts.size())
      continue;
    uint64_t v = 0;
    if (!parseCount(parts[i], v) || v > 0xffffffffull)
      return false;
    out[i] = static_cast<uint32_t>(v);
  }
  return true;
}

/// --size N|W,H[,D]: non-negative (a zero size runs no work-item), and the
/// product below 2^31 (Kernelin's limit: at most Int.MAX_VALUE threads).
bool parseSize(const std::string &text, uint32_t out[3], unsigned &dims) {
  std::vector<std::string> parts = split(text, ',');
  if (parts.empty() || parts.size() > 3)
    return false;
  uint64_t product = 1;
  for (size_t i = 0; i < 3; ++i) {
    out[i] = 1;
    if (i >= parts.size())
      continue;
    const std::string &p = parts[i];
    if (p.empty() || p.size() > 10 ||
        !std::all_of(p.begin(), p.end(), [](char c) {
          return std::isdigit(static_cast<unsigned char>(c));
        }))
      return false;
    uint64_t v = std::strtoull(p.c_str(), nullptr, 10);
    if (v > 0x7fffffffull)
      return false;
    out[i] = static_cast<uint32_t>(v);
    product *= v;
    if (product > 0x7fffffffull)
      return false;
  }
  dims = static_cast<unsigned>(parts.size());
  return true;
}

std::string formatTime(uint64_t ns) {
  char buf[64];
  if (ns < 10000)
    std::snprintf(buf, sizeof(buf), "%llu ns",
                  static_cast<unsigned long long>(ns));
  else if (ns < 10000000)
    std::snprintf(buf, sizeof(buf), "%.2f us", ns / 1e3);
  else
    std::snprintf(buf, sizeof(buf), "%.3f ms", ns / 1e6);
  return buf;
}

//===----------------------------------------------------------------------===//
// Commands
//===----------------------------------------------------------------------===//

int listDevices() {
  kgpu::Result<uint32_t> count = kgpu::Device::count();
  if (!count.ok())
    return runtimeError("cannot enumerate devices", count.status());
  std::vector<int> seen(4, 0);
  for (uint32_t i = 0; i < *count; ++i) {
    kgpu::Result<kgpu_device_info> info = kgpu::Device::describe(i);
    if (!info.ok())
      return runtimeError("cannot describe a device", info.status());
    std::printf("%s:%u  %s%s\n", kgpu_backend_name(info->backend), info->index,
                info->name, info->is_software ? "  (software)" : "");
  }
  return 0;
}

int listKernels(const std::string &path) {
  kgpu::Result<kgpu::Module> module =
      kgpu::Module::loadFile(static_cast<kgpu_device>(nullptr), path.c_str());
  if (!module.ok())
    return runtimeError("cannot load the bundle", module.status());
  for (uint32_t k = 0; k < module->kernelCount(); ++k) {
    kgpu::Result<kgpu::Kernel> kernel = module->kernel(k);
    if (!kernel.ok())
      return runtimeError("cannot read the bundle", kernel.status());
    kgpu_kernel_info info = *kernel->info();
    std::printf("kernel %s: %s, %u-D, work-group %ux%ux%u (%s), local "
                "memory %llu bytes%s\n",
                info.name,
                info.model == KGPU_LAUNCH_PARALLEL_LOOP
                    ? "parallel loop (any grid; --grid optional)"
                    : "ND-range (--grid required)",
                info.dims, info.workgroup_size[0], info.workgroup_size[1],
                info.workgroup_size[2],
                info.workgroup_size_fixed ? "fixed"
                                          : "default; --local any size",
                static_cast<unsigned long long>(info.local_memory_bytes),
                info.uses_subgroups ? ", uses subgroups" : "");
    kgpu::Result<std::vector<uint32_t>> dispatch = kernel->dispatchParams();
    if (!dispatch.ok())
      return runtimeError("cannot read the bundle", dispatch.status());
    if (!dispatch->empty()) {
      std::string names;
      for (uint32_t index : *dispatch)
        names += (names.empty() ? "" : ", ") +
                 std::string(kernel->param(index)->name);
      std::printf("  dispatch size: %s (--size %s)\n", names.c_str(),
                  dispatch->size() == 1   ? "N"
                  : dispatch->size() == 2 ? "W,H"
                                          : "W,H,D");
    }
    for (uint32_t i = 0; i < info.param_count; ++i) {
      kgpu_param_info p = *kernel->param(i);
      const char *access = p.access == KGPU_ACCESS_READ    ? "read"
                           : p.access == KGPU_ACCESS_WRITE ? "write"
                                                           : "read_write";
      std::printf("  #%u %s, %s\n", i, describe(p).c_str(), access);
    }
  }
  return 0;
}

struct Options {
  std::string bundle;
  std::string kernel;
  std::vector<std::pair<std::string, std::string>> args;
  std::vector<std::pair<std::string, std::string>> outs;
  std::string device;
  bool hasGrid = false, hasLocal = false;
  uint32_t grid[3] = {0, 0, 0};
  /// --size: how many values (0: none) and the values.
  unsigned sizeDims = 0;
  uint32_t size[3] = {1, 1, 1};
  uint32_t local[3] = {0, 0, 0};
  uint64_t repeat = 1;
  /// --times: print each run's time in order; --no-reset: no upload of the
  /// written buffers between runs.
  bool times = false, noReset = false;
  /// --queued: the timed runs go through a queue, a few in flight.
  bool queued = false;
  /// --warmup: milliseconds of untimed launches before the timed ones.
  uint64_t warmupMs = 0;
  bool list = false;
  bool devices = false;
};

/// A bound argument before the launch.
struct PreparedArg {
  kgpu_param_info param{};
  bool given = false;
  uint64_t bits = 0;
  std::string value;   // buffers: the --arg value
  uint64_t bytes = 0;  // buffers: the size
  std::string initial; // buffers: the initial bytes
  kgpu::Buffer buffer;
};

int run(const Options &opts) {
  kgpu::Result<kgpu::Device> device =
      kgpu::Device::open(opts.device.empty() ? nullptr : opts.device.c_str());
  if (!device.ok())
    return runtimeError("cannot open the device", device.status());
  kgpu_device_info devInfo = *device->info();

  kgpu::Result<kgpu::Module> module =
      kgpu::Module::loadFile(*device, opts.bundle.c_str());
  if (!module.ok())
    return runtimeError("cannot load the bundle", module.status());
  kgpu::Result<kgpu::Kernel> kernel = module->kernel(opts.kernel.c_str());
  if (!kernel.ok())
    return runtimeError("kernel '" + opts.kernel + "'", kernel.status());
  kgpu_kernel_info info = *kernel->info();

  std::vector<PreparedArg> prepared(info.param_count);
  for (uint32_t i = 0; i < info.param_count; ++i)
    prepared[i].param = *kernel->param(i);

  std::string paramNames;
  for (const PreparedArg &p : prepared)
    paramNames += (paramNames.empty() ? "" : ", ") + std::string(p.param.name);
  auto findParam = [&](const std::string &name) -> PreparedArg * {
    for (PreparedArg &p : prepared)
      if (name == p.param.name)
        return &p;
    return nullptr;
  };

  for (const auto &[name, value] : opts.args) {
    PreparedArg *p = findParam(name);
    if (!p)
      return usageError("--arg " + name + "=...: kernel '" + opts.kernel +
                        "' has no parameter '" + name + "' (parameters: " +
                        (paramNames.empty() ? "none" : paramNames) + ")");
    if (p->given)
      return usageError("--arg " + name + " is given twice");
    p->given = true;
    if (p->param.kind == KGPU_PARAM_SCALAR) {
      std::string expected, why;
      if (!parseValue(value, p->param.type, p->bits, expected, why))
        return usageError("--arg " + name + "=" + value + ": parameter " +
                          describe(p->param) + " expects " + expected +
                          (why.empty() ? "" : ": " + why));
      continue;
    }
    std::string error;
    if (!makeBufferBytes(p->param, value, p->initial, error, &p->bytes))
      return usageError("--arg " + name + "=" + value + ": parameter " +
                        describe(p->param) + ": " + error);
    p->value = value;
  }
  // --size: the dispatch parameters (launch.dispatch_params).
  kgpu::Result<std::vector<uint32_t>> dispatch = kernel->dispatchParams();
  if (!dispatch.ok())
    return runtimeError("kernel '" + opts.kernel + "'", dispatch.status());
  std::string dispatchNames;
  for (uint32_t index : *dispatch)
    dispatchNames += (dispatchNames.empty() ? "" : ", ") +
                     std::string(prepared[index].param.name);
  if (opts.sizeDims) {
    if (dispatch->empty())
      return usageError("--size: kernel '" + opts.kernel +
                        "' has no dispatch size parameters (it is not a "
                        "Kernelin-style kernel); give --arg and --grid");
    if (opts.sizeDims != dispatch->size())
      return usageError(
          "--size: kernel '" + opts.kernel + "' takes " +
          std::to_string(dispatch->size()) + " dispatch size value" +
          (dispatch->size() == 1 ? "" : "s") + " (" + dispatchNames +
          "), got " + std::to_string(opts.sizeDims));
    if (opts.hasGrid)
      return usageError("--size chooses the grid: give --size or --grid, "
                        "not both");
    for (size_t d = 0; d < dispatch->size(); ++d) {
      PreparedArg &p = prepared[(*dispatch)[d]];
      if (p.given)
        return usageError("--arg " + std::string(p.param.name) +
                          ": parameter " + describe(p.param) +
                          " is set by --size");
      if (opts.size[d] > 0x7fffffffu)
        return usageError("--size: " + std::to_string(opts.size[d]) +
                          " does not fit the i32 parameter '" +
                          p.param.name + "'");
      p.given = true;
      p.bits = opts.size[d];
    }
  }
  for (const PreparedArg &p : prepared)
    if (!p.given && !dispatch->empty() &&
        std::find(dispatch->begin(), dispatch->end(), p.param.index) != dispatch->end())
      return usageError("kernel '" + opts.kernel +
                        "' is a Kernelin-style kernel: give --size " +
                        (dispatch->size() == 1 ? std::string("N")
                         : dispatch->size() == 2 ? std::string("W,H")
                                                 : std::string("W,H,D")) +
                        " (its dispatch parameters: " + dispatchNames + ")");
  for (const PreparedArg &p : prepared)
    if (!p.given)
      return usageError(
          "missing --arg for parameter " + describe(p.param) + " of kernel '" +
          opts.kernel + "' (" +
          (p.param.kind == KGPU_PARAM_SCALAR
               ? std::string("a literal")
               : std::string("@FILE, zeros:N, fill:N:V, iota:N or "
                             "rand:N[:SEED]")) +
          ")");
  std::vector<std::pair<PreparedArg *, std::string>> outs;
  for (const auto &[name, file] : opts.outs) {
    PreparedArg *p = findParam(name);
    if (!p)
      return usageError("--out " + name + "=...: kernel '" + opts.kernel +
                        "' has no parameter '" + name + "' (parameters: " +
                        (paramNames.empty() ? "none" : paramNames) + ")");
    if (p->param.kind != KGPU_PARAM_BUFFER)
      return usageError("--out " + name + ": parameter " + describe(p->param) +
                        " is not a buffer");
    outs.push_back({p, file});
  }
  // --size on an ND-range kernel: enough work-groups to cover the size
  // (the kernel returns early beyond it). Parallel-loop kernels take any
  // grid; the runtime derives one.
  uint32_t sizeGrid[3] = {1, 1, 1};
  bool useSizeGrid = opts.sizeDims && info.model != KGPU_LAUNCH_PARALLEL_LOOP;
  if (useSizeGrid)
    for (unsigned d = 0; d < 3; ++d) {
      uint32_t wg = opts.hasLocal ? opts.local[d] : info.workgroup_size[d];
      uint64_t n = d < opts.sizeDims ? opts.size[d] : 1;
      uint64_t groups = (n + wg - 1) / wg;
      if (groups > 0xffffffffull)
        return usageError("--size: too many work-groups");
      // A zero size launches nothing; the runtime wants a positive grid,
      // so one group runs and the kernel's guard returns.
      sizeGrid[d] = static_cast<uint32_t>(groups ? groups : 1);
    }
  if (!opts.hasGrid && !useSizeGrid && info.model != KGPU_LAUNCH_PARALLEL_LOOP)
    return usageError("kernel '" + opts.kernel +
                      "' is an ND-range kernel: give --grid X[,Y[,Z]] "
                      "(work-groups; the default work-group size is " +
                      std::to_string(info.workgroup_size[0]) + "x" +
                      std::to_string(info.workgroup_size[1]) + "x" +
                      std::to_string(info.workgroup_size[2]) + ")");

  // Buffers on the device.
  std::vector<kgpu_arg> args;
  for (PreparedArg &p : prepared) {
    if (p.param.kind == KGPU_PARAM_SCALAR) {
      args.push_back(kgpu_arg_bits(p.param.type, p.bits));
      continue;
    }
    // The device buffer first: the runtime refuses what the device cannot
    // hold (KGPU_ERROR_OUT_OF_MEMORY) before any host memory is spent.
    if (p.bytes > SIZE_MAX)
      return runtimeError("cannot allocate buffer '" +
                              std::string(p.param.name) + "'",
                          kgpu::Status(KGPU_ERROR_OUT_OF_MEMORY,
                                       "the size does not fit size_t"));
    kgpu::Result<kgpu::Buffer> buffer =
        kgpu::Buffer::create(*device, static_cast<size_t>(p.bytes));
    if (!buffer.ok())
      return runtimeError("cannot allocate buffer '" +
                              std::string(p.param.name) + "'",
                          buffer.status());
    p.buffer = buffer.take();
    std::string error;
    if (!makeBufferBytes(p.param, p.value, p.initial, error))
      return runtimeError("cannot allocate buffer '" +
                              std::string(p.param.name) + "'",
                          kgpu::Status(KGPU_ERROR_OUT_OF_MEMORY, error));
    kgpu::Status s = p.buffer.upload(p.initial.data(), p.initial.size());
    if (!s.ok())
      return runtimeError(
          "cannot upload buffer '" + std::string(p.param.name) + "'", s);
    args.push_back(kgpu::arg(p.buffer));
  }

  kgpu::LaunchConfig config;
  if (opts.hasGrid)
    config = kgpu::LaunchConfig(opts.grid[0], opts.grid[1], opts.grid[2]);
  else if (useSizeGrid)
    config = kgpu::LaunchConfig(sizeGrid[0], sizeGrid[1], sizeGrid[2]);
  if (opts.hasLocal)
    config.withLocal(opts.local[0], opts.local[1], opts.local[2]);

  // Every run starts from the same inputs, so --out is one run's result.
  auto reset = [&]() -> int {
    for (PreparedArg &p : prepared) {
      if (p.param.kind != KGPU_PARAM_BUFFER ||
          p.param.access == KGPU_ACCESS_READ)
        continue;
      kgpu::Status s = p.buffer.upload(p.initial.data(), p.initial.size());
      if (!s.ok())
        return runtimeError(
            "cannot upload buffer '" + std::string(p.param.name) + "'", s);
    }
    return 0;
  };
  // Launches through a queue with a few in flight, while `more()` says so:
  // each waits only for the one kInFlight places ahead, so the GPU does not
  // idle for the host's part of each launch. With `times`, each launch's
  // time (its event's: the device's own timestamps) is appended.
  auto launchInFlight = [&](const char *flag, auto more,
                            std::vector<uint64_t> *times) -> int {
    kgpu::Result<kgpu::Queue> queue = kgpu::Queue::create(*device);
    if (!queue.ok())
      return runtimeError(std::string("cannot create a queue for ") + flag,
                          queue.status());
    constexpr size_t kInFlight = 4;
    std::deque<kgpu::Event> pending;
    auto retire = [&]() -> int {
      kgpu::Event &e = pending.front();
      kgpu::Status s = e.wait();
      kgpu::Result<uint64_t> ns = !s.ok()  ? kgpu::Result<uint64_t>(s)
                                  : times ? e.elapsedNs()
                                          : kgpu::Result<uint64_t>(0);
      if (!ns.ok())
        return runtimeError("launch of kernel '" + opts.kernel + "' failed",
                            ns.status());
      if (times)
        times->push_back(*ns);
      pending.pop_front();
      return 0;
    };
    while (more()) {
      if (pending.size() == kInFlight)
        if (int rc = retire())
          return rc;
      kgpu::Result<kgpu::Event> event = queue->launch(*kernel, args, config);
      if (!event.ok())
        return runtimeError("launch of kernel '" + opts.kernel + "' failed",
                            event.status());
      pending.push_back(event.take());
    }
    while (!pending.empty())
      if (int rc = retire())
        return rc;
    return 0;
  };
  // --warmup: a GPU that was idle for a few seconds runs at its idle clock
  // until it has been busy for a while (bench/RESULTS.md, issue 13: the
  // H200 under Vulkan, 345 instead of 1980 MHz); untimed launches first,
  // a few in flight: synchronous launches of a 0.25 ms kernel left the GPU
  // idle often enough that Vulkan's clock never rose.
  if (opts.warmupMs) {
    auto start = std::chrono::steady_clock::now();
    bool first = true;
    auto more = [&] {
      bool go = first || std::chrono::steady_clock::now() - start <
                             std::chrono::milliseconds(opts.warmupMs);
      first = false;
      return go;
    };
    if (int rc = launchInFlight("--warmup", more, nullptr))
      return rc;
    if (int rc = reset())
      return rc;
  }
  std::vector<uint64_t> times;
  if (opts.queued) {
    // Back to back, as torch's and Triton's timing loops run.
    uint64_t launched = 0;
    if (int rc = launchInFlight(
            "--queued", [&] { return launched++ < opts.repeat; }, &times))
      return rc;
  } else {
    for (uint64_t r = 0; r < opts.repeat; ++r) {
      if (r > 0 && !opts.noReset)
        if (int rc = reset())
          return rc;
      kgpu::Result<uint64_t> ns = kernel->launch(args, config);
      if (!ns.ok())
        return runtimeError("launch of kernel '" + opts.kernel + "' failed",
                            ns.status());
      times.push_back(*ns);
    }
  }

  for (const auto &[p, file] : outs) {
    std::string bytes(p->initial.size(), '\0');
    kgpu::Status s = p->buffer.download(&bytes[0], bytes.size());
    if (!s.ok())
      return runtimeError(
          "cannot download buffer '" + std::string(p->param.name) + "'", s);
    std::ofstream out(file, std::ios::binary);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    out.close();
    if (!out)
      return runtimeError("--out " + std::string(p->param.name),
                          kgpu::Status(KGPU_ERROR_INVALID_ARGUMENT,
                                       "cannot write '" + file + "'"));
  }

  std::printf("kernel %s on %s:%u (%s)\n", info.name,
              kgpu_backend_name(devInfo.backend), devInfo.index, devInfo.name);
  if (opts.times) {
    std::printf("times in run order:");
    for (uint64_t ns : times)
      std::printf(" %s", formatTime(ns).c_str());
    std::printf("\n");
  }
  std::sort(times.begin(), times.end());
  if (times.size() == 1)
    std::printf("time: %s\n", formatTime(times[0]).c_str());
  else
    std::printf("time over %zu runs: min %s, median %s, max %s\n", times.size(),
                formatTime(times.front()).c_str(),
                formatTime(times[times.size() / 2]).c_str(),
                formatTime(times.back()).c_str());
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  Options opts;
  std::vector<std::string> argvs(argv + 1, argv + argc);
  for (size_t i = 0; i < argvs.size(); ++i) {
    std::string a = argvs[i];
    std::string value;
    bool hasValue = false;
    if (a.size() > 2 && a[0] == '-' && a[1] == '-') {
      size_t eq = a.find('=');
      // --kernel=NAME; but --arg NAME=VALUE keeps its own '='.
      if (eq != std::string::npos) {
        std::string flag = a.substr(0, eq);
        if (flag == "--kernel" || flag == "--grid" || flag == "--local" ||
            flag == "--size" || flag == "--warmup" || flag == "--device" ||
            flag == "--repeat" || flag == "--arg" || flag == "--out") {
          value = a.substr(eq + 1);
          hasValue = true;
          a = flag;
        }
      }
    }
    auto next = [&](std::string &out) {
      if (hasValue) {
        out = value;
        return true;
      }
      if (i + 1 >= argvs.size())
        return false;
      out = argvs[++i];
      return true;
    };
    std::string v;
    if (a == "-h" || a == "--help") {
      std::fputs(kUsage, stdout);
      return 0;
    }
    if (a == "--list") {
      opts.list = true;
    } else if (a == "--times") {
      opts.times = true;
    } else if (a == "--no-reset") {
      opts.noReset = true;
    } else if (a == "--queued") {
      opts.queued = true;
    } else if (a == "--devices") {
      opts.devices = true;
    } else if (a == "--kernel" || a == "--device") {
      if (!next(v) || v.empty())
        return usageError(a + " needs a value");
      (a == "--kernel" ? opts.kernel : opts.device) = v;
    } else if (a == "--arg" || a == "--out") {
      if (!next(v))
        return usageError(a +
                          " needs NAME=" + (a == "--arg" ? "VALUE" : "FILE"));
      size_t eq = v.find('=');
      if (eq == std::string::npos || eq == 0)
        return usageError(a + " " + v + ": expected NAME=" +
                          (a == "--arg" ? "VALUE" : "FILE"));
      (a == "--arg" ? opts.args : opts.outs)
          .push_back({v.substr(0, eq), v.substr(eq + 1)});
    } else if (a == "--grid" || a == "--local") {
      bool grid = a == "--grid";
      if (!next(v) || !parseDims(v, grid ? opts.grid : opts.local))
        return usageError(a + " needs X[,Y[,Z]] with positive integers" +
                          (v.empty() ? "" : ", got '" + v + "'"));
      (grid ? opts.hasGrid : opts.hasLocal) = true;
    } else if (a == "--size") {
      if (!next(v) || !parseSize(v, opts.size, opts.sizeDims))
        return usageError("--size needs N or W,H[,D] with non-negative "
                          "integers below 2^31" +
                          (v.empty() ? "" : ", got '" + v + "'"));
    } else if (a == "--warmup") {
      if (!next(v) || !parseCount(v, opts.warmupMs) || opts.warmupMs > 600000)
        return usageError("--warmup needs milliseconds, 1 to 600000" +
                          (v.empty() ? "" : ", got '" + v + "'"));
    } else if (a == "--repeat") {
      if (!next(v) || !parseCount(v, opts.repeat) || opts.repeat > 1000000)
        return usageError("--repeat needs a positive count" +
                          (v.empty() ? "" : ", got '" + v + "'"));
    } else if (!a.empty() && a[0] == '-') {
      return usageError("unknown option '" + a + "'");
    } else if (opts.bundle.empty()) {
      opts.bundle = a;
    } else {
      return usageError("more than one bundle ('" + opts.bundle + "', '" + a +
                        "')");
    }
  }
  if (opts.devices)
    return listDevices();
  if (opts.bundle.empty())
    return usageError("no bundle given");
  if (opts.list)
    return listKernels(opts.bundle);
  if (opts.kernel.empty())
    return usageError("no --kernel given (kgpu-run " + opts.bundle +
                      " --list shows the kernels)");
  try {
    return run(opts);
  } catch (const std::bad_alloc &) {
    return runtimeError("kgpu-run", kgpu::Status(KGPU_ERROR_OUT_OF_MEMORY,
                                                 "out of host memory"));
  }
}
