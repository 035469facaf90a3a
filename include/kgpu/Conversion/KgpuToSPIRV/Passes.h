//===- Passes.h - kgpu GPU form to SPIR-V -----------------------*- C++ -*-===//
//
// The SPIR-V (Vulkan) lowering of the GPU form of docs/codegen.md: the
// passes and the kgpu conversion patterns. The `kgpu-gpu-to-spirv` pipeline
// that chains them with the upstream SPIR-V passes is in lib/Pipelines
// (kgpu/Pipelines/Pipelines.h).
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_CONVERSION_KGPUTOSPIRV_PASSES_H
#define KGPU_CONVERSION_KGPUTOSPIRV_PASSES_H

#include "kgpu/Dialect/Kgpu/IR/KgpuDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
class SPIRVTypeConverter;

namespace kgpu {

#define GEN_PASS_DECL_CONVERTKGPUTOSPIRV
#define GEN_PASS_DECL_KGPUSPIRVALIASVIEWS
#define GEN_PASS_DECL_KGPUSPIRVATTACHTARGET
#define GEN_PASS_DECL_KGPUSPIRVCOMPLETEVCE
#define GEN_PASS_DECL_KGPUSPIRVEMULATEFLOATATOMICS
#define GEN_PASS_DECL_KGPUSPIRVEXPANDMATH
#define GEN_PASS_DECL_KGPUSPIRVFORBIDCONTRACTION
#define GEN_PASS_DECL_KGPUSPIRVPACKSCALARS
#define GEN_PASS_DECL_KGPUSPIRVSPECIALIZEWORKGROUPSIZE
#define GEN_PASS_DECL_KGPUSPIRVSPLITKERNELS
#define GEN_PASS_DECL_KGPUSPIRVVECTORACCESS
#define GEN_PASS_DECL_KGPUSPIRVVECTORTILES
#define GEN_PASS_DECL_KGPUSPIRVVULKANMEMORYMODEL
#include "kgpu/Conversion/Passes.h.inc"

/// Patterns lowering the kgpu ops that remain in the GPU form to SPIR-V:
/// `kgpu.atomic_rmw` (integer kinds to `spirv.Atomic*`, float add/sub to
/// `spirv.EXT.AtomicFAdd`, float xchg to `spirv.AtomicExchange`),
/// `kgpu.atomic_cas` on integers to `spirv.AtomicCompareExchange`, and
/// `kgpu.mma_*` to a located error. Float atomics that need integer access
/// must have been rewritten by `emulateFloatAtomicsForSPIRV` first; these
/// patterns report them as errors. Also overrides two upstream GPU patterns
/// (higher benefit): `gpu.shuffle`, so that the width may be
/// `gpu.subgroup_size`, and `gpu.subgroup_reduce`, so that every kind
/// (including and/or/xor) becomes a `spirv.GroupNonUniform*` op, uniform or
/// not. Also lowers `arith.index_castui` from and to `i1`, which upstream's
/// `spirv.UConvert` pattern cannot.
void populateKgpuToSPIRVPatterns(SPIRVTypeConverter &typeConverter,
                                 RewritePatternSet &patterns);

/// Patterns lowering kgpu.mma_fill/load/compute/store to SPIR-V cooperative
/// matrices (SPV_KHR_cooperative_matrix, subgroup scope), and the conversion
/// of `!kgpu.mma` fragments to `!spirv.coopmatrix`; part of
/// populateKgpuToSPIRVPatterns.
void populateMmaToCooperativeMatrixPatterns(SPIRVTypeConverter &typeConverter,
                                            RewritePatternSet &patterns);

/// Patterns lowering what kgpu-spirv-vector-tiles marked: the local arrays
/// (as arrays of vector<4xi32>), their 16-byte `kgpu.async_copy` writes and
/// their `kgpu.mma_load` reads; part of populateKgpuToSPIRVPatterns, at a
/// higher benefit than upstream's memref.alloc pattern.
/// Patterns lowering what kgpu-spirv-vector-access made: its vector.load
/// and vector.store through a vector view of the buffer's binding, and the
/// vector.extract and vector.from_elements of their values; part of
/// populateKgpuToSPIRVPatterns.
void populateVectorAccessPatterns(SPIRVTypeConverter &typeConverter,
                                  RewritePatternSet &patterns);

void populateVectorTilePatterns(SPIRVTypeConverter &typeConverter,
                                RewritePatternSet &patterns);

/// The rewrite of kgpu-spirv-emulate-float-atomics on one op (a gpu.module or
/// anything holding kernels), using the target environment found from `root`.
LogicalResult emulateFloatAtomicsForSPIRV(Operation *root);

/// The patterns of kgpu-spirv-expand-math: f64 math functions (and f32
/// atan2) as arithmetic that SPIR-V has, on scalars whose target
/// environment allows Float64 and Int64; with `f32ViaF64`, the f32
/// functions too, computed in f64 and rounded once.
void populateKgpuSPIRVExpandMathPatterns(RewritePatternSet &patterns,
                                         bool f32ViaF64);

} // namespace kgpu
} // namespace mlir

#endif // KGPU_CONVERSION_KGPUTOSPIRV_PASSES_H
