//===- BarrierDivergence.cpp - barrier divergence analysis ----------------===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//
//
// A flow-insensitive taint analysis: a variable is "divergent" when it is
// assigned a value that depends on global_id/local_id/sub_group_local_id (or
// an atomic result, a shuffle, a sub-group reduction or a helper using
// those), directly or through other divergent variables, or when it is
// assigned under divergent control flow. Barriers (and calls to functions
// that execute a barrier) under a divergent condition are errors, as are
// barriers that follow a `return` executed under a divergent condition.
//
//===----------------------------------------------------------------------===//

#include "kgpu/Frontend/KGC/Sema.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

using namespace kgpu::kgc;
using llvm::cast;
using llvm::dyn_cast;
using llvm::isa;

namespace {

class DivergenceChecker {
public:
  DivergenceChecker(TranslationUnit &tu, DiagnosticEngine &diags)
      : diags(diags) {
    (void)tu;
  }

  void analyzeFunction(FunctionDecl *fn) {
    tainted.clear();
    // Fixed point of the taint propagation.
    do {
      changed = false;
      propagateStmt(fn->getBody(), false);
    } while (changed);
    bool afterDivergentReturn = false;
    checkStmt(fn->getBody(), false, afterDivergentReturn);
  }

private:
  enum class Memo { InProgress, No, Yes };

  //===--- Per-function summaries ----------------------------------------===//

  template <typename Pred>
  bool functionHas(FunctionDecl *fn, llvm::DenseMap<FunctionDecl *, Memo> &memo,
                   Pred pred) {
    if (!fn || !fn->getBody())
      return false;
    auto it = memo.find(fn);
    if (it != memo.end())
      return it->second == Memo::Yes;
    memo[fn] = Memo::InProgress;
    bool result = stmtHas(fn->getBody(), memo, pred);
    memo[fn] = result ? Memo::Yes : Memo::No;
    return result;
  }

  template <typename Pred>
  bool exprHas(Expr *e, llvm::DenseMap<FunctionDecl *, Memo> &memo, Pred pred) {
    if (!e)
      return false;
    if (auto *b = dyn_cast<BuiltinCallExpr>(e)) {
      if (pred(b->getBuiltinKind()))
        return true;
      for (Expr *a : b->getArgs())
        if (exprHas(a, memo, pred))
          return true;
      return false;
    }
    if (auto *c = dyn_cast<CallExpr>(e)) {
      for (Expr *a : c->getArgs())
        if (exprHas(a, memo, pred))
          return true;
      return functionHas(c->getCallee(), memo, pred);
    }
    bool found = false;
    forEachChild(e, [&](Expr *child) {
      if (!found && exprHas(child, memo, pred))
        found = true;
    });
    return found;
  }

  template <typename Pred>
  bool stmtHas(Stmt *s, llvm::DenseMap<FunctionDecl *, Memo> &memo, Pred pred) {
    bool found = false;
    forEachStmtPart(
        s,
        [&](Expr *e) {
          if (!found && exprHas(e, memo, pred))
            found = true;
        },
        [&](Stmt *child) {
          if (!found && stmtHas(child, memo, pred))
            found = true;
        });
    return found;
  }

  static bool isBarrier(BuiltinKind k) {
    return k == BuiltinKind::Barrier || k == BuiltinKind::BarrierGlobal;
  }
  static bool isDivergentSource(BuiltinKind k) {
    switch (k) {
    case BuiltinKind::GlobalId:
    case BuiltinKind::LocalId:
    case BuiltinKind::SubGroupLocalId:
    case BuiltinKind::SubGroupShuffleDown:
    case BuiltinKind::SubGroupShuffleUp:
    case BuiltinKind::SubGroupShuffleXor:
    case BuiltinKind::SubGroupShuffleIdx:
    case BuiltinKind::SubGroupReduceAdd:
    case BuiltinKind::SubGroupReduceMul:
    case BuiltinKind::SubGroupReduceMin:
    case BuiltinKind::SubGroupReduceMax:
    case BuiltinKind::SubGroupReduceAnd:
    case BuiltinKind::SubGroupReduceOr:
    case BuiltinKind::SubGroupReduceXor:
      return true;
    default:
      return k >= BuiltinKind::AtomicAdd && k <= BuiltinKind::AtomicCas;
    }
  }

  bool containsBarrier(FunctionDecl *fn) {
    return functionHas(fn, barrierMemo, isBarrier);
  }
  bool usesDivergentSource(FunctionDecl *fn) {
    return functionHas(fn, sourceMemo, isDivergentSource);
  }

