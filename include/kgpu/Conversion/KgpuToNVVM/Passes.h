//===- Passes.h - GPU form to NVVM conversions ------------------*- C++ -*-===//
//
// The conversions of the NVVM (CUDA) path; the pipeline that runs them is
// `kgpu-gpu-to-nvvm` (include/kgpu/Pipelines/Pipelines.h).
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_CONVERSION_KGPUTONVVM_PASSES_H
#define KGPU_CONVERSION_KGPUTONVVM_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
namespace kgpu {

#define GEN_PASS_DECL_KGPUNVVMATTRIBUTELOCALMEMORY
#define GEN_PASS_DECL_KGPUNVVMAPPLYFPCONTRACT
#define GEN_PASS_DECL_KGPUPREPARENVVM
#define GEN_PASS_DECL_KGPUCONVERTGPUTONVVM
#include "kgpu/Conversion/Passes.h.inc"

/// Patterns lowering what the GPU form still holds for NVVM: kgpu atomics
/// (to memref atomics), subgroup queries (warp size 32) and kgpu MMA ops with
/// WMMA shapes (to gpu.subgroup_mma_*).
void populateKgpuToNVVMPreparationPatterns(RewritePatternSet &patterns);

/// Lowers kgpu tensor-core ops under `root` to nvvm.wmma.* (WMMA shapes) and
/// nvvm.mma.sync / nvvm.ldmatrix (m16n8k16, MMAToMmaSync.cpp),
/// converting fragment values, also where scf ops carry them.
LogicalResult lowerMmaToWMMA(Operation *root);

/// Lowers kgpu asynchronous copies under `root` to nvvm.cp.async.* where the
/// gpu.module's NVVM target is sm_80 or newer, to plain copies elsewhere.
LogicalResult lowerAsyncCopiesToNVVM(Operation *root);

} // namespace kgpu
} // namespace mlir

#endif // KGPU_CONVERSION_KGPUTONVVM_PASSES_H
