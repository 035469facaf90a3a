//===- CodeGenExpr.cpp - kgc to MLIR: expressions -------------------------===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//

#include "CodeGenInternals.h"

using namespace kgc_codegen;

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

Emitter::LValue Emitter::emitLValue(const Expr *e) {
  e = ignoreImplicitCasts(e);
  LValue lv;
  if (auto *ref = llvm::dyn_cast<DeclRefExpr>(e)) {
    const VarDecl *v = ref->getDecl();
    if (v->getType().isMemory())
      lv.memref = get(v);
    else
      lv.var = v;
    return lv;
  }
  if (auto *sub = llvm::dyn_cast<SubscriptExpr>(e)) {
    DeclRefExpr *root = sub->getRootDeclRef();
    if (!root || !isBound(root->getDecl())) {
      error(e->getLoc(), "unsupported subscript base");
      return lv;
    }
    lv.memref = get(root->getDecl());
    for (Expr *index : sub->getIndices()) {
      Value i = emitExpr(index);
      if (!i)
        return LValue();
      lv.indices.push_back(toIndex(loc(index->getLoc()), i, index->getType()));
    }
    return lv;
  }
  error(e->getLoc(), "expression is not assignable");
  return lv;
}

Value Emitter::emitCast(Location l, CastKind kind, Value v,
                        const kgc::Type &from, const kgc::Type &to) {
  mlir::Type target = convertType(to);
  switch (kind) {
  case CastKind::LValueToRValue:
  case CastKind::NoOp:
  case CastKind::ToVoid:
    return v;
  case CastKind::IntegralCast: {
    unsigned fw = from.getBitWidth(), tw = to.getBitWidth();
    if (fw == tw)
      return v;
    if (fw > tw)
      return arith::TruncIOp::create(b, l, target, v);
    if (from.isUnsignedInteger() || from.isBool())
      return arith::ExtUIOp::create(b, l, target, v);
    return arith::ExtSIOp::create(b, l, target, v);
  }
  case CastKind::IntegralToBoolean:
    return arith::CmpIOp::create(b, l, arith::CmpIPredicate::ne, v,
                                 zeroOf(l, v.getType()));
  case CastKind::FloatingToBoolean:
    return arith::CmpFOp::create(b, l, arith::CmpFPredicate::UNE, v,
                                 zeroOf(l, v.getType()));
  case CastKind::BooleanToIntegral:
    return arith::ExtUIOp::create(b, l, target, v);
  case CastKind::BooleanToFloating:
    return arith::UIToFPOp::create(b, l, target, v);
  case CastKind::IntegralToFloating:
    if (from.isUnsignedInteger() || from.isBool())
      return arith::UIToFPOp::create(b, l, target, v);
    return arith::SIToFPOp::create(b, l, target, v);
  case CastKind::FloatingToIntegral:
    if (to.isBool())
      return arith::CmpFOp::create(b, l, arith::CmpFPredicate::UNE, v,
                                   zeroOf(l, v.getType()));
    if (to.isUnsignedInteger())
      return arith::FPToUIOp::create(b, l, target, v);
    return arith::FPToSIOp::create(b, l, target, v);
  case CastKind::FloatingCast: {
    unsigned fw = from.getBitWidth(), tw = to.getBitWidth();
    if (fw == tw)
      return v;
    if (fw < tw)
      return arith::ExtFOp::create(b, l, target, v);
    return arith::TruncFOp::create(b, l, target, v);
  }
  }
  return v;
}

