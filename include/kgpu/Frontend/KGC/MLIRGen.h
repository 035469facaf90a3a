//===- MLIRGen.h - kgc AST to MLIR ------------------------------*- C++ -*-===//
//
// Emits the kgpu dialect plus upstream arith/math/scf/memref/func for a
// type-checked kgc translation unit.
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_FRONTEND_KGC_MLIRGEN_H
#define KGPU_FRONTEND_KGC_MLIRGEN_H

#include "kgpu/Frontend/KGC/AST.h"
#include "kgpu/Frontend/KGC/Diagnostics.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

namespace mlir {
class MLIRContext;
} // namespace mlir

namespace kgpu::kgc {

/// Emits one `func.func` per kernel (`kgpu.kernel`, with `kgpu.arg` on every
/// argument) and per helper function (`kgpu.device`). Every op carries the
/// FileLineColLoc of the construct it comes from (`diags` resolves the
/// source positions). Control flow is structured (`scf.if`, `scf.while`,
/// `kgpu.parallel_for`); local scalars are SSA values; `break`, `continue`
/// and early `return` become flags. Constructs the emitter cannot express
/// are reported through `context`'s DiagnosticEngine (mlir::emitError); then
/// the result is null. The module is verified before it is returned.
mlir::OwningOpRef<mlir::ModuleOp> emitMLIR(const TranslationUnit &tu,
                                           mlir::MLIRContext &context,
                                           DiagnosticEngine &diags);

/// The whole kgc frontend on buffer `bufferId` of `sm`: parse, analyze and
/// emit. Every diagnostic, the lexer's, parser's and Sema's included, is
/// reported through `context`'s DiagnosticEngine at a FileLineColLoc (see
/// MLIRDiagnostics.h); print them with a SourceDiagnosticHandler, or verify
/// them with a SourceMgrDiagnosticVerifierHandler. Null after an error.
mlir::OwningOpRef<mlir::ModuleOp>
importKGC(llvm::SourceMgr &sm, unsigned bufferId, mlir::MLIRContext &context);

} // namespace kgpu::kgc

#endif // KGPU_FRONTEND_KGC_MLIRGEN_H
