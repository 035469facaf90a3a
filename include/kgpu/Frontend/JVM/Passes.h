//===- Passes.h - the JVM frontend's own passes -----------------*- C++ -*-===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_FRONTEND_JVM_PASSES_H
#define KGPU_FRONTEND_JVM_PASSES_H

#include "kgpu/Dialect/Kgpu/IR/KgpuDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
class OpPassManager;
namespace kgpu {

#define GEN_PASS_DECL
#include "kgpu/Frontend/JVM/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "kgpu/Frontend/JVM/Passes.h.inc"

/// The attribute on the exit test of a @Parallel loop: the variable's name.
inline constexpr StringLiteral kJVMParallelAttrName = "jvm.parallel";
/// A kernel with neither a parallel loop nor a KernelContext (a
/// single-thread task): kgpu-jvm-raise-parallel-loops runs it once.
inline constexpr StringLiteral kJVMSingleThreadAttrName = "jvm.single_thread";
/// The argument attribute of a @Reduce parameter.
inline constexpr StringLiteral kJVMReduceAttrName = "jvm.reduce";

/// What the JVM frontend runs after kgpu-frontend-cleanup: the raising of
/// @Parallel loops and @Reduce updates, then canonicalization.
void buildJVMCleanupExtension(OpPassManager &pm);

} // namespace kgpu
} // namespace mlir

#endif // KGPU_FRONTEND_JVM_PASSES_H
