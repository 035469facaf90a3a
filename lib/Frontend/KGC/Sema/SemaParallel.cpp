//===- SemaParallel.cpp - kgc parallel for --------------------------------===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//

#include "SemaInternals.h"

using namespace kgpu::kgc;
using llvm::cast;
using llvm::dyn_cast;
using llvm::dyn_cast_or_null;
using llvm::isa;
using llvm::SMLoc;

//===----------------------------------------------------------------------===//
// Parallel for
//===----------------------------------------------------------------------===//

/// Returns true if `e` (checked) references one of `vars`.
static bool referencesAny(const Expr *e, llvm::ArrayRef<VarDecl *> vars,
                          VarDecl *&found) {
  return !walkExpr(e, [&](const Expr *n) {
    if (auto *ref = dyn_cast<DeclRefExpr>(n))
      for (VarDecl *v : vars)
        if (v == ref->getDecl()) {
          found = v;
          return false;
        }
    return true;
  });
}

bool Sema::checkParallelHeader(ParallelForStmt *level,
                               ParallelForStmt::Dim &dim,
                               llvm::ArrayRef<VarDecl *> outerVars) {
  SMLoc loc = level->getLoc();
  auto *declStmt = dyn_cast_or_null<DeclStmt>(level->getParsedInit());
  if (!declStmt || declStmt->getDecls().size() != 1 ||
      !declStmt->getDecls()[0]->getInit() ||
      !declStmt->getDecls()[0]->getType().isInteger() ||
      !declStmt->getDecls()[0]->getParsedDims().empty()) {
    error(loc, "parallel for must declare one integer loop variable with an "
               "initializer (canonical form: 'parallel for (int i = lb; i < "
               "ub; i++)')");
    return false;
  }
  VarDecl *var = declStmt->getDecls()[0];
  if (var->isConst()) {
    error(var->getLoc(), "parallel loop variable cannot be 'const'");
    return false;
  }
  Expr *lower = checkRValue(var->getInit());
  if (!lower)
    return false;
  lower = convertForAssignment(lower, var->getType(), lower->getLoc(),
                               "initializing");
  if (!lower)
    return false;
  VarDecl *dep = nullptr;
  if (referencesAny(lower, outerVars, dep)) {
    error(lower->getLoc(), "bounds of a nested parallel for must not depend "
                           "on the enclosing loop variable '" +
                               dep->getName() + "'");
    return false;
  }
  var->setInit(lower);
  // Condition: `var < ub` or `var <= ub`.
  auto *cond = dyn_cast_or_null<BinaryExpr>(level->getParsedCond());
  auto *condVar = cond ? dyn_cast<DeclRefExpr>(cond->getLHS()) : nullptr;
  if (!cond ||
      (cond->getOp() != BinaryOpKind::LT &&
       cond->getOp() != BinaryOpKind::LE) ||
      !condVar || condVar->getName() != var->getName()) {
    error(level->getParsedCond() ? level->getParsedCond()->getLoc() : loc,
          "parallel for condition must be '" + var->getName() +
              " < bound' or '" + var->getName() + " <= bound'");
    return false;
  }
  Expr *upper = checkRValue(cond->getRHS());
  if (!upper)
    return false;
  if (!upper->getType().isIntegerOrBool()) {
    error(upper->getLoc(), "parallel for bound must have an integer type, "
                           "not " +
                               typeStr(upper->getType()));
    return false;
  }
  upper =
      convertForAssignment(upper, var->getType(), upper->getLoc(), "comparing");
  if (!upper)
    return false;
  if (referencesAny(upper, outerVars, dep)) {
    error(upper->getLoc(), "bounds of a nested parallel for must not depend "
                           "on the enclosing loop variable '" +
                               dep->getName() + "'");
    return false;
  }
  // Increment: i++, ++i or i += c.
  Expr *inc = level->getParsedInc();
  int64_t step = 0;
  if (auto *u = dyn_cast_or_null<UnaryExpr>(inc)) {
    auto *ref = dyn_cast<DeclRefExpr>(u->getOperand());
    if (ref && ref->getName() == var->getName() &&
        (u->getOp() == UnaryOpKind::PreInc ||
         u->getOp() == UnaryOpKind::PostInc))
      step = 1;
  } else if (auto *a = dyn_cast_or_null<AssignExpr>(inc)) {
    auto *ref = dyn_cast<DeclRefExpr>(a->getLHS());
    if (ref && ref->getName() == var->getName() &&
        a->getOp() == BinaryOpKind::AddAssign) {
      if (Expr *c = checkRValue(a->getRHS())) {
        auto v = evaluateConstantExpr(c);
        if (v && c->getType().isIntegerOrBool() &&
            (c->getType().isSignedInteger() ? v->getSExtValue() > 0
                                            : v->getZExtValue() > 0) &&
            v->getZExtValue() <= (uint64_t)INT32_MAX)
          step = (int64_t)v->getZExtValue();
      } else {
        return false;
      }
    }
  }
  if (step == 0) {
    error(inc ? inc->getLoc() : loc,
          "parallel for increment must be '" + var->getName() + "++', '++" +
              var->getName() + "' or '" + var->getName() +
              " += c' with a positive integer constant c");
    return false;
  }
  if (!declare(var))
    return false;
  var->setParallelLoopVar(true);
  dim.var = var;
  dim.lower = lower;
  dim.upper = upper;
  dim.upperInclusive = cond->getOp() == BinaryOpKind::LE;
  dim.step = step;
  return true;
}

static bool isArithmeticReduceOp(ReduceOpKind op) {
  return op == ReduceOpKind::Add || op == ReduceOpKind::Mul ||
         op == ReduceOpKind::Min || op == ReduceOpKind::Max;
}

