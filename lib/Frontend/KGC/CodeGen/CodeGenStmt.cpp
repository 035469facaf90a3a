//===- CodeGenStmt.cpp - kgc to MLIR: statements --------------------------===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//

#include "CodeGenInternals.h"

using namespace kgc_codegen;

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

void Emitter::emitStmts(llvm::ArrayRef<Stmt *> stmts) {
  for (size_t i = 0; i < stmts.size() && !hadError; ++i) {
    emitStmt(stmts[i]);
    if (i + 1 == stmts.size())
      return;
    SmallVector<const VarDecl *> flags = exitFlags(stmts[i]);
    if (flags.empty())
      continue;
    // The rest runs only if the statement did not break, continue or return.
    llvm::ArrayRef<Stmt *> rest = stmts.drop_front(i + 1);
    Location l = loc(rest.front()->getLoc());
    SmallVector<const Stmt *> restStmts(rest.begin(), rest.end());
    SmallVector<const VarDecl *> carried = assignedIn(restStmts, {});
    emitIf(
        l, noneSet(l, flags), carried, {},
        [&]() -> SmallVector<Value> {
          emitStmts(rest);
          return {};
        },
        nullptr);
    return;
  }
}

void Emitter::emitStmt(const Stmt *s) {
  if (hadError || !s)
    return;
  Location l = loc(s->getLoc());
  switch (s->getKind()) {
  case Stmt::Kind::Compound:
    return emitStmts(llvm::cast<CompoundStmt>(s)->getBody());
  case Stmt::Kind::Decl:
    for (const VarDecl *v : llvm::cast<DeclStmt>(s)->getDecls())
      emitDecl(v);
    return;
  case Stmt::Kind::Expr:
    emitExpr(llvm::cast<ExprStmt>(s)->getExpr());
    return;
  case Stmt::Kind::If:
    return emitIfStmt(llvm::cast<IfStmt>(s));
  case Stmt::Kind::For: {
    auto *f = llvm::cast<ForStmt>(s);
    emitStmt(f->getInit());
    return emitLoop(s->getLoc(), f->getCond(), f->getBody(), f->getInc(),
                    /*condFirst=*/true);
  }
  case Stmt::Kind::While: {
    auto *w = llvm::cast<WhileStmt>(s);
    return emitLoop(s->getLoc(), w->getCond(), w->getBody(), nullptr, true);
  }
  case Stmt::Kind::Do: {
    auto *d = llvm::cast<DoStmt>(s);
    return emitLoop(s->getLoc(), d->getCond(), d->getBody(), nullptr, false);
  }
  case Stmt::Kind::ParallelFor:
    return emitParallelFor(llvm::cast<ParallelForStmt>(s));
  case Stmt::Kind::Break:
    if (parallelDepth && !isBound(breakFlag.get()))
      return error(s->getLoc(), "'break' cannot leave a parallel for");
    return set(breakFlag.get(), boolConst(l, true));
  case Stmt::Kind::Continue:
    return set(continueFlag.get(), boolConst(l, true));
  case Stmt::Kind::Return: {
    if (parallelDepth)
      return error(s->getLoc(),
                   "'return' inside a parallel for is not supported; use "
                   "'continue' to skip an iteration");
    auto *r = llvm::cast<ReturnStmt>(s);
    if (r->getValue() && returnValue) {
      Value v = emitExpr(r->getValue());
      if (!v)
        return;
      set(returnValue.get(), v);
    } else if (r->getValue()) {
      emitExpr(r->getValue());
    }
    return set(returnFlag.get(), boolConst(l, true));
  }
  case Stmt::Kind::Null:
    return;
  }
}