  //===--- Generic traversal ---------------------------------------------===//

  template <typename F> static void forEachChild(Expr *e, F f) {
    switch (e->getKind()) {
    case Expr::Kind::Unary:
      f(cast<UnaryExpr>(e)->getOperand());
      break;
    case Expr::Kind::Binary:
      f(cast<BinaryExpr>(e)->getLHS());
      f(cast<BinaryExpr>(e)->getRHS());
      break;
    case Expr::Kind::Assign:
      f(cast<AssignExpr>(e)->getLHS());
      f(cast<AssignExpr>(e)->getRHS());
      break;
    case Expr::Kind::Conditional:
      f(cast<ConditionalExpr>(e)->getCond());
      f(cast<ConditionalExpr>(e)->getTrueExpr());
      f(cast<ConditionalExpr>(e)->getFalseExpr());
      break;
    case Expr::Kind::ImplicitCast:
    case Expr::Kind::ExplicitCast:
      f(cast<CastExpr>(e)->getSubExpr());
      break;
    case Expr::Kind::Subscript:
      f(cast<SubscriptExpr>(e)->getBase());
      f(cast<SubscriptExpr>(e)->getIndex());
      break;
    case Expr::Kind::Call:
      for (Expr *a : cast<CallExpr>(e)->getArgs())
        f(a);
      break;
    case Expr::Kind::BuiltinCall:
      for (Expr *a : cast<BuiltinCallExpr>(e)->getArgs())
        f(a);
      break;
    case Expr::Kind::InitList:
      for (Expr *a : cast<InitListExpr>(e)->getInits())
        f(a);
      break;
    default:
      break;
    }
  }

  template <typename FE, typename FS>
  static void forEachStmtPart(Stmt *s, FE onExpr, FS onStmt) {
    if (!s)
      return;
    switch (s->getKind()) {
    case Stmt::Kind::Compound:
      for (Stmt *c : cast<CompoundStmt>(s)->getBody())
        onStmt(c);
      break;
    case Stmt::Kind::Decl:
      for (VarDecl *v : cast<DeclStmt>(s)->getDecls())
        onExpr(v->getInit());
      break;
    case Stmt::Kind::Expr:
      onExpr(cast<ExprStmt>(s)->getExpr());
      break;
    case Stmt::Kind::If:
      onExpr(cast<IfStmt>(s)->getCond());
      onStmt(cast<IfStmt>(s)->getThen());
      onStmt(cast<IfStmt>(s)->getElse());
      break;
    case Stmt::Kind::For:
      onStmt(cast<ForStmt>(s)->getInit());
      onExpr(cast<ForStmt>(s)->getCond());
      onExpr(cast<ForStmt>(s)->getInc());
      onStmt(cast<ForStmt>(s)->getBody());
      break;
    case Stmt::Kind::ParallelFor:
      for (const auto &d : cast<ParallelForStmt>(s)->getDims()) {
        onExpr(d.lower);
        onExpr(d.upper);
      }
      onStmt(cast<ParallelForStmt>(s)->getBody());
      break;
    case Stmt::Kind::While:
      onExpr(cast<WhileStmt>(s)->getCond());
      onStmt(cast<WhileStmt>(s)->getBody());
      break;
    case Stmt::Kind::Do:
      onStmt(cast<DoStmt>(s)->getBody());
      onExpr(cast<DoStmt>(s)->getCond());
      break;
    case Stmt::Kind::Return:
      onExpr(cast<ReturnStmt>(s)->getValue());
      break;
    default:
      break;
    }
  }

  //===--- Taint ---------------------------------------------------------===//

  static VarDecl *getRootVar(Expr *e) {
    e = ignoreImplicitCasts(e);
    if (auto *ref = dyn_cast<DeclRefExpr>(e))
      return ref->getDecl();
    if (auto *sub = dyn_cast<SubscriptExpr>(e))
      if (DeclRefExpr *root = sub->getRootDeclRef())
        return root->getDecl();
    return nullptr;
  }

  /// Only private storage is tracked (scalars, mma fragments and private
  /// arrays); shared memory is not tainted by stores.
  static bool isTrackable(VarDecl *v) {
    if (!v || v->isGlobalConst())
      return false;
    const Type &t = v->getType();
    return t.isScalar() || t.isMMA() ||
           (t.isArray() && t.getAddressSpace() == AddressSpace::Private);
  }

