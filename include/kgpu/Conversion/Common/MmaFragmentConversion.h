//===- MmaFragmentConversion.h - converting kgpu MMA fragments --*- C++ -*-===//
//
// What every lowering of the kgpu tensor-core ops (kgpu.mma_fill / load /
// compute / store) shares: the CUDA path (convert to nvvm.wmma.*,
// lib/Conversion/KgpuToNVVM/MMAToWMMA.cpp) and the CPU path (loops over
// private tiles, lib/Conversion/GPUToCPU/MMAToLoops.cpp) differ only in what
// a fragment becomes and in the four op patterns. The driver here converts
// the `!kgpu.mma` fragment types, also where scf ops carry them (upstream's
// structural type conversion), and makes the four ops illegal.
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_CONVERSION_COMMON_MMAFRAGMENTCONVERSION_H
#define KGPU_CONVERSION_COMMON_MMAFRAGMENTCONVERSION_H

#include "kgpu/Dialect/Kgpu/IR/KgpuDialect.h"

#include "mlir/Transforms/DialectConversion.h"

#include <functional>
#include <optional>

namespace mlir {
namespace kgpu {

/// Whether `op` is one of the tensor-core ops kgpu.mma_fill, mma_load,
/// mma_compute and mma_store, or of the warp-group MMA ops kgpu.wgmma_*.
bool isMmaOp(Operation *op);

/// Whether `op` is one of the warp-group MMA ops kgpu.wgmma_fill, wgmma,
/// wgmma_fence, wgmma_commit, wgmma_wait and wgmma_store.
bool isWgmmaOp(Operation *op);

/// Whether `root` or an op nested in it is a tensor-core op.
bool containsMmaOps(Operation *root);

/// The type converter of a lowering of the tensor-core ops: a `!kgpu.mma`
/// fragment type becomes what `convertFragment` returns for it (as for
/// TypeConverter::addConversion, std::nullopt leaves it to the next rule,
/// which keeps the type); every other type stays as it is.
class MmaFragmentTypeConverter : public TypeConverter {
public:
  explicit MmaFragmentTypeConverter(
      std::function<std::optional<Type>(MmaFragmentType)> convertFragment,
      std::function<std::optional<Type>(WgmmaAccType)> convertWgmmaAcc =
          nullptr);
};

/// Lowers the tensor-core ops under `root` with `patterns` (one pattern per
/// op, built with `converter`), in a partial conversion where the four ops
/// and the kgpu.wgmma_* ops are illegal and the scf ops that carry fragments
/// are converted structurally. Fails, with the conversion's diagnostics, if an
/// op is left.
LogicalResult applyMmaFragmentConversion(Operation *root,
                                         MmaFragmentTypeConverter &converter,
                                         RewritePatternSet &&patterns);

} // namespace kgpu
} // namespace mlir

#endif // KGPU_CONVERSION_COMMON_MMAFRAGMENTCONVERSION_H
