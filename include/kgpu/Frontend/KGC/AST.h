//===- AST.h - kgc abstract syntax tree -------------------------*- C++ -*-===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//
//
// The kgc AST. The parser builds it; Sema resolves names, types every
// expression and makes every implicit conversion explicit (ImplicitCastExpr).
// After a successful parseAndAnalyze():
//   * every Expr has a valid Type (never Type::Kind::Invalid);
//   * scalar lvalues used as values are wrapped in an ImplicitCastExpr with
//     CastKind::LValueToRValue (a load); pointer and array lvalues are only
//     ever used as the base of a SubscriptExpr, as an argument of a helper
//     call (pointers) or as the memory operand of an mma builtin;
//   * every DeclRefExpr points to its VarDecl, every CallExpr to the
//     FunctionDecl *definition* of the callee, and every builtin call is a
//     BuiltinCallExpr with its BuiltinKind and result type;
//   * ForStmts written `parallel for` are ParallelForStmts in canonical form.
// LLVM-style RTTI (llvm::isa/dyn_cast) is available on Decl, Stmt and Expr.
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_FRONTEND_KGC_AST_H
#define KGPU_FRONTEND_KGC_AST_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Casting.h"
#include "llvm/Support/SMLoc.h"
#include "llvm/Support/raw_ostream.h"

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace kgpu::kgc {

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

/// Scalar element kinds. Widths: bool i1, int/uint 32, long/ulong 64,
/// half f16, float f32, double f64.
enum class ScalarKind : uint8_t {
  Bool,
  Int,
  UInt,
  Long,
  ULong,
  Half,
  Float,
  Double
};

enum class AddressSpace : uint8_t { Private, Global, Local, Constant };

/// Tensor-core fragment shapes (MxNxK).
enum class MMAShape : uint8_t {
  M16N8K16,
  M16N16K16,
  M16N8K32,
  M16N8K8,
  M32N8K16,
  M8N32K16,
  // Warp-group MMA accumulators (Hopper wgmma; role acc, float only).
  M64N64K16,
  M64N128K16,
  M64N256K16
};

/// Whether `shape` is a warp-group MMA shape (m64nNk16).
inline bool isWgmmaShape(MMAShape shape) {
  return shape == MMAShape::M64N64K16 || shape == MMAShape::M64N128K16 ||
         shape == MMAShape::M64N256K16;
}

/// Tensor-core fragment roles: A (MxK), B (KxN) and accumulator (MxN).
enum class MMARole : uint8_t { A, B, Acc };

llvm::StringRef getScalarKindName(ScalarKind kind);
llvm::StringRef getAddressSpaceName(AddressSpace space);
llvm::StringRef getMMAShapeName(MMAShape shape);
llvm::StringRef getMMARoleName(MMARole role);
/// Returns {M, N, K} for a shape.
void getMMAShapeDims(MMAShape shape, unsigned &m, unsigned &n, unsigned &k);

/// A small value type describing every kgc type.
///  - Void:    only as a function return type / expression statement type.
///  - Scalar:  bool/int/uint/long/ulong/half/float/double.
///  - Pointer: pointer to a scalar element in global/local/constant memory;
///             `isConstElement()` for `const T*` (always true for constant).
///  - Array:   fixed-size 1-3 dimensional array of scalars in private or local
///             memory. A partially subscripted array (`tile[i]`) has an array
///             type with the leading dimension dropped.
///  - MMA:     a tensor-core fragment `mma<shape, role, elem>`.
class Type {
public:
  enum class Kind : uint8_t { Invalid, Void, Scalar, Pointer, Array, MMA };

  Type() = default;
  static Type getInvalid() { return Type(); }
  static Type getVoid() {
    Type t;
    t.kind = Kind::Void;
    return t;
  }
  static Type getScalar(ScalarKind s) {
    Type t;
    t.kind = Kind::Scalar;
    t.elem = s;
    return t;
  }
  static Type getBool() { return getScalar(ScalarKind::Bool); }
  static Type getInt() { return getScalar(ScalarKind::Int); }
  static Type getFloat() { return getScalar(ScalarKind::Float); }
  static Type getPointer(ScalarKind elem, AddressSpace space, bool constElem) {
    Type t;
    t.kind = Kind::Pointer;
    t.elem = elem;
    t.space = space;
    t.constElem = constElem || space == AddressSpace::Constant;
    return t;
  }
  static Type getArray(ScalarKind elem, llvm::ArrayRef<int64_t> dims,
                       AddressSpace space, bool constElem);
  static Type getMMA(MMAShape shape, MMARole role, ScalarKind elem) {
    Type t;
    t.kind = Kind::MMA;
    t.shape = shape;
    t.role = role;
    t.elem = elem;
    return t;
  }

  Kind getKind() const { return kind; }
  bool isInvalid() const { return kind == Kind::Invalid; }
  bool isVoid() const { return kind == Kind::Void; }
  bool isScalar() const { return kind == Kind::Scalar; }
  bool isPointer() const { return kind == Kind::Pointer; }
  bool isArray() const { return kind == Kind::Array; }
  bool isMMA() const { return kind == Kind::MMA; }
  /// Pointer or array: something that can be subscripted.
  bool isMemory() const { return isPointer() || isArray(); }

  /// The scalar kind of a Scalar, or the element kind of a
  /// Pointer/Array/MMA.
  ScalarKind getScalarKind() const { return elem; }
  ScalarKind getElementKind() const { return elem; }
  Type getElementType() const { return getScalar(elem); }
  AddressSpace getAddressSpace() const { return space; }
  bool isConstElement() const { return constElem; }
  llvm::ArrayRef<int64_t> getDims() const {
    return llvm::ArrayRef<int64_t>(dims, rank);
  }
  unsigned getRank() const { return rank; }
  int64_t getNumElements() const;
  /// For an array of rank > 1: the array type with the first dim dropped.
  Type dropOuterDim() const;
  MMAShape getMMAShape() const { return shape; }
  MMARole getMMARole() const { return role; }

  // Scalar predicates (false for non-scalars).
  bool isBool() const { return isScalar() && elem == ScalarKind::Bool; }
  /// Integer types including bool.
  bool isIntegerOrBool() const {
    return isScalar() && elem <= ScalarKind::ULong;
  }
  /// int/uint/long/ulong (not bool).
  bool isInteger() const {
    return isScalar() && elem >= ScalarKind::Int && elem <= ScalarKind::ULong;
  }
  bool isFloating() const { return isScalar() && elem >= ScalarKind::Half; }
  bool isSignedInteger() const {
    return isScalar() && (elem == ScalarKind::Int || elem == ScalarKind::Long);
  }
  bool isUnsignedInteger() const {
    return isScalar() &&
           (elem == ScalarKind::UInt || elem == ScalarKind::ULong);
  }
  /// Bit width of a scalar (1 for bool).
  unsigned getBitWidth() const;

  bool operator==(const Type &o) const;
  bool operator!=(const Type &o) const { return !(*this == o); }

  /// C-like spelling, e.g. "global const float*", "local float[16][16]",
  /// "mma<m16n16k16, acc, float>".
  std::string str() const;

private:
  Kind kind = Kind::Invalid;
  ScalarKind elem = ScalarKind::Int;
  AddressSpace space = AddressSpace::Private;
  bool constElem = false;
  uint8_t rank = 0;
  MMAShape shape = MMAShape::M16N16K16;
  MMARole role = MMARole::A;
  int64_t dims[3] = {0, 0, 0};
};

llvm::raw_ostream &operator<<(llvm::raw_ostream &os, const Type &t);

//===----------------------------------------------------------------------===//
// Enums
//===----------------------------------------------------------------------===//

enum class CastKind : uint8_t {
  LValueToRValue,     ///< Load of a scalar (or mma) lvalue; same type.
  NoOp,               ///< Same type (explicit cast to the operand's type).
  IntegralCast,       ///< int <-> int of different width or signedness.
  IntegralToBoolean,  ///< int != 0.
  FloatingToBoolean,  ///< fp != 0.
  BooleanToIntegral,  ///< false/true -> 0/1 (zero extension).
  BooleanToFloating,  ///< false/true -> 0.0/1.0.
  IntegralToFloating, ///< signedness taken from the source type.
  FloatingToIntegral, ///< truncation toward zero; signedness of target.
  FloatingCast,       ///< half <-> float <-> double.
  ToVoid,             ///< Explicit `(void)e`.
};
llvm::StringRef getCastKindName(CastKind kind);

enum class UnaryOpKind : uint8_t {
  Plus,    ///< +x (integer promotion)
  Minus,   ///< -x
  LNot,    ///< !x (operand converted to bool; result bool)
  Not,     ///< ~x
  PreInc,  ///< ++x
  PreDec,  ///< --x
  PostInc, ///< x++
  PostDec, ///< x--
  AddrOf,  ///< &x: only valid as the target of an atomic builtin; never
           ///< present after Sema (the atomic's target is the lvalue itself).
  Deref,   ///< *x: always rejected by Sema.
};
llvm::StringRef getUnaryOpSpelling(UnaryOpKind op);

enum class BinaryOpKind : uint8_t {
  Mul,
  Div,
  Rem,
  Add,
  Sub,
  Shl,
  Shr,
  LT,
  GT,
  LE,
  GE,
  EQ,
  NE,
  And,
  Xor,
  Or,
  LAnd,
  LOr,
  Comma,
  // Assignment operators (only in AssignExpr).
  Assign,
  MulAssign,
  DivAssign,
  RemAssign,
  AddAssign,
  SubAssign,
  ShlAssign,
  ShrAssign,
  AndAssign,
  XorAssign,
  OrAssign,
};
llvm::StringRef getBinaryOpSpelling(BinaryOpKind op);
inline bool isAssignmentOp(BinaryOpKind op) {
  return op >= BinaryOpKind::Assign;
}
inline bool isComparisonOp(BinaryOpKind op) {
  return op >= BinaryOpKind::LT && op <= BinaryOpKind::NE;
}
/// For a compound assignment operator returns the arithmetic operator
/// (AddAssign -> Add); for other ops returns `op`.
BinaryOpKind getCompoundArithOp(BinaryOpKind op);

/// The builtin functions (Builtins.def lists them, with their signatures).
enum class BuiltinKind : uint8_t {
#define KGC_BUILTIN(Kind, Name, Category, Arity, Variance) Kind,
#include "kgpu/Frontend/KGC/Builtins.def"
};

/// What Sema checks a builtin as (see Builtins.def).
enum class BuiltinCategory : uint8_t {
  WorkItem,
  Barrier,
  Atomic,
  SubGroup,
  Math,
  Overloaded,
  MMAContextual,
  MMA,
  Async,
};

/// How a builtin's result varies across the work-items of a grid.
enum class BuiltinVariance : uint8_t {
  Args,  ///< as its arguments do
  Group, ///< per work-group
  Item,  ///< per work-item
};

/// The source spelling of a builtin (e.g. "global_id").
llvm::StringRef getBuiltinName(BuiltinKind kind);
BuiltinCategory getBuiltinCategory(BuiltinKind kind);
/// The number of arguments a builtin takes.
unsigned getBuiltinArity(BuiltinKind kind);
BuiltinVariance getBuiltinVariance(BuiltinKind kind);
inline bool isAtomicBuiltin(BuiltinKind kind) {
  return getBuiltinCategory(kind) == BuiltinCategory::Atomic;
}
inline bool isBarrierBuiltin(BuiltinKind kind) {
  return getBuiltinCategory(kind) == BuiltinCategory::Barrier;
}
/// The tensor-core builtins (mma_*).
inline bool isMMABuiltin(BuiltinKind kind) {
  BuiltinCategory c = getBuiltinCategory(kind);
  return c == BuiltinCategory::MMA || c == BuiltinCategory::MMAContextual;
}

/// The asynchronous-copy builtins (async_copy, async_commit, async_wait).
inline bool isAsyncBuiltin(BuiltinKind kind) {
  return getBuiltinCategory(kind) == BuiltinCategory::Async;
}

enum class ReduceOpKind : uint8_t { Add, Mul, Min, Max, And, Or, Xor };
llvm::StringRef getReduceOpSpelling(ReduceOpKind op);

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

class VarDecl;
class FunctionDecl;
class CompoundStmt;

class Expr {
public:
  enum class Kind : uint8_t {
    IntegerLiteral,
    FloatLiteral,
    BoolLiteral,
    DeclRef,
    Unary,
    Binary,
    Assign,
    Conditional,
    ImplicitCast,
    ExplicitCast,
    Subscript,
    Call,
    BuiltinCall,
    InitList,
  };

  virtual ~Expr() = default;
  Kind getKind() const { return kind; }
  llvm::SMLoc getLoc() const { return loc; }
  const Type &getType() const { return type; }
  void setType(const Type &t) { type = t; }
  /// True for designators of memory: variables and subscripts.
  bool isLValue() const { return lvalue; }
  void setLValue(bool v) { lvalue = v; }
  /// The variable this expression designates, ignoring implicit casts: the
  /// variable of a DeclRefExpr, or the root of a subscript chain (`p` in
  /// `p[i][j]`); null for anything else.
  VarDecl *getRootVarDecl() const;

protected:
  Expr(Kind kind, llvm::SMLoc loc) : kind(kind), loc(loc) {}

private:
  Kind kind;
  bool lvalue = false;
  llvm::SMLoc loc;
  Type type;
};

/// An integer literal; the type follows the C rules (int, uint, long, ulong
/// depending on value, base and suffix).
class IntegerLiteral : public Expr {
public:
  IntegerLiteral(llvm::SMLoc loc, uint64_t value, Type t)
      : Expr(Kind::IntegerLiteral, loc), value(value) {
    setType(t);
  }
  uint64_t getValue() const { return value; }
  static bool classof(const Expr *e) {
    return e->getKind() == Kind::IntegerLiteral;
  }

private:
  uint64_t value;
};

/// A floating literal: double without suffix, float with `f`, half with `h`.
class FloatLiteral : public Expr {
public:
  FloatLiteral(llvm::SMLoc loc, double value, Type t)
      : Expr(Kind::FloatLiteral, loc), value(value) {
    setType(t);
  }
  /// The value as parsed to double (round to the literal type on emission).
  double getValue() const { return value; }
  static bool classof(const Expr *e) {
    return e->getKind() == Kind::FloatLiteral;
  }

private:
  double value;
};

class BoolLiteral : public Expr {
public:
  BoolLiteral(llvm::SMLoc loc, bool value)
      : Expr(Kind::BoolLiteral, loc), value(value) {
    setType(Type::getBool());
  }
  bool getValue() const { return value; }
  static bool classof(const Expr *e) {
    return e->getKind() == Kind::BoolLiteral;
  }

private:
  bool value;
};

/// A reference to a variable: parameter, local scalar/array/mma variable or
/// file-scope constant (then an rvalue; see VarDecl::getConstantValue()).
class DeclRefExpr : public Expr {
public:
  DeclRefExpr(llvm::SMLoc loc, llvm::StringRef name)
      : Expr(Kind::DeclRef, loc), name(name) {}
  llvm::StringRef getName() const { return name; }
  VarDecl *getDecl() const { return decl; }
  void setDecl(VarDecl *d) { decl = d; }
  static bool classof(const Expr *e) { return e->getKind() == Kind::DeclRef; }

private:
  std::string name;
  VarDecl *decl = nullptr;
};

/// A unary operator. ++/-- operate on a scalar lvalue (the operand is *not*
/// wrapped in LValueToRValue) and yield an rvalue of the operand's type.
/// For +, -, ~ the operand is already promoted; for ! it is converted to
/// bool.
class UnaryExpr : public Expr {
public:
  UnaryExpr(llvm::SMLoc loc, UnaryOpKind op, Expr *operand)
      : Expr(Kind::Unary, loc), op(op), operand(operand) {}
  UnaryOpKind getOp() const { return op; }
  Expr *getOperand() const { return operand; }
  void setOperand(Expr *e) { operand = e; }
  bool isIncDec() const {
    return op >= UnaryOpKind::PreInc && op <= UnaryOpKind::PostDec;
  }
  static bool classof(const Expr *e) { return e->getKind() == Kind::Unary; }

private:
  UnaryOpKind op;
  Expr *operand;
};

/// A binary (non-assignment) operator. After Sema both operands have the
/// same type for arithmetic, bitwise and comparison operators (the common
/// type of the usual arithmetic conversions; for shifts the promoted LHS
/// type, the RHS being converted to it). For && and || both operands are
/// bool. For the comma operator the LHS is evaluated for side effects.
/// Comparisons, && and || have type bool.
class BinaryExpr : public Expr {
public:
  BinaryExpr(llvm::SMLoc loc, BinaryOpKind op, Expr *lhs, Expr *rhs)
      : Expr(Kind::Binary, loc), op(op), lhs(lhs), rhs(rhs) {}
  BinaryOpKind getOp() const { return op; }
  Expr *getLHS() const { return lhs; }
  Expr *getRHS() const { return rhs; }
  void setLHS(Expr *e) { lhs = e; }
  void setRHS(Expr *e) { rhs = e; }
  static bool classof(const Expr *e) { return e->getKind() == Kind::Binary; }

private:
  BinaryOpKind op;
  Expr *lhs, *rhs;
};

/// `lhs = rhs` or `lhs op= rhs`. The LHS is a scalar (or mma, for `=`) lvalue,
/// not wrapped in LValueToRValue. The result is an rvalue of the LHS type.
///  - `=`: the RHS is converted to the LHS type.
///  - `op=`: C semantics `lhs = (T)(lhs op rhs)`; the RHS is converted to
///    getComputationType() (the usual arithmetic conversions of both sides;
///    for shifts the promoted LHS type). The emitter loads the LHS, converts
///    it to the computation type, applies the operator and converts the
///    result back to the LHS type.
/// Inside a parallel for, an assignment that updates a reduction target has
/// getReduceClauseIndex() >= 0 and getReduceContribution() gives the value
/// contributed (the RHS for `op=`, the non-target argument of min/max for
/// `t = min(t, v)`).
class AssignExpr : public Expr {
public:
  AssignExpr(llvm::SMLoc loc, BinaryOpKind op, Expr *lhs, Expr *rhs)
      : Expr(Kind::Assign, loc), op(op), lhs(lhs), rhs(rhs) {}
  BinaryOpKind getOp() const { return op; }
  bool isCompound() const { return op != BinaryOpKind::Assign; }
  /// For compound assignment: the arithmetic operator (AddAssign -> Add).
  BinaryOpKind getArithOp() const { return getCompoundArithOp(op); }
  Expr *getLHS() const { return lhs; }
  Expr *getRHS() const { return rhs; }
  void setLHS(Expr *e) { lhs = e; }
  void setRHS(Expr *e) { rhs = e; }
  const Type &getComputationType() const { return computationType; }
  void setComputationType(const Type &t) { computationType = t; }
  int getReduceClauseIndex() const { return reduceClauseIndex; }
  Expr *getReduceContribution() const { return reduceContribution; }
  void setReduction(int index, Expr *contribution) {
    reduceClauseIndex = index;
    reduceContribution = contribution;
  }
  static bool classof(const Expr *e) { return e->getKind() == Kind::Assign; }

private:
  BinaryOpKind op;
  Expr *lhs, *rhs;
  Type computationType;
  int reduceClauseIndex = -1;
  Expr *reduceContribution = nullptr;
};

/// `c ? a : b`; the condition is bool, both arms have the result type.
class ConditionalExpr : public Expr {
public:
  ConditionalExpr(llvm::SMLoc loc, Expr *cond, Expr *t, Expr *f)
      : Expr(Kind::Conditional, loc), cond(cond), trueExpr(t), falseExpr(f) {}
  Expr *getCond() const { return cond; }
  Expr *getTrueExpr() const { return trueExpr; }
  Expr *getFalseExpr() const { return falseExpr; }
  void setCond(Expr *e) { cond = e; }
  void setTrueExpr(Expr *e) { trueExpr = e; }
  void setFalseExpr(Expr *e) { falseExpr = e; }
  static bool classof(const Expr *e) {
    return e->getKind() == Kind::Conditional;
  }

private:
  Expr *cond, *trueExpr, *falseExpr;
};

/// Common base of implicit and explicit casts. The result type is getType().
class CastExpr : public Expr {
public:
  CastKind getCastKind() const { return castKind; }
  void setCastKind(CastKind k) { castKind = k; }
  Expr *getSubExpr() const { return sub; }
  void setSubExpr(Expr *e) { sub = e; }
  static bool classof(const Expr *e) {
    return e->getKind() == Kind::ImplicitCast ||
           e->getKind() == Kind::ExplicitCast;
  }

protected:
  CastExpr(Kind k, llvm::SMLoc loc, CastKind ck, Expr *sub)
      : Expr(k, loc), castKind(ck), sub(sub) {}

private:
  CastKind castKind;
  Expr *sub;
};

/// A conversion inserted by Sema.
class ImplicitCastExpr : public CastExpr {
public:
  ImplicitCastExpr(llvm::SMLoc loc, CastKind ck, Expr *sub, Type t)
      : CastExpr(Kind::ImplicitCast, loc, ck, sub) {
    setType(t);
  }
  static bool classof(const Expr *e) {
    return e->getKind() == Kind::ImplicitCast;
  }
};

/// `(T)e` written in the source. The sub-expression is an rvalue (loaded).
class ExplicitCastExpr : public CastExpr {
public:
  ExplicitCastExpr(llvm::SMLoc loc, Type target, Expr *sub)
      : CastExpr(Kind::ExplicitCast, loc, CastKind::NoOp, sub) {
    setType(target);
  }
  static bool classof(const Expr *e) {
    return e->getKind() == Kind::ExplicitCast;
  }
};

/// `base[index]`. The base is a DeclRefExpr of pointer or array type, or a
/// SubscriptExpr of array type (multi-dimensional arrays). The index has an
/// integer type (int, uint, long or ulong). The result is an lvalue: a
/// scalar element, or a sub-array for a partially subscripted array.
class SubscriptExpr : public Expr {
public:
  SubscriptExpr(llvm::SMLoc loc, Expr *base, Expr *index)
      : Expr(Kind::Subscript, loc), base(base), index(index) {}
  Expr *getBase() const { return base; }
  Expr *getIndex() const { return index; }
  void setBase(Expr *e) { base = e; }
  void setIndex(Expr *e) { index = e; }
  /// The root DeclRefExpr of a (possibly multi-dimensional) subscript.
  DeclRefExpr *getRootDeclRef() const;
  /// The indices from outermost to innermost, e.g. {i, j} for `t[i][j]`.
  llvm::SmallVector<Expr *, 3> getIndices() const;
  static bool classof(const Expr *e) { return e->getKind() == Kind::Subscript; }

private:
  Expr *base, *index;
};

/// A call written `name(args)`. Before Sema only getCalleeName() and the
/// arguments are set. After Sema it is a call to a helper function (the
/// callee's definition); arguments are converted to the parameter types
/// (pointer arguments are DeclRefExprs of pointer parameters).
class CallExpr : public Expr {
public:
  CallExpr(llvm::SMLoc loc, llvm::StringRef callee, std::vector<Expr *> args)
      : Expr(Kind::Call, loc), calleeName(callee), args(std::move(args)) {}
  llvm::StringRef getCalleeName() const { return calleeName; }
  FunctionDecl *getCallee() const { return callee; }
  void setCallee(FunctionDecl *f) { callee = f; }
  llvm::ArrayRef<Expr *> getArgs() const { return args; }
  std::vector<Expr *> &getArgsMutable() { return args; }
  static bool classof(const Expr *e) { return e->getKind() == Kind::Call; }

private:
  std::string calleeName;
  FunctionDecl *callee = nullptr;
  std::vector<Expr *> args;
};

/// A resolved builtin call. Argument conventions after Sema:
///  - work-item builtins: one integer constant argument; getDimension().
///  - atomics: arg 0 is the target element, a scalar SubscriptExpr lvalue in
///    global or local memory (the `&` of the source is dropped); the other
///    arguments are converted to the element type.
///  - shuffles: (value, int); reductions: (value); the value has the result
///    type (integer-promoted).
///  - math: all arguments converted to the floating result type.
///  - min/max/clamp/abs: arguments converted to the common type.
///  - mma_load_*/mma_store: arg 0 is a pointer DeclRefExpr or an array lvalue
///    (DeclRefExpr or SubscriptExpr of array type); row/col/ld are int.
///  - mma_fill: arg is converted to the element type of the result fragment.
class BuiltinCallExpr : public Expr {
public:
  BuiltinCallExpr(llvm::SMLoc loc, BuiltinKind kind, std::vector<Expr *> args)
      : Expr(Kind::BuiltinCall, loc), builtin(kind), args(std::move(args)) {}
  BuiltinKind getBuiltinKind() const { return builtin; }
  llvm::ArrayRef<Expr *> getArgs() const { return args; }
  std::vector<Expr *> &getArgsMutable() { return args; }
  /// For work-item builtins: the folded dimension (0, 1 or 2).
  unsigned getDimension() const { return dimension; }
  void setDimension(unsigned d) { dimension = d; }
  static bool classof(const Expr *e) {
    return e->getKind() == Kind::BuiltinCall;
  }

private:
  BuiltinKind builtin;
  unsigned dimension = 0;
  std::vector<Expr *> args;
};

/// A brace initializer of a private array. After Sema getInits() holds the
/// element initializers flattened in row-major order, each converted to the
/// element type (there may be fewer than the array size; the rest is zero).
class InitListExpr : public Expr {
public:
  InitListExpr(llvm::SMLoc loc, std::vector<Expr *> inits)
      : Expr(Kind::InitList, loc), inits(std::move(inits)) {}
  llvm::ArrayRef<Expr *> getInits() const { return inits; }
  std::vector<Expr *> &getInitsMutable() { return inits; }
  static bool classof(const Expr *e) { return e->getKind() == Kind::InitList; }

private:
  std::vector<Expr *> inits;
};

//===----------------------------------------------------------------------===//
// Declarations
//===----------------------------------------------------------------------===//

/// A folded constant value (of a file-scope constant or a constant
/// expression). Integers are stored sign- or zero-extended to 64 bits
/// according to `type`; floating values as double.
struct ConstantValue {
  Type type;
  uint64_t intValue = 0;
  double floatValue = 0.0;

  bool isFloating() const { return type.isFloating(); }
  int64_t getSExtValue() const { return (int64_t)intValue; }
  uint64_t getZExtValue() const { return intValue; }
};

class Decl {
public:
  enum class Kind : uint8_t { Var, Function };
  virtual ~Decl() = default;
  Kind getKind() const { return kind; }
  llvm::SMLoc getLoc() const { return loc; }
  llvm::StringRef getName() const { return name; }

protected:
  Decl(Kind kind, llvm::SMLoc loc, llvm::StringRef name)
      : kind(kind), loc(loc), name(name) {}

private:
  Kind kind;
  llvm::SMLoc loc;
  std::string name;
};

/// A variable: function parameter, local variable (scalar, private or local
/// array, mma fragment) or file-scope constant.
class VarDecl : public Decl {
public:
  enum class VarKind : uint8_t { Param, Local, GlobalConst };

  VarDecl(llvm::SMLoc loc, llvm::StringRef name, Type type, VarKind vk,
          bool isConst)
      : Decl(Kind::Var, loc, name), type(type), varKind(vk),
        constQual(isConst) {}

  const Type &getType() const { return type; }
  void setType(const Type &t) { type = t; }
  VarKind getVarKind() const { return varKind; }
  bool isParam() const { return varKind == VarKind::Param; }
  bool isLocal() const { return varKind == VarKind::Local; }
  bool isGlobalConst() const { return varKind == VarKind::GlobalConst; }
  /// `const` on the variable itself (for pointers/arrays this is the element
  /// constness, see Type::isConstElement()).
  bool isConst() const { return constQual; }
  /// Initializer (after Sema converted to the variable type; an
  /// InitListExpr for arrays), or null.
  Expr *getInit() const { return init; }
  void setInit(Expr *e) { init = e; }
  /// For file-scope constants: the folded value.
  const ConstantValue &getConstantValue() const { return constValue; }
  void setConstantValue(const ConstantValue &v) { constValue = v; }
  /// Array dimension expressions as written (parser output; Sema folds them
  /// into the array type).
  llvm::ArrayRef<Expr *> getParsedDims() const { return parsedDims; }
  void setParsedDims(std::vector<Expr *> dims) { parsedDims = std::move(dims); }
  /// True for the induction variables of a ParallelForStmt.
  bool isParallelLoopVar() const { return parallelLoopVar; }
  void setParallelLoopVar(bool v) { parallelLoopVar = v; }
  static bool classof(const Decl *d) { return d->getKind() == Kind::Var; }

private:
  Type type;
  VarKind varKind;
  bool constQual;
  bool parallelLoopVar = false;
  Expr *init = nullptr;
  std::vector<Expr *> parsedDims;
  ConstantValue constValue;
};

/// A kernel or helper function (definition or prototype). After Sema every
/// CallExpr refers to the definition; prototypes stay in the translation
/// unit's decl list with getDefinition() pointing to the definition.
class FunctionDecl : public Decl {
public:
  FunctionDecl(llvm::SMLoc loc, llvm::StringRef name, Type returnType,
               bool isKernel)
      : Decl(Kind::Function, loc, name), returnType(returnType),
        kernel(isKernel) {}

  bool isKernel() const { return kernel; }
  /// `__attribute__((reqd_work_group_size(X, Y, Z)))`: the kernel's fixed
  /// work-group size; none when it accepts any size at launch.
  const std::optional<std::array<uint32_t, 3>> &getReqdWorkGroupSize() const {
    return reqdWorkGroupSize;
  }
  void setReqdWorkGroupSize(std::array<uint32_t, 3> size) {
    reqdWorkGroupSize = size;
  }
  const Type &getReturnType() const { return returnType; }
  llvm::ArrayRef<VarDecl *> getParams() const { return params; }
  std::vector<VarDecl *> &getParamsMutable() { return params; }
  /// The body, or null for a prototype.
  CompoundStmt *getBody() const { return body; }
  void setBody(CompoundStmt *b) { body = b; }
  bool isDefinition() const { return body != nullptr; }
  FunctionDecl *getDefinition() const { return definition; }
  void setDefinition(FunctionDecl *d) { definition = d; }
  static bool classof(const Decl *d) { return d->getKind() == Kind::Function; }

private:
  std::optional<std::array<uint32_t, 3>> reqdWorkGroupSize;
  Type returnType;
  bool kernel;
  std::vector<VarDecl *> params;
  CompoundStmt *body = nullptr;
  FunctionDecl *definition = nullptr;
};

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

class Stmt {
public:
  enum class Kind : uint8_t {
    Compound,
    Decl,
    Expr,
    If,
    For,
    ParallelFor,
    While,
    Do,
    Break,
    Continue,
    Return,
    Null,
  };
  virtual ~Stmt() = default;
  Kind getKind() const { return kind; }
  llvm::SMLoc getLoc() const { return loc; }

protected:
  Stmt(Kind kind, llvm::SMLoc loc) : kind(kind), loc(loc) {}

private:
  Kind kind;
  llvm::SMLoc loc;
};

class CompoundStmt : public Stmt {
public:
  CompoundStmt(llvm::SMLoc loc, std::vector<Stmt *> body)
      : Stmt(Kind::Compound, loc), body(std::move(body)) {}
  llvm::ArrayRef<Stmt *> getBody() const { return body; }
  std::vector<Stmt *> &getBodyMutable() { return body; }
  static bool classof(const Stmt *s) { return s->getKind() == Kind::Compound; }

private:
  std::vector<Stmt *> body;
};

/// `int a = 1, b;` : one or more local VarDecls.
class DeclStmt : public Stmt {
public:
  DeclStmt(llvm::SMLoc loc, std::vector<VarDecl *> decls)
      : Stmt(Kind::Decl, loc), decls(std::move(decls)) {}
  llvm::ArrayRef<VarDecl *> getDecls() const { return decls; }
  static bool classof(const Stmt *s) { return s->getKind() == Kind::Decl; }

private:
  std::vector<VarDecl *> decls;
};

class ExprStmt : public Stmt {
public:
  ExprStmt(llvm::SMLoc loc, Expr *e) : Stmt(Kind::Expr, loc), expr(e) {}
  Expr *getExpr() const { return expr; }
  void setExpr(Expr *e) { expr = e; }
  static bool classof(const Stmt *s) { return s->getKind() == Kind::Expr; }

private:
  Expr *expr;
};

class IfStmt : public Stmt {
public:
  IfStmt(llvm::SMLoc loc, Expr *cond, Stmt *thenS, Stmt *elseS)
      : Stmt(Kind::If, loc), cond(cond), thenStmt(thenS), elseStmt(elseS) {}
  Expr *getCond() const { return cond; }
  void setCond(Expr *e) { cond = e; }
  Stmt *getThen() const { return thenStmt; }
  /// May be null.
  Stmt *getElse() const { return elseStmt; }
  void setThen(Stmt *s) { thenStmt = s; }
  void setElse(Stmt *s) { elseStmt = s; }
  static bool classof(const Stmt *s) { return s->getKind() == Kind::If; }

private:
  Expr *cond;
  Stmt *thenStmt, *elseStmt;
};

/// A sequential `for`. Init (a DeclStmt or ExprStmt), cond and inc may be
/// null.
class ForStmt : public Stmt {
public:
  ForStmt(llvm::SMLoc loc, Stmt *init, Expr *cond, Expr *inc, Stmt *body)
      : Stmt(Kind::For, loc), init(init), cond(cond), inc(inc), body(body) {}
  Stmt *getInit() const { return init; }
  Expr *getCond() const { return cond; }
  Expr *getInc() const { return inc; }
  Stmt *getBody() const { return body; }
  void setInit(Stmt *s) { init = s; }
  void setCond(Expr *e) { cond = e; }
  void setInc(Expr *e) { inc = e; }
  void setBody(Stmt *s) { body = s; }
  static bool classof(const Stmt *s) { return s->getKind() == Kind::For; }

private:
  Stmt *init;
  Expr *cond, *inc;
  Stmt *body;
};

/// One `reduce(op: target)` clause of a parallel for. The target is a
/// DeclRefExpr of a private scalar variable declared before the loop, or a
/// SubscriptExpr `p[c]` of a global pointer parameter with an integer
/// constant index. Neither is wrapped in LValueToRValue.
struct ReduceClause {
  llvm::SMLoc loc;
  ReduceOpKind op;
  Expr *target;
};

/// A data-parallel loop nest of 1-3 dimensions in canonical form
///   parallel for (T v = lower; v < upper; v += step) [reduce(...)] body
/// (`<=` gives isUpperInclusive()). Directly nested parallel fors are merged
/// into one ParallelForStmt (dimension 0 is the outermost loop). Loop
/// variables are int/uint/long/ulong; lower/upper are converted to the loop
/// variable type; the step is a positive constant.
class ParallelForStmt : public Stmt {
public:
  struct Dim {
    VarDecl *var = nullptr;
    Expr *lower = nullptr;
    Expr *upper = nullptr;
    bool upperInclusive = false;
    int64_t step = 1;
  };

  ParallelForStmt(llvm::SMLoc loc, Stmt *init, Expr *cond, Expr *inc,
                  std::vector<ReduceClause> clauses, Stmt *body)
      : Stmt(Kind::ParallelFor, loc), parsedInit(init), parsedCond(cond),
        parsedInc(inc), clauses(std::move(clauses)), body(body) {}

  llvm::ArrayRef<Dim> getDims() const { return dims; }
  std::vector<Dim> &getDimsMutable() { return dims; }
  unsigned getNumDims() const { return dims.size(); }
  llvm::ArrayRef<ReduceClause> getReduceClauses() const { return clauses; }
  std::vector<ReduceClause> &getReduceClausesMutable() { return clauses; }
  Stmt *getBody() const { return body; }
  void setBody(Stmt *s) { body = s; }

  /// The header as parsed (for Sema only; meaningless afterwards).
  Stmt *getParsedInit() const { return parsedInit; }
  Expr *getParsedCond() const { return parsedCond; }
  Expr *getParsedInc() const { return parsedInc; }

  static bool classof(const Stmt *s) {
    return s->getKind() == Kind::ParallelFor;
  }

private:
  Stmt *parsedInit;
  Expr *parsedCond, *parsedInc;
  std::vector<Dim> dims;
  std::vector<ReduceClause> clauses;
  Stmt *body;
};

class WhileStmt : public Stmt {
public:
  WhileStmt(llvm::SMLoc loc, Expr *cond, Stmt *body)
      : Stmt(Kind::While, loc), cond(cond), body(body) {}
  Expr *getCond() const { return cond; }
  void setCond(Expr *e) { cond = e; }
  Stmt *getBody() const { return body; }
  static bool classof(const Stmt *s) { return s->getKind() == Kind::While; }

private:
  Expr *cond;
  Stmt *body;
};

class DoStmt : public Stmt {
public:
  DoStmt(llvm::SMLoc loc, Stmt *body, Expr *cond)
      : Stmt(Kind::Do, loc), body(body), cond(cond) {}
  Stmt *getBody() const { return body; }
  Expr *getCond() const { return cond; }
  void setCond(Expr *e) { cond = e; }
  static bool classof(const Stmt *s) { return s->getKind() == Kind::Do; }

private:
  Stmt *body;
  Expr *cond;
};

class BreakStmt : public Stmt {
public:
  explicit BreakStmt(llvm::SMLoc loc) : Stmt(Kind::Break, loc) {}
  static bool classof(const Stmt *s) { return s->getKind() == Kind::Break; }
};

class ContinueStmt : public Stmt {
public:
  explicit ContinueStmt(llvm::SMLoc loc) : Stmt(Kind::Continue, loc) {}
  static bool classof(const Stmt *s) { return s->getKind() == Kind::Continue; }
};

/// `return;` or `return e;` (e converted to the function's return type).
class ReturnStmt : public Stmt {
public:
  ReturnStmt(llvm::SMLoc loc, Expr *value)
      : Stmt(Kind::Return, loc), value(value) {}
  Expr *getValue() const { return value; }
  void setValue(Expr *e) { value = e; }
  static bool classof(const Stmt *s) { return s->getKind() == Kind::Return; }

private:
  Expr *value;
};

/// `;`
class NullStmt : public Stmt {
public:
  explicit NullStmt(llvm::SMLoc loc) : Stmt(Kind::Null, loc) {}
  static bool classof(const Stmt *s) { return s->getKind() == Kind::Null; }
};

//===----------------------------------------------------------------------===//
// Translation unit
//===----------------------------------------------------------------------===//

/// Owns every AST node of one source buffer.
class TranslationUnit {
public:
  TranslationUnit(const llvm::SourceMgr &sm, unsigned bufferId)
      : sm(&sm), bufferId(bufferId) {}

  /// Top-level declarations in source order: FunctionDecls (kernels,
  /// helpers, prototypes) and VarDecls (file-scope constants).
  llvm::ArrayRef<Decl *> getDecls() const { return decls; }
  void addDecl(Decl *d) { decls.push_back(d); }

  /// Kernel definitions in source order.
  std::vector<FunctionDecl *> getKernels() const;
  /// Looks up a top-level function definition (or prototype) by name.
  FunctionDecl *lookupFunction(llvm::StringRef name) const;

  const llvm::SourceMgr &getSourceMgr() const { return *sm; }
  unsigned getBufferId() const { return bufferId; }

  /// Allocates a node owned by this translation unit.
  template <typename T, typename... Args> T *create(Args &&...args) {
    auto node = std::make_unique<T>(std::forward<Args>(args)...);
    T *raw = node.get();
    if constexpr (std::is_base_of_v<Expr, T>)
      exprs.push_back(std::move(node));
    else if constexpr (std::is_base_of_v<Stmt, T>)
      stmts.push_back(std::move(node));
    else
      declNodes.push_back(std::move(node));
    return raw;
  }

  /// Prints a readable tree dump (used by tests and debugging).
  void dump(llvm::raw_ostream &os) const;

private:
  const llvm::SourceMgr *sm;
  unsigned bufferId;
  std::vector<Decl *> decls;
  std::vector<std::unique_ptr<Expr>> exprs;
  std::vector<std::unique_ptr<Stmt>> stmts;
  std::vector<std::unique_ptr<Decl>> declNodes;
};

/// Prints an expression in a compact fully parenthesized form, e.g.
/// `(a + (b * c))`. Implicit casts print as `Kind:type(e)`; LValueToRValue
/// casts are omitted unless `showLoads`.
std::string printExpr(const Expr *e, bool showLoads = false);

/// Appends the direct sub-expressions of `e` to `out`, left to right.
void appendChildren(const Expr *e, llvm::SmallVectorImpl<Expr *> &out);

/// Calls `visit` on `e` and all its sub-expressions in pre-order (left to
/// right) with an explicit stack, so that long operator chains do not
/// recurse. Stops and returns false as soon as `visit` returns false.
bool walkExpr(const Expr *e, llvm::function_ref<bool(const Expr *)> visit);

/// Strips ImplicitCastExprs.
const Expr *ignoreImplicitCasts(const Expr *e);
Expr *ignoreImplicitCasts(Expr *e);

} // namespace kgpu::kgc

#endif // KGPU_FRONTEND_KGC_AST_H
