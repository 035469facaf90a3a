//===- Atomics.h - lowering helpers for kgpu atomics ------------*- C++ -*-===//
//
// Shared by the kgpu-level passes and the targets: the reduction-to-atomic
// mapping, kgpu.atomic_rmw as memref.atomic_rmw, and compare-and-swap loops
// for the read-modify-writes a target has no instruction for.
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_DIALECT_KGPU_UTILS_ATOMICS_H
#define KGPU_DIALECT_KGPU_UTILS_ATOMICS_H

#include "kgpu/Dialect/Kgpu/IR/KgpuDialect.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <optional>

namespace mlir {
namespace kgpu {

/// The `kgpu.atomic_rmw` kind that folds a `kind` reduction into memory, or
/// none where no atomic exists (mul).
std::optional<AtomicKind> getAtomicKind(ReductionKind kind);

/// `kgpu.atomic_rmw` as `memref.atomic_rmw`, returning the old value: `sub`
/// adds the negation, `xchg` assigns, float `min`/`max` are `minimumf`/
/// `maximumf` (IEEE-754 2019, as the op defines them).
Value createMemRefAtomicRMW(OpBuilder &b, AtomicRMWOp op);

/// Atomically replaces `memref[indices]` by `combine(old)` with a
/// compare-and-swap loop of `kgpu.atomic_cas` and returns `old`. `type` is
/// the type `combine` works on; the memref's elements may be that type or an
/// integer of the same width (a float memref retyped to integers), and
/// values are bitcast between the two. Floats compare by their bits. When
/// `combine(old)` has the bits of `old`, nothing is written.
Value createAtomicCASLoop(
    OpBuilder &b, Location loc, Value memref, ValueRange indices, Type type,
    llvm::function_ref<Value(OpBuilder &, Location, Value)> combine);

} // namespace kgpu
} // namespace mlir

#endif // KGPU_DIALECT_KGPU_UTILS_ATOMICS_H
