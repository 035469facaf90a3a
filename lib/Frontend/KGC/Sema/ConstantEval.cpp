//===- ConstantEval.cpp - kgc constant evaluation -------------------------===//
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
// Constant evaluation
//===----------------------------------------------------------------------===//

/// Normalizes an integer to the width/signedness of `t`.
static uint64_t normalizeInt(uint64_t v, const Type &t) {
  switch (t.getScalarKind()) {
  case ScalarKind::Bool:
    return v != 0;
  case ScalarKind::Int:
    return (uint64_t)(int64_t)(int32_t)(uint32_t)v;
  case ScalarKind::UInt:
    return (uint32_t)v;
  default:
    return v;
  }
}

static double roundFloat(double v, const Type &t) {
  if (t.getScalarKind() == ScalarKind::Float)
    return (double)(float)v;
  if (t.getScalarKind() == ScalarKind::Half) {
    llvm::APFloat f(v);
    bool loses = false;
    f.convert(llvm::APFloat::IEEEhalf(), llvm::APFloat::rmNearestTiesToEven,
              &loses);
    f.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven,
              &loses);
    return f.convertToDouble();
  }
  return v;
}

static std::optional<ConstantValue> convertConstant(const ConstantValue &v,
                                                    const Type &to) {
  if (!to.isScalar())
    return std::nullopt;
  ConstantValue r;
  r.type = to;
  if (to.isFloating()) {
    if (v.isFloating())
      r.floatValue = v.floatValue;
    else if (v.type.isUnsignedInteger() || v.type.isBool())
      r.floatValue = (double)v.intValue;
    else
      r.floatValue = (double)(int64_t)v.intValue;
    r.floatValue = roundFloat(r.floatValue, to);
    if (std::isinf(r.floatValue) && !std::isinf(v.floatValue))
      return std::nullopt;
    return r;
  }
  if (to.isBool()) {
    r.intValue = v.isFloating() ? (v.floatValue != 0.0) : (v.intValue != 0);
    return r;
  }
  if (v.isFloating()) {
    double d = std::trunc(v.floatValue);
    if (std::isnan(d))
      return std::nullopt;
    if (to.isSignedInteger()) {
      if (d < -9.2233720368547758e18 || d >= 9.2233720368547758e18)
        return std::nullopt;
      r.intValue = (uint64_t)(int64_t)d;
    } else {
      if (d < 0 || d >= 1.8446744073709552e19)
        return std::nullopt;
      r.intValue = (uint64_t)d;
    }
    uint64_t n = normalizeInt(r.intValue, to);
    if (n != r.intValue)
      return std::nullopt; // Out of range of the target type.
    return r;
  }
  r.intValue = normalizeInt(v.intValue, to);
  return r;
}

static bool isTrue(const ConstantValue &v) {
  return v.isFloating() ? v.floatValue != 0.0 : v.intValue != 0;
}