void Emitter::emitDecl(const VarDecl *v) {
  Location l = loc(v->getLoc());
  const kgc::Type &t = v->getType();
  if (t.isArray()) {
    auto type = cast<MemRefType>(convertType(t));
    Value memory;
    {
      // Arrays live for the whole function: allocate them at its entry.
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(entryBlock);
      if (t.getAddressSpace() == AddressSpace::Local) {
        if (!currentFn->isKernel())
          return error(v->getLoc(),
                       "local arrays can only be declared in a kernel");
        memory = kg::AllocLocalOp::create(b, l, type);
      } else {
        memory = memref::AllocaOp::create(b, l, type);
      }
    }
    set(v, memory);
    auto *list = llvm::dyn_cast_or_null<InitListExpr>(v->getInit());
    if (!list)
      return;
    // Row-major element initializers; the rest is zero.
    SmallVector<int64_t> dims(t.getDims().begin(), t.getDims().end());
    int64_t count = t.getNumElements();
    mlir::Type elem = type.getElementType();
    // A large private array is initialized from a constant global (one
    // memref.copy) holding its constant elements (and the zeros); only the
    // elements that are not constants get a store of their own. One store
    // per element costs the optimizers time that grows faster than the
    // array (docs/kgc.md, "Array initializers").
    SmallVector<bool> stored(count, true);
    if (t.getAddressSpace() == AddressSpace::Private &&
        count >= kMinGlobalInitializerElements && !elem.isInteger(1))
      emitInitializerGlobal(l, v, list, memory, stored);
    for (int64_t flat = 0; flat < count && !hadError; ++flat) {
      if (!stored[flat])
        continue;
      Value value = flat < (int64_t)list->getInits().size()
                        ? emitExpr(list->getInits()[flat])
                        : zeroOf(l, elem);
      if (!value)
        return;
      SmallVector<Value> indices(dims.size());
      int64_t rem = flat;
      for (int d = (int)dims.size() - 1; d >= 0; --d) {
        indices[d] = indexConst(l, rem % dims[d]);
        rem /= dims[d];
      }
      memref::StoreOp::create(b, l, value, memory, indices);
    }
    return;
  }
  mlir::Type type = convertType(t);
  if (!type)
    return error(v->getLoc(), "variable '" + v->getName() +
                                  "' has a type kgpu cannot represent");
  Value init = v->getInit() ? emitExpr(v->getInit()) : zeroOf(l, type);
  if (init)
    set(v, init);
}

/// Whether `e` is a constant whose folded value (evaluateConstantExpr) is
/// exactly what emitExpr computes: literals, file-scope constants, unary
/// plus/minus/complement and casts that round at most once.
static bool isExactConstant(const Expr *e) {
  while (true) {
    switch (e->getKind()) {
    case Expr::Kind::IntegerLiteral:
    case Expr::Kind::FloatLiteral:
    case Expr::Kind::BoolLiteral:
      return true;
    case Expr::Kind::DeclRef: {
      const VarDecl *d = llvm::cast<DeclRefExpr>(e)->getDecl();
      return d && d->isGlobalConst();
    }
    case Expr::Kind::ImplicitCast:
    case Expr::Kind::ExplicitCast: {
      auto *c = llvm::cast<CastExpr>(e);
      const kgc::Type &from = c->getSubExpr()->getType();
      const kgc::Type &to = e->getType();
      if (c->getCastKind() != CastKind::LValueToRValue) {
        if (!from.isScalar() || !to.isScalar())
          return false;
        // Float to integer is not folded like fptosi/fptoui out of range;
        // a 64-bit integer to a float would round twice (through double).
        if (from.isFloating() && !to.isFloating())
          return false;
        if (!from.isFloating() && to.isFloating() &&
            (from.getScalarKind() == ScalarKind::Long ||
             from.getScalarKind() == ScalarKind::ULong))
          return false;
      }
      e = c->getSubExpr();
      continue;
    }
    case Expr::Kind::Unary: {
      auto *u = llvm::cast<UnaryExpr>(e);
      if (u->getOp() != UnaryOpKind::Plus && u->getOp() != UnaryOpKind::Minus &&
          u->getOp() != UnaryOpKind::Not)
        return false;
      e = u->getOperand();
      continue;
    }
    default:
      return false;
    }
  }
}

