//===- Sema.cpp - kgc semantic analysis -----------------------------------===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//

#include "kgpu/Frontend/KGC/Sema.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"

#include <cmath>
#include <functional>
#include <string>

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

std::optional<BuiltinKind> kgpu::kgc::lookupBuiltin(llvm::StringRef name) {
  return llvm::StringSwitch<std::optional<BuiltinKind>>(name)
#define KGC_BUILTIN(Kind, Name, Category, Arity, Variance)                     \
  .Case(Name, BuiltinKind::Kind)
#define KGC_BUILTIN_ALIAS(Name, Kind) .Case(Name, BuiltinKind::Kind)
#include "kgpu/Frontend/KGC/Builtins.def"
      .Default(std::nullopt);
}

static bool isWorkItemBuiltin(BuiltinKind k) {
  return getBuiltinCategory(k) == BuiltinCategory::WorkItem;
}
static bool isSubGroupBuiltin(BuiltinKind k) {
  return getBuiltinCategory(k) == BuiltinCategory::SubGroup;
}
/// mma_fill and mma_load_*: the fragment type comes from the destination.
static bool isContextualMMABuiltin(BuiltinKind k) {
  return getBuiltinCategory(k) == BuiltinCategory::MMAContextual;
}

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

namespace {

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

} // namespace

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
      __int128 got = isSigned ? (__int128)(int64_t)r.intValue
                              : (__int128)r.intValue;
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

/// The value of `v` as written in a diagnostic.
static std::string constantStr(const ConstantValue &v) {
  if (v.type.isSignedInteger())
    return std::to_string(v.getSExtValue());
  return std::to_string(v.getZExtValue());
}

//===----------------------------------------------------------------------===//
// Sema
//===----------------------------------------------------------------------===//

namespace {

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

} // namespace

bool Sema::declare(VarDecl *var) {
  auto &scope = scopes.back();
  if (!scope.insert({var->getName(), var}).second) {
    error(var->getLoc(), "redefinition of '" + var->getName() + "'");
    return false;
  }
  declDepth[var] = scopes.size();
  return true;
}

VarDecl *Sema::lookupVar(llvm::StringRef name) const {
  for (auto it = scopes.rbegin(); it != scopes.rend(); ++it) {
    auto found = it->find(name);
    if (found != it->end())
      return found->second;
  }
  return nullptr;
}

void Sema::run() {
  for (Decl *d : tu.getDecls()) {
    if (diags.tooManyErrors())
      return;
    if (auto *fn = dyn_cast<FunctionDecl>(d))
      checkFunction(fn);
    else
      checkGlobalConst(cast<VarDecl>(d));
  }
  // Every used function must be defined.
  for (Decl *d : tu.getDecls()) {
    auto *fn = dyn_cast<FunctionDecl>(d);
    if (!fn || canonical.lookup(fn) != fn)
      continue;
    if (!fn->getDefinition()) {
      auto it = firstUse.find(fn);
      if (it != firstUse.end())
        error(it->second,
              "function '" + fn->getName() + "' is used but never defined");
    }
  }
  checkRecursion();
  // Calls checked before the callee's definition was seen point to a
  // prototype: make every call refer to the definition.
  for (CallExpr *call : calls)
    if (FunctionDecl *def = call->getCallee()->getDefinition())
      call->setCallee(def);
}

void Sema::checkGlobalConst(VarDecl *var) {
  if (lookupBuiltin(var->getName())) {
    error(var->getLoc(),
          "'" + var->getName() + "' is the name of a builtin function");
    return;
  }
  if (!globals.insert({var->getName(), var}).second) {
    error(var->getLoc(), "redefinition of '" + var->getName() + "'");
    return;
  }
  Expr *init = checkRValue(var->getInit());
  if (!init)
    return;
  init = convertForAssignment(init, var->getType(), init->getLoc(),
                              "initializing");
  if (!init)
    return;
  var->setInit(init);
  ConstantFolder local;
  local.onOverflow = [&](const Expr *node, bool, const ConstantValue &v) {
    if (!wrappedConsts.count(var))
      wrappedConsts[var] = {node->getLoc(), v};
  };
  local.onConstRef = [&](const DeclRefExpr *ref) {
    auto it = wrappedConsts.find(ref->getDecl());
    if (it != wrappedConsts.end() && !wrappedConsts.count(var))
      wrappedConsts[var] = it->second;
  };
  auto value = local.fold(init);
  if (!value) {
    error(init->getLoc(), "initializer of file-scope constant '" +
                              var->getName() +
                              "' is not a constant expression");
    return;
  }
  var->setConstantValue(*value);
}

