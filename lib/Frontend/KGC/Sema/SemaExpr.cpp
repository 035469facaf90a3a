//===- SemaExpr.cpp - kgc expressions -------------------------------------===//
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
// Expressions
//===----------------------------------------------------------------------===//

Expr *Sema::implicitCast(Expr *e, const Type &to) {
  if (e->getType() == to)
    return e;
  CastKind kind = getScalarCastKind(e->getType(), to);
  return tu.create<ImplicitCastExpr>(e->getLoc(), kind, e, to);
}

Expr *Sema::rvalue(Expr *e) {
  const Type &t = e->getType();
  if (t.isPointer() || t.isArray()) {
    std::string name;
    if (auto *ref = dyn_cast<DeclRefExpr>(ignoreImplicitCasts(e)))
      name = " '" + ref->getName().str() + "'";
    if (t.isPointer())
      error(e->getLoc(),
            "pointer" + name +
                " cannot be used as a value; pointer arithmetic "
                "and pointer copies are not supported, use " +
                (name.empty() ? "p" : name.substr(2, name.size() - 3)) + "[i]");
    else
      error(e->getLoc(),
            "array" + name + " cannot be used as a value; index it with [ ]");
    return nullptr;
  }
  if (t.isVoid()) {
    // Void values are only allowed where discarded (expression statements,
    // comma LHS); callers that need a value diagnose via the type.
    return e;
  }
  if (!e->isLValue())
    return e;
  return tu.create<ImplicitCastExpr>(e->getLoc(), CastKind::LValueToRValue, e,
                                     t);
}

Expr *Sema::convertForAssignment(Expr *rv, const Type &to, SMLoc loc,
                                 llvm::StringRef what) {
  const Type &from = rv->getType();
  if (from == to)
    return rv;
  if (from.isScalar() && to.isScalar())
    return implicitCast(rv, to);
  if (from.isVoid()) {
    error(loc, "expression of type 'void' cannot be used as a value");
    return nullptr;
  }
  error(loc, "incompatible types " + what + " " + typeStr(to) + " from " +
                 typeStr(from));
  return nullptr;
}

Expr *Sema::checkExpr(Expr *e, const Type *expected) {
  if (!e)
    return nullptr;
  // A left operand checked ahead of its parent (see below).
  if (auto it = preChecked.find(e); it != preChecked.end()) {
    Expr *r = it->second;
    preChecked.erase(it);
    return r;
  }
  // A left-nested operator chain `a + b + c + ...` is checked bottom-up in
  // a loop: each operator then finds its checked left operand in
  // `preChecked` instead of recursing down the whole chain.
  if (auto *b = dyn_cast<BinaryExpr>(e); b && isa<BinaryExpr>(b->getLHS())) {
    llvm::SmallVector<BinaryExpr *, 16> spine;
    for (auto *n = dyn_cast<BinaryExpr>(b->getLHS()); n && !preChecked.count(n);
         n = dyn_cast<BinaryExpr>(n->getLHS()))
      spine.push_back(n);
    if (spine.size() > 1) {
      for (BinaryExpr *n : llvm::reverse(spine))
        preChecked[n] = checkExpr(n);
    }
  }
  switch (e->getKind()) {
  case Expr::Kind::IntegerLiteral:
  case Expr::Kind::FloatLiteral:
  case Expr::Kind::BoolLiteral:
    return e;
  case Expr::Kind::DeclRef:
    return checkDeclRef(cast<DeclRefExpr>(e));
  case Expr::Kind::Unary: {
    Expr *r = checkUnary(cast<UnaryExpr>(e));
    if (r)
      folder.fold(r); // Warns about overflow in constant expressions.
    return r;
  }
  case Expr::Kind::Binary: {
    Expr *r = checkBinary(cast<BinaryExpr>(e));
    if (r)
      folder.fold(r);
    return r;
  }
  case Expr::Kind::Assign:
    return checkAssign(cast<AssignExpr>(e));
  case Expr::Kind::Conditional:
    return checkConditional(cast<ConditionalExpr>(e));
  case Expr::Kind::ExplicitCast:
    return checkExplicitCast(cast<ExplicitCastExpr>(e));
  case Expr::Kind::Subscript:
    return checkSubscript(cast<SubscriptExpr>(e));
  case Expr::Kind::Call:
    return checkCall(cast<CallExpr>(e), expected);
  case Expr::Kind::InitList:
    error(e->getLoc(), "initializer lists are only allowed to initialize "
                       "arrays");
    return nullptr;
  case Expr::Kind::ImplicitCast:
  case Expr::Kind::BuiltinCall:
    return e; // Already checked.
  }
  return nullptr;
}