bool Sema::checkReduceClause(ReduceClause &clause,
                             llvm::ArrayRef<ReduceClause> previous) {
  Expr *target = clause.target;
  Type elemType;
  if (auto *ref = dyn_cast<DeclRefExpr>(target)) {
    VarDecl *var = lookupVar(ref->getName());
    if (!var || !var->isLocal() || !var->getType().isScalar() ||
        var->isConst() || var->isParallelLoopVar()) {
      if (!var && !globals.count(ref->getName())) {
        error(ref->getLoc(),
              "use of undeclared identifier '" + ref->getName() + "'");
        return false;
      }
      error(ref->getLoc(), "reduction target '" + ref->getName() +
                               "' must be a non-const scalar local variable "
                               "declared before the loop, or an element "
                               "'p[c]' of a global pointer");
      return false;
    }
    // All work-items would need every contribution before the code after
    // the loop could read the variable: a grid-wide barrier no GPU has.
    error(ref->getLoc(),
          "reduction into the private variable '" + ref->getName() +
              "' is not supported: it would have no value after the loop "
              "on a GPU; reduce into an element of a global buffer, e.g. "
              "reduce(+: out[0])");
    return false;
  } else if (auto *sub = dyn_cast<SubscriptExpr>(target)) {
    auto *base = dyn_cast<DeclRefExpr>(sub->getBase());
    VarDecl *var = base ? lookupVar(base->getName()) : nullptr;
    if (!var || !var->isParam() || !var->getType().isPointer() ||
        var->getType().getAddressSpace() != AddressSpace::Global ||
        var->getType().isConstElement()) {
      error(target->getLoc(), "reduction target must be a non-const scalar "
                              "local variable declared before the loop, or "
                              "an element 'p[c]' of a non-const global "
                              "pointer parameter");
      return false;
    }
    Expr *checked = checkExpr(target);
    if (!checked)
      return false;
    auto *cs = cast<SubscriptExpr>(checked);
    if (!evaluateConstantExpr(cs->getIndex())) {
      error(cs->getIndex()->getLoc(), "the index of a reduction target "
                                      "element must be an integer constant "
                                      "expression");
      return false;
    }
    clause.target = checked;
    elemType = checked->getType();
  } else {
    error(target->getLoc(), "reduction target must be a non-const scalar "
                            "local variable declared before the loop, or an "
                            "element 'p[c]' of a global pointer");
    return false;
  }
  if (elemType.isBool() ||
      (!isArithmeticReduceOp(clause.op) && !elemType.isInteger())) {
    error(clause.loc, "reduction operator '" + getReduceOpSpelling(clause.op) +
                          "' cannot be applied to a target of type " +
                          typeStr(elemType));
    return false;
  }
  return true;
}

Stmt *Sema::checkParallelFor(ParallelForStmt *pf) {
  if (!curFn->isKernel()) {
    error(pf->getLoc(), "parallel for is only allowed in kernel functions");
    return pf;
  }
  if (parallel) {
    error(pf->getLoc(), "a nested parallel for must be the only statement of "
                        "the enclosing parallel for body");
    return pf;
  }
  if (loopDepth > 0) {
    error(pf->getLoc(),
          "parallel for cannot be nested inside a sequential loop");
    return pf;
  }
  // Collect directly nested levels.
  std::vector<ParallelForStmt *> levels{pf};
  Stmt *body = pf->getBody();
  while (true) {
    Stmt *inner = body;
    if (auto *c = dyn_cast<CompoundStmt>(body))
      if (c->getBody().size() == 1)
        inner = c->getBody()[0];
    auto *innerPF = dyn_cast<ParallelForStmt>(inner);
    if (!innerPF)
      break;
    if (levels.size() == 3) {
      error(innerPF->getLoc(), "parallel for nested deeper than 3");
      return pf;
    }
    levels.push_back(innerPF);
    body = innerPF->getBody();
  }

  pushScope();
  unsigned scopeBase = scopes.size();
  std::vector<ParallelForStmt::Dim> dims;
  std::vector<VarDecl *> loopVars;
  bool ok = true;
  for (ParallelForStmt *level : levels) {
    ParallelForStmt::Dim dim;
    if (!checkParallelHeader(level, dim, loopVars)) {
      ok = false;
      break;
    }
    loopVars.push_back(dim.var);
    dims.push_back(dim);
  }
  std::vector<ReduceClause> clauses;
  if (ok) {
    // Reduction targets are resolved outside the loop-variable scope.
    for (ParallelForStmt *level : levels)
      for (ReduceClause c : level->getReduceClauses()) {
        if (!checkReduceClause(c, clauses)) {
          ok = false;
          break;
        }
        clauses.push_back(c);
      }
  }
  if (!ok) {
    popScope();
    return pf;
  }
  pf->getDimsMutable() = std::move(dims);
  pf->getReduceClausesMutable() = std::move(clauses);
  pf->setBody(body);

  // Check the body.
  ParallelContext ctx;
  ctx.stmt = pf;
  ctx.scopeBase = scopeBase;
  parallel = ctx;
  reductionVars.clear();
  for (unsigned i = 0; i < pf->getReduceClauses().size(); ++i)
    if (auto *ref = dyn_cast<DeclRefExpr>(pf->getReduceClauses()[i].target))
      reductionVars[ref->getDecl()] = i;
  pushScope();
  if (Stmt *b = checkStmt(body))
    pf->setBody(b);
  popScope();
  parallel.reset();
  reductionVars.clear();
  popScope();
  return pf;
}