void Sema::checkFunction(FunctionDecl *fn) {
  llvm::StringRef name = fn->getName();
  if (lookupBuiltin(name)) {
    error(fn->getLoc(), "'" + name + "' is the name of a builtin function");
    return;
  }
  auto it = globals.find(name);
  FunctionDecl *canon = fn;
  if (it != globals.end()) {
    auto *prev = dyn_cast<FunctionDecl>(it->second);
    if (!prev) {
      error(fn->getLoc(), "redefinition of '" + name + "'");
      return;
    }
    canon = getCanonical(prev);
    bool sameSig = prev->isKernel() == fn->isKernel() &&
                   prev->getReturnType() == fn->getReturnType() &&
                   prev->getParams().size() == fn->getParams().size();
    for (size_t i = 0; sameSig && i < fn->getParams().size(); ++i)
      sameSig =
          prev->getParams()[i]->getType() == fn->getParams()[i]->getType();
    if (!sameSig) {
      error(fn->getLoc(), "conflicting types for '" + name + "'");
      return;
    }
    if (fn->isDefinition() && canon->getDefinition()) {
      error(fn->getLoc(), "redefinition of '" + name + "'");
      return;
    }
  } else {
    globals[name] = fn;
  }
  canonical[fn] = canon;
  if (!fn->isDefinition()) {
    // Parameter names of prototypes still must be distinct.
    llvm::StringMap<bool> seen;
    for (VarDecl *p : fn->getParams())
      if (!seen.insert({p->getName(), true}).second)
        error(p->getLoc(), "redefinition of parameter '" + p->getName() + "'");
    return;
  }
  canon->setDefinition(fn);
  fn->setDefinition(fn);
  // Keep every prototype pointing to the definition.
  for (Decl *d : tu.getDecls())
    if (auto *other = dyn_cast<FunctionDecl>(d))
      if (other->getName() == name)
        other->setDefinition(fn);

  curFn = fn;
  loopDepth = 0;
  parallel.reset();
  scopes.clear();
  pushScope();
  for (VarDecl *p : fn->getParams()) {
    if (!scopes.back().insert({p->getName(), p}).second)
      error(p->getLoc(), "redefinition of parameter '" + p->getName() + "'");
    declDepth[p] = 1;
  }
  kernelBodyScope = 1;
  checkCompound(fn->getBody(), /*newScope=*/false);
  popScope();
  curFn = nullptr;

  if (!fn->getReturnType().isVoid()) {
    // A simple fall-through analysis: warn when the end may be reachable.
    std::function<bool(Stmt *)> mayFallThrough = [&](Stmt *s) -> bool {
      if (!s)
        return true;
      switch (s->getKind()) {
      case Stmt::Kind::Return:
        return false;
      case Stmt::Kind::Compound:
        for (Stmt *c : cast<CompoundStmt>(s)->getBody())
          if (!mayFallThrough(c))
            return false;
        return true;
      case Stmt::Kind::If: {
        // Iterative over an else-if chain.
        for (auto *i = cast<IfStmt>(s);;) {
          if (!i->getElse() || mayFallThrough(i->getThen()))
            return true;
          auto *elseIf = dyn_cast<IfStmt>(i->getElse());
          if (!elseIf)
            return mayFallThrough(i->getElse());
          i = elseIf;
        }
      }
      default:
        return true;
      }
    };
    if (mayFallThrough(fn->getBody()))
      warning(fn->getLoc(), "non-void function '" + name +
                                "' may reach the end without returning a "
                                "value");
  }
}