  bool isTainted(Expr *e) {
    if (!e)
      return false;
    switch (e->getKind()) {
    case Expr::Kind::DeclRef:
      return tainted.count(cast<DeclRefExpr>(e)->getDecl());
    case Expr::Kind::BuiltinCall: {
      auto *b = cast<BuiltinCallExpr>(e);
      if (isDivergentSource(b->getBuiltinKind()))
        return true;
      break;
    }
    case Expr::Kind::Call:
      if (usesDivergentSource(cast<CallExpr>(e)->getCallee()))
        return true;
      break;
    default:
      break;
    }
    bool result = false;
    forEachChild(e, [&](Expr *c) {
      if (!result && isTainted(c))
        result = true;
    });
    return result;
  }

  void taint(VarDecl *v) {
    if (isTrackable(v) && tainted.insert(v).second)
      changed = true;
  }

  void propagateExpr(Expr *e, bool div) {
    if (!e)
      return;
    if (auto *a = dyn_cast<AssignExpr>(e)) {
      if (div || isTainted(a->getRHS()) ||
          (isa<SubscriptExpr>(a->getLHS()) && isTainted(a->getLHS())))
        taint(getRootVar(a->getLHS()));
    } else if (auto *u = dyn_cast<UnaryExpr>(e)) {
      if (u->isIncDec() && div)
        taint(getRootVar(u->getOperand()));
    } else if (auto *c = dyn_cast<ConditionalExpr>(e)) {
      propagateExpr(c->getCond(), div);
      bool armDiv = div || isTainted(c->getCond());
      propagateExpr(c->getTrueExpr(), armDiv);
      propagateExpr(c->getFalseExpr(), armDiv);
      return;
    } else if (auto *b = dyn_cast<BinaryExpr>(e)) {
      if (b->getOp() == BinaryOpKind::LAnd || b->getOp() == BinaryOpKind::LOr) {
        propagateExpr(b->getLHS(), div);
        propagateExpr(b->getRHS(), div || isTainted(b->getLHS()));
        return;
      }
    }
    forEachChild(e, [&](Expr *c) { propagateExpr(c, div); });
  }

  /// True if a break/continue of this loop (not of a nested one) executes
  /// under a divergent condition inside `s`.
  bool hasDivergentExit(Stmt *s, bool div) {
    if (!s)
      return false;
    switch (s->getKind()) {
    case Stmt::Kind::Break:
    case Stmt::Kind::Continue:
      return div;
    case Stmt::Kind::Compound:
      for (Stmt *c : cast<CompoundStmt>(s)->getBody())
        if (hasDivergentExit(c, div))
          return true;
      return false;
    case Stmt::Kind::If: {
      auto *i = cast<IfStmt>(s);
      bool d = div || isTainted(i->getCond());
      return hasDivergentExit(i->getThen(), d) ||
             hasDivergentExit(i->getElse(), d);
    }
    default:
      return false; // Nested loops own their break/continue.
    }
  }

  bool loopIsDivergent(Expr *cond, Stmt *body, bool div) {
    return div || isTainted(cond) || hasDivergentExit(body, false);
  }

  void propagateStmt(Stmt *s, bool div) {
    if (!s)
      return;
    switch (s->getKind()) {
    case Stmt::Kind::Decl:
      for (VarDecl *v : cast<DeclStmt>(s)->getDecls()) {
        propagateExpr(v->getInit(), div);
        if (v->getInit() && (div || isTainted(v->getInit())))
          taint(v);
      }
      return;
    case Stmt::Kind::If: {
      auto *i = cast<IfStmt>(s);
      propagateExpr(i->getCond(), div);
      bool d = div || isTainted(i->getCond());
      propagateStmt(i->getThen(), d);
      propagateStmt(i->getElse(), d);
      return;
    }
    case Stmt::Kind::For: {
      auto *f = cast<ForStmt>(s);
      propagateStmt(f->getInit(), div);
      bool d = loopIsDivergent(f->getCond(), f->getBody(), div);
      propagateExpr(f->getCond(), d);
      propagateExpr(f->getInc(), d);
      propagateStmt(f->getBody(), d);
      return;
    }
    case Stmt::Kind::While: {
      auto *w = cast<WhileStmt>(s);
      bool d = loopIsDivergent(w->getCond(), w->getBody(), div);
      propagateExpr(w->getCond(), d);
      propagateStmt(w->getBody(), d);
      return;
    }
    case Stmt::Kind::Do: {
      auto *d = cast<DoStmt>(s);
      bool dv = loopIsDivergent(d->getCond(), d->getBody(), div);
      propagateStmt(d->getBody(), dv);
      propagateExpr(d->getCond(), dv);
      return;
    }
    default:
      forEachStmtPart(
          s, [&](Expr *e) { propagateExpr(e, div); },
          [&](Stmt *c) { propagateStmt(c, div); });
      return;
    }
  }

