//===- Frontend.h - Kotlin IR dumps to kgpu IR ------------------*- C++ -*-===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//
//
// The Kotlin IR frontend: the functions annotated @Kernel (Kernelin's
// io.github.rajumark.kernelin.Kernel) in a dump that kotlinc wrote
// (include/kgpu/Frontend/KotlinIR/Dump.h) become kgpu kernels, the
// top-level helpers they call device functions. It emits a plain CFG (one
// memref.alloca per local, cf branches); kgpu-frontend-cleanup builds SSA
// and structured control flow. docs/kotlin.md is the user guide (what is
// supported, the launch model, the diagnostics).
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_FRONTEND_KOTLINIR_FRONTEND_H
#define KGPU_FRONTEND_KOTLINIR_FRONTEND_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace kgpu {
namespace kotlinir {

/// Imports buffer `bufferId` of `sourceMgr` (a Kotlin IR dump). Errors go to
/// `context`'s diagnostic engine at the dump's file:line:col; returns null
/// after an error.
mlir::OwningOpRef<mlir::ModuleOp> importKotlinIR(llvm::SourceMgr &sourceMgr,
                                                 unsigned bufferId,
                                                 mlir::MLIRContext &context);

/// Imports every dump (`*.ir`, `*.ir.txt`) under directory `path` (sorted by
/// path, subdirectories included: kotlinc writes `DIR/<module>/00_….ir`),
/// each added to `sourceMgr`, into one module. Each dump is translated on
/// its own (a helper is found in its kernel's dump); a function name defined
/// in two dumps is an error, as is a directory without dumps.
mlir::OwningOpRef<mlir::ModuleOp>
importKotlinIRDirectory(llvm::StringRef path, llvm::SourceMgr &sourceMgr,
                        mlir::MLIRContext &context);

} // namespace kotlinir
} // namespace kgpu

#endif // KGPU_FRONTEND_KOTLINIR_FRONTEND_H