bool Sema::isOuterVar(VarDecl *var) const {
  if (!parallel)
    return false;
  if (var->isParam())
    return true;
  return getDeclScopeDepth(var) < parallel->scopeBase;
}

Expr *Sema::checkDeclRef(DeclRefExpr *e) {
  VarDecl *var = lookupVar(e->getName());
  if (!var) {
    auto it = globals.find(e->getName());
    if (it != globals.end()) {
      if (auto *gv = dyn_cast<VarDecl>(it->second)) {
        var = gv;
      } else {
        error(e->getLoc(), "function pointers are not supported: '" +
                               e->getName() + "' cannot be used as a value");
        return nullptr;
      }
    }
  }
  if (!var) {
    if (lookupBuiltin(e->getName()))
      error(e->getLoc(), "function pointers are not supported: '" +
                             e->getName() + "' cannot be used as a value");
    else
      error(e->getLoc(), "use of undeclared identifier '" + e->getName() + "'");
    return nullptr;
  }
  if (invalidDecls.count(var))
    return nullptr;
  if (parallel && !allowReductionRefs && reductionVars.count(var)) {
    ReduceOpKind op = parallel->stmt->getReduceClauses()[reductionVars[var]].op;
    std::string form =
        (op == ReduceOpKind::Min || op == ReduceOpKind::Max)
            ? (e->getName() + " = " + getReduceOpSpelling(op) + "(" +
               e->getName() + ", expr)")
                  .str()
            : (e->getName() + " " + getReduceOpSpelling(op) + "= expr").str();
    error(e->getLoc(), "reduction variable '" + e->getName() +
                           "' may only be updated as '" + form +
                           "' inside the parallel for");
    return nullptr;
  }
  e->setDecl(var);
  e->setType(var->getType());
  e->setLValue(!var->isGlobalConst());
  return e;
}

bool Sema::checkModifiableLValue(Expr *lhs, SMLoc opLoc) {
  const Type &t = lhs->getType();
  if (!lhs->isLValue()) {
    if (auto *ref = dyn_cast<DeclRefExpr>(lhs))
      if (ref->getDecl() && ref->getDecl()->isGlobalConst()) {
        error(lhs->getLoc(),
              "cannot assign to constant '" + ref->getName() + "'");
        return false;
      }
    error(lhs->getLoc(), "expression is not assignable");
    return false;
  }
  VarDecl *root = lhs->getRootVarDecl();
  if (t.isPointer()) {
    error(lhs->getLoc(), "pointer parameters cannot be reassigned");
    return false;
  }
  if (t.isArray()) {
    error(lhs->getLoc(), "arrays are not assignable");
    return false;
  }
  if (auto *ref = dyn_cast<DeclRefExpr>(lhs)) {
    if (ref->getDecl()->isConst()) {
      error(lhs->getLoc(),
            "cannot assign to const variable '" + ref->getName() + "'");
      return false;
    }
    if (ref->getDecl()->isParallelLoopVar()) {
      error(lhs->getLoc(), "parallel loop variable '" + ref->getName() +
                               "' cannot be modified");
      return false;
    }
  } else if (auto *sub = dyn_cast<SubscriptExpr>(lhs)) {
    DeclRefExpr *rootRef = sub->getRootDeclRef();
    const Type &rt = rootRef->getType();
    if (rt.isConstElement()) {
      if (rt.isPointer())
        error(lhs->getLoc(), "cannot assign to read-only memory through " +
                                 typeStr(rt) + " '" + rootRef->getName() + "'");
      else
        error(lhs->getLoc(),
              "cannot assign to const array '" + rootRef->getName() + "'");
      return false;
    }
  }
  if (parallel && root && isOuterVar(root)) {
    const Type &rt = root->getType();
    bool privateStorage =
        rt.isScalar() || rt.isMMA() ||
        (rt.isArray() && rt.getAddressSpace() == AddressSpace::Private);
    if (privateStorage) {
      error(lhs->getLoc(), "cannot modify '" + root->getName() +
                               "' inside a parallel for: it is declared "
                               "outside the loop (use a reduce clause)");
      return false;
    }
  }
  (void)opLoc;
  return true;
}

