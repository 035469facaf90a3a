//===- NVVMTarget.h - CUDA code generation ----------------------*- C++ -*-===//
//
// Lowers the GPU form (docs/codegen.md) to NVVM and serializes it to PTX,
// cubin or fatbin through upstream's NVVM target (`gpu-module-to-binary`).
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_TARGET_NVVM_NVVMTARGET_H
#define KGPU_TARGET_NVVM_NVVMTARGET_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Support/LLVM.h"

#include <optional>
#include <string>

namespace mlir {
class OpPassManager;
namespace kgpu {

enum class NVVMFormat { PTX, Cubin, Fatbin };

struct NVVMTargetOptions {
  /// Target GPU; sm_90a (H100/H200) by default.
  std::string chip = "sm_90a";
  /// PTX ISA features; sm_90a needs at least PTX 8.0.
  std::string features = "+ptx80";
  unsigned optLevel = 3;
  /// A CUDA toolkit (bin/ptxas, nvvm/libdevice/libdevice.10.bc). Empty:
  /// CUDA_ROOT, CUDA_HOME, CUDA_PATH, then the directory above `ptxas` on
  /// PATH.
  std::string cudaPath;
  /// Floating-point contraction: "off", "on" (fuse a*b+c where the backend
  /// may) or "fast".
  std::string fpContract = "on";
  /// Link libdevice (when the toolkit has it). compileToNVVMBinary and
  /// lowerToNVVM link it only when the lowered module calls it (math
  /// functions PTX has no instruction for: sin, exp, ...): parsing and
  /// linking libdevice is most of the compile time of a small kernel.
  bool linkLibdevice = true;
};

/// The oldest GPU kgpu compiles for (PTX 8.0, warp-synchronous shuffles).
constexpr unsigned kMinimumSM = 50;

/// Why `chip` is not a GPU kgpu can compile for (one that LLVM's NVPTX
/// backend knows, sm_50 or newer), or nothing when it is.
std::optional<std::string> checkNVVMChip(StringRef chip);

/// The PTX features for `chip`: "+ptx80", or none (LLVM then takes the
/// oldest PTX version that supports the chip) for chips PTX 8.0 predates.
std::string getDefaultPTXFeatures(StringRef chip);

/// nvvm/libdevice/libdevice.10.bc of the toolkit findCUDAToolkit finds.
std::optional<std::string> findLibdevice(StringRef cudaPath);

/// The CUDA toolkit directory that `options` and the environment name, if
/// one exists with `nvvm/libdevice/libdevice.10.bc` or `bin/ptxas`.
std::optional<std::string> findCUDAToolkit(StringRef explicitPath);

/// Patterns lowering what the GPU form still holds for NVVM: kgpu atomics
/// (to memref atomics), subgroup queries (warp size 32) and kgpu MMA ops with
/// WMMA shapes (to gpu.subgroup_mma_*).
void populateKgpuToNVVMPreparationPatterns(RewritePatternSet &patterns);

/// Lowers kgpu tensor-core ops under `root` to nvvm.wmma.* (WMMA shapes),
/// converting fragment values, also where scf ops carry them.
LogicalResult lowerMmaToWMMA(Operation *root);

/// Adds the lowering from the GPU form to the LLVM/NVVM dialects (no
/// serialization) to `pm`, which must run on a builtin.module.
void buildNVVMLoweringPipeline(OpPassManager &pm,
                               const NVVMTargetOptions &options);

/// Lowers `module` (GPU form with workgroup attributions) in place to the
/// LLVM/NVVM dialects.
LogicalResult lowerToNVVM(ModuleOp module, const NVVMTargetOptions &options);

/// Lowers and serializes `module` in place; returns the object bytes of the
/// single gpu.module (PTX text, cubin or fatbin).
FailureOr<std::string> compileToNVVMBinary(ModuleOp module, NVVMFormat format,
                                           const NVVMTargetOptions &options);

/// Registers `kgpu-prepare-nvvm`, `kgpu-convert-gpu-to-nvvm` and the
/// `kgpu-gpu-to-nvvm` pipeline.
void registerKgpuNVVMTarget();

} // namespace kgpu
} // namespace mlir

#endif // KGPU_TARGET_NVVM_NVVMTARGET_H