std::optional<ConstantValue> ConstantFolder::foldNode(const Expr *e) {
  if (!e || !e->getType().isScalar())
    return std::nullopt;
  const Type &t = e->getType();
  ConstantValue r;
  r.type = t;
  switch (e->getKind()) {
  case Expr::Kind::IntegerLiteral:
    r.intValue = normalizeInt(cast<IntegerLiteral>(e)->getValue(), t);
    return r;
  case Expr::Kind::FloatLiteral:
    r.floatValue = roundFloat(cast<FloatLiteral>(e)->getValue(), t);
    return r;
  case Expr::Kind::BoolLiteral:
    r.intValue = cast<BoolLiteral>(e)->getValue();
    return r;
  case Expr::Kind::DeclRef: {
    VarDecl *d = cast<DeclRefExpr>(e)->getDecl();
    if (!d || !d->isGlobalConst() || d->getConstantValue().type.isInvalid())
      return std::nullopt;
    if (onConstRef)
      onConstRef(cast<DeclRefExpr>(e));
    return d->getConstantValue();
  }
  case Expr::Kind::ImplicitCast:
  case Expr::Kind::ExplicitCast: {
    auto *c = cast<CastExpr>(e);
    auto sub = fold(c->getSubExpr());
    if (!sub)
      return std::nullopt;
    return convertConstant(*sub, t);
  }
  case Expr::Kind::Unary: {
    auto *u = cast<UnaryExpr>(e);
    auto sub = fold(u->getOperand());
    if (!sub)
      return std::nullopt;
    switch (u->getOp()) {
    case UnaryOpKind::Plus:
      return convertConstant(*sub, t);
    case UnaryOpKind::Minus:
      if (t.isFloating()) {
        r.floatValue = -sub->floatValue;
      } else {
        r.intValue = normalizeInt(0 - sub->intValue, t);
        if (t.isSignedInteger() && sub->intValue != 0 &&
            r.intValue == sub->intValue)
          overflow(e, true, r); // -INT_MIN
        else if (t.isUnsignedInteger() && sub->intValue != 0)
          overflow(e, false, r);
      }
      return r;
    case UnaryOpKind::Not:
      r.intValue = normalizeInt(~sub->intValue, t);
      return r;
    case UnaryOpKind::LNot:
      r.intValue = !isTrue(*sub);
      return r;
    default:
      return std::nullopt;
    }
  }
  case Expr::Kind::Binary: {
    auto *b = cast<BinaryExpr>(e);
    BinaryOpKind op = b->getOp();
    auto lhs = fold(b->getLHS());
    if (!lhs)
      return std::nullopt;
    if (op == BinaryOpKind::LAnd || op == BinaryOpKind::LOr) {
      bool l = isTrue(*lhs);
      if (op == BinaryOpKind::LAnd && !l) {
        r.intValue = 0;
        return r;
      }
      if (op == BinaryOpKind::LOr && l) {
        r.intValue = 1;
        return r;
      }
      auto rhs = fold(b->getRHS());
      if (!rhs)
        return std::nullopt;
      r.intValue = isTrue(*rhs);
      return r;
    }
    if (op == BinaryOpKind::Comma)
      return std::nullopt;
    auto rhs = fold(b->getRHS());
    if (!rhs)
      return std::nullopt;
    const Type &ot = b->getLHS()->getType();
    if (isComparisonOp(op)) {
      bool res;
      if (ot.isFloating()) {
        double x = lhs->floatValue, y = rhs->floatValue;
        res = op == BinaryOpKind::LT   ? x < y
              : op == BinaryOpKind::GT ? x > y
              : op == BinaryOpKind::LE ? x <= y
              : op == BinaryOpKind::GE ? x >= y
              : op == BinaryOpKind::EQ ? x == y
                                       : x != y;
      } else if (ot.isSignedInteger()) {
        int64_t x = lhs->getSExtValue(), y = rhs->getSExtValue();
        res = op == BinaryOpKind::LT   ? x < y
              : op == BinaryOpKind::GT ? x > y
              : op == BinaryOpKind::LE ? x <= y
              : op == BinaryOpKind::GE ? x >= y
              : op == BinaryOpKind::EQ ? x == y
                                       : x != y;
      } else {
        uint64_t x = lhs->intValue, y = rhs->intValue;
        res = op == BinaryOpKind::LT   ? x < y
              : op == BinaryOpKind::GT ? x > y
              : op == BinaryOpKind::LE ? x <= y
              : op == BinaryOpKind::GE ? x >= y
              : op == BinaryOpKind::EQ ? x == y
                                       : x != y;
      }
      r.intValue = res;
      return r;
    }
    if (t.isFloating()) {
      double x = lhs->floatValue, y = rhs->floatValue;
      switch (op) {
      case BinaryOpKind::Add:
        r.floatValue = x + y;
        break;
      case BinaryOpKind::Sub:
        r.floatValue = x - y;
        break;
      case BinaryOpKind::Mul:
        r.floatValue = x * y;
        break;
      case BinaryOpKind::Div:
        if (y == 0.0)
          return std::nullopt;
        r.floatValue = x / y;
        break;
      default:
        return std::nullopt;
      }
      r.floatValue = roundFloat(r.floatValue, t);
      if (std::isinf(r.floatValue) || std::isnan(r.floatValue))
        return std::nullopt;
      return r;
    }
    bool isSigned = t.isSignedInteger();
    unsigned width = t.getBitWidth();
    uint64_t x = lhs->intValue, y = rhs->intValue;
    // The exact result, to detect overflow (operands are normalized to
    // their type: sign-extended if signed, zero-extended if unsigned).
    __int128 exact = 0;
    bool checkExact = false;
    __int128 wx = isSigned ? (__int128)(int64_t)x : (__int128)x;
    __int128 wy = isSigned ? (__int128)(int64_t)y : (__int128)y;
    switch (op) {
    case BinaryOpKind::Add:
      r.intValue = x + y;
      exact = wx + wy;
      checkExact = true;
      break;
    case BinaryOpKind::Sub:
      r.intValue = x - y;
      exact = wx - wy;
      checkExact = true;
      break;
    case BinaryOpKind::Mul:
      r.intValue = x * y;
      if (__builtin_mul_overflow(wx, wy, &exact)) {
        // Beyond 128 bits: certainly beyond 64.
        r.intValue = normalizeInt(r.intValue, t);
        overflow(e, isSigned, r);
        return r;
      }
      checkExact = true;
      break;
    case BinaryOpKind::Div:
    case BinaryOpKind::Rem: {
      if (normalizeInt(y, t) == 0)
        return std::nullopt;
      if (isSigned) {
        int64_t sx = (int64_t)x, sy = (int64_t)y;
        int64_t minV = width == 32 ? INT32_MIN : INT64_MIN;
        if (sx == minV && sy == -1)
          return std::nullopt;
        r.intValue = (uint64_t)(op == BinaryOpKind::Div ? sx / sy : sx % sy);
      } else {
        r.intValue = op == BinaryOpKind::Div ? x / y : x % y;
      }
      break;
    }
    case BinaryOpKind::And:
      r.intValue = x & y;
      break;
    case BinaryOpKind::Or:
      r.intValue = x | y;
      break;
    case BinaryOpKind::Xor:
      r.intValue = x ^ y;
      break;
    case BinaryOpKind::Shl:
    case BinaryOpKind::Shr: {
      if (rhs->type.isSignedInteger() && (int64_t)y < 0)
        return std::nullopt;
      if (y >= width)
        return std::nullopt;
      if (op == BinaryOpKind::Shl) {
        r.intValue = x << y;
        // Like C, a signed shift may set the sign bit but not shift set
        // bits out of the type.
        if (isSigned) {
          __int128 shifted = wx * ((__int128)1 << y);
          __int128 limit = (__int128)1 << width; // 2^width
          if (shifted >= limit || shifted < -(limit / 2)) {
            r.intValue = normalizeInt(r.intValue, t);
            overflow(e, true, r);
            return r;
          }
        }
      } else if (isSigned) {
        r.intValue = (uint64_t)((int64_t)x >> y);
      } else {
        r.intValue = x >> y;
      }
      break;
    }
    default:
      return std::nullopt;
    }
    r.intValue = normalizeInt(r.intValue, t);
    if (checkExact) {
      __int128 got =
          isSigned ? (__int128)(int64_t)r.intValue : (__int128)r.intValue;
      if (got != exact)
        overflow(e, isSigned, r);
    }
    return r;
  }
  case Expr::Kind::Conditional: {
    auto *c = cast<ConditionalExpr>(e);
    auto cond = fold(c->getCond());
    if (!cond)
      return std::nullopt;
    return fold(isTrue(*cond) ? c->getTrueExpr() : c->getFalseExpr());
  }
  default:
    return std::nullopt;
  }
}

std::optional<ConstantValue> kgpu::kgc::evaluateConstantExpr(const Expr *e) {
  ConstantFolder folder;
  return folder.fold(e);
}