Expr *Sema::checkUnary(UnaryExpr *e) {
  UnaryOpKind op = e->getOp();
  if (op == UnaryOpKind::AddrOf) {
    error(e->getLoc(), "the address-of operator '&' is only allowed on the "
                       "target of an atomic builtin (e.g. atomic_add(&p[i], "
                       "v)); index pointers with p[i]");
    return nullptr;
  }
  if (op == UnaryOpKind::Deref) {
    error(e->getLoc(), "pointer dereference is not supported; use p[i]");
    return nullptr;
  }
  if (e->isIncDec()) {
    Expr *sub = checkExpr(e->getOperand());
    if (!sub)
      return nullptr;
    if (!sub->getType().isScalar() && sub->isLValue() &&
        !sub->getType().isPointer() && !sub->getType().isArray()) {
      error(e->getLoc(), "cannot increment or decrement a value of type " +
                             typeStr(sub->getType()));
      return nullptr;
    }
    if (sub->getType().isPointer()) {
      error(e->getLoc(), "pointer arithmetic is not supported; use p[i]");
      return nullptr;
    }
    if (!checkModifiableLValue(sub, e->getLoc()))
      return nullptr;
    if (sub->getType().isBool()) {
      error(e->getLoc(), "cannot increment or decrement a 'bool'");
      return nullptr;
    }
    e->setOperand(sub);
    e->setType(sub->getType());
    return e;
  }
  Expr *sub = checkRValue(e->getOperand());
  if (!sub)
    return nullptr;
  const Type &t = sub->getType();
  if (op == UnaryOpKind::LNot) {
    if (!t.isScalar()) {
      error(e->getLoc(),
            "invalid argument type " + typeStr(t) + " to unary expression '!'");
      return nullptr;
    }
    e->setOperand(implicitCast(sub, Type::getBool()));
    e->setType(Type::getBool());
    return e;
  }
  bool ok = op == UnaryOpKind::Not ? t.isIntegerOrBool() : t.isScalar();
  if (!ok) {
    error(e->getLoc(), "invalid argument type " + typeStr(t) +
                           " to unary expression '" + getUnaryOpSpelling(op) +
                           "'");
    return nullptr;
  }
  Type promoted = getPromotedType(t);
  e->setOperand(implicitCast(sub, promoted));
  e->setType(promoted);
  return e;
}

