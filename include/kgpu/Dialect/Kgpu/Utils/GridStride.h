//===- GridStride.h - the marker of grid-stride loops -----------*- C++ -*-===//
//
// kgpu-lower-parallel-loops marks each grid-stride `scf.for` it creates
// (`for i = base + g; i < n; i += G`, g the linear global id over the three
// dimensions, z slowest, and G the global size) with this unit attribute.
// The CPU target (convert-gpu-to-cpu) gives each work-item a contiguous
// block of those iterations instead (docs/codegen.md); the GPU targets
// ignore it.
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_DIALECT_KGPU_UTILS_GRIDSTRIDE_H
#define KGPU_DIALECT_KGPU_UTILS_GRIDSTRIDE_H

#include "llvm/ADT/StringRef.h"

namespace mlir {
namespace kgpu {

inline constexpr llvm::StringLiteral kGridStrideAttrName = "kgpu.grid_stride";

} // namespace kgpu
} // namespace mlir

#endif // KGPU_DIALECT_KGPU_UTILS_GRIDSTRIDE_H