Value Emitter::emitBinary(Location l, BinaryOpKind op, Value lhs, Value rhs,
                          const kgc::Type &type) {
  bool isFloat = type.isFloating();
  bool isUnsigned = type.isUnsignedInteger() || type.isBool();
  switch (op) {
  case BinaryOpKind::Add:
    return isFloat ? (Value)arith::AddFOp::create(b, l, lhs, rhs)
                   : (Value)arith::AddIOp::create(b, l, lhs, rhs);
  case BinaryOpKind::Sub:
    return isFloat ? (Value)arith::SubFOp::create(b, l, lhs, rhs)
                   : (Value)arith::SubIOp::create(b, l, lhs, rhs);
  case BinaryOpKind::Mul:
    return isFloat ? (Value)arith::MulFOp::create(b, l, lhs, rhs)
                   : (Value)arith::MulIOp::create(b, l, lhs, rhs);
  case BinaryOpKind::Div:
    if (isFloat)
      return arith::DivFOp::create(b, l, lhs, rhs);
    return isUnsigned ? (Value)arith::DivUIOp::create(b, l, lhs, rhs)
                      : (Value)arith::DivSIOp::create(b, l, lhs, rhs);
  case BinaryOpKind::Rem:
    if (isFloat)
      return arith::RemFOp::create(b, l, lhs, rhs);
    return isUnsigned ? (Value)arith::RemUIOp::create(b, l, lhs, rhs)
                      : (Value)arith::RemSIOp::create(b, l, lhs, rhs);
  case BinaryOpKind::Shl:
    return arith::ShLIOp::create(b, l, lhs, rhs);
  case BinaryOpKind::Shr:
    return isUnsigned ? (Value)arith::ShRUIOp::create(b, l, lhs, rhs)
                      : (Value)arith::ShRSIOp::create(b, l, lhs, rhs);
  case BinaryOpKind::And:
    return arith::AndIOp::create(b, l, lhs, rhs);
  case BinaryOpKind::Or:
    return arith::OrIOp::create(b, l, lhs, rhs);
  case BinaryOpKind::Xor:
    return arith::XOrIOp::create(b, l, lhs, rhs);
  case BinaryOpKind::LT:
  case BinaryOpKind::GT:
  case BinaryOpKind::LE:
  case BinaryOpKind::GE:
  case BinaryOpKind::EQ:
  case BinaryOpKind::NE: {
    if (isFloat) {
      // C: ordered comparisons, except != which is true for NaN.
      arith::CmpFPredicate p = arith::CmpFPredicate::OEQ;
      switch (op) {
      case BinaryOpKind::LT:
        p = arith::CmpFPredicate::OLT;
        break;
      case BinaryOpKind::GT:
        p = arith::CmpFPredicate::OGT;
        break;
      case BinaryOpKind::LE:
        p = arith::CmpFPredicate::OLE;
        break;
      case BinaryOpKind::GE:
        p = arith::CmpFPredicate::OGE;
        break;
      case BinaryOpKind::NE:
        p = arith::CmpFPredicate::UNE;
        break;
      default:
        break;
      }
      return arith::CmpFOp::create(b, l, p, lhs, rhs);
    }
    arith::CmpIPredicate p = arith::CmpIPredicate::eq;
    switch (op) {
    case BinaryOpKind::LT:
      p = isUnsigned ? arith::CmpIPredicate::ult : arith::CmpIPredicate::slt;
      break;
    case BinaryOpKind::GT:
      p = isUnsigned ? arith::CmpIPredicate::ugt : arith::CmpIPredicate::sgt;
      break;
    case BinaryOpKind::LE:
      p = isUnsigned ? arith::CmpIPredicate::ule : arith::CmpIPredicate::sle;
      break;
    case BinaryOpKind::GE:
      p = isUnsigned ? arith::CmpIPredicate::uge : arith::CmpIPredicate::sge;
      break;
    case BinaryOpKind::NE:
      p = arith::CmpIPredicate::ne;
      break;
    default:
      break;
    }
    return arith::CmpIOp::create(b, l, p, lhs, rhs);
  }
  default:
    break;
  }
  return Value();
}

Value Emitter::emitMinMax(Location l, bool isMin, Value a, Value c,
                          const kgc::Type &type) {
  if (type.isFloating())
    return isMin ? (Value)arith::MinNumFOp::create(b, l, a, c)
                 : (Value)arith::MaxNumFOp::create(b, l, a, c);
  if (type.isUnsignedInteger())
    return isMin ? (Value)arith::MinUIOp::create(b, l, a, c)
                 : (Value)arith::MaxUIOp::create(b, l, a, c);
  return isMin ? (Value)arith::MinSIOp::create(b, l, a, c)
               : (Value)arith::MaxSIOp::create(b, l, a, c);
}