Expr *Sema::checkBinary(BinaryExpr *e) {
  BinaryOpKind op = e->getOp();
  if (op == BinaryOpKind::Comma) {
    Expr *lhs = checkExpr(e->getLHS());
    if (!lhs)
      return nullptr;
    if (lhs->isLValue() &&
        (lhs->getType().isScalar() || lhs->getType().isMMA()))
      lhs = rvalue(lhs);
    Expr *rhs = checkRValue(e->getRHS());
    if (!rhs)
      return nullptr;
    e->setLHS(lhs);
    e->setRHS(rhs);
    e->setType(rhs->getType());
    return e;
  }
  Expr *lhs = checkRValue(e->getLHS());
  Expr *rhs = lhs ? checkRValue(e->getRHS()) : nullptr;
  if (!lhs || !rhs)
    return nullptr;
  const Type &lt = lhs->getType(), &rt = rhs->getType();
  auto invalid = [&]() -> Expr * {
    error(e->getLoc(), "invalid operands to binary expression (" + typeStr(lt) +
                           " and " + typeStr(rt) + ")");
    return nullptr;
  };
  if (!lt.isScalar() || !rt.isScalar())
    return invalid();
  switch (op) {
  case BinaryOpKind::LAnd:
  case BinaryOpKind::LOr:
    e->setLHS(implicitCast(lhs, Type::getBool()));
    e->setRHS(implicitCast(rhs, Type::getBool()));
    e->setType(Type::getBool());
    return e;
  case BinaryOpKind::Shl:
  case BinaryOpKind::Shr: {
    if (!lt.isIntegerOrBool() || !rt.isIntegerOrBool())
      return invalid();
    Type t = getPromotedType(lt);
    e->setLHS(implicitCast(lhs, t));
    e->setRHS(implicitCast(rhs, t));
    e->setType(t);
    return e;
  }
  case BinaryOpKind::Rem:
  case BinaryOpKind::And:
  case BinaryOpKind::Or:
  case BinaryOpKind::Xor:
    if (!lt.isIntegerOrBool() || !rt.isIntegerOrBool()) {
      if (op == BinaryOpKind::Rem) {
        error(e->getLoc(), "invalid operands to '%' (" + typeStr(lt) + " and " +
                               typeStr(rt) +
                               "): floating-point remainder is not supported");
        return nullptr;
      }
      return invalid();
    }
    break;
  default:
    break;
  }
  Type common = getUsualArithmeticType(lt, rt);
  e->setLHS(implicitCast(lhs, common));
  e->setRHS(implicitCast(rhs, common));
  e->setType(isComparisonOp(op) ? Type::getBool() : common);
  if ((op == BinaryOpKind::Div || op == BinaryOpKind::Rem) &&
      common.isInteger()) {
    auto v = evaluateConstantExpr(e->getRHS());
    if (v && v->intValue == 0)
      warning(e->getLoc(), "division by zero is undefined");
  }
  return e;
}

std::optional<int> Sema::matchReductionUpdate(AssignExpr *e,
                                              Expr *&contribution) {
  // Called before checking; recognizes `t op= v` and `t = min/max(t, v)`.
  if (!parallel)
    return std::nullopt;
  llvm::ArrayRef<ReduceClause> clauses = parallel->stmt->getReduceClauses();
  Expr *lhs = e->getLHS();
  for (unsigned i = 0; i < clauses.size(); ++i) {
    const ReduceClause &c = clauses[i];
    bool sameTarget = false;
    if (auto *tref = dyn_cast<DeclRefExpr>(c.target)) {
      auto *ref = dyn_cast<DeclRefExpr>(lhs);
      sameTarget = ref && lookupVar(ref->getName()) == tref->getDecl();
    } else if (auto *tsub = dyn_cast<SubscriptExpr>(c.target)) {
      auto *sub = dyn_cast<SubscriptExpr>(lhs);
      auto *base = sub ? dyn_cast<DeclRefExpr>(sub->getBase()) : nullptr;
      DeclRefExpr *troot = tsub->getRootDeclRef();
      // Only literal or named-constant indices are compared here (the index
      // of a reduction target is an integer constant expression).
      Expr *rawIdx = sub ? sub->getIndex() : nullptr;
      bool simpleIndex =
          rawIdx && (isa<IntegerLiteral>(rawIdx) || isa<DeclRefExpr>(rawIdx));
      if (simpleIndex && base && troot &&
          lookupVar(base->getName()) == troot->getDecl()) {
        // Compare the constant indices.
        Expr *idx = checkRValue(sub->getIndex());
        if (!idx)
          return std::nullopt;
        sub->setIndex(idx);
        auto a = evaluateConstantExpr(idx);
        auto b = evaluateConstantExpr(tsub->getIndex());
        sameTarget = a && b && a->intValue == b->intValue;
      }
    }
    if (!sameTarget)
      continue;
    BinaryOpKind want;
    switch (c.op) {
    case ReduceOpKind::Add:
      want = BinaryOpKind::AddAssign;
      break;
    case ReduceOpKind::Mul:
      want = BinaryOpKind::MulAssign;
      break;
    case ReduceOpKind::And:
      want = BinaryOpKind::AndAssign;
      break;
    case ReduceOpKind::Or:
      want = BinaryOpKind::OrAssign;
      break;
    case ReduceOpKind::Xor:
      want = BinaryOpKind::XorAssign;
      break;
    default:
      want = BinaryOpKind::Assign;
      break;
    }
    if (e->getOp() != want)
      return std::nullopt;
    if (want != BinaryOpKind::Assign) {
      contribution = e->getRHS();
      return i;
    }
    auto *call = dyn_cast<CallExpr>(e->getRHS());
    llvm::StringRef fn = c.op == ReduceOpKind::Min ? "min" : "max";
    if (!call || call->getCalleeName() != fn || call->getArgs().size() != 2 ||
        lookupVar(fn))
      return std::nullopt;
    for (unsigned a = 0; a < 2; ++a) {
      Expr *arg = call->getArgs()[a];
      bool isTarget = false;
      if (auto *r = dyn_cast<DeclRefExpr>(arg))
        isTarget =
            isa<DeclRefExpr>(c.target) &&
            lookupVar(r->getName()) == cast<DeclRefExpr>(c.target)->getDecl();
      if (isTarget) {
        contribution = call->getArgs()[1 - a];
        return i;
      }
    }
    return std::nullopt;
  }
  return std::nullopt;
}

