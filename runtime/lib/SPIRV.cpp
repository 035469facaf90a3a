//===- SPIRV.cpp - checks of SPIR-V binaries before the driver sees them --===//
//
// Vulkan drivers trust the SPIR-V they are given: a malformed binary can
// crash them. The bundle's checksums catch damaged files; this structural
// check (and SPIRV-Tools' validator where its shared library is installed)
// catches binaries that were wrong when written.
//
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include <algorithm>
#include <cstring>
#include <mutex>

#include <dlfcn.h>

using namespace kgpu::rt;

namespace {

constexpr uint32_t kMagic = 0x07230203u;
/// The SPIR-V limit on ids (the bound is the largest id plus one).
constexpr uint32_t kMaxBound = 0x3fffffu;

enum Opcode : uint32_t {
  OpEntryPoint = 15,
  OpMemoryModel = 14,
  OpExecutionMode = 16,
  OpCapability = 17,
  OpFunction = 54,
  OpFunctionEnd = 56,
  OpLabel = 248,
};

/// Whether `opcode` ends a block (OpBranch ... OpUnreachable,
/// OpTerminateInvocation).
bool isTerminator(uint32_t opcode) {
  return (opcode >= 249 && opcode <= 255) || opcode == 4416;
}

constexpr uint32_t kGLCompute = 5;

Error malformed(const std::string &kernel, const std::string &what) {
  return Error(KGPU_ERROR_INVALID_BUNDLE,
               "the SPIR-V of kernel '" + kernel + "' is malformed: " + what);
}

/// Reads the literal string starting at word `at` of the instruction
/// [begin, end); false if it is not terminated inside the instruction.
bool readString(const uint32_t *words, size_t at, size_t end,
                std::string &out) {
  out.clear();
  for (size_t w = at; w < end; ++w) {
    for (int b = 0; b < 4; ++b) {
      char c = static_cast<char>((words[w] >> (8 * b)) & 0xff);
      if (c == '\0')
        return true;
      out.push_back(c);
    }
  }
  return false;
}

//===----------------------------------------------------------------------===//
// SPIRV-Tools' validator, when libSPIRV-Tools-shared.so is installed
//===----------------------------------------------------------------------===//

// The few declarations of spirv-tools/libspirv.h that are used (a stable C
// API), so that the runtime builds without the header.
struct SpvPosition {
  size_t line, column, index;
};
struct SpvDiagnostic {
  SpvPosition position;
  char *error;
  bool isTextSource;
};
using SpvContext = void *;
struct SpvConstBinary {
  const uint32_t *code;
  size_t wordCount;
};
constexpr int kSpvEnvVulkan11 = 18; // SPV_ENV_VULKAN_1_1 (SPIR-V 1.3)
constexpr int kSpvEnvVulkan11Spirv14 = 21; // SPV_ENV_VULKAN_1_1_SPIRV_1_4
constexpr int kSpvEnvVulkan12 = 23;        // SPV_ENV_VULKAN_1_2 (SPIR-V 1.5)
constexpr int kSpvEnvVulkan13 = 25;        // SPV_ENV_VULKAN_1_3 (SPIR-V 1.6)

struct SPIRVTools {
  SpvContext (*contextCreate)(int) = nullptr;
  void (*contextDestroy)(SpvContext) = nullptr;
  int (*validateBinary)(SpvContext, const uint32_t *, size_t,
                        SpvDiagnostic **) = nullptr;
  void (*diagnosticDestroy)(SpvDiagnostic *) = nullptr;
  bool available = false;

  static SPIRVTools &get() {
    static SPIRVTools *tools = [] {
      auto *t = new SPIRVTools();
      if (const char *off = std::getenv("KGPU_SPIRV_VALIDATE"))
        if (std::strcmp(off, "0") == 0)
          return t;
      void *lib = nullptr;
      for (const char *name :
           {"libSPIRV-Tools-shared.so", "libSPIRV-Tools-shared.so.0",
            "libSPIRV-Tools.so"})
        if ((lib = dlopen(name, RTLD_NOW | RTLD_LOCAL)))
          break;
      if (!lib)
        return t;
      t->contextCreate =
          reinterpret_cast<SpvContext (*)(int)>(dlsym(lib, "spvContextCreate"));
      t->contextDestroy = reinterpret_cast<void (*)(SpvContext)>(
          dlsym(lib, "spvContextDestroy"));
      t->validateBinary = reinterpret_cast<int (*)(SpvContext, const uint32_t *,
                                                   size_t, SpvDiagnostic **)>(
          dlsym(lib, "spvValidateBinary"));
      t->diagnosticDestroy = reinterpret_cast<void (*)(SpvDiagnostic *)>(
          dlsym(lib, "spvDiagnosticDestroy"));
      t->available = t->contextCreate && t->contextDestroy &&
                     t->validateBinary && t->diagnosticDestroy;
      return t;
    }();
    return *tools;
  }
};

} // namespace

bool kgpu::rt::spirvToolsAvailable() { return SPIRVTools::get().available; }

