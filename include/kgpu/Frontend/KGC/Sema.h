//===- Sema.h - kgc semantic analysis ---------------------------*- C++ -*-===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//
//
// Name resolution, C typing rules (integer promotions, usual arithmetic
// conversions, conversions on assignment/argument passing/return), builtin
// resolution, parallel-for canonicalisation, recursion detection, constant
// folding of file-scope constants and the barrier divergence analysis.
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_FRONTEND_KGC_SEMA_H
#define KGPU_FRONTEND_KGC_SEMA_H

#include "kgpu/Frontend/KGC/AST.h"
#include "kgpu/Frontend/KGC/Diagnostics.h"

#include <optional>

namespace kgpu::kgc {

/// Type-checks a parsed translation unit in place. Returns true if no error
/// was reported (by this or an earlier phase).
bool analyzeTranslationUnit(TranslationUnit &tu, DiagnosticEngine &diags);

/// Reports barriers (and calls to functions executing barriers) in control
/// flow that depends on the work-item id, and barriers after a return under
/// such a condition. Requires a fully type-checked translation unit.
void checkBarrierDivergence(TranslationUnit &tu, DiagnosticEngine &diags);

/// Evaluates a type-checked expression as a constant expression (literals,
/// file-scope constants, casts, unary/binary/conditional operators).
/// Returns std::nullopt if it is not constant (or divides by zero).
std::optional<ConstantValue> evaluateConstantExpr(const Expr *e);

/// Builtin lookup by source name (e.g. "sub_group_shuffle" ->
/// SubGroupShuffleIdx). Returns std::nullopt for non-builtins.
std::optional<BuiltinKind> lookupBuiltin(llvm::StringRef name);

/// C integer promotion (bool -> int) and, for arithmetic, half -> float.
Type getPromotedType(const Type &t);
/// The common type of the usual arithmetic conversions of two scalars.
Type getUsualArithmeticType(const Type &a, const Type &b);
/// The cast kind converting scalar `from` to scalar `to` (NoOp if equal).
CastKind getScalarCastKind(const Type &from, const Type &to);

} // namespace kgpu::kgc

#endif // KGPU_FRONTEND_KGC_SEMA_H