Expr *Sema::checkAssign(AssignExpr *e) {
  Expr *contribution = nullptr;
  std::optional<int> reduction = matchReductionUpdate(e, contribution);
  Expr *lhs;
  {
    if (reduction)
      ++allowReductionRefs;
    lhs = checkExpr(e->getLHS());
    if (reduction)
      --allowReductionRefs;
  }
  if (!lhs)
    return nullptr;
  if (reduction) {
    e->setLHS(lhs);
  } else if (!checkModifiableLValue(lhs, e->getLoc())) {
    return nullptr;
  }
  const Type &lt = lhs->getType();
  if (!lt.isScalar() && !lt.isMMA()) {
    error(lhs->getLoc(),
          "expression of type " + typeStr(lt) + " is not assignable");
    return nullptr;
  }
  // For `t = min(t, v)` allow the target reference inside the call.
  bool allowInRHS = reduction && !e->isCompound();
  if (allowInRHS)
    ++allowReductionRefs;
  Expr *rhs = checkRValue(e->getRHS(), &lt);
  if (allowInRHS)
    --allowReductionRefs;
  if (!rhs)
    return nullptr;
  e->setLHS(lhs);
  if (!e->isCompound()) {
    rhs = convertForAssignment(rhs, lt, rhs->getLoc(), "assigning to");
    if (!rhs)
      return nullptr;
    e->setRHS(rhs);
    e->setType(lt);
    e->setComputationType(lt);
  } else {
    const Type &rt = rhs->getType();
    BinaryOpKind op = e->getArithOp();
    if (!lt.isScalar() || !rt.isScalar()) {
      error(e->getLoc(), "invalid operands to compound assignment (" +
                             typeStr(lt) + " and " + typeStr(rt) + ")");
      return nullptr;
    }
    Type comp;
    if (op == BinaryOpKind::Shl || op == BinaryOpKind::Shr) {
      if (!lt.isIntegerOrBool() || !rt.isIntegerOrBool()) {
        error(e->getLoc(), "invalid operands to compound assignment (" +
                               typeStr(lt) + " and " + typeStr(rt) + ")");
        return nullptr;
      }
      comp = getPromotedType(lt);
    } else {
      if ((op == BinaryOpKind::Rem || op == BinaryOpKind::And ||
           op == BinaryOpKind::Or || op == BinaryOpKind::Xor) &&
          (!lt.isIntegerOrBool() || !rt.isIntegerOrBool())) {
        if (op == BinaryOpKind::Rem)
          error(e->getLoc(), "invalid operands to '%=' (" + typeStr(lt) +
                                 " and " + typeStr(rt) +
                                 "): floating-point remainder is not "
                                 "supported");
        else
          error(e->getLoc(), "invalid operands to compound assignment (" +
                                 typeStr(lt) + " and " + typeStr(rt) + ")");
        return nullptr;
      }
      comp = getUsualArithmeticType(lt, rt);
    }
    e->setRHS(implicitCast(rhs, comp));
    e->setComputationType(comp);
    e->setType(lt);
  }
  if (reduction) {
    Expr *contrib = e->getRHS();
    if (!e->isCompound()) {
      // t = min(t, v): the contribution is the checked non-target argument.
      if (auto *b = dyn_cast<BuiltinCallExpr>(ignoreImplicitCasts(e->getRHS())))
        for (Expr *a : b->getArgs()) {
          VarDecl *v = a->getRootVarDecl();
          auto *ref = dyn_cast<DeclRefExpr>(ignoreImplicitCasts(a));
          if (!(ref && v == lhs->getRootVarDecl())) {
            contrib = a;
            break;
          }
        }
    }
    e->setReduction(*reduction, contrib);
  }
  (void)contribution;
  return e;
}