Value Emitter::emitExpr(const Expr *e) {
  if (hadError || !e)
    return Value();
  Location l = loc(e->getLoc());
  switch (e->getKind()) {
  case Expr::Kind::IntegerLiteral: {
    auto *lit = llvm::cast<IntegerLiteral>(e);
    mlir::Type type = convertType(e->getType());
    return arith::ConstantOp::create(
        b, l,
        b.getIntegerAttr(type, APInt(type.getIntOrFloatBitWidth(),
                                     lit->getValue(), false, true)));
  }
  case Expr::Kind::FloatLiteral:
    return arith::ConstantOp::create(
        b, l,
        b.getFloatAttr(convertType(e->getType()),
                       llvm::cast<FloatLiteral>(e)->getValue()));
  case Expr::Kind::BoolLiteral:
    return boolConst(l, llvm::cast<BoolLiteral>(e)->getValue());
  case Expr::Kind::DeclRef: {
    const VarDecl *v = llvm::cast<DeclRefExpr>(e)->getDecl();
    if (v && v->isGlobalConst())
      return constantValue(l, v->getConstantValue());
    if (v && isBound(v))
      return get(v);
    error(e->getLoc(), "use of an unbound variable");
    return Value();
  }
  case Expr::Kind::ImplicitCast:
  case Expr::Kind::ExplicitCast: {
    auto *c = llvm::cast<CastExpr>(e);
    const Expr *sub = c->getSubExpr();
    if (c->getCastKind() == CastKind::LValueToRValue) {
      if (auto *ref = llvm::dyn_cast<DeclRefExpr>(ignoreImplicitCasts(sub)))
        if (ref->getDecl() && ref->getDecl()->isGlobalConst())
          return constantValue(l, ref->getDecl()->getConstantValue());
      if (!reduceTargets.empty() &&
          llvm::isa<SubscriptExpr>(ignoreImplicitCasts(sub)) &&
          llvm::is_contained(reduceTargets, printExpr(sub))) {
        error(e->getLoc(), "the reduction target '" + printExpr(sub) +
                               "' cannot be read inside its parallel for: "
                               "its value is only known after the loop");
        return Value();
      }
      LValue lv = emitLValue(sub);
      if (hadError)
        return Value();
      return load(l, lv);
    }
    Value v = emitExpr(sub);
    if (!v)
      return Value();
    kgc::Type from = sub->getType();
    CastKind kind = c->getCastKind();
    if (llvm::isa<ExplicitCastExpr>(c) && kind == CastKind::NoOp &&
        from != e->getType() && from.isScalar() && e->getType().isScalar()) {
      // Explicit casts carry NoOp; derive the conversion from the types.
      const kgc::Type &to = e->getType();
      if (to.isBool())
        kind = from.isFloating() ? CastKind::FloatingToBoolean
                                 : CastKind::IntegralToBoolean;
      else if (from.isBool())
        kind = to.isFloating() ? CastKind::BooleanToFloating
                               : CastKind::BooleanToIntegral;
      else if (from.isFloating())
        kind = to.isFloating() ? CastKind::FloatingCast
                               : CastKind::FloatingToIntegral;
      else
        kind = to.isFloating() ? CastKind::IntegralToFloating
                               : CastKind::IntegralCast;
    }
    return emitCast(l, kind, v, from, e->getType());
  }
  case Expr::Kind::Unary: {
    auto *u = llvm::cast<UnaryExpr>(e);
    const kgc::Type &t = e->getType();
    if (u->isIncDec()) {
      LValue lv = emitLValue(u->getOperand());
      if (hadError)
        return Value();
      Value old = load(l, lv);
      Value one = t.isFloating() ? (Value)arith::ConstantOp::create(
                                       b, l, b.getFloatAttr(old.getType(), 1.0))
                                 : intConst(l, old.getType(), 1);
      bool inc = u->getOp() == UnaryOpKind::PreInc ||
                 u->getOp() == UnaryOpKind::PostInc;
      Value updated = emitBinary(l, inc ? BinaryOpKind::Add : BinaryOpKind::Sub,
                                 old, one, t);
      store(l, lv, updated);
      bool post = u->getOp() == UnaryOpKind::PostInc ||
                  u->getOp() == UnaryOpKind::PostDec;
      return post ? old : updated;
    }
    Value v = emitExpr(u->getOperand());
    if (!v)
      return Value();
    switch (u->getOp()) {
    case UnaryOpKind::Plus:
      return v;
    case UnaryOpKind::Minus:
      if (t.isFloating())
        return arith::NegFOp::create(b, l, v);
      return arith::SubIOp::create(b, l, zeroOf(l, v.getType()), v);
    case UnaryOpKind::LNot:
      return arith::XOrIOp::create(b, l, v, boolConst(l, true));
    case UnaryOpKind::Not:
      return arith::XOrIOp::create(b, l, v, intConst(l, v.getType(), -1));
    default:
      error(e->getLoc(), "unsupported unary operator '" +
                             getUnaryOpSpelling(u->getOp()) + "'");
      return Value();
    }
  }
  case Expr::Kind::Binary: {
    // A left-nested chain (`a + b + c + ...`, `a, b, c`, `a && b && c`) is
    // emitted bottom-up in a loop: the left operand of each operator is the
    // previous result, so long chains do not recurse.
    auto *bin = llvm::cast<BinaryExpr>(e);
    llvm::SmallVector<const BinaryExpr *, 16> spine{bin};
    for (auto *n = llvm::dyn_cast<BinaryExpr>(bin->getLHS()); n;
         n = llvm::dyn_cast<BinaryExpr>(n->getLHS()))
      spine.push_back(n);
    Value acc = emitExpr(spine.back()->getLHS());
    for (const BinaryExpr *n : llvm::reverse(spine)) {
      BinaryOpKind op = n->getOp();
      // The left operand of `,` may be void.
      if (hadError || (!acc && op != BinaryOpKind::Comma))
        return Value();
      Location nl = n == bin ? l : loc(n->getLoc());
      if (op == BinaryOpKind::Comma) {
        acc = emitExpr(n->getRHS());
        continue;
      }
      if (op == BinaryOpKind::LAnd || op == BinaryOpKind::LOr) {
        SmallVector<const VarDecl *> carried = assignedIn({}, {n->getRHS()});
        bool isAnd = op == BinaryOpKind::LAnd;
        auto evalRhs = [&]() -> SmallVector<Value> {
          return {emitExpr(n->getRHS())};
        };
        auto shortCut = [&]() -> SmallVector<Value> {
          return {boolConst(nl, !isAnd)};
        };
        SmallVector<Value> r =
            isAnd
                ? emitIf(nl, acc, carried, {b.getI1Type()}, evalRhs, shortCut)
                : emitIf(nl, acc, carried, {b.getI1Type()}, shortCut, evalRhs);
        acc = r.empty() ? Value() : r.front();
        continue;
      }
      Value rhs = emitExpr(n->getRHS());
      if (!rhs)
        return Value();
      acc = emitBinary(nl, op, acc, rhs, n->getLHS()->getType());
    }
    return acc;
  }
  case Expr::Kind::Assign: {
    auto *a = llvm::cast<AssignExpr>(e);
    const Expr *contribution = a->getReduceContribution();
    if (a->getReduceClauseIndex() < 0 && !reduceTargets.empty()) {
      // `t = min(t, v)` / `t = max(t, v)` on a reduction target.
      std::string lhsText = printExpr(a->getLHS());
      if (llvm::is_contained(reduceTargets, lhsText)) {
        auto *call =
            llvm::dyn_cast<BuiltinCallExpr>(ignoreImplicitCasts(a->getRHS()));
        BuiltinKind k = call ? call->getBuiltinKind() : BuiltinKind::Sqrt;
        if (a->isCompound() || call == nullptr ||
            (k != BuiltinKind::Min && k != BuiltinKind::Max &&
             k != BuiltinKind::Fmin && k != BuiltinKind::Fmax) ||
            call->getArgs().size() != 2) {
          error(e->getLoc(), "a reduction target can only be updated with "
                             "its reduction operator");
          return Value();
        }
        for (unsigned i = 0; i < 2; ++i)
          if (printExpr(ignoreImplicitCasts(call->getArgs()[i])) == lhsText)
            contribution = call->getArgs()[1 - i];
        if (!contribution) {
          error(e->getLoc(), "a reduction target can only be updated as "
                             "'t = min(t, v)' or 't = max(t, v)'");
          return Value();
        }
      }
    }
    if (contribution) {
      // A contribution to a reduction into memory.
      Value v = emitExpr(contribution);
      LValue lv = emitLValue(a->getLHS());
      if (!v || hadError)
        return Value();
      const kgc::Type &t = a->getLHS()->getType();
      kg::ReductionKind kind = kg::ReductionKind::Add;
      BinaryOpKind arith = a->getArithOp();
      if (arith == BinaryOpKind::Mul)
        kind = kg::ReductionKind::Mul;
      else if (arith == BinaryOpKind::And)
        kind = kg::ReductionKind::And;
      else if (arith == BinaryOpKind::Or)
        kind = kg::ReductionKind::Or;
      else if (arith == BinaryOpKind::Xor)
        kind = kg::ReductionKind::Xor;
      else if (!a->isCompound()) {
        // t = min(t, v) / t = max(t, v).
        auto *call =
            llvm::dyn_cast<BuiltinCallExpr>(ignoreImplicitCasts(a->getRHS()));
        bool isMin = call && (call->getBuiltinKind() == BuiltinKind::Min ||
                              call->getBuiltinKind() == BuiltinKind::Fmin);
        bool unsignedInt = t.isUnsignedInteger();
        kind = isMin ? (unsignedInt ? kg::ReductionKind::UMin
                                    : kg::ReductionKind::Min)
                     : (unsignedInt ? kg::ReductionKind::UMax
                                    : kg::ReductionKind::Max);
      }
      if (v.getType() !=
          cast<MemRefType>(lv.memref.getType()).getElementType()) {
        error(e->getLoc(), "reduction contribution has the wrong type");
        return Value();
      }
      kg::ReduceOp::create(b, l, kind, v, lv.memref, lv.indices);
      return v;
    }
    LValue lv = emitLValue(a->getLHS());
    if (hadError)
      return Value();
    Value result;
    if (!a->isCompound()) {
      result = emitExpr(a->getRHS());
    } else {
      const kgc::Type &lt = a->getLHS()->getType();
      const kgc::Type &ct = a->getComputationType();
      Value old = load(l, lv);
      Value rhs = emitExpr(a->getRHS());
      if (!rhs)
        return Value();
      Value lhs = emitCast(l, getScalarCastKind(lt, ct), old, lt, ct);
      Value r = emitBinary(l, a->getArithOp(), lhs, rhs, ct);
      if (!r)
        return Value();
      result = emitCast(l, getScalarCastKind(ct, lt), r, ct, lt);
    }
    if (!result)
      return Value();
    store(l, lv, result);
    return result;
  }
  case Expr::Kind::Conditional: {
    auto *c = llvm::cast<ConditionalExpr>(e);
    Value cond = emitExpr(c->getCond());
    if (!cond)
      return Value();
    SmallVector<const VarDecl *> carried =
        assignedIn({}, {c->getTrueExpr(), c->getFalseExpr()});
    mlir::Type type = convertType(e->getType());
    SmallVector<Value> r = emitIf(
        l, cond, carried, {type},
        [&]() -> SmallVector<Value> { return {emitExpr(c->getTrueExpr())}; },
        [&]() -> SmallVector<Value> { return {emitExpr(c->getFalseExpr())}; });
    return r.empty() ? Value() : r.front();
  }
  case Expr::Kind::Subscript: {
    LValue lv = emitLValue(e);
    return hadError ? Value() : load(l, lv);
  }
  case Expr::Kind::Call: {
    auto *call = llvm::cast<CallExpr>(e);
    func::FuncOp callee = functions.lookup(call->getCallee());
    if (!callee) {
      error(e->getLoc(),
            "call to '" + call->getCalleeName() + "', which has no definition");
      return Value();
    }
    SmallVector<Value> args;
    for (const Expr *arg : call->getArgs()) {
      Value v =
          arg->getType().isMemory() ? emitLValue(arg).memref : emitExpr(arg);
      if (!v || hadError)
        return Value();
      args.push_back(v);
    }
    auto op = func::CallOp::create(b, l, callee, args);
    return op.getNumResults() ? op.getResult(0) : Value();
  }
  case Expr::Kind::BuiltinCall:
    return emitBuiltin(llvm::cast<BuiltinCallExpr>(e));
  case Expr::Kind::InitList:
    error(e->getLoc(), "an initializer list can only initialize an array");
    return Value();
  }
  return Value();
}
