//===- AtomicCmpXchg.h - kgpu.atomic_cas as one llvm.cmpxchg ----*- C++ -*-===//
//
// Shared by the CPU and CUDA paths. Upstream lowers a compare-and-swap only
// as memref.generic_atomic_rmw, a retry loop whose llvm.cmpxchg has the
// element type: LLVM accepts integers and pointers there, not floats.
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_CONVERSION_COMMON_ATOMICCMPXCHG_H
#define KGPU_CONVERSION_COMMON_ATOMICCMPXCHG_H

#include "kgpu/Dialect/Kgpu/IR/KgpuDialect.h"

#include "mlir/IR/Builders.h"

namespace mlir {
namespace kgpu {

/// The address of `memref[indices]` (a memref of integers or floats) as an
/// `!llvm.ptr` in `addressSpace`, which must be the one the memref's
/// pointer lowers to.
Value createElementPointer(OpBuilder &b, Location loc, Value memref,
                           ValueRange indices, unsigned addressSpace);

/// `op` as one `llvm.cmpxchg` (acq_rel, monotonic on failure) on its
/// element's address in `addressSpace`; floats compare and swap their bits.
/// Returns the element's old value, of the element type.
Value createAtomicCmpXchg(OpBuilder &b, AtomicCASOp op, unsigned addressSpace);

} // namespace kgpu
} // namespace mlir

#endif // KGPU_CONVERSION_COMMON_ATOMICCMPXCHG_H
