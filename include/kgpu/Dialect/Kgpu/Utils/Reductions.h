//===- Reductions.h - reduction identities and combiners --------*- C++ -*-===//
//
// The one definition of what a kgpu reduction kind computes, shared by the
// kgpu-level passes and every target (GPUToCPU, NVVM, SPIR-V).
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_DIALECT_KGPU_UTILS_REDUCTIONS_H
#define KGPU_DIALECT_KGPU_UTILS_REDUCTIONS_H

#include "kgpu/Dialect/Kgpu/IR/KgpuDialect.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"

#include <optional>

namespace mlir {
namespace kgpu {

/// The identity of `kind` on `type`: -0.0 for a float add (so that adding it
/// keeps a -0.0), 0 for an integer add, 1 for mul, +inf / INT_MAX for min,
/// -inf / INT_MIN for max, all ones for umin and and, 0 for umax, or, xor.
TypedAttr getReductionIdentityAttr(ReductionKind kind, Type type);

/// `getReductionIdentityAttr` as an `arith.constant`.
Value createReductionIdentity(OpBuilder &b, Location loc, ReductionKind kind,
                              Type type);

/// `kind(lhs, rhs)` with kgpu's semantics: float min/max are IEEE-754 2019
/// `minimum`/`maximum` (`arith.minimumf`/`maximumf`: a NaN operand gives NaN,
/// -0.0 < +0.0), integer min/max signed, umin/umax unsigned.
Value createReductionCombine(OpBuilder &b, Location loc, ReductionKind kind,
                             Value lhs, Value rhs);

/// IEEE-754 2019 `minimum` (`isMin`) or `maximum` of two floats built from
/// compares, selects and bit operations only, for targets whose native
/// min/max instruction leaves NaN or the order of signed zeros unspecified
/// (SPIR-V's GL.FMin/FMax). The same values as `arith.minimumf`/`maximumf`.
Value createExactFloatMinMax(OpBuilder &b, Location loc, bool isMin, Value lhs,
                             Value rhs);

/// The `gpu.all_reduce`/`gpu.subgroup_reduce` operation of `kind` on
/// `type` (MINIMUMF/MAXIMUMF for float min/max).
gpu::AllReduceOperation getGPUReduceOperation(ReductionKind kind, Type type);

/// The kgpu reduction kind a GPU reduction operation computes, or none for
/// the ones kgpu does not define (MINNUMF/MAXNUMF) and for a kind that does
/// not apply to `type`.
std::optional<ReductionKind> getReductionKind(gpu::AllReduceOperation op,
                                              Type type);

} // namespace kgpu
} // namespace mlir

#endif // KGPU_DIALECT_KGPU_UTILS_REDUCTIONS_H