Expr *Sema::checkConditional(ConditionalExpr *e) {
  Expr *cond = checkCondition(e->getCond());
  if (!cond)
    return nullptr;
  Expr *t = checkRValue(e->getTrueExpr());
  Expr *f = t ? checkRValue(e->getFalseExpr()) : nullptr;
  if (!t || !f)
    return nullptr;
  const Type &tt = t->getType(), &ft = f->getType();
  Type result;
  if (tt.isScalar() && ft.isScalar()) {
    result = getUsualArithmeticType(tt, ft);
    if (tt.isBool() && ft.isBool())
      result = Type::getBool();
  } else if (tt == ft && (tt.isVoid() || tt.isMMA())) {
    result = tt;
  } else {
    error(e->getLoc(), "incompatible operand types (" + typeStr(tt) + " and " +
                           typeStr(ft) + ") in conditional expression");
    return nullptr;
  }
  e->setCond(cond);
  e->setTrueExpr(result.isScalar() ? implicitCast(t, result) : t);
  e->setFalseExpr(result.isScalar() ? implicitCast(f, result) : f);
  e->setType(result);
  return e;
}

Expr *Sema::checkExplicitCast(ExplicitCastExpr *e) {
  Expr *sub = checkRValue(e->getSubExpr());
  if (!sub)
    return nullptr;
  const Type &to = e->getType();
  e->setSubExpr(sub);
  if (to.isVoid()) {
    e->setCastKind(CastKind::ToVoid);
    return e;
  }
  if (!sub->getType().isScalar()) {
    error(e->getLoc(),
          "cannot cast " + typeStr(sub->getType()) + " to " + typeStr(to));
    return nullptr;
  }
  e->setCastKind(getScalarCastKind(sub->getType(), to));
  return e;
}

Expr *Sema::checkSubscript(SubscriptExpr *e) {
  Expr *base = checkExpr(e->getBase());
  if (!base)
    return nullptr;
  const Type &bt = base->getType();
  if (!bt.isMemory() || !base->isLValue()) {
    error(e->getLoc(),
          "subscripted value is not an array or pointer (" + typeStr(bt) + ")");
    return nullptr;
  }
  Expr *index = checkRValue(e->getIndex());
  if (!index)
    return nullptr;
  if (!index->getType().isIntegerOrBool()) {
    error(index->getLoc(), "array subscript is not an integer (" +
                               typeStr(index->getType()) + ")");
    return nullptr;
  }
  index = implicitCast(index, getPromotedType(index->getType()));
  if (bt.isArray()) {
    if (auto v = evaluateConstantExpr(index)) {
      int64_t i = v->getSExtValue();
      if (index->getType().isUnsignedInteger() && v->getZExtValue() > INT64_MAX)
        i = -1;
      if (i < 0 || i >= bt.getDims()[0])
        warning(index->getLoc(), "array index " + llvm::Twine(i) +
                                     " is out of bounds (size " +
                                     llvm::Twine(bt.getDims()[0]) + ")");
    }
  }
  e->setBase(base);
  e->setIndex(index);
  e->setType(bt.isPointer() ? bt.getElementType() : bt.dropOuterDim());
  e->setLValue(true);
  return e;
}

