//===- SemaStmt.cpp - kgc statements --------------------------------------===//
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
// Statements
//===----------------------------------------------------------------------===//

void Sema::checkCompound(CompoundStmt *c, bool newScope) {
  if (newScope)
    pushScope();
  for (Stmt *&s : c->getBodyMutable()) {
    if (diags.tooManyErrors())
      break;
    if (Stmt *r = checkStmt(s))
      s = r;
  }
  if (newScope)
    popScope();
}

Expr *Sema::checkCondition(Expr *e) {
  Expr *rv = checkRValue(e);
  if (!rv)
    return nullptr;
  if (!rv->getType().isScalar()) {
    error(rv->getLoc(),
          "condition must have a scalar type, not " + typeStr(rv->getType()));
    return nullptr;
  }
  return implicitCast(rv, Type::getBool());
}

bool Sema::checkArrayDims(VarDecl *var) {
  llvm::SmallVector<int64_t, 3> dims;
  for (Expr *d : var->getParsedDims()) {
    inArraySize = true;
    Expr *c = checkRValue(d);
    inArraySize = false;
    if (!c)
      return false;
    // An array size whose computation overflows (or wraps around an
    // unsigned type) is an error: the wrapped value is never the intent.
    bool failed = false;
    ConstantFolder local;
    local.onOverflow = [&](const Expr *node, bool, const ConstantValue &v) {
      if (failed)
        return;
      failed = true;
      error(node->getLoc(), "array size overflows: this operation does not "
                            "fit in type " +
                                typeStr(node->getType()) +
                                " (the result wraps to " + constantStr(v) +
                                ")");
    };
    local.onConstRef = [&](const DeclRefExpr *ref) {
      auto it = wrappedConsts.find(ref->getDecl());
      if (failed || it == wrappedConsts.end())
        return;
      failed = true;
      error(ref->getLoc(), "array size uses '" + ref->getName() +
                               "', whose initializer overflows (its value "
                               "wrapped to " +
                               constantStr(it->second.second) + ")");
      diags.note(it->second.first, "the overflowing operation is here");
    };
    auto value = local.fold(c);
    if (failed)
      return false;
    if (!c->getType().isIntegerOrBool() || !value) {
      error(d->getLoc(), "variable-length arrays are not supported; array "
                         "size must be an integer constant expression");
      return false;
    }
    int64_t n = value->getSExtValue();
    if (c->getType().isUnsignedInteger() && value->getZExtValue() > INT64_MAX)
      n = -1;
    if (n <= 0) {
      error(d->getLoc(),
            "array size must be positive (it is " + constantStr(*value) + ")");
      return false;
    }
    if (n > (1 << 24)) {
      error(d->getLoc(), "array is too large (" + constantStr(*value) +
                             " elements; at most 16777216)");
      return false;
    }
    dims.push_back(n);
  }
  int64_t total = 1;
  for (int64_t n : dims) {
    total *= n;
    if (total > (1 << 24)) {
      error(var->getLoc(), "array is too large (more than 16777216 "
                           "elements)");
      return false;
    }
  }
  const Type &old = var->getType();
  var->setType(Type::getArray(old.getElementKind(), dims, old.getAddressSpace(),
                              old.isConstElement()));
  return true;
}

Expr *Sema::checkInitList(VarDecl *var, InitListExpr *init) {
  const Type &t = var->getType();
  std::vector<Expr *> flat;
  bool ok = true;
  std::function<void(InitListExpr *)> flatten = [&](InitListExpr *l) {
    for (Expr *e : l->getInits()) {
      if (auto *sub = dyn_cast<InitListExpr>(e)) {
        flatten(sub);
        continue;
      }
      Expr *rv = checkRValue(e);
      if (!rv) {
        ok = false;
        continue;
      }
      rv = convertForAssignment(rv, t.getElementType(), rv->getLoc(),
                                "initializing");
      if (!rv) {
        ok = false;
        continue;
      }
      flat.push_back(rv);
    }
  };
  flatten(init);
  if (!ok)
    return nullptr;
  if ((int64_t)flat.size() > t.getNumElements()) {
    error(init->getLoc(), "too many initializers for array '" + var->getName() +
                              "' of " + llvm::Twine(t.getNumElements()) +
                              " elements");
    return nullptr;
  }
  init->getInitsMutable() = std::move(flat);
  init->setType(t);
  return init;
}

bool Sema::checkVarDecl(VarDecl *var) {
  if (lookupBuiltin(var->getName()) || globals.count(var->getName())) {
    // Shadowing functions and builtins is allowed, as in C, but calling the
    // name then fails; keep it simple and allow it.
  }
  const Type &t = var->getType();
  if (t.isArray()) {
    if (!checkArrayDims(var))
      return false;
    if (t.getAddressSpace() == AddressSpace::Local) {
      if (!curFn->isKernel()) {
        error(var->getLoc(),
              "local arrays can only be declared in kernel functions");
        return false;
      }
      if (scopes.size() != kernelBodyScope) {
        error(var->getLoc(), "local arrays must be declared at the outermost "
                             "scope of the kernel body");
        return false;
      }
    }
    if (Expr *init = var->getInit()) {
      auto *list = dyn_cast<InitListExpr>(init);
      if (!list) {
        error(init->getLoc(), "array '" + var->getName() +
                                  "' must be initialized with a "
                                  "brace-enclosed list");
        return false;
      }
      Expr *c = checkInitList(var, list);
      if (!c)
        return false;
      var->setInit(c);
    }
    return declare(var);
  }
  if (Expr *init = var->getInit()) {
    if (isa<InitListExpr>(init)) {
      error(init->getLoc(),
            "initializer list for non-array variable '" + var->getName() + "'");
      return false;
    }
    Expr *rv = checkRValue(init, &t);
    if (!rv)
      return false;
    rv = convertForAssignment(rv, t, rv->getLoc(), "initializing");
    if (!rv)
      return false;
    var->setInit(rv);
  } else if (var->isConst()) {
    error(var->getLoc(),
          "const variable '" + var->getName() + "' must be initialized");
    return false;
  }
  return declare(var);
}