Error kgpu::rt::checkSPIRV(const std::string &bytes,
                           const std::string &kernel) {
  if (bytes.size() < 20 || bytes.size() % 4)
    return malformed(kernel, "it is " + std::to_string(bytes.size()) +
                                 " bytes, not a whole number of words of at "
                                 "least a header");
  std::vector<uint32_t> words(bytes.size() / 4);
  std::memcpy(words.data(), bytes.data(), bytes.size());
  if (words[0] != kMagic)
    return malformed(kernel, format("bad magic number 0x%08x", words[0]));
  uint32_t version = words[1];
  uint32_t major = (version >> 16) & 0xff, minor = (version >> 8) & 0xff;
  if ((version & 0xff0000ffu) != 0 || major != 1 || minor > 6)
    return malformed(kernel, format("unknown version word 0x%08x", version));
  uint32_t bound = words[3];
  if (bound == 0 || bound > kMaxBound)
    return malformed(kernel, format("id bound %u is out of range", bound));
  if (words[4] != 0)
    return malformed(kernel, "the reserved schema word is not 0");

  bool memoryModel = false, capability = false, entry = false;
  bool inFunctions = false;
  std::vector<std::string> entryNames;
  // Function structure: drivers walk it without checks (a binary cut at an
  // instruction boundary crashed lavapipe).
  bool inFunction = false, inBlock = false;
  uint32_t previous = 0;
  std::vector<uint32_t> entryFunctions, functions;
  for (size_t i = 5; i < words.size();) {
    uint32_t count = words[i] >> 16;
    uint32_t opcode = words[i] & 0xffff;
    if (count == 0)
      return malformed(kernel, format("the instruction at word %zu has a "
                                      "word count of 0",
                                      i));
    if (count > words.size() - i)
      return malformed(kernel,
                       format("the instruction at word %zu (opcode %u) runs "
                              "past the end of the binary",
                              i, opcode));
    size_t end = i + count;
    switch (opcode) {
    case OpCapability:
      if (inFunctions || count != 2)
        return malformed(kernel, format("bad OpCapability at word %zu", i));
      capability = true;
      break;
    case OpMemoryModel:
      if (inFunctions || count != 3 || memoryModel)
        return malformed(kernel, format("bad OpMemoryModel at word %zu", i));
      memoryModel = true;
      break;
    case OpEntryPoint: {
      std::string name;
      if (inFunctions || count < 4 || words[i + 2] >= bound ||
          !readString(words.data(), i + 3, end, name))
        return malformed(kernel, format("bad OpEntryPoint at word %zu", i));
      if (words[i + 1] == kGLCompute) {
        entry |= name == kernel;
        entryNames.push_back(name);
        if (name == kernel)
          entryFunctions.push_back(words[i + 2]);
      }
      break;
    }
    case OpExecutionMode:
      if (inFunctions || count < 3 || words[i + 1] >= bound)
        return malformed(kernel, format("bad OpExecutionMode at word %zu", i));
      break;
    case OpFunction:
      if (count != 5 || words[i + 1] >= bound || words[i + 2] >= bound ||
          words[i + 4] >= bound)
        return malformed(kernel, format("bad OpFunction at word %zu", i));
      if (inFunction)
        return malformed(kernel, format("the OpFunction at word %zu starts "
                                        "inside another function",
                                        i));
      inFunctions = inFunction = true;
      inBlock = false;
      functions.push_back(words[i + 2]);
      break;
    case OpLabel:
      if (!inFunction || count != 2 || words[i + 1] >= bound ||
          (inBlock && !isTerminator(previous)))
        return malformed(kernel, format("bad OpLabel at word %zu (a block "
                                        "outside a function, or after a "
                                        "block without a terminator)",
                                        i));
      inBlock = true;
      break;
    case OpFunctionEnd:
      if (!inFunction || (inBlock && !isTerminator(previous)))
        return malformed(kernel, format("bad OpFunctionEnd at word %zu (no "
                                        "open function, or its last block "
                                        "has no terminator)",
                                        i));
      inFunction = inBlock = false;
      break;
    default:
      break;
    }
    previous = opcode;
    i = end;
  }
  if (inFunction)
    return malformed(kernel, "the last function has no OpFunctionEnd (the "
                             "binary is truncated)");
  if (!capability)
    return malformed(kernel, "it declares no OpCapability");
  if (!memoryModel)
    return malformed(kernel, "it has no OpMemoryModel");
  if (!entry) {
    std::string names;
    for (const std::string &n : entryNames)
      names += (names.empty() ? "'" : ", '") + n + "'";
    return malformed(
        kernel, "it has no GLCompute entry point '" + kernel +
                    "' (it has: " + (names.empty() ? "none" : names) + ")");
  }

  for (uint32_t id : entryFunctions)
    if (std::find(functions.begin(), functions.end(), id) == functions.end())
      return malformed(kernel, format("the entry point '%s' names function "
                                      "%%%u, which the binary does not define",
                                      kernel.c_str(), id));

  SPIRVTools &tools = SPIRVTools::get();
  if (!tools.available)
    return Error::success();
  // The oldest Vulkan that takes the binary's version (SPIR-V 1.6 for
  // cooperative matrices).
  SpvContext context = tools.contextCreate(
      minor >= 6   ? kSpvEnvVulkan13
      : minor == 5 ? kSpvEnvVulkan12
      : minor == 4 ? kSpvEnvVulkan11Spirv14
                   : kSpvEnvVulkan11);
  if (!context)
    return Error::success();
  SpvDiagnostic *diagnostic = nullptr;
  int result =
      tools.validateBinary(context, words.data(), words.size(), &diagnostic);
  Error error;
  if (result != 0)
    error = malformed(
        kernel,
        std::string("SPIRV-Tools' validator: ") +
            (diagnostic && diagnostic->error ? diagnostic->error : "invalid"));
  if (diagnostic)
    tools.diagnosticDestroy(diagnostic);
  tools.contextDestroy(context);
  return error;
}