void Emitter::emitInitializerGlobal(Location l, const VarDecl *v,
                                    const InitListExpr *list, Value memory,
                                    SmallVectorImpl<bool> &stored) {
  auto type = cast<MemRefType>(memory.getType());
  mlir::Type elem = type.getElementType();
  SmallVector<Attribute> values;
  values.reserve(stored.size());
  Attribute zero = b.getZeroAttr(elem);
  llvm::ArrayRef<Expr *> inits = list->getInits();
  for (size_t flat = 0; flat < stored.size(); ++flat) {
    std::optional<ConstantValue> cv;
    if (flat < inits.size() && isExactConstant(inits[flat]))
      cv = evaluateConstantExpr(inits[flat]);
    if (flat >= inits.size()) {
      values.push_back(zero);
    } else if (!cv) {
      values.push_back(zero); // Stored after the copy.
      continue;
    } else if (auto f = dyn_cast<FloatType>(elem)) {
      values.push_back(b.getFloatAttr(
          f, cv->isFloating() ? cv->floatValue : (double)cv->getSExtValue()));
    } else {
      values.push_back(b.getIntegerAttr(
          elem, APInt(elem.getIntOrFloatBitWidth(), cv->intValue,
                      /*isSigned=*/false, /*implicitTrunc=*/true)));
    }
    stored[flat] = false;
  }
  auto tensorType = RankedTensorType::get(type.getShape(), elem);
  auto init = DenseElementsAttr::get(tensorType, values);
  std::string name;
  do {
    name = ("__kgc_init_" + currentFn->getName() + "_" + v->getName() + "_" +
            llvm::Twine(initializerGlobals++))
               .str();
  } while (module.lookupSymbol(name));
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(currentFunc);
    // Aligned so that the copy moves words, not bytes (LLVM infers the
    // memcpy's alignment from both ends).
    memref::GlobalOp::create(b, l, name, b.getStringAttr("private"), type, init,
                             /*constant=*/true,
                             b.getI64IntegerAttr(kInitializerAlignment));
  }
  if (auto alloca = memory.getDefiningOp<memref::AllocaOp>())
    if (alloca.getAlignment().value_or(0) < kInitializerAlignment)
      alloca.setAlignment(kInitializerAlignment);
  Value global = memref::GetGlobalOp::create(b, l, type, name);
  memref::CopyOp::create(b, l, global, memory);
}

void Emitter::emitIfStmt(const IfStmt *s) {
  // A long else-if chain would become as many nested scf.if regions, which
  // MLIR walks recursively (printer, verifier, passes), and carrying the
  // variables of the whole rest of the chain at each level is quadratic.
  // From kMaxNestedElseIf arms on, emit the chain flat instead: a `taken`
  // flag says whether an earlier arm ran; each condition is evaluated only
  // if none did, and each arm is one scf.if on its own condition.
  constexpr unsigned kMaxNestedElseIf = 16;
  unsigned arms = 0;
  for (auto *i = s; i; i = llvm::dyn_cast_or_null<IfStmt>(i->getElse()))
    ++arms;
  if (arms > kMaxNestedElseIf) {
    Value taken;
    const Stmt *cur = s;
    while (auto *i = llvm::dyn_cast_or_null<IfStmt>(cur)) {
      Location il = loc(i->getLoc());
      Value c;
      if (!taken) {
        c = emitCondition(i->getCond());
      } else {
        Value notTaken =
            arith::XOrIOp::create(b, il, taken, boolConst(il, true));
        SmallVector<Value> r = emitIf(
            il, notTaken, assignedIn({}, {i->getCond()}), {b.getI1Type()},
            [&]() -> SmallVector<Value> {
              return {emitCondition(i->getCond())};
            },
            [&]() -> SmallVector<Value> { return {boolConst(il, false)}; });
        c = r.empty() ? Value() : r.front();
      }
      if (!c || hadError)
        return;
      emitIf(
          il, c, assignedIn({i->getThen()}, {}), {},
          [&]() -> SmallVector<Value> {
            emitStmt(i->getThen());
            return {};
          },
          nullptr);
      taken = taken ? arith::OrIOp::create(b, il, taken, c).getResult() : c;
      cur = i->getElse();
    }
    if (cur) {
      Location el = loc(cur->getLoc());
      Value notTaken = arith::XOrIOp::create(b, el, taken, boolConst(el, true));
      emitIf(
          el, notTaken, assignedIn({cur}, {}), {},
          [&]() -> SmallVector<Value> {
            emitStmt(cur);
            return {};
          },
          nullptr);
    }
    return;
  }
  Location l = loc(s->getLoc());
  Value cond = emitCondition(s->getCond());
  if (!cond)
    return;
  llvm::SmallVector<const Stmt *> bodies{s->getThen()};
  if (s->getElse())
    bodies.push_back(s->getElse());
  SmallVector<const VarDecl *> carried = assignedIn(bodies, {});
  emitIf(
      l, cond, carried, {},
      [&]() -> SmallVector<Value> {
        emitStmt(s->getThen());
        return {};
      },
      [&]() -> SmallVector<Value> {
        emitStmt(s->getElse());
        return {};
      });
}

