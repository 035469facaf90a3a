//===- Options.h - one options struct per target ---------------*- C++ -*-===//
//
// The options of each target's pipeline, in one struct each: the compiler
// driver (lib/Driver) fills them from its own options, the named pipelines
// (`kgpu-gpu-to-nvvm{chip=...}`, lib/Pipelines) register them, and the
// pipeline builders hand them to the passes' generated option structs.
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_PIPELINES_OPTIONS_H
#define KGPU_PIPELINES_OPTIONS_H

#include "mlir/Pass/PassOptions.h"

#include <string>

namespace mlir {
namespace kgpu {

/// The CUDA target: `kgpu-gpu-to-nvvm` (lowering) and the NVVM serializer
/// (lib/Target/NVVM: PTX, cubin, fatbin).
struct NVVMOptions : public PassPipelineOptions<NVVMOptions> {
  Option<std::string> chip{*this, "chip",
                           llvm::cl::desc("Target GPU, sm_50 or newer"),
                           llvm::cl::init("sm_90a")};
  Option<std::string> features{
      *this, "features",
      llvm::cl::desc("PTX features (default: +ptx80, or the PTX version "
                     "the chip needs)")};
  Option<unsigned> optLevel{*this, "O", llvm::cl::desc("Optimization level"),
                            llvm::cl::init(3)};
  Option<std::string> fpContract{
      *this, "fp-contract",
      llvm::cl::desc("Floating-point contraction: off, on or fast (default: "
                     "the module's kgpu.source_language; none: off)")};
  Option<std::string> libdevice{
      *this, "libdevice",
      llvm::cl::desc("libdevice.10.bc to link into every gpu.module "
                     "(serialization links the toolkit's only where the "
                     "kernels call it)")};
  /// Serialization only (not a pipeline option): a CUDA toolkit with
  /// bin/ptxas and nvvm/libdevice/libdevice.10.bc. Empty: CUDA_ROOT,
  /// CUDA_HOME, CUDA_PATH, then the directory above `ptxas` on PATH.
  std::string cudaPath;

  /// `features`, or the default PTX features of `chip`
  /// (getDefaultPTXFeatures).
  std::string getFeatures() const;
};

/// The PTX features for `chip`: "+ptx80", or none (LLVM then takes the
/// oldest PTX version that supports the chip) for chips PTX 8.0 predates.
std::string getDefaultPTXFeatures(StringRef chip);

} // namespace kgpu
} // namespace mlir

#endif // KGPU_PIPELINES_OPTIONS_H
