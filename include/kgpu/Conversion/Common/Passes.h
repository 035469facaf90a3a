//===- Passes.h - conversion passes shared by targets -----------*- C++ -*-===//

#ifndef KGPU_CONVERSION_COMMON_PASSES_H
#define KGPU_CONVERSION_COMMON_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir {
namespace kgpu {

#define GEN_PASS_DECL_KGPUEXPANDASYNCCOPIES
#include "kgpu/Conversion/Passes.h.inc"

/// The discardable attribute (a BoolAttr) kgpu-spirv-vector-tiles puts on
/// the local arrays, copies and tensor-core loads it gives 16-byte accesses:
/// convert-kgpu-to-spirv lowers such a `kgpu.async_copy` itself, so
/// expandAsyncCopies leaves it in place. On a copy, `true` says that its
/// source index is a multiple of 16 bytes too.
inline constexpr const char kVectorTileAttrName[] = "__kgpu_vector_tile";

/// Replaces the asynchronous copy ops under `root` with plain copies
/// (kgpu-expand-async-copies), except the copies marked kVectorTileAttrName;
/// erases every `kgpu.async_commit` and `kgpu.async_wait`.
void expandAsyncCopies(Operation *root);

} // namespace kgpu
} // namespace mlir

#endif // KGPU_CONVERSION_COMMON_PASSES_H
