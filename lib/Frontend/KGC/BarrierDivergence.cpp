//===- BarrierDivergence.cpp - barrier divergence analysis ----------------===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//
//
// A flow-sensitive taint analysis: a variable's current value is "divergent"
// when it was assigned a value that depends on global_id/local_id/
// sub_group_local_id (or an atomic result, a shuffle, a sub-group reduction
// or a helper using those), directly or through other divergent variables,
// or when it was assigned under divergent control flow; a re-assignment
// gives it a new value. Barriers (and calls to functions that execute a
// barrier) under a divergent condition are errors, as are barriers that
// follow a `return` executed under a divergent condition. A `parallel for`
// needs more: every work-item of the grid must reach it, so it is also
// rejected under conditions that depend on group_id.
//
//===----------------------------------------------------------------------===//

#include "kgpu/Frontend/KGC/Sema.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLExtras.h"

#include <algorithm>

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
    st = State();
    branchLoc = divergentReturnLoc = llvm::SMLoc();
    loops.clear();
    loopCache.clear();
    findings.clear();
    exec(fn->getBody(), Uniform);
    for (auto &[node, f] : findings)
      report(f);
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

  /// True if `e` contains a builtin satisfying `pred`, or calls a function
  /// that does. Iterative (long operator chains).
  template <typename Pred>
  bool exprHas(Expr *e, llvm::DenseMap<FunctionDecl *, Memo> &memo, Pred pred) {
    if (!e)
      return false;
    return !walkExpr(e, [&](const Expr *n) {
      if (auto *b = dyn_cast<BuiltinCallExpr>(n))
        return !pred(b->getBuiltinKind());
      if (auto *c = dyn_cast<CallExpr>(n))
        return !functionHas(c->getCallee(), memo, pred);
      return true;
    });
  }

  /// The same for a statement, with an explicit stack (long else-if chains).
  template <typename Pred>
  bool stmtHas(Stmt *root, llvm::DenseMap<FunctionDecl *, Memo> &memo,
               Pred pred) {
    llvm::SmallVector<Stmt *, 16> stack{root};
    bool found = false;
    while (!stack.empty() && !found) {
      Stmt *s = stack.pop_back_val();
      forEachStmtPart(
          s,
          [&](Expr *e) {
            if (!found && exprHas(e, memo, pred))
              found = true;
          },
          [&](Stmt *child) {
            if (child)
              stack.push_back(child);
          });
    }
    return found;
  }

  static bool isBarrier(BuiltinKind k) { return isBarrierBuiltin(k); }
  /// Builtins whose result differs between the work-items of a group
  /// (Builtins.def: variance Item).
  static bool isDivergentSource(BuiltinKind k) {
    return getBuiltinVariance(k) == BuiltinVariance::Item;
  }
  /// Builtins whose result differs between work-groups only.
  static bool isGroupSource(BuiltinKind k) {
    return getBuiltinVariance(k) == BuiltinVariance::Group;
  }

  bool containsBarrier(FunctionDecl *fn) {
    return functionHas(fn, barrierMemo, isBarrier);
  }
  bool usesDivergentSource(FunctionDecl *fn) {
    return functionHas(fn, sourceMemo, isDivergentSource);
  }
  bool usesGroupSource(FunctionDecl *fn) {
    return functionHas(fn, groupMemo, isGroupSource);
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

  //===--- Flow-sensitive taint ------------------------------------------===//
  //
  // The analysis runs over the structured AST in program order. The state
  // maps each private variable to the level of its current value: a
  // re-assigned variable holds a new value, so `i` used as a uniform loop
  // counter stays uniform even if it is later reused as a counter under
  // `if (tx == 0)`. Branches are joined (maximum level), loops iterate to a
  // fixed point, and an assignment under divergent control flow gives the
  // variable (at least) the level of that control flow.

  /// How much a value varies: across the work-items of a work-group
  /// (`Divergent`), only between work-groups (`GroupVarying`, e.g.
  /// group_id), or not at all (`Uniform`). Barriers need work-group
  /// uniform control flow, a parallel for needs grid-uniform control flow.
  enum Level : uint8_t { Uniform = 0, GroupVarying = 1, Divergent = 2 };

  struct State {
    llvm::DenseMap<const VarDecl *, uint8_t> vars;
    /// Level of the conditions under which some earlier `return` ran.
    uint8_t afterReturn = Uniform;

    uint8_t get(const VarDecl *v) const {
      auto it = vars.find(v);
      return it == vars.end() ? (uint8_t)Uniform : it->second;
    }
    void join(const State &o) {
      for (auto [v, l] : o.vars) {
        uint8_t &mine = vars[v];
        mine = std::max(mine, l);
      }
      afterReturn = std::max(afterReturn, o.afterReturn);
    }
    bool operator==(const State &o) const {
      if (afterReturn != o.afterReturn)
        return false;
      // Missing entries are Uniform.
      for (auto [v, l] : vars)
        if (o.get(v) != l)
          return false;
      for (auto [v, l] : o.vars)
        if (get(v) != l)
          return false;
      return true;
    }
  };

  struct LoopContext {
    uint8_t level;               ///< Divergence of the loop's control.
    uint8_t exitLevel = Uniform; ///< Of break/continue conditions.
    State breaks, continues;
    bool hasBreak = false, hasContinue = false;
  };

  enum class FindingKind { Barrier, Call, ParallelFor };
  struct Finding {
    FindingKind kind;
    llvm::SMLoc loc;
    llvm::StringRef callee;
    uint8_t div = Uniform, afterReturn = Uniform;
    /// The outermost divergent branch around it, and the first return
    /// under a divergent condition before it (for the notes).
    llvm::SMLoc branch, divergentReturn;
  };

  /// Only private storage is tracked (scalars, mma fragments and private
  /// arrays); shared memory is not tainted by stores.
  static bool isTrackable(const VarDecl *v) {
    if (!v || v->isGlobalConst())
      return false;
    const Type &t = v->getType();
    return t.isScalar() || t.isMMA() ||
           (t.isArray() && t.getAddressSpace() == AddressSpace::Private);
  }

  void setLevel(const VarDecl *v, uint8_t l) {
    if (!isTrackable(v))
      return;
    if (l == Uniform)
      st.vars.erase(v);
    else
      st.vars[v] = l;
  }

  void record(const void *node, FindingKind kind, llvm::SMLoc loc,
              llvm::StringRef callee, uint8_t div) {
    auto [it, inserted] = findings.insert(
        {node, Finding{kind, loc, callee, div, st.afterReturn,
                       div >= Divergent ? branchLoc : llvm::SMLoc(),
                       divergentReturnLoc}});
    if (!inserted) {
      if (div >= Divergent && !it->second.branch.isValid())
        it->second.branch = branchLoc;
      it->second.div = std::max(it->second.div, div);
      it->second.afterReturn = std::max(it->second.afterReturn, st.afterReturn);
    }
  }

  void report(const Finding &f) {
    switch (f.kind) {
    case FindingKind::Barrier:
      if (f.div >= Divergent) {
        diags.error(f.loc, "barrier in divergent control flow: the enclosing "
                           "condition depends on the work-item id");
        noteBranch(f);
      } else if (f.afterReturn >= Divergent) {
        diags.error(f.loc, "barrier after a return under a divergent "
                           "condition: some work-items may have already "
                           "returned");
        noteReturn(f);
      }
      return;
    case FindingKind::Call:
      if (f.div >= Divergent) {
        diags.error(f.loc, "call to '" + f.callee +
                               "', which executes a barrier, in divergent "
                               "control flow");
        noteBranch(f);
      } else if (f.afterReturn >= Divergent) {
        diags.error(f.loc, "call to '" + f.callee +
                               "', which executes a barrier, after a return "
                               "under a divergent condition");
        noteReturn(f);
      }
      return;
    case FindingKind::ParallelFor:
      if (f.div >= GroupVarying)
        diags.error(f.loc,
                    "parallel for in divergent control flow: a parallel for "
                    "must be reached by every work-item of the grid (its "
                    "iterations are distributed over all of them), but the "
                    "enclosing condition depends on the work-item or "
                    "work-group id");
      else if (f.afterReturn >= GroupVarying)
        diags.error(f.loc, "parallel for after a return under a divergent "
                           "condition: a parallel for must be reached by every "
                           "work-item of the grid, but some may have already "
                           "returned");
      return;
    }
  }

  void noteBranch(const Finding &f) {
    if (f.branch.isValid())
      diags.note(f.branch, "this branch depends on the work-item id");
  }
  void noteReturn(const Finding &f) {
    if (f.divergentReturn.isValid())
      diags.note(f.divergentReturn,
                 "this return runs under a condition that depends on the "
                 "work-item id");
  }

  /// Makes `loc` the divergent branch around what follows if there is none
  /// yet; the destructor restores the outer state.
  struct BranchScope {
    BranchScope(DivergenceChecker &c, bool divergent, llvm::SMLoc loc)
        : c(c), saved(c.branchLoc) {
      if (divergent && !c.branchLoc.isValid())
        c.branchLoc = loc;
    }
    ~BranchScope() { c.branchLoc = saved; }
    DivergenceChecker &c;
    llvm::SMLoc saved;
  };

  /// Evaluates the indices of a subscript lvalue (for their effects) and
  /// returns their level.
  uint8_t evalIndices(Expr *lv, uint8_t div) {
    uint8_t l = Uniform;
    lv = ignoreImplicitCasts(lv);
    while (auto *sub = dyn_cast<SubscriptExpr>(lv)) {
      l = std::max(l, eval(sub->getIndex(), div));
      lv = ignoreImplicitCasts(sub->getBase());
    }
    return l;
  }

  /// Evaluates `e` under control flow of level `div`: applies its
  /// assignments to the state, records barriers, and returns the level of
  /// its value. Left-nested operator chains are walked iteratively.
  uint8_t eval(Expr *e, uint8_t div) {
    if (!e)
      return Uniform;
    switch (e->getKind()) {
    case Expr::Kind::IntegerLiteral:
    case Expr::Kind::FloatLiteral:
    case Expr::Kind::BoolLiteral:
      return Uniform;
    case Expr::Kind::DeclRef:
      return st.get(cast<DeclRefExpr>(e)->getDecl());
    case Expr::Kind::ImplicitCast:
    case Expr::Kind::ExplicitCast:
      return eval(cast<CastExpr>(e)->getSubExpr(), div);
    case Expr::Kind::Binary: {
      llvm::SmallVector<Expr *, 8> spine;
      Expr *n = e;
      while (isa<BinaryExpr>(n) || isa<CastExpr>(n)) {
        spine.push_back(n);
        n = isa<BinaryExpr>(n) ? cast<BinaryExpr>(n)->getLHS()
                               : cast<CastExpr>(n)->getSubExpr();
      }
      uint8_t l = eval(n, div);
      for (Expr *node : llvm::reverse(spine)) {
        auto *b = dyn_cast<BinaryExpr>(node);
        if (!b)
          continue;
        switch (b->getOp()) {
        case BinaryOpKind::LAnd:
        case BinaryOpKind::LOr: {
          // The RHS runs only for some values of the LHS.
          State before = st;
          BranchScope scope(*this, std::max(div, l) >= Divergent, b->getLoc());
          uint8_t r = eval(b->getRHS(), std::max(div, l));
          st.join(before);
          l = std::max(l, r);
          break;
        }
        case BinaryOpKind::Comma:
          l = eval(b->getRHS(), div);
          break;
        default:
          l = std::max(l, eval(b->getRHS(), div));
          break;
        }
      }
      return l;
    }
    case Expr::Kind::Unary: {
      auto *u = cast<UnaryExpr>(e);
      if (!u->isIncDec())
        return eval(u->getOperand(), div);
      VarDecl *v = u->getOperand()->getRootVarDecl();
      uint8_t idx = evalIndices(u->getOperand(), div);
      if (!isTrackable(v))
        return std::max(idx, eval(u->getOperand(), div));
      setLevel(v, std::max({st.get(v), div, idx}));
      return st.get(v);
    }
    case Expr::Kind::Assign: {
      auto *a = cast<AssignExpr>(e);
      uint8_t r = eval(a->getRHS(), div);
      Expr *lhs = ignoreImplicitCasts(a->getLHS());
      VarDecl *v = lhs->getRootVarDecl();
      if (isa<DeclRefExpr>(lhs)) {
        if (!isTrackable(v))
          return r;
        // A plain assignment of a scalar gives it a new value.
        uint8_t l = std::max(r, div);
        if (a->getOp() != BinaryOpKind::Assign)
          l = std::max(l, st.get(v));
        setLevel(v, l);
        return l;
      }
      uint8_t idx = evalIndices(lhs, div);
      if (!isTrackable(v))
        return r; // Stores to shared memory do not taint it.
      // An element store keeps the other elements: a weak update.
      setLevel(v, std::max({st.get(v), r, div, idx}));
      return st.get(v);
    }
    case Expr::Kind::Conditional: {
      auto *c = cast<ConditionalExpr>(e);
      uint8_t l = eval(c->getCond(), div);
      uint8_t d = std::max(div, l);
      BranchScope scope(*this, d >= Divergent, c->getLoc());
      State before = st;
      uint8_t t = eval(c->getTrueExpr(), d);
      State afterTrue = std::move(st);
      st = std::move(before);
      uint8_t f = eval(c->getFalseExpr(), d);
      st.join(afterTrue);
      return std::max({l, t, f});
    }
    case Expr::Kind::Subscript: {
      auto *sub = cast<SubscriptExpr>(e);
      uint8_t l = eval(sub->getBase(), div);
      return std::max(l, eval(sub->getIndex(), div));
    }
    case Expr::Kind::Call: {
      auto *c = cast<CallExpr>(e);
      uint8_t l = Uniform;
      for (Expr *arg : c->getArgs())
        l = std::max(l, eval(arg, div));
      if (containsBarrier(c->getCallee()))
        record(e, FindingKind::Call, e->getLoc(), c->getCalleeName(), div);
      if (usesDivergentSource(c->getCallee()))
        l = Divergent;
      else if (usesGroupSource(c->getCallee()))
        l = std::max<uint8_t>(l, GroupVarying);
      return l;
    }
    case Expr::Kind::BuiltinCall: {
      auto *b = cast<BuiltinCallExpr>(e);
      uint8_t l = Uniform;
      for (Expr *arg : b->getArgs())
        l = std::max(l, eval(arg, div));
      BuiltinKind k = b->getBuiltinKind();
      if (isBarrier(k))
        record(e, FindingKind::Barrier, e->getLoc(), "", div);
      if (isDivergentSource(k))
        return Divergent;
      if (isGroupSource(k))
        return std::max<uint8_t>(l, GroupVarying);
      return l;
    }
    case Expr::Kind::InitList: {
      uint8_t l = Uniform;
      for (Expr *init : cast<InitListExpr>(e)->getInits())
        l = std::max(l, eval(init, div));
      return l;
    }
    }
    uint8_t l = Uniform;
    forEachChild(e, [&](Expr *c) { l = std::max(l, eval(c, div)); });
    return l;
  }

  void exec(Stmt *s, uint8_t div) {
    if (!s)
      return;
    switch (s->getKind()) {
    case Stmt::Kind::Compound:
      for (Stmt *c : cast<CompoundStmt>(s)->getBody())
        exec(c, div);
      return;
    case Stmt::Kind::Decl:
      for (VarDecl *v : cast<DeclStmt>(s)->getDecls()) {
        // A declaration creates a new value (also on each loop iteration).
        uint8_t l = v->getInit() ? std::max(eval(v->getInit(), div), div)
                                 : (uint8_t)Uniform;
        setLevel(v, l);
      }
      return;
    case Stmt::Kind::Expr:
      eval(cast<ExprStmt>(s)->getExpr(), div);
      return;
    case Stmt::Kind::If: {
      // An else-if chain is walked iteratively: each arm is control
      // dependent on all the conditions before it.
      State joined;
      bool first = true;
      uint8_t d = div;
      Stmt *cur = s;
      llvm::SMLoc outerBranch = branchLoc;
      while (cur) {
        auto *i = cast<IfStmt>(cur);
        d = std::max(d, eval(i->getCond(), d));
        if (d >= Divergent && !branchLoc.isValid())
          branchLoc = i->getLoc();
        State before = st;
        exec(i->getThen(), d);
        if (first)
          joined = std::move(st);
        else
          joined.join(st);
        first = false;
        st = std::move(before);
        Stmt *e = i->getElse();
        cur = nullptr;
        if (auto *elseIf = llvm::dyn_cast_or_null<IfStmt>(e))
          cur = elseIf;
        else
          exec(e, d); // The final else (or nothing) runs on `st`.
      }
      st.join(joined);
      branchLoc = outerBranch;
      return;
    }
    case Stmt::Kind::For: {
      auto *f = cast<ForStmt>(s);
      exec(f->getInit(), div);
      execLoop(s, f->getCond(), f->getBody(), f->getInc(), div, true);
      return;
    }
    case Stmt::Kind::While: {
      auto *w = cast<WhileStmt>(s);
      execLoop(s, w->getCond(), w->getBody(), nullptr, div, true);
      return;
    }
    case Stmt::Kind::Do: {
      auto *d = cast<DoStmt>(s);
      execLoop(s, d->getCond(), d->getBody(), nullptr, div, false);
      return;
    }
    case Stmt::Kind::ParallelFor: {
      auto *pf = cast<ParallelForStmt>(s);
      record(s, FindingKind::ParallelFor, s->getLoc(), "", div);
      for (const auto &d : pf->getDims()) {
        eval(d.lower, div);
        eval(d.upper, div);
      }
      State before = st;
      // Iterations are spread over the work-items: the loop variables
      // differ between them.
      for (const auto &d : pf->getDims())
        setLevel(d.var, Divergent);
      exec(pf->getBody(), div);
      // Only variables declared inside the body change.
      st = std::move(before);
      return;
    }
    case Stmt::Kind::Return:
      eval(cast<ReturnStmt>(s)->getValue(), div);
      st.afterReturn = std::max(st.afterReturn, div);
      if (div >= Divergent && !divergentReturnLoc.isValid())
        divergentReturnLoc = s->getLoc();
      return;
    case Stmt::Kind::Break:
    case Stmt::Kind::Continue: {
      if (loops.empty())
        return;
      LoopContext &ctx = *loops.back();
      if (div > ctx.level)
        ctx.exitLevel = std::max(ctx.exitLevel, div);
      bool isBreak = s->getKind() == Stmt::Kind::Break;
      State &into = isBreak ? ctx.breaks : ctx.continues;
      bool &has = isBreak ? ctx.hasBreak : ctx.hasContinue;
      if (has)
        into.join(st);
      else
        into = st;
      has = true;
      return;
    }
    default:
      forEachStmtPart(
          s, [&](Expr *e) { eval(e, div); }, [&](Stmt *c) { exec(c, div); });
      return;
    }
  }

  /// Runs a loop to a fixed point of its head state and of its divergence
  /// (a divergent condition, or a break/continue under a divergent
  /// condition, makes its whole body divergent).
  void execLoop(Stmt *key, Expr *cond, Stmt *body, Expr *inc, uint8_t div,
                bool condFirst) {
    // The same loop entered again with the same state (in an enclosing
    // loop's next iteration) has the same effect: this bounds the work of
    // nested loops.
    auto &cache = loopCache[key];
    for (const LoopCacheEntry &ce : cache)
      if (ce.div == div && ce.entry == st) {
        st = ce.exit;
        return;
      }
    State entry = st;
    State head = st;
    uint8_t level = div;
    while (true) {
      st = head;
      LoopContext ctx;
      loops.push_back(&ctx);
      uint8_t c = Uniform;
      State exitState;
      if (condFirst) {
        c = eval(cond, level);
        exitState = st;
      }
      ctx.level = std::max(level, c);
      BranchScope scope(*this, ctx.level >= Divergent, key->getLoc());
      exec(body, ctx.level);
      if (ctx.hasContinue)
        st.join(ctx.continues);
      eval(inc, ctx.level);
      if (!condFirst) {
        c = eval(cond, ctx.level);
        exitState = st;
      }
      loops.pop_back();
      if (ctx.hasBreak)
        exitState.join(ctx.breaks);
      uint8_t newLevel = std::max({level, c, ctx.exitLevel});
      State newHead = head;
      newHead.join(st);
      if (newLevel == level && newHead == head) {
        st = std::move(exitState);
        break;
      }
      head = std::move(newHead);
      level = newLevel;
    }
    loopCache[key].push_back(LoopCacheEntry{div, std::move(entry), st});
  }

  struct LoopCacheEntry {
    uint8_t div;
    State entry, exit;
  };

  DiagnosticEngine &diags;
  State st;
  /// The outermost divergent branch around the code being analysed.
  llvm::SMLoc branchLoc;
  /// The first return under a divergent condition in this function.
  llvm::SMLoc divergentReturnLoc;
  llvm::SmallVector<LoopContext *, 8> loops;
  llvm::DenseMap<const Stmt *, llvm::SmallVector<LoopCacheEntry, 1>> loopCache;
  llvm::MapVector<const void *, Finding> findings;
  llvm::DenseMap<FunctionDecl *, Memo> barrierMemo, sourceMemo, groupMemo;
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