Expr *Sema::checkCall(CallExpr *e, const Type *expected) {
  llvm::StringRef name = e->getCalleeName();
  if (VarDecl *v = lookupVar(name)) {
    error(e->getLoc(), "called object '" + name + "' of type " +
                           typeStr(v->getType()) + " is not a function");
    return nullptr;
  }
  auto it = globals.find(name);
  if (it == globals.end()) {
    if (auto kind = lookupBuiltin(name))
      return checkBuiltinCall(e, *kind, expected);
    if (name == "malloc" || name == "calloc" || name == "realloc" ||
        name == "free" || name == "alloca" || name == "aligned_alloc") {
      error(e->getLoc(),
            "dynamic memory allocation is not supported ('" + name + "')");
      return nullptr;
    }
    error(e->getLoc(), "unknown function '" + name + "'");
    return nullptr;
  }
  auto *fn = dyn_cast<FunctionDecl>(it->second);
  if (!fn) {
    error(e->getLoc(), "called object '" + name + "' of type " +
                           typeStr(cast<VarDecl>(it->second)->getType()) +
                           " is not a function");
    return nullptr;
  }
  if (fn->isKernel()) {
    error(e->getLoc(), "cannot call kernel function '" + name + "'");
    return nullptr;
  }
  FunctionDecl *canon = getCanonical(fn);
  llvm::ArrayRef<VarDecl *> params = canon->getParams();
  auto &args = e->getArgsMutable();
  if (args.size() != params.size()) {
    error(e->getLoc(), llvm::Twine("too ") +
                           (args.size() < params.size() ? "few" : "many") +
                           " arguments to function call to '" + name +
                           "', expected " + llvm::Twine(params.size()) +
                           ", have " + llvm::Twine(args.size()));
    return nullptr;
  }
  for (size_t i = 0; i < args.size(); ++i) {
    const Type &pt = params[i]->getType();
    if (pt.isPointer()) {
      Expr *a = checkExpr(args[i]);
      if (!a)
        return nullptr;
      const Type &at = a->getType();
      if (at.isArray()) {
        error(a->getLoc(), "arrays cannot be passed to functions; pass a "
                           "pointer parameter instead");
        return nullptr;
      }
      if (!at.isPointer()) {
        error(a->getLoc(), "cannot pass " + typeStr(at) +
                               " to parameter of type " + typeStr(pt));
        return nullptr;
      }
      if (at.getAddressSpace() != pt.getAddressSpace()) {
        error(a->getLoc(), "address space mismatch: cannot pass " +
                               typeStr(at) + " to parameter of type " +
                               typeStr(pt));
        return nullptr;
      }
      if (at.getElementKind() != pt.getElementKind()) {
        error(a->getLoc(), "incompatible pointer types: cannot pass " +
                               typeStr(at) + " to parameter of type " +
                               typeStr(pt));
        return nullptr;
      }
      if (at.isConstElement() && !pt.isConstElement()) {
        error(a->getLoc(), "passing " + typeStr(at) + " to parameter of type " +
                               typeStr(pt) + " discards the 'const' qualifier");
        return nullptr;
      }
      args[i] = a;
      continue;
    }
    Expr *a = checkRValue(args[i]);
    if (!a)
      return nullptr;
    a = convertForAssignment(a, pt, a->getLoc(),
                             "passing to parameter of type");
    if (!a)
      return nullptr;
    args[i] = a;
  }
  e->setCallee(canon->getDefinition() ? canon->getDefinition() : canon);
  calls.push_back(e);
  e->setType(canon->getReturnType());
  if (curFn) {
    callEdges.push_back({getCanonical(curFn), canon, e->getLoc()});
    firstUse.try_emplace(canon, e->getLoc());
  }
  return e;
}
