//===- Passes.h - conversion passes shared by targets -----------*- C++ -*-===//

#ifndef KGPU_CONVERSION_COMMON_PASSES_H
#define KGPU_CONVERSION_COMMON_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir {
namespace kgpu {

#define GEN_PASS_DECL_KGPUEXPANDASYNCCOPIES
#include "kgpu/Conversion/Passes.h.inc"

/// Replaces the asynchronous copy ops under `root` with plain copies
/// (kgpu-expand-async-copies).
void expandAsyncCopies(Operation *root);

} // namespace kgpu
} // namespace mlir

#endif // KGPU_CONVERSION_COMMON_PASSES_H