void Emitter::emitLoop(llvm::SMLoc at, const Expr *cond, const Stmt *body,
                       const Expr *inc, bool condFirst) {
  Location l = loc(at);
  SmallVector<const Expr *> exprs;
  if (cond)
    exprs.push_back(cond);
  if (inc)
    exprs.push_back(inc);
  SmallVector<const VarDecl *> carried = assignedIn({body}, exprs);
  bool usesBreak = llvm::is_contained(carried, breakFlag.get());
  bool usesReturn = llvm::is_contained(carried, returnFlag.get());
  bool usesContinue = llvm::is_contained(carried, continueFlag.get());
  SmallVector<const VarDecl *> exits;
  if (usesBreak)
    exits.push_back(breakFlag.get());
  if (usesReturn)
    exits.push_back(returnFlag.get());

  SmallVector<Value> inits;
  SmallVector<mlir::Type> types;
  SmallVector<Location> locs;
  for (const VarDecl *v : carried) {
    inits.push_back(get(v));
    types.push_back(get(v).getType());
    locs.push_back(l);
  }
  auto whileOp = scf::WhileOp::create(b, l, types, inits);
  Block *before = b.createBlock(&whileOp.getBefore(), {}, types, locs);
  Block *after = b.createBlock(&whileOp.getAfter(), {}, types, locs);
  auto bind = [&](Block *block) {
    for (auto [v, arg] : llvm::zip(carried, block->getArguments()))
      set(v, arg);
  };
  auto current = [&]() {
    SmallVector<Value> vs;
    for (const VarDecl *v : carried)
      vs.push_back(get(v));
    return vs;
  };
  // The loop test: false once a break or return happened, without
  // evaluating the (possibly side-effecting) condition again.
  auto emitTest = [&]() -> Value {
    if (!cond && exits.empty())
      return boolConst(l, true);
    if (exits.empty())
      return emitCondition(cond);
    SmallVector<Value> r = emitIf(
        l, noneSet(l, exits), carried, {b.getI1Type()},
        [&]() -> SmallVector<Value> {
          return {cond ? emitCondition(cond) : boolConst(l, true)};
        },
        [&]() -> SmallVector<Value> { return {boolConst(l, false)}; });
    return r.empty() ? Value() : r.front();
  };
  auto resetContinue = [&]() {
    if (usesContinue)
      set(continueFlag.get(), boolConst(l, false));
  };

  b.setInsertionPointToStart(before);
  bind(before);
  if (condFirst) {
    Value test = emitTest();
    if (hadError || !test)
      return;
    scf::ConditionOp::create(b, l, test, current());
    b.setInsertionPointToStart(after);
    bind(after);
    resetContinue();
    emitStmt(body);
    if (hadError)
      return;
    if (inc) {
      if (exits.empty()) {
        emitExpr(inc);
      } else {
        SmallVector<const VarDecl *> incCarried = assignedIn({}, {inc});
        emitIf(
            l, noneSet(l, exits), incCarried, {},
            [&]() -> SmallVector<Value> {
              emitExpr(inc);
              return {};
            },
            nullptr);
      }
    }
    scf::YieldOp::create(b, l, current());
  } else {
    // do { body } while (cond): the body and the test form the "before"
    // region; the "after" region only forwards the values.
    resetContinue();
    emitStmt(body);
    if (hadError)
      return;
    resetContinue();
    Value test = emitTest();
    if (hadError || !test)
      return;
    scf::ConditionOp::create(b, l, test, current());
    b.setInsertionPointToStart(after);
    scf::YieldOp::create(b, l, after->getArguments());
  }
  b.setInsertionPointAfter(whileOp);
  for (auto [v, r] : llvm::zip(carried, whileOp.getResults()))
    set(v, r);
  // break and continue end with their loop.
  if (usesBreak)
    set(breakFlag.get(), boolConst(l, false));
  resetContinue();
}

