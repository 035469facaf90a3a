//===- Passes.h - GPU form to CPU loop nests --------------------*- C++ -*-===//
//
// The CPU target's conversion passes (`convert-gpu-to-cpu`,
// `convert-kgpu-mma-to-loops`, `kgpu-cpu-*`; registered by
// registerKgpuConversionPasses() in kgpu/Conversion/Passes.h). The
// `kgpu-gpu-to-cpu-llvm` pipeline (the whole lowering of a GPU-form module
// to the LLVM dialect for the CPU) is in lib/Pipelines
// (kgpu/Pipelines/Pipelines.h).
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_CONVERSION_GPUTOCPU_PASSES_H
#define KGPU_CONVERSION_GPUTOCPU_PASSES_H

#include "kgpu/ABI/CPU.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
namespace kgpu {

#define GEN_PASS_DECL_CONVERTGPUTOCPU
#define GEN_PASS_DECL_CONVERTKGPUMMATOLOOPS
#define GEN_PASS_DECL_KGPUCPUCHECKPRIVATEMEMORY
#define GEN_PASS_DECL_KGPUCPUDEFINEDIVISION
#define GEN_PASS_DECL_KGPUCPUALLOCATEHEAPFRAMES
#include "kgpu/Conversion/Passes.h.inc"

/// Prefix of the exported C entry point of each kernel: `kgpu_cpu_<kernel>`
/// (the CPU ABI, kgpu/ABI/CPU.h).
inline constexpr llvm::StringLiteral kCPUEntryPrefix = KGPU_CPU_ENTRY_PREFIX;

} // namespace kgpu
} // namespace mlir

#endif // KGPU_CONVERSION_GPUTOCPU_PASSES_H
