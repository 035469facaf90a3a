//===- Intrinsics.h - source intrinsics to kgpu ops -------------*- C++ -*-===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//
//
// The mapping from what source languages call their GPU intrinsics (kgc
// builtins, TornadoVM/Aparapi-style JVM calls, Kotlin intrinsics) to kgpu
// ops, where it depends on more than the name: signed and unsigned min/max
// are different atomic and reduction kinds, shuffle offsets are i32, and
// work-item ids are `index` values cast to the source's integer type with
// the source's signedness.
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_FRONTEND_COMMON_INTRINSICS_H
#define KGPU_FRONTEND_COMMON_INTRINSICS_H

#include "kgpu/Dialect/Kgpu/IR/KgpuDialect.h"

#include "mlir/IR/Builders.h"

namespace mlir {
namespace kgpu {

/// How a source language reads an integer value. Floats are `Signed`.
enum class Signedness { Signed, Unsigned };

/// The atomic read-modify-write operations of source languages.
enum class SourceAtomic { Add, Sub, Min, Max, And, Or, Xor, Xchg };

/// The sub-group (and work-group) reductions of source languages.
enum class SourceReduction { Add, Mul, Min, Max, And, Or, Xor };

/// The kgpu.atomic_rmw kind of `op` on values of `signedness` (min and max
/// of unsigned integers are umin and umax).
AtomicKind getAtomicKind(SourceAtomic op, Signedness signedness);

/// The kgpu reduction kind of `op` on values of `signedness`.
ReductionKind getReductionKind(SourceReduction op, Signedness signedness);

/// `kgpu.atomic_rmw` on `memref[indices]`; the old value.
Value emitAtomic(OpBuilder &b, Location loc, SourceAtomic op,
                 Signedness signedness, Value memref, ValueRange indices,
                 Value value);

/// `kgpu.atomic_cas` on `memref[indices]`; the old value.
Value emitAtomicCAS(OpBuilder &b, Location loc, Value memref,
                    ValueRange indices, Value compare, Value value);

/// `kgpu.shuffle` of `value`; `offset` (delta, mask or lane) is truncated or
/// extended (by `offsetSignedness`) to the i32 the op takes.
Value emitShuffle(OpBuilder &b, Location loc, ShuffleMode mode, Value value,
                  Value offset,
                  Signedness offsetSignedness = Signedness::Signed);

/// `kgpu.subgroup_reduce` of `value` over the sub-group.
Value emitSubgroupReduce(OpBuilder &b, Location loc, SourceReduction op,
                         Signedness signedness, Value value);

/// `value` (an integer or i1) as an `index`: index_castui for unsigned
/// values, index_cast otherwise.
Value toIndex(OpBuilder &b, Location loc, Value value, Signedness signedness);

/// An `index` as an integer of `type`, with the source's signedness.
Value fromIndex(OpBuilder &b, Location loc, Value value, Type type,
                Signedness signedness);

} // namespace kgpu
} // namespace mlir

#endif // KGPU_FRONTEND_COMMON_INTRINSICS_H
