//===- SemaTypes.cpp - kgc type rules -------------------------------------===//
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
// Type rules
//===----------------------------------------------------------------------===//

Type kgpu::kgc::getPromotedType(const Type &t) {
  if (!t.isScalar())
    return t;
  if (t.getScalarKind() == ScalarKind::Bool)
    return Type::getInt();
  if (t.getScalarKind() == ScalarKind::Half)
    return Type::getFloat();
  return t;
}

static bool isSignedKind(ScalarKind k) {
  return k == ScalarKind::Int || k == ScalarKind::Long;
}
static unsigned intRank(ScalarKind k) {
  return (k == ScalarKind::Long || k == ScalarKind::ULong) ? 2 : 1;
}
static ScalarKind toUnsigned(ScalarKind k) {
  return k == ScalarKind::Int    ? ScalarKind::UInt
         : k == ScalarKind::Long ? ScalarKind::ULong
                                 : k;
}

Type kgpu::kgc::getUsualArithmeticType(const Type &a0, const Type &b0) {
  Type a = getPromotedType(a0), b = getPromotedType(b0);
  ScalarKind x = a.getScalarKind(), y = b.getScalarKind();
  if (x == ScalarKind::Double || y == ScalarKind::Double)
    return Type::getScalar(ScalarKind::Double);
  if (x == ScalarKind::Float || y == ScalarKind::Float)
    return Type::getFloat();
  if (x == y)
    return a;
  bool sx = isSignedKind(x), sy = isSignedKind(y);
  if (sx == sy)
    return intRank(x) >= intRank(y) ? a : b;
  ScalarKind u = sx ? y : x, s = sx ? x : y;
  if (intRank(u) >= intRank(s))
    return Type::getScalar(u);
  // The signed type is wider (long vs uint): it represents all values.
  if (intRank(s) > intRank(u))
    return Type::getScalar(s);
  return Type::getScalar(toUnsigned(s));
}

CastKind kgpu::kgc::getScalarCastKind(const Type &from, const Type &to) {
  if (from == to)
    return CastKind::NoOp;
  if (from.isBool())
    return to.isFloating() ? CastKind::BooleanToFloating
                           : CastKind::BooleanToIntegral;
  if (to.isBool())
    return from.isFloating() ? CastKind::FloatingToBoolean
                             : CastKind::IntegralToBoolean;
  if (from.isFloating())
    return to.isFloating() ? CastKind::FloatingCast
                           : CastKind::FloatingToIntegral;
  return to.isFloating() ? CastKind::IntegralToFloating
                         : CastKind::IntegralCast;
}
