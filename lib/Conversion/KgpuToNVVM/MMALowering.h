//===- MMALowering.h - shared helpers of the NVVM MMA lowerings -*- C++ -*-===//
//
// What the WMMA lowering (MMAToWMMA.cpp) and the mma.sync lowering
// (MMAToMmaSync.cpp) of the kgpu tensor-core ops share.
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_LIB_CONVERSION_KGPUTONVVM_MMALOWERING_H
#define KGPU_LIB_CONVERSION_KGPUTONVVM_MMALOWERING_H

#include "kgpu/Conversion/Common/MmaFragmentConversion.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir {
namespace kgpu {
namespace nvvm_mma {

/// The NVVM element type of an MMA operand element type.
NVVM::MMATypes getNVVMType(Type type);

/// The address of `memref[indices]` as an LLVM pointer in the memref's
/// address space (3 for local memory, 0 otherwise), and the row stride in
/// elements (i32): `leadDim`, or the memref's first stride.
std::pair<Value, Value> addressAndStride(ConversionPatternRewriter &rewriter,
                                         Location loc, Value memref,
                                         ValueRange indices, Value leadDim);

/// The elements of an LLVM struct value.
SmallVector<Value> unpack(ConversionPatternRewriter &rewriter, Location loc,
                          Value structValue);

/// Whether mma.sync (MMAToMmaSync.cpp) lowers fragments of this type:
/// m16n8k16 with f16 or bf16 inputs and f32 (or, for f16, f16)
/// accumulators, or with i8 inputs and i32 accumulators; m16n8k32 with i8
/// inputs and i32 accumulators.
bool isMmaSyncFragment(MmaFragmentType type);

/// The struct type of an mma.sync fragment (isMmaSyncFragment): per lane,
/// one vector per 32-bit register for `a`/`b` (m16n8k16: 4 and 2 x
/// vector<2 x f16|bf16> or 2 and 1 x vector<4xi8>; m16n8k32: 4 and 2 x
/// vector<4xi8>), and for the accumulator 4 x f32|i32 or 2 x vector<2xf16>.
Type convertMmaSyncFragment(MmaFragmentType type);

/// The patterns lowering kgpu.mma_* on mma.sync fragments (the WMMA patterns
/// do not match them, and these do not match WMMA shapes).
void populateMmaSyncPatterns(const TypeConverter &converter,
                             RewritePatternSet &patterns);

/// The struct type of a warp-group MMA accumulator: the N / 2 elements one
/// work-item of the warp group holds (MMAToWgmma.cpp).
Type convertWgmmaAcc(WgmmaAccType type);

/// The patterns lowering kgpu.wgmma_* (sm_90a) to the nvvm wgmma ops.
void populateWgmmaPatterns(const TypeConverter &converter,
                           RewritePatternSet &patterns);

} // namespace nvvm_mma
} // namespace kgpu
} // namespace mlir

#endif // KGPU_LIB_CONVERSION_KGPUTONVVM_MMALOWERING_H
