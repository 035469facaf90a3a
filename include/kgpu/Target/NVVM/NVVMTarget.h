//===- NVVMTarget.h - CUDA serialization ------------------------*- C++ -*-===//
//
// The CUDA target: toolkit discovery, and serialization of the GPU form,
// lowered by `kgpu-gpu-to-nvvm` (include/kgpu/Pipelines/Pipelines.h), to
// PTX, cubin or fatbin through upstream's NVVM target.
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_TARGET_NVVM_NVVMTARGET_H
#define KGPU_TARGET_NVVM_NVVMTARGET_H

#include "kgpu/Pipelines/Options.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"

#include <optional>
#include <string>

namespace mlir {
namespace kgpu {

enum class NVVMFormat { PTX, Cubin, Fatbin };

/// The oldest GPU kgpu compiles for (PTX 8.0, warp-synchronous shuffles).
constexpr unsigned kMinimumSM = 50;

/// Why `chip` is not a GPU kgpu can compile for (one that LLVM's NVPTX
/// backend knows, sm_50 or newer), or nothing when it is.
std::optional<std::string> checkNVVMChip(StringRef chip);

/// nvvm/libdevice/libdevice.10.bc of the toolkit findCUDAToolkit finds.
std::optional<std::string> findLibdevice(StringRef cudaPath);

/// The CUDA toolkit directory that `options` and the environment name, if
/// one exists with `nvvm/libdevice/libdevice.10.bc` or `bin/ptxas`.
std::optional<std::string> findCUDAToolkit(StringRef explicitPath);

/// Lowers the GPU form `module` in place to the LLVM/NVVM dialects
/// (`kgpu-gpu-to-nvvm`). When the lowered code calls libdevice (math PTX has
/// no instruction for: sin, exp, ...), the toolkit's libdevice is attached
/// to the NVVM target; without one such calls are errors at their source
/// location when `requireLibdevice`, and left as declarations otherwise.
LogicalResult lowerToNVVM(ModuleOp module, const NVVMOptions &options,
                          bool requireLibdevice = false);

/// The objects of one serialization.
struct NVVMObjects {
  std::string ptx;
  /// The cubin or fatbin, when asked for.
  std::optional<std::string> binary;
};

/// Serializes a module that lowerToNVVM lowered (one gpu.module), once: the
/// PTX, and with `binary` (Cubin or Fatbin) also that object, assembled by
/// ptxas from the same PTX. `module` is changed (the gpu.module becomes a
/// gpu.binary).
FailureOr<NVVMObjects> serializeNVVM(ModuleOp module,
                                     const NVVMOptions &options,
                                     std::optional<NVVMFormat> binary);

/// Lowers and serializes the GPU form `module` in place; returns the object
/// bytes of the single gpu.module (PTX text, cubin or fatbin).
FailureOr<std::string> compileToNVVMBinary(ModuleOp module, NVVMFormat format,
                                           const NVVMOptions &options);

} // namespace kgpu
} // namespace mlir

#endif // KGPU_TARGET_NVVM_NVVMTARGET_H