void Sema::checkRecursion() {
  // Build the call graph over canonical declarations.
  llvm::DenseMap<FunctionDecl *, std::vector<const CallEdge *>> succ;
  std::vector<FunctionDecl *> order;
  for (const CallEdge &e : callEdges) {
    if (!succ.count(e.caller))
      order.push_back(e.caller);
    succ[e.caller].push_back(&e);
  }
  enum Color { White, Grey, Black };
  llvm::DenseMap<FunctionDecl *, Color> color;
  std::vector<FunctionDecl *> stack;
  std::function<void(FunctionDecl *)> dfs = [&](FunctionDecl *f) {
    color[f] = Grey;
    stack.push_back(f);
    auto it = succ.find(f);
    if (it != succ.end()) {
      for (const CallEdge *e : it->second) {
        Color c = color.lookup(e->callee);
        if (c == Grey) {
          if (e->callee == f) {
            error(e->loc, "recursion is not allowed: '" + f->getName() +
                              "' calls itself");
          } else {
            std::string cycle;
            bool in = false;
            for (FunctionDecl *s : stack) {
              if (s == e->callee)
                in = true;
              if (in)
                cycle += "'" + s->getName().str() + "' -> ";
            }
            cycle += "'" + e->callee->getName().str() + "'";
            error(e->loc, "recursion is not allowed: call cycle " + cycle);
          }
        } else if (c == White) {
          dfs(e->callee);
        }
      }
    }
    stack.pop_back();
    color[f] = Black;
  };
  for (FunctionDecl *f : order)
    if (color.lookup(f) == White)
      dfs(f);
}

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
    local.onOverflow = [&](const Expr *node, bool,
                           const ConstantValue &v) {
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
      error(d->getLoc(), "array size must be positive (it is " +
                             constantStr(*value) + ")");
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
    for (auto *n = dyn_cast<BinaryExpr>(b->getLHS());
         n && !preChecked.count(n); n = dyn_cast<BinaryExpr>(n->getLHS()))
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

Expr *Sema::checkAtomicTarget(Expr *arg, BuiltinKind kind) {
  llvm::StringRef name = getBuiltinName(kind);
  auto *addr = dyn_cast<UnaryExpr>(arg);
  if (!addr || addr->getOp() != UnaryOpKind::AddrOf ||
      !isa<SubscriptExpr>(addr->getOperand())) {
    error(arg->getLoc(), "the first argument of '" + name +
                             "' must be the address of a memory element, "
                             "e.g. &p[i]");
    return nullptr;
  }
  Expr *target = checkExpr(addr->getOperand());
  if (!target)
    return nullptr;
  auto *sub = cast<SubscriptExpr>(target);
  const Type &t = target->getType();
  if (!t.isScalar()) {
    error(arg->getLoc(), "the target of '" + name +
                             "' must be a scalar element, not " + typeStr(t));
    return nullptr;
  }
  DeclRefExpr *root = sub->getRootDeclRef();
  const Type &rt = root->getType();
  bool okSpace =
      (rt.isPointer() && rt.getAddressSpace() == AddressSpace::Global) ||
      rt.getAddressSpace() == AddressSpace::Local;
  if (!okSpace) {
    error(arg->getLoc(),
          "the target of '" + name + "' must be in global or local memory");
    return nullptr;
  }
  if (rt.isConstElement()) {
    error(arg->getLoc(), "the target of '" + name + "' is read-only");
    return nullptr;
  }
  ScalarKind k = t.getScalarKind();
  bool intOnly = kind == BuiltinKind::AtomicAnd ||
                 kind == BuiltinKind::AtomicOr ||
                 kind == BuiltinKind::AtomicXor;
  if ((intOnly && !t.isInteger()) || k == ScalarKind::Bool ||
      k == ScalarKind::Half) {
    error(arg->getLoc(), "'" + name + "' does not support element type " +
                             typeStr(t) +
                             (intOnly ? " (integer types only)"
                                      : " (int, uint, long, ulong, float or "
                                        "double)"));
    return nullptr;
  }
  if (parallel && root->getDecl() && isOuterVar(root->getDecl()) &&
      rt.getAddressSpace() == AddressSpace::Private) {
    error(arg->getLoc(), "atomic target must be in global or local memory");
    return nullptr;
  }
  return target;
}

Expr *Sema::checkMMAMemory(Expr *arg, BuiltinKind kind, ScalarKind elem,
                           bool isStore) {
  llvm::StringRef name = getBuiltinName(kind);
  Expr *mem = checkExpr(arg);
  if (!mem)
    return nullptr;
  const Type &t = mem->getType();
  if (!t.isMemory() || !mem->isLValue()) {
    error(mem->getLoc(), "the first argument of '" + name +
                             "' must be a pointer or an array, not " +
                             typeStr(t));
    return nullptr;
  }
  if (t.getElementKind() != elem) {
    error(mem->getLoc(), "'" + name + "': memory element type '" +
                             getScalarKindName(t.getElementKind()) +
                             "' does not match the fragment element type '" +
                             getScalarKindName(elem) + "'");
    return nullptr;
  }
  if (isStore && t.isConstElement()) {
    error(mem->getLoc(), "'" + name + "' cannot store to read-only memory");
    return nullptr;
  }
  return mem;
}

Expr *Sema::checkBuiltinCall(CallExpr *e, BuiltinKind kind,
                             const Type *expected) {
  llvm::StringRef name = getBuiltinName(kind);
  std::vector<Expr *> args = e->getArgs().vec();
  SMLoc loc = e->getLoc();
  auto arity = [&]() {
    size_t n = getBuiltinArity(kind);
    if (args.size() == n)
      return true;
    error(loc, llvm::Twine("too ") + (args.size() < n ? "few" : "many") +
                   " arguments to builtin '" + e->getCalleeName() +
                   "', expected " + llvm::Twine(n) + ", have " +
                   llvm::Twine(args.size()));
    return false;
  };
  auto make = [&](Type t) {
    auto *b = tu.create<BuiltinCallExpr>(loc, kind, args);
    b->setType(t);
    return b;
  };
  auto checkAll = [&](size_t from) {
    for (size_t i = from; i < args.size(); ++i) {
      args[i] = checkRValue(args[i]);
      if (!args[i])
        return false;
      if (!args[i]->getType().isScalar()) {
        error(args[i]->getLoc(),
              "argument " + llvm::Twine(i + 1) + " of '" + e->getCalleeName() +
                  "' must be a scalar, not " + typeStr(args[i]->getType()));
        return false;
      }
    }
    return true;
  };
  auto toInt = [&](size_t i) {
    if (!args[i]->getType().isIntegerOrBool()) {
      error(args[i]->getLoc(),
            "argument " + llvm::Twine(i + 1) + " of '" + e->getCalleeName() +
                "' must be an integer, not " + typeStr(args[i]->getType()));
      return false;
    }
    args[i] = implicitCast(args[i], Type::getInt());
    return true;
  };

  if (parallel && (isWorkItemBuiltin(kind) || isSubGroupBuiltin(kind) ||
                   isMMABuiltin(kind) || kind == BuiltinKind::Barrier ||
                   kind == BuiltinKind::BarrierGlobal)) {
    if (kind == BuiltinKind::Barrier || kind == BuiltinKind::BarrierGlobal)
      error(loc, "'" + name + "()' is not allowed inside a parallel for");
    else
      error(loc, "'" + e->getCalleeName() +
                     "' cannot be used inside a parallel for; use the loop "
                     "variables");
    return nullptr;
  }
  if (isContextualMMABuiltin(kind) && (!expected || !expected->isMMA())) {
    error(loc, "'" + name +
                   "' can only be used to initialize or assign an "
                   "mma variable");
    return nullptr;
  }

  if (isWorkItemBuiltin(kind)) {
    if (!arity() || !checkAll(0))
      return nullptr;
    auto v = evaluateConstantExpr(args[0]);
    if (!args[0]->getType().isInteger() || !v || v->getSExtValue() < 0 ||
        v->getSExtValue() > 2 ||
        (args[0]->getType().isUnsignedInteger() && v->getZExtValue() > 2)) {
      error(args[0]->getLoc(), "the dimension argument of '" + name +
                                   "' must be an integer constant 0, 1 or 2");
      return nullptr;
    }
    args[0] = implicitCast(args[0], Type::getInt());
    BuiltinCallExpr *b = make(Type::getInt());
    b->setDimension((unsigned)v->getZExtValue());
    return b;
  }
  switch (kind) {
  case BuiltinKind::Barrier:
  case BuiltinKind::BarrierGlobal:
    if (!arity())
      return nullptr;
    return make(Type::getVoid());
  case BuiltinKind::SubGroupSize:
  case BuiltinKind::SubGroupLocalId:
    if (!arity())
      return nullptr;
    return make(Type::getInt());
  case BuiltinKind::SubGroupShuffleDown:
  case BuiltinKind::SubGroupShuffleUp:
  case BuiltinKind::SubGroupShuffleXor:
  case BuiltinKind::SubGroupShuffleIdx: {
    if (!arity() || !checkAll(0) || !toInt(1))
      return nullptr;
    Type t = args[0]->getType().isBool() ? Type::getInt() : args[0]->getType();
    args[0] = implicitCast(args[0], t);
    return make(t);
  }
  case BuiltinKind::SubGroupReduceAdd:
  case BuiltinKind::SubGroupReduceMul:
  case BuiltinKind::SubGroupReduceMin:
  case BuiltinKind::SubGroupReduceMax:
  case BuiltinKind::SubGroupReduceAnd:
  case BuiltinKind::SubGroupReduceOr:
  case BuiltinKind::SubGroupReduceXor: {
    if (!arity() || !checkAll(0))
      return nullptr;
    Type t = args[0]->getType().isBool() ? Type::getInt() : args[0]->getType();
    bool intOnly = kind == BuiltinKind::SubGroupReduceAnd ||
                   kind == BuiltinKind::SubGroupReduceOr ||
                   kind == BuiltinKind::SubGroupReduceXor;
    if (intOnly && !t.isInteger()) {
      error(args[0]->getLoc(), "'" + name +
                                   "' requires an integer argument, "
                                   "not " +
                                   typeStr(t));
      return nullptr;
    }
    args[0] = implicitCast(args[0], t);
    return make(t);
  }
  case BuiltinKind::AtomicAdd:
  case BuiltinKind::AtomicSub:
  case BuiltinKind::AtomicMin:
  case BuiltinKind::AtomicMax:
  case BuiltinKind::AtomicAnd:
  case BuiltinKind::AtomicOr:
  case BuiltinKind::AtomicXor:
  case BuiltinKind::AtomicXchg:
  case BuiltinKind::AtomicCas: {
    if (!arity())
      return nullptr;
    Expr *target = checkAtomicTarget(args[0], kind);
    if (!target)
      return nullptr;
    args[0] = target;
    if (!checkAll(1))
      return nullptr;
    for (size_t i = 1; i < args.size(); ++i)
      args[i] = implicitCast(args[i], target->getType());
    return make(target->getType());
  }
  case BuiltinKind::Min:
  case BuiltinKind::Max:
  case BuiltinKind::Clamp:
  case BuiltinKind::Abs: {
    if (!arity() || !checkAll(0))
      return nullptr;
    Type t = getPromotedType(args[0]->getType());
    for (size_t i = 1; i < args.size(); ++i)
      t = getUsualArithmeticType(t, args[i]->getType());
    for (Expr *&a : args)
      a = implicitCast(a, t);
    return make(t);
  }
  case BuiltinKind::MMAFill: {
    if (!arity() || !checkAll(0))
      return nullptr;
    args[0] = implicitCast(args[0], expected->getElementType());
    return make(*expected);
  }
  case BuiltinKind::MMALoadA:
  case BuiltinKind::MMALoadB:
  case BuiltinKind::MMALoadC: {
    MMARole role = kind == BuiltinKind::MMALoadA   ? MMARole::A
                   : kind == BuiltinKind::MMALoadB ? MMARole::B
                                                   : MMARole::Acc;
    if (expected->getMMARole() != role) {
      error(loc, "'" + name + "' produces an '" + getMMARoleName(role) +
                     "' fragment but the destination has type " +
                     typeStr(*expected));
      return nullptr;
    }
    if (!arity())
      return nullptr;
    Expr *mem = checkMMAMemory(args[0], kind, expected->getElementKind(),
                               /*isStore=*/false);
    if (!mem)
      return nullptr;
    args[0] = mem;
    if (!checkAll(1) || !toInt(1) || !toInt(2) || !toInt(3))
      return nullptr;
    return make(*expected);
  }
  case BuiltinKind::MMACompute: {
    if (!arity())
      return nullptr;
    static const MMARole roles[3] = {MMARole::A, MMARole::B, MMARole::Acc};
    for (size_t i = 0; i < 3; ++i) {
      args[i] = checkRValue(args[i]);
      if (!args[i])
        return nullptr;
      const Type &t = args[i]->getType();
      if (!t.isMMA() || t.getMMARole() != roles[i]) {
        error(args[i]->getLoc(), "argument " + llvm::Twine(i + 1) +
                                     " of 'mma_compute' must be an '" +
                                     getMMARoleName(roles[i]) +
                                     "' fragment, not " + typeStr(t));
        return nullptr;
      }
    }
    const Type &a = args[0]->getType(), &b = args[1]->getType(),
               &c = args[2]->getType();
    if (a.getMMAShape() != c.getMMAShape() ||
        b.getMMAShape() != c.getMMAShape()) {
      error(loc, "'mma_compute': fragment shapes do not match (" +
                     getMMAShapeName(a.getMMAShape()) + ", " +
                     getMMAShapeName(b.getMMAShape()) + ", " +
                     getMMAShapeName(c.getMMAShape()) + ")");
      return nullptr;
    }
    if (a.getElementKind() != b.getElementKind()) {
      error(loc, "'mma_compute': the 'a' and 'b' fragments must have the same "
                 "element type");
      return nullptr;
    }
    return make(c);
  }
  case BuiltinKind::MMAStore: {
    if (!arity())
      return nullptr;
    Expr *frag = checkRValue(args[4]);
    if (!frag)
      return nullptr;
    const Type &ft = frag->getType();
    if (!ft.isMMA() || ft.getMMARole() != MMARole::Acc) {
      error(frag->getLoc(), "argument 5 of 'mma_store' must be an 'acc' "
                            "fragment, not " +
                                typeStr(ft));
      return nullptr;
    }
    args[4] = frag;
    Expr *mem = checkMMAMemory(args[0], kind, ft.getElementKind(),
                               /*isStore=*/true);
    if (!mem)
      return nullptr;
    args[0] = mem;
    for (size_t i = 1; i < 4; ++i) {
      args[i] = checkRValue(args[i]);
      if (!args[i] || !toInt(i))
        return nullptr;
    }
    return make(Type::getVoid());
  }
  default:
    break;
  }

  // Math builtins (every other category returned above).
  if (getBuiltinCategory(kind) != BuiltinCategory::Math) {
    error(loc, "internal error: builtin '" + name + "' is not checked");
    return nullptr;
  }
  if (!arity() || !checkAll(0))
    return nullptr;
  Type t;
  for (Expr *a : args) {
    const Type &at = a->getType();
    if (at.isFloating() &&
        (t.isInvalid() || at.getScalarKind() > t.getScalarKind()))
      t = at;
  }
  if (t.isInvalid())
    t = Type::getFloat();
  for (Expr *&a : args)
    a = implicitCast(a, t);
  return make(t);
}

//===----------------------------------------------------------------------===//
// Entry point
//===----------------------------------------------------------------------===//

bool kgpu::kgc::analyzeTranslationUnit(TranslationUnit &tu,
                                       DiagnosticEngine &diags) {
  Sema sema(tu, diags);
  sema.run();
  // The divergence analysis needs a fully typed AST.
  if (!diags.hasErrors())
    checkBarrierDivergence(tu, diags);
  return !diags.hasErrors();
}
