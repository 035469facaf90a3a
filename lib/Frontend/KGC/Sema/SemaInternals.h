//===- SemaInternals.h - kgc Sema, shared by Sema/*.cpp --------*- C++ -*-===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//
//
// The Sema class and the constant folder, shared by the files of
// lib/Frontend/KGC/Sema (types, constant evaluation, declarations,
// statements, parallel for, expressions, builtins). Not installed.
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_LIB_FRONTEND_KGC_SEMA_SEMAINTERNALS_H
#define KGPU_LIB_FRONTEND_KGC_SEMA_SEMAINTERNALS_H

#include "kgpu/Frontend/KGC/Sema.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"

#include <cmath>
#include <functional>
#include <string>

namespace kgpu::kgc {

using llvm::cast;
using llvm::dyn_cast;
using llvm::dyn_cast_or_null;
using llvm::isa;
using llvm::SMLoc;

/// Evaluates type-checked constant expressions. Values are memoized per
/// node, and left-nested operator chains (`a + b + c + ...`) are evaluated
/// iteratively, so that long chains neither recurse deeply nor are folded
/// more than once. Integer arithmetic wraps (two's complement); each
/// operation whose exact result does not fit its type is reported once
/// through `onOverflow` (signed overflow and unsigned wrap-around alike).
class ConstantFolder {
public:
  using OverflowFn = std::function<void(const Expr *node, bool isSigned,
                                        const ConstantValue &wrapped)>;
  using ConstRefFn = std::function<void(const DeclRefExpr *ref)>;

  OverflowFn onOverflow;
  /// Called for every reference to a file-scope constant.
  ConstRefFn onConstRef;

  std::optional<ConstantValue> fold(const Expr *e) {
    if (!e)
      return std::nullopt;
    if (auto it = memo.find(e); it != memo.end())
      return it->second;
    // Walk down the left spine of operators and casts that are not folded
    // yet, then fold it bottom-up: each node then finds its left operand in
    // the memo.
    llvm::SmallVector<const Expr *, 16> spine;
    const Expr *n = e;
    while (n && !memo.count(n)) {
      spine.push_back(n);
      if (auto *b = dyn_cast<BinaryExpr>(n))
        n = b->getLHS();
      else if (auto *c = dyn_cast<CastExpr>(n))
        n = c->getSubExpr();
      else if (auto *u = dyn_cast<UnaryExpr>(n))
        n = u->getOperand();
      else
        break;
    }
    std::optional<ConstantValue> result;
    for (const Expr *node : llvm::reverse(spine)) {
      result = foldNode(node);
      memo[node] = result;
    }
    return result;
  }

private:
  std::optional<ConstantValue> foldNode(const Expr *e);
  void overflow(const Expr *e, bool isSigned, const ConstantValue &v) {
    if (onOverflow)
      onOverflow(e, isSigned, v);
  }

  llvm::DenseMap<const Expr *, std::optional<ConstantValue>> memo;
};

/// The value of `v` as written in a diagnostic.
inline std::string constantStr(const ConstantValue &v) {
  if (v.type.isSignedInteger())
    return std::to_string(v.getSExtValue());
  return std::to_string(v.getZExtValue());
}

struct CallEdge {
  FunctionDecl *caller;
  FunctionDecl *callee;
  SMLoc loc;
};

/// State of the innermost parallel for being checked.
struct ParallelContext {
  ParallelForStmt *stmt = nullptr;
  /// Scope depth of the loop-variable scope; variables declared in scopes
  /// below it are "outer" variables.
  unsigned scopeBase = 0;
  /// Sequential loops nested inside the parallel body.
  unsigned innerLoopDepth = 0;
};

class Sema {
public:
  Sema(TranslationUnit &tu, DiagnosticEngine &diags) : tu(tu), diags(diags) {
    folder.onOverflow = [this](const Expr *node, bool isSigned,
                               const ConstantValue &wrapped) {
      // Unsigned arithmetic wraps by definition; signed overflow is
      // defined by kgc to wrap too, but is almost always a mistake.
      if (isSigned && !inArraySize)
        warning(node->getLoc(),
                "overflow in constant expression: the result wraps to " +
                    constantStr(wrapped) + " in type " +
                    typeStr(node->getType()));
    };
  }
  void run();

private:
  /// Folds checked expressions once each (memoized); warns about signed
  /// overflow in constant expressions.
  ConstantFolder folder;
  /// Left operands of operator chains already checked, with their result.
  llvm::DenseMap<Expr *, Expr *> preChecked;
  /// Set while checking array sizes, whose overflow is an error instead.
  bool inArraySize = false;
  /// File-scope constants whose initializer overflowed (or wrapped), and
  /// where.
  llvm::DenseMap<const VarDecl *, std::pair<SMLoc, ConstantValue>>
      wrappedConsts;

