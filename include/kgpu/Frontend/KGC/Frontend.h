//===- Frontend.h - kgc frontend entry points -------------------*- C++ -*-===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//
//
// The public entry point of the kgc frontend: lex, parse and type-check one
// source buffer, producing a fully resolved and typed AST (see AST.h).
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_FRONTEND_KGC_FRONTEND_H
#define KGPU_FRONTEND_KGC_FRONTEND_H

#include "kgpu/Frontend/KGC/AST.h"
#include "kgpu/Frontend/KGC/Diagnostics.h"

#include <memory>

namespace llvm {
class SourceMgr;
class raw_ostream;
} // namespace llvm

namespace kgpu::kgc {

/// Parses and type-checks buffer `bufferId` of `sm`. Diagnostics are printed
/// through the SourceMgr to `errs` (`file:line:col: error: message`, the
/// source line and a caret). Returns nullptr if any error was reported;
/// `numErrors`, if non-null, receives the number of errors.
std::unique_ptr<TranslationUnit> parseAndAnalyze(llvm::SourceMgr &sm,
                                                 unsigned bufferId,
                                                 llvm::raw_ostream &errs,
                                                 unsigned *numErrors = nullptr);

/// The same, reporting through `diags` (and so through its consumer).
std::unique_ptr<TranslationUnit> parseAndAnalyze(llvm::SourceMgr &sm,
                                                 unsigned bufferId,
                                                 DiagnosticEngine &diags);

/// Parses only (no name resolution or typing). Returns the unresolved AST
/// even if errors were reported (for tests and tools); `numErrors` as above.
std::unique_ptr<TranslationUnit> parseOnly(llvm::SourceMgr &sm,
                                           unsigned bufferId,
                                           llvm::raw_ostream &errs,
                                           unsigned *numErrors = nullptr);

} // namespace kgpu::kgc

#endif // KGPU_FRONTEND_KGC_FRONTEND_H