  //===--- Checking ------------------------------------------------------===//

  void checkExpr(Expr *e, bool div, bool afterReturn) {
    if (!e)
      return;
    if (auto *b = dyn_cast<BuiltinCallExpr>(e)) {
      if (isBarrier(b->getBuiltinKind())) {
        if (div)
          diags.error(e->getLoc(), "barrier in divergent control flow: the "
                                   "enclosing condition depends on the "
                                   "work-item id");
        else if (afterReturn)
          diags.error(e->getLoc(), "barrier after a return under a divergent "
                                   "condition: some work-items may have "
                                   "already returned");
        return;
      }
    } else if (auto *c = dyn_cast<CallExpr>(e)) {
      if (containsBarrier(c->getCallee())) {
        if (div)
          diags.error(e->getLoc(), "call to '" + c->getCalleeName() +
                                       "', which executes a barrier, in "
                                       "divergent control flow");
        else if (afterReturn)
          diags.error(e->getLoc(), "call to '" + c->getCalleeName() +
                                       "', which executes a barrier, after "
                                       "a return under a divergent condition");
      }
    } else if (auto *c = dyn_cast<ConditionalExpr>(e)) {
      checkExpr(c->getCond(), div, afterReturn);
      bool d = div || isTainted(c->getCond());
      checkExpr(c->getTrueExpr(), d, afterReturn);
      checkExpr(c->getFalseExpr(), d, afterReturn);
      return;
    } else if (auto *b = dyn_cast<BinaryExpr>(e)) {
      if (b->getOp() == BinaryOpKind::LAnd || b->getOp() == BinaryOpKind::LOr) {
        checkExpr(b->getLHS(), div, afterReturn);
        checkExpr(b->getRHS(), div || isTainted(b->getLHS()), afterReturn);
        return;
      }
    }
    forEachChild(e, [&](Expr *c) { checkExpr(c, div, afterReturn); });
  }

  void checkStmt(Stmt *s, bool div, bool &afterReturn) {
    if (!s)
      return;
    switch (s->getKind()) {
    case Stmt::Kind::Return:
      checkExpr(cast<ReturnStmt>(s)->getValue(), div, afterReturn);
      if (div)
        afterReturn = true;
      return;
    case Stmt::Kind::If: {
      auto *i = cast<IfStmt>(s);
      checkExpr(i->getCond(), div, afterReturn);
      bool d = div || isTainted(i->getCond());
      checkStmt(i->getThen(), d, afterReturn);
      checkStmt(i->getElse(), d, afterReturn);
      return;
    }
    case Stmt::Kind::For: {
      auto *f = cast<ForStmt>(s);
      checkStmt(f->getInit(), div, afterReturn);
      bool d = loopIsDivergent(f->getCond(), f->getBody(), div);
      checkExpr(f->getCond(), d, afterReturn);
      checkStmt(f->getBody(), d, afterReturn);
      checkExpr(f->getInc(), d, afterReturn);
      return;
    }
    case Stmt::Kind::While: {
      auto *w = cast<WhileStmt>(s);
      bool d = loopIsDivergent(w->getCond(), w->getBody(), div);
      checkExpr(w->getCond(), d, afterReturn);
      checkStmt(w->getBody(), d, afterReturn);
      return;
    }
    case Stmt::Kind::Do: {
      auto *d = cast<DoStmt>(s);
      bool dv = loopIsDivergent(d->getCond(), d->getBody(), div);
      checkStmt(d->getBody(), dv, afterReturn);
      checkExpr(d->getCond(), dv, afterReturn);
      return;
    }
    default:
      forEachStmtPart(
          s, [&](Expr *e) { checkExpr(e, div, afterReturn); },
          [&](Stmt *c) { checkStmt(c, div, afterReturn); });
      return;
    }
  }

  DiagnosticEngine &diags;
  llvm::DenseSet<VarDecl *> tainted;
  bool changed = false;
  llvm::DenseMap<FunctionDecl *, Memo> barrierMemo, sourceMemo;
};

} // namespace

void kgpu::kgc::checkBarrierDivergence(TranslationUnit &tu,
                                       DiagnosticEngine &diags) {
  DivergenceChecker checker(tu, diags);
  for (Decl *d : tu.getDecls())
    if (auto *fn = dyn_cast<FunctionDecl>(d))
      if (fn->isDefinition())
        checker.analyzeFunction(fn);
}
