//===- SemaBuiltins.cpp - kgc builtin calls -------------------------------===//
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
// Builtin calls
//===----------------------------------------------------------------------===//

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
                   isMMABuiltin(kind) || isAsyncBuiltin(kind) ||
                   kind == BuiltinKind::Barrier ||
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
    if (isWgmmaShape(expected->getMMAShape())) {
      error(loc, "'" + name + "' cannot load a warp-group accumulator (" +
                     typeStr(*expected) + "); start it with mma_fill");
      return nullptr;
    }
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
    if (isWgmmaShape(c.getMMAShape())) {
      error(loc, "'mma_compute' does not take warp-group accumulators (" +
                     typeStr(c) + "); use 'wgmma' or 'wgmma_bt'");
      return nullptr;
    }
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
  case BuiltinKind::MMAStore:
  case BuiltinKind::WgmmaStore: {
    if (!arity())
      return nullptr;
    Expr *frag = checkRValue(args[4]);
    if (!frag)
      return nullptr;
    const Type &ft = frag->getType();
    if (!ft.isMMA() || ft.getMMARole() != MMARole::Acc) {
      error(frag->getLoc(), "argument 5 of '" + name +
                                "' must be an 'acc' fragment, not " +
                                typeStr(ft));
      return nullptr;
    }
    if (isWgmmaShape(ft.getMMAShape()) != (kind == BuiltinKind::WgmmaStore)) {
      error(frag->getLoc(),
            kind == BuiltinKind::WgmmaStore
                ? "argument 5 of 'wgmma_store' must be a warp-group "
                  "accumulator (mma<m64nNk16, acc, float>), not " +
                      typeStr(ft)
                : "'mma_store' does not store warp-group accumulators (" +
                      typeStr(ft) + "); use 'wgmma_store'");
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
  case BuiltinKind::WgmmaCompute:
  case BuiltinKind::WgmmaComputeBt: {
    if (!arity())
      return nullptr;
    args[0] = checkRValue(args[0]);
    if (!args[0])
      return nullptr;
    const Type &c = args[0]->getType();
    if (!c.isMMA() || !isWgmmaShape(c.getMMAShape())) {
      error(args[0]->getLoc(), "argument 1 of '" + name +
                                   "' must be a warp-group accumulator "
                                   "(mma<m64nNk16, acc, float>), not " +
                                   typeStr(c));
      return nullptr;
    }
    for (size_t i : {size_t(1), size_t(3)}) {
      Expr *mem = checkExpr(args[i]);
      if (!mem)
        return nullptr;
      const Type &t = mem->getType();
      if (!t.isArray() || !mem->isLValue() ||
          t.getAddressSpace() != AddressSpace::Local || t.getRank() != 1 ||
          t.getElementKind() != ScalarKind::Half) {
        error(mem->getLoc(), "argument " + llvm::Twine(i + 1) + " of '" + name +
                                 "' must be a 1-D local array of half, not " +
                                 typeStr(t));
        return nullptr;
      }
      args[i] = mem;
    }
    for (size_t i : {size_t(2), size_t(4)}) {
      args[i] = checkRValue(args[i]);
      if (!args[i] || !toInt(i))
        return nullptr;
    }
    return make(c);
  }
  case BuiltinKind::WgmmaFence:
  case BuiltinKind::WgmmaCommit:
    if (!arity())
      return nullptr;
    return make(Type::getVoid());
  case BuiltinKind::WgmmaWait: {
    if (!arity() || !checkAll(0) || !toInt(0))
      return nullptr;
    auto v = evaluateConstantExpr(args[0]);
    if (!v || v->getSExtValue() < 0 || v->getSExtValue() > 7) {
      error(args[0]->getLoc(), "the argument of 'wgmma_wait' must be an "
                               "integer constant from 0 to 7");
      return nullptr;
    }
    return make(Type::getVoid());
  }
  case BuiltinKind::AsyncCommit:
    if (!arity())
      return nullptr;
    return make(Type::getVoid());
  case BuiltinKind::AsyncWait: {
    if (!arity() || !checkAll(0) || !toInt(0))
      return nullptr;
    auto v = evaluateConstantExpr(args[0]);
    if (!v || v->getSExtValue() < 0 || v->getSExtValue() > 255) {
      error(args[0]->getLoc(), "the argument of 'async_wait' must be an "
                               "integer constant from 0 to 255");
      return nullptr;
    }
    return make(Type::getVoid());
  }
  case BuiltinKind::AsyncCopy: {
    if (!arity())
      return nullptr;
    Expr *dst = checkExpr(args[0]);
    Expr *src = dst ? checkExpr(args[2]) : nullptr;
    if (!dst || !src)
      return nullptr;
    const Type &dt = dst->getType(), &st = src->getType();
    if (!dt.isMemory() || !dst->isLValue() ||
        dt.getAddressSpace() != AddressSpace::Local) {
      error(dst->getLoc(), "the first argument of 'async_copy' must be a "
                           "local array, not " +
                               typeStr(dt));
      return nullptr;
    }
    if (!st.isPointer() || st.getAddressSpace() != AddressSpace::Global) {
      error(src->getLoc(), "the third argument of 'async_copy' must be a "
                           "global pointer, not " +
                               typeStr(st));
      return nullptr;
    }
    if (dt.getElementKind() != st.getElementKind()) {
      error(loc, "'async_copy': the element types of the destination ('" +
                     getScalarKindName(dt.getElementKind()) +
                     "') and the source ('" +
                     getScalarKindName(st.getElementKind()) + "') differ");
      return nullptr;
    }
    args[0] = dst;
    args[2] = src;
    for (size_t i : {size_t(1), size_t(3), size_t(4)}) {
      args[i] = checkRValue(args[i]);
      if (!args[i] || !toInt(i))
        return nullptr;
    }
    auto count = evaluateConstantExpr(args[4]);
    ScalarKind ek = dt.getElementKind();
    unsigned bytes = ek == ScalarKind::Half ? 2
                     : ek == ScalarKind::Long || ek == ScalarKind::ULong ||
                             ek == ScalarKind::Double
                         ? 8
                         : 4;
    int64_t n = count ? count->getSExtValue() : 0;
    if (ek == ScalarKind::Bool || !count ||
        (n * bytes != 4 && n * bytes != 8 && n * bytes != 16)) {
      error(args[4]->getLoc(),
            "the element count of 'async_copy' must be a constant that "
            "makes 4, 8 or 16 bytes (" +
                llvm::Twine(16 / bytes) + " elements of type '" +
                getScalarKindName(dt.getElementKind()) + "' at most)");
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