  // Diagnostics.
  void error(SMLoc loc, const llvm::Twine &msg) { diags.error(loc, msg); }
  void warning(SMLoc loc, const llvm::Twine &msg) { diags.warning(loc, msg); }

  // Scopes.
  void pushScope() { scopes.emplace_back(); }
  void popScope() { scopes.pop_back(); }
  bool declare(VarDecl *var);
  VarDecl *lookupVar(llvm::StringRef name) const;
  unsigned getDeclScopeDepth(VarDecl *var) const {
    auto it = declDepth.find(var);
    return it == declDepth.end() ? 0 : it->second;
  }

  // Top level.
  void checkFunction(FunctionDecl *fn);
  void checkGlobalConst(VarDecl *var);
  void checkRecursion();
  FunctionDecl *getCanonical(FunctionDecl *f) {
    auto it = canonical.find(f);
    return it == canonical.end() ? f : it->second;
  }

  // Statements.
  Stmt *checkStmt(Stmt *s);
  void checkCompound(CompoundStmt *c, bool newScope);
  bool checkVarDecl(VarDecl *var);
  bool checkArrayDims(VarDecl *var);
  Expr *checkInitList(VarDecl *var, InitListExpr *init);
  Expr *checkCondition(Expr *e);
  Stmt *checkParallelFor(ParallelForStmt *pf);
  bool checkParallelHeader(ParallelForStmt *level, ParallelForStmt::Dim &dim,
                           llvm::ArrayRef<VarDecl *> outerVars);
  bool checkReduceClause(ReduceClause &clause,
                         llvm::ArrayRef<ReduceClause> previous);

  // Expressions.
  Expr *checkExpr(Expr *e, const Type *expected = nullptr);
  Expr *checkRValue(Expr *e, const Type *expected = nullptr) {
    Expr *c = checkExpr(e, expected);
    return c ? rvalue(c) : nullptr;
  }
  Expr *rvalue(Expr *e);
  Expr *implicitCast(Expr *e, const Type &to);
  Expr *convertForAssignment(Expr *rv, const Type &to, SMLoc loc,
                             llvm::StringRef what);
  Expr *checkDeclRef(DeclRefExpr *e);
  Expr *checkUnary(UnaryExpr *e);
  Expr *checkBinary(BinaryExpr *e);
  Expr *checkAssign(AssignExpr *e);
  Expr *checkConditional(ConditionalExpr *e);
  Expr *checkExplicitCast(ExplicitCastExpr *e);
  Expr *checkSubscript(SubscriptExpr *e);
  Expr *checkCall(CallExpr *e, const Type *expected);
  Expr *checkBuiltinCall(CallExpr *e, BuiltinKind kind, const Type *expected);
  Expr *checkAtomicTarget(Expr *arg, BuiltinKind kind);
  Expr *checkMMAMemory(Expr *arg, BuiltinKind kind, ScalarKind elem,
                       bool isStore);
  bool checkModifiableLValue(Expr *lhs, SMLoc opLoc);
  std::optional<int> matchReductionUpdate(AssignExpr *e, Expr *&contribution);
  bool isOuterVar(VarDecl *var) const;

  std::string typeStr(const Type &t) { return "'" + t.str() + "'"; }

  TranslationUnit &tu;
  DiagnosticEngine &diags;
  llvm::StringMap<Decl *> globals;
  llvm::DenseMap<FunctionDecl *, FunctionDecl *> canonical;
  std::vector<llvm::StringMap<VarDecl *>> scopes;
  llvm::DenseMap<VarDecl *, unsigned> declDepth;
  std::vector<CallEdge> callEdges;
  std::vector<CallExpr *> calls;
  llvm::DenseMap<FunctionDecl *, SMLoc> firstUse;

  FunctionDecl *curFn = nullptr;
  unsigned loopDepth = 0;
  std::optional<ParallelContext> parallel;
  /// Depth of the outermost scope of the current kernel body.
  unsigned kernelBodyScope = 0;
  /// Reduction targets of the current parallel for (scalar variables).
  llvm::DenseMap<VarDecl *, unsigned> reductionVars;
  /// Variables whose declaration had errors (uses are silently invalid).
  llvm::DenseSet<VarDecl *> invalidDecls;
  /// Set while checking the allowed reference(s) in a reduction update.
  unsigned allowReductionRefs = 0;
};

} // namespace kgpu::kgc

#endif // KGPU_LIB_FRONTEND_KGC_SEMA_SEMAINTERNALS_H