void Emitter::emitParallelFor(const ParallelForStmt *s) {
  Location l = loc(s->getLoc());
  for (const ReduceClause &c : s->getReduceClauses())
    if (!llvm::isa<SubscriptExpr>(ignoreImplicitCasts(c.target)))
      return error(c.loc,
                   "a reduction into a private variable has no value after "
                   "the loop on a GPU; reduce into an element of a global "
                   "buffer instead, e.g. reduce(+: out[0])");
  // Iterations are independent: they may not assign variables declared
  // outside the loop (flags are rebound per iteration below).
  for (const VarDecl *v : assignedIn({s->getBody()}, {})) {
    if (v == breakFlag.get() || v == continueFlag.get())
      continue;
    if (v == returnFlag.get() || v == returnValue.get())
      return error(s->getLoc(), "'return' inside a parallel for is not "
                                "supported; use 'continue' to skip an "
                                "iteration");
    return error(v->getLoc(),
                 "parallel for iterations cannot assign '" + v->getName() +
                     "', which is declared outside the loop; use a reduce "
                     "clause or memory");
  }
  SmallVector<Value> lbs, ubs, steps;
  for (const ParallelForStmt::Dim &d : s->getDims()) {
    Value lo = emitExpr(d.lower), hi = emitExpr(d.upper);
    if (!lo || !hi)
      return;
    const kgc::Type &t = d.var->getType();
    lo = toIndex(l, lo, t);
    hi = toIndex(l, hi, t);
    if (d.upperInclusive)
      hi = arith::AddIOp::create(b, l, hi, indexConst(l, 1));
    lbs.push_back(lo);
    ubs.push_back(hi);
    steps.push_back(indexConst(l, d.step));
  }
  auto loop = kg::ParallelForOp::create(b, l, lbs, ubs, steps);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(loop.getBodyBlock()->getTerminator());
  llvm::DenseMap<const VarDecl *, Value> saved = values;
  for (auto [d, iv] : llvm::zip(s->getDims(), loop.getInductionVars()))
    set(d.var, fromIndex(l, iv, d.var->getType()));
  set(breakFlag.get(), boolConst(l, false));
  set(continueFlag.get(), boolConst(l, false));
  size_t numTargets = reduceTargets.size();
  for (const ReduceClause &c : s->getReduceClauses())
    reduceTargets.push_back(printExpr(c.target));
  auto popTargets =
      llvm::make_scope_exit([&] { reduceTargets.resize(numTargets); });
  ++parallelDepth;
  // A break directly in the body would leave the parallel loop.
  for (const VarDecl *f : exitFlags(s->getBody()))
    if (f == breakFlag.get()) {
      --parallelDepth;
      return error(s->getLoc(), "'break' cannot leave a parallel for");
    }
  emitStmt(s->getBody());
  --parallelDepth;
  values = std::move(saved);
}
