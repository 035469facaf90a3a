//===- Passes.h - kgpu GPU form to SPIR-V -----------------------*- C++ -*-===//
//
// The SPIR-V (Vulkan) lowering of the GPU form of docs/codegen.md: the
// passes, the kgpu conversion patterns, and the `kgpu-gpu-to-spirv`
// pipeline that chains them with the upstream SPIR-V passes.
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_CONVERSION_KGPUTOSPIRV_PASSES_H
#define KGPU_CONVERSION_KGPUTOSPIRV_PASSES_H

#include "kgpu/Dialect/Kgpu/IR/KgpuDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassOptions.h"

namespace mlir {
class SPIRVTypeConverter;
class OpPassManager;

namespace kgpu {

#define GEN_PASS_DECL_CONVERTKGPUTOSPIRV
#define GEN_PASS_DECL_KGPUSPIRVATTACHTARGET
#define GEN_PASS_DECL_KGPUSPIRVCOMPLETEVCE
#define GEN_PASS_DECL_KGPUSPIRVEMULATEFLOATATOMICS
#define GEN_PASS_DECL_KGPUSPIRVFORBIDCONTRACTION
#define GEN_PASS_DECL_KGPUSPIRVPACKSCALARS
#define GEN_PASS_DECL_KGPUSPIRVSPECIALIZEWORKGROUPSIZE
#define GEN_PASS_DECL_KGPUSPIRVSPLITKERNELS
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

/// The rewrite of kgpu-spirv-emulate-float-atomics on one op (a gpu.module or
/// anything holding kernels), using the target environment found from `root`.
LogicalResult emulateFloatAtomicsForSPIRV(Operation *root);

/// Options of the `kgpu-gpu-to-spirv` pipeline (those of
/// kgpu-spirv-attach-target).
struct GPUToSPIRVPipelineOptions
    : public PassPipelineOptions<GPUToSPIRVPipelineOptions> {
  PassOptions::Option<unsigned> subgroupSize{
      *this, "subgroup-size",
      llvm::cl::desc("Default subgroup size of the target"),
      llvm::cl::init(32)};
  PassOptions::Option<bool> int64{
      *this, "int64", llvm::cl::desc("The device supports 64-bit integers"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> float64{
      *this, "float64", llvm::cl::desc("The device supports 64-bit floats"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> float16{
      *this, "float16", llvm::cl::desc("The device supports 16-bit floats"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> atomicFloatAdd{
      *this, "atomic-float-add",
      llvm::cl::desc("The device has SPV_EXT_shader_atomic_float_add"),
      llvm::cl::init(true)};
  PassOptions::Option<std::string> fpContract{
      *this, "fp-contract",
      llvm::cl::desc("Floating-point contraction: off (every float add, "
                     "sub, mul, div, rem and negate is NoContraction), on "
                     "or fast (the driver may fuse)"),
      llvm::cl::init("on")};
};

/// Adds the whole GPU form -> SPIR-V pipeline to `pm` (anchored on
/// builtin.module): attach the target, emulate float atomics, convert
/// (upstream GPU/SCF/arith/memref/func/math + kgpu patterns), split into one
/// spirv.module per kernel, then `spirv-lower-abi-attrs`, kgpu's scalar
/// packing, `kgpu-spirv-forbid-contraction` (fp-contract=off) and
/// `spirv-update-vce` on every spirv.module.
void buildGPUToSPIRVPipeline(OpPassManager &pm,
                             const GPUToSPIRVPipelineOptions &options);

} // namespace kgpu
} // namespace mlir

#endif // KGPU_CONVERSION_KGPUTOSPIRV_PASSES_H
