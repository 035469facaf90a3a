//===- CompilerSession.h - the kgpu compiler as a library -------*- C++ -*-===//
//
// One compilation: import a file or an in-memory buffer through the
// frontend registry, bring it to the canonical kgpu level, compute the GPU
// form once, lower and serialize it for each target through its
// TargetBackend, and assemble the bundle (or write the form --emit asks
// for). kgpu-translate is a command line over this class; the C API
// (include/kgpu-c/Compiler.h) is another client. A session owns its
// MLIRContext, so sessions on different threads share nothing.
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_DRIVER_COMPILERSESSION_H
#define KGPU_DRIVER_COMPILERSESSION_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/Support/LLVM.h"

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class MemoryBuffer;
class raw_ostream;
} // namespace llvm

namespace mlir {
class MLIRContext;
namespace kgpu {

struct CompilerOptions {
  /// What to produce: mlir (as imported), kgpu (canonicalized), gpu (the GPU
  /// form), llvm, ptx, cubin, fatbin, spirv, spirv-asm, glsl, msl, hlsl, cpu,
  /// bundle or manifest (docs/tools.md).
  std::string emit = "bundle";
  /// The targets of a bundle, comma-separated ("cuda,vulkan"). None: every
  /// target (cuda, vulkan, cpu) that can compile the input; one that cannot
  /// is left out with a warning and the reason in the manifest.
  std::optional<std::string> targets;
  /// Compile only this kernel (device functions stay).
  std::string kernel;
  /// CUDA target GPU.
  std::string chip = "sm_90a";
  /// off, on or fast; empty: the source language's default.
  std::string fpContract;
  /// A CUDA toolkit; empty: CUDA_ROOT, CUDA_HOME, CUDA_PATH, ptxas on PATH.
  std::string cudaPath;
  /// The frontend to read the input with ("kgc"); empty: by its extension.
  std::string language;
  /// Check every memory access against its buffer (--check-bounds).
  bool checkBounds = false;
  /// Fix the work-group size of kernels that do not fix their own.
  std::optional<std::array<int32_t, 3>> workgroupSize;
  /// Check the import's diagnostics against the input's `expected-*`
  /// comments (with emit "mlir"), as mlir-opt --verify-diagnostics does.
  bool verifyDiagnostics = false;
  /// Import each `// -----`-separated part of the input on its own (with
  /// emit "mlir").
  bool splitInputFile = false;
  /// Prefix of errors that have no location ("kgpu-translate: error: ...").
  std::string toolName = "kgpu-translate";
};

/// Why `options` cannot be used (unknown --emit, --fp-contract, --chip or
/// target), or nothing.
std::optional<std::string> checkOptions(const CompilerOptions &options);

/// Parses --workgroup-size: 1 to 3 positive integers, at most 1024
/// work-items in all.
std::optional<std::array<int32_t, 3>> parseWorkgroupSize(StringRef text,
                                                         std::string &error);

/// The targets a bundle gets when none are named: "cuda,vulkan,cpu".
StringRef getDefaultTargets();

/// One diagnostic of a compilation, as the C API hands it out.
struct DiagnosticRecord {
  /// Empty when the diagnostic has no source location.
  std::string file;
  unsigned line = 0, column = 0;
  DiagnosticSeverity severity = DiagnosticSeverity::Error;
  std::string message;
};

/// Registers the built-in frontends and every target backend kgpu is built
/// with, once per process (thread-safe).
void registerCompilerComponents();

/// Registers kgpu's passes and pipelines by name, so that a tool's
/// --mlir-print-ir-after=<pass> and friends can name the passes a session
/// runs.
void registerCompilerPasses();

class CompilerSession {
public:
  /// Diagnostics are printed to `errs` (file:line:col with the source line
  /// and a caret, as the tools print them).
  CompilerSession(CompilerOptions options, llvm::raw_ostream &errs);
  ~CompilerSession();

  /// Also hands every diagnostic to `callback` as a record.
  void setDiagnosticCallback(std::function<void(const DiagnosticRecord &)>);

  /// Compiles `input`. `filename` (by default the buffer's identifier)
  /// chooses the frontend by its extension and names the source in the
  /// manifest. Returns the bytes of the output, or failure after reporting
  /// why.
  FailureOr<std::string> compile(std::unique_ptr<llvm::MemoryBuffer> input,
                                 StringRef filename = {});

  /// Reads `filename` ("-": standard input, at most 64 MiB) and compiles it.
  FailureOr<std::string> compileFile(StringRef filename);

  /// Reports `message` as an error without a location
  /// ("kgpu-translate: error: message").
  void fail(const Twine &message);

  /// The number of times the kgpu level was lowered to the GPU form (once
  /// per compile that needs it).
  unsigned getNumGPUFormRuns() const;

  /// With verifyDiagnostics or splitInputFile: what the parts printed, also
  /// when compile() failed.
  StringRef getPartsOutput() const;

  MLIRContext &getContext();

private:
  struct Impl;
  std::unique_ptr<Impl> impl;
};

} // namespace kgpu
} // namespace mlir

#endif // KGPU_DRIVER_COMPILERSESSION_H