Stmt *Sema::checkStmt(Stmt *s) {
  switch (s->getKind()) {
  case Stmt::Kind::Compound:
    checkCompound(cast<CompoundStmt>(s), /*newScope=*/true);
    return s;
  case Stmt::Kind::Decl:
    for (VarDecl *v : cast<DeclStmt>(s)->getDecls()) {
      if (checkVarDecl(v))
        continue;
      // Declare the invalid variable anyway so that its uses do not cause
      // cascading "undeclared identifier" errors.
      if (!scopes.back().count(v->getName())) {
        scopes.back()[v->getName()] = v;
        declDepth[v] = scopes.size();
        invalidDecls.insert(v);
      }
    }
    return s;
  case Stmt::Kind::Expr: {
    auto *es = cast<ExprStmt>(s);
    if (Expr *e = checkExpr(es->getExpr())) {
      // Discarded values: load scalars so that the tree is uniform.
      if (e->isLValue() && (e->getType().isScalar() || e->getType().isMMA()))
        e = rvalue(e);
      es->setExpr(e);
    }
    return s;
  }
  case Stmt::Kind::If: {
    // An else-if chain is checked in a loop, not recursively. (The scope of
    // an `else` holding only an `if` would declare nothing.)
    for (auto *i = cast<IfStmt>(s); i;) {
      if (Expr *c = checkCondition(i->getCond()))
        i->setCond(c);
      pushScope();
      if (Stmt *t = checkStmt(i->getThen()))
        i->setThen(t);
      popScope();
      IfStmt *cur = i;
      Stmt *elseS = cur->getElse();
      i = nullptr;
      if (auto *elseIf = dyn_cast_or_null<IfStmt>(elseS)) {
        i = elseIf;
      } else if (elseS) {
        pushScope();
        if (Stmt *e = checkStmt(elseS))
          cur->setElse(e);
        popScope();
      }
    }
    return s;
  }
  case Stmt::Kind::For: {
    auto *f = cast<ForStmt>(s);
    pushScope();
    if (f->getInit())
      checkStmt(f->getInit());
    if (f->getCond())
      if (Expr *c = checkCondition(f->getCond()))
        f->setCond(c);
    if (f->getInc())
      if (Expr *inc = checkExpr(f->getInc())) {
        if (inc->isLValue() &&
            (inc->getType().isScalar() || inc->getType().isMMA()))
          inc = rvalue(inc);
        f->setInc(inc);
      }
    ++loopDepth;
    if (parallel)
      ++parallel->innerLoopDepth;
    pushScope();
    if (Stmt *b = checkStmt(f->getBody()))
      f->setBody(b);
    popScope();
    --loopDepth;
    if (parallel)
      --parallel->innerLoopDepth;
    popScope();
    return s;
  }
  case Stmt::Kind::While:
  case Stmt::Kind::Do: {
    Expr *cond;
    Stmt *body;
    if (auto *w = dyn_cast<WhileStmt>(s)) {
      cond = w->getCond();
      body = w->getBody();
    } else {
      cond = cast<DoStmt>(s)->getCond();
      body = cast<DoStmt>(s)->getBody();
    }
    if (isa<WhileStmt>(s))
      if (Expr *c = checkCondition(cond))
        cast<WhileStmt>(s)->setCond(c);
    ++loopDepth;
    if (parallel)
      ++parallel->innerLoopDepth;
    pushScope();
    checkStmt(body);
    popScope();
    --loopDepth;
    if (parallel)
      --parallel->innerLoopDepth;
    if (auto *d = dyn_cast<DoStmt>(s))
      if (Expr *c = checkCondition(cond))
        d->setCond(c);
    return s;
  }
  case Stmt::Kind::Break:
  case Stmt::Kind::Continue: {
    bool isBreak = isa<BreakStmt>(s);
    llvm::StringRef kw = isBreak ? "break" : "continue";
    if (parallel && parallel->innerLoopDepth == 0) {
      if (isBreak)
        error(s->getLoc(), "'break' is not allowed in a parallel for body");
      return s;
    }
    if (loopDepth == 0)
      error(s->getLoc(), "'" + kw + "' statement not in a loop");
    return s;
  }
  case Stmt::Kind::Return: {
    auto *r = cast<ReturnStmt>(s);
    if (parallel) {
      error(s->getLoc(), "'return' is not allowed inside a parallel for");
      return s;
    }
    const Type &rt = curFn->getReturnType();
    if (!r->getValue()) {
      if (!rt.isVoid())
        error(s->getLoc(), "non-void function '" + curFn->getName() +
                               "' should return a value");
      return s;
    }
    Expr *v = checkRValue(r->getValue());
    if (!v)
      return s;
    if (rt.isVoid()) {
      if (!v->getType().isVoid())
        error(r->getValue()->getLoc(), "void function '" + curFn->getName() +
                                           "' should not return a value");
      return s;
    }
    if (Expr *c = convertForAssignment(v, rt, v->getLoc(), "returning"))
      r->setValue(c);
    return s;
  }
  case Stmt::Kind::Null:
    return s;
  case Stmt::Kind::ParallelFor:
    return checkParallelFor(cast<ParallelForStmt>(s));
  }
  return s;
}
