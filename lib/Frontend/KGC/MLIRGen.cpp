//===- MLIRGen.cpp - kgc AST to MLIR ----------------------------*- C++ -*-===//
//
// Walks the typed kgc AST and emits kgpu + arith/math/scf/memref/func.
//
// Scalars and tensor-core fragments are SSA values tracked per VarDecl; a
// structured construct (scf.if, scf.while) carries the variables its body
// assigns as results or iteration arguments. Arrays and pointers are memrefs.
// `break`, `continue` and `return` set flag variables; the statements after
// one that may exit are guarded by the flags, and loop conditions test them,
// so the output stays structured (which the CPU backend's barrier fission
// needs).
//
//===----------------------------------------------------------------------===//

#include "kgpu/Frontend/KGC/MLIRGen.h"

#include "kgpu/Dialect/Kgpu/IR/KgpuDialect.h"
#include "kgpu/Frontend/KGC/Sema.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallVector.h"

#include <functional>

using namespace mlir;
using namespace ::kgpu::kgc;
namespace kgc = ::kgpu::kgc;
namespace kg = mlir::kgpu;

namespace {

//===----------------------------------------------------------------------===//
// AST walking
//===----------------------------------------------------------------------===//

/// Calls `onExpr` for every expression (pre-order) and `onStmt` for every
/// statement in `s`. `loopDepth` counts the loops around the visited node
/// relative to `s`.
struct Walker {
  std::function<void(const Expr *, unsigned loopDepth)> onExpr;
  std::function<void(const Stmt *, unsigned loopDepth)> onStmt;

  void expr(const Expr *e, unsigned depth) { run({e, nullptr, depth}); }
  void stmt(const Stmt *s, unsigned depth) { run({nullptr, s, depth}); }

private:
  struct Item {
    const Expr *e;
    const Stmt *s;
    unsigned depth;
  };

  /// Pre-order walk with an explicit stack (long operator and else-if
  /// chains must not recurse).
  void run(Item root) {
    llvm::SmallVector<Item, 32> stack{root};
    llvm::SmallVector<Item, 8> kids;
    llvm::SmallVector<Expr *, 4> children;
    while (!stack.empty()) {
      Item it = stack.pop_back_val();
      kids.clear();
      if (it.e) {
        if (onExpr)
          onExpr(it.e, it.depth);
        children.clear();
        appendChildren(it.e, children);
        for (const Expr *c : children)
          kids.push_back({c, nullptr, it.depth});
      } else if (it.s) {
        if (onStmt)
          onStmt(it.s, it.depth);
        stmtKids(it.s, it.depth, kids);
      }
      for (const Item &k : llvm::reverse(kids))
        if (k.e || k.s)
          stack.push_back(k);
    }
  }

  static void stmtKids(const Stmt *s, unsigned depth,
                       llvm::SmallVectorImpl<Item> &kids) {
    auto e = [&](const Expr *x, unsigned d) { kids.push_back({x, nullptr, d}); };
    auto st = [&](const Stmt *x, unsigned d) {
      kids.push_back({nullptr, x, d});
    };
    switch (s->getKind()) {
    case Stmt::Kind::Compound:
      for (const Stmt *c : llvm::cast<CompoundStmt>(s)->getBody())
        st(c, depth);
      return;
    case Stmt::Kind::Decl:
      for (const VarDecl *v : llvm::cast<DeclStmt>(s)->getDecls())
        e(v->getInit(), depth);
      return;
    case Stmt::Kind::Expr:
      return e(llvm::cast<ExprStmt>(s)->getExpr(), depth);
    case Stmt::Kind::If: {
      auto *i = llvm::cast<IfStmt>(s);
      e(i->getCond(), depth);
      st(i->getThen(), depth);
      return st(i->getElse(), depth);
    }
    case Stmt::Kind::For: {
      auto *f = llvm::cast<ForStmt>(s);
      st(f->getInit(), depth);
      e(f->getCond(), depth + 1);
      e(f->getInc(), depth + 1);
      return st(f->getBody(), depth + 1);
    }
    case Stmt::Kind::ParallelFor: {
      auto *p = llvm::cast<ParallelForStmt>(s);
      for (const ParallelForStmt::Dim &d : p->getDims()) {
        e(d.lower, depth);
        e(d.upper, depth);
      }
      return st(p->getBody(), depth + 1);
    }
    case Stmt::Kind::While: {
      auto *w = llvm::cast<WhileStmt>(s);
      e(w->getCond(), depth + 1);
      return st(w->getBody(), depth + 1);
    }
    case Stmt::Kind::Do: {
      auto *d = llvm::cast<DoStmt>(s);
      st(d->getBody(), depth + 1);
      return e(d->getCond(), depth + 1);
    }
    case Stmt::Kind::Return:
      return e(llvm::cast<ReturnStmt>(s)->getValue(), depth);
    case Stmt::Kind::Break:
    case Stmt::Kind::Continue:
    case Stmt::Kind::Null:
      return;
    }
  }
};

/// The variable an lvalue expression names directly (not through memory).
const VarDecl *getAssignedVar(const Expr *lhs) {
  lhs = ignoreImplicitCasts(lhs);
  if (auto *ref = llvm::dyn_cast<DeclRefExpr>(lhs))
    return ref->getDecl();
  return nullptr;
}

const VarDecl *getRootVar(const Expr *e) {
  e = ignoreImplicitCasts(e);
  if (auto *ref = llvm::dyn_cast<DeclRefExpr>(e))
    return ref->getDecl();
  if (auto *sub = llvm::dyn_cast<SubscriptExpr>(e))
    if (DeclRefExpr *root = sub->getRootDeclRef())
      return root->getDecl();
  return nullptr;
}

bool isAtomicBuiltin(BuiltinKind k) {
  return k >= BuiltinKind::AtomicAdd && k <= BuiltinKind::AtomicCas;
}

//===----------------------------------------------------------------------===//
// The emitter
//===----------------------------------------------------------------------===//

class Emitter {
public:
  Emitter(const TranslationUnit &tu, MLIRContext &ctx, kgc::DiagnosticEngine &diags)
      : tu(tu), ctx(ctx), diags(diags), b(&ctx) {}

  OwningOpRef<ModuleOp> run();

private:
  //--- Diagnostics and locations ---------------------------------------===//
  Location loc(llvm::SMLoc l) {
    // Consecutive ops mostly come from the same source position: reuse the
    // last location instead of uniquing it in the context again.
    if (lastLoc && l.getPointer() == lastLocPtr)
      return *lastLoc;
    SourceLocation sl = diags.getLocation(l);
    Location result = sl.line == 0 ? Location(UnknownLoc::get(&ctx))
                                   : Location(FileLineColLoc::get(
                                         &ctx, sl.filename, sl.line,
                                         sl.column));
    lastLocPtr = l.getPointer();
    lastLoc = result;
    return result;
  }
  const char *lastLocPtr = nullptr;
  std::optional<Location> lastLoc;
  void error(llvm::SMLoc l, const llvm::Twine &msg) {
    if (!hadError)
      diags.error(l, msg);
    hadError = true;
  }

  //--- Types -------------------------------------------------------------===//
  mlir::Type scalarType(ScalarKind k) {
    switch (k) {
    case ScalarKind::Bool:
      return b.getI1Type();
    case ScalarKind::Int:
    case ScalarKind::UInt:
      return b.getI32Type();
    case ScalarKind::Long:
    case ScalarKind::ULong:
      return b.getI64Type();
    case ScalarKind::Half:
      return b.getF16Type();
    case ScalarKind::Float:
      return b.getF32Type();
    case ScalarKind::Double:
      return b.getF64Type();
    }
    return b.getI32Type();
  }
  kg::MmaFragmentType mmaType(const kgc::Type &t) {
    kg::MmaShape shape = kg::MmaShape::m16n16k16;
    switch (t.getMMAShape()) {
    case MMAShape::M16N8K16:
      shape = kg::MmaShape::m16n8k16;
      break;
    case MMAShape::M16N16K16:
      shape = kg::MmaShape::m16n16k16;
      break;
    case MMAShape::M16N8K32:
      shape = kg::MmaShape::m16n8k32;
      break;
    case MMAShape::M16N8K8:
      shape = kg::MmaShape::m16n8k8;
      break;
    case MMAShape::M32N8K16:
      shape = kg::MmaShape::m32n8k16;
      break;
    case MMAShape::M8N32K16:
      shape = kg::MmaShape::m8n32k16;
      break;
    }
    kg::MmaRole role = t.getMMARole() == MMARole::A   ? kg::MmaRole::A
                       : t.getMMARole() == MMARole::B ? kg::MmaRole::B
                                                      : kg::MmaRole::Acc;
    return kg::MmaFragmentType::get(&ctx, shape, role,
                                    scalarType(t.getElementKind()));
  }
  /// The MLIR type of a value of kgc type `t` (memrefs for memory).
  mlir::Type convertType(const kgc::Type &t) {
    switch (t.getKind()) {
    case kgc::Type::Kind::Scalar:
      return scalarType(t.getScalarKind());
    case kgc::Type::Kind::MMA:
      return mmaType(t);
    case kgc::Type::Kind::Pointer: {
      Attribute space;
      if (t.getAddressSpace() == AddressSpace::Local)
        space = b.getI64IntegerAttr(kg::KgpuDialect::kLocalMemorySpace);
      return MemRefType::get({ShapedType::kDynamic},
                             scalarType(t.getElementKind()),
                             MemRefLayoutAttrInterface(), space);
    }
    case kgc::Type::Kind::Array: {
      Attribute space;
      if (t.getAddressSpace() == AddressSpace::Local)
        space = b.getI64IntegerAttr(kg::KgpuDialect::kLocalMemorySpace);
      return MemRefType::get(t.getDims(), scalarType(t.getElementKind()),
                             MemRefLayoutAttrInterface(), space);
    }
    case kgc::Type::Kind::Void:
    case kgc::Type::Kind::Invalid:
      break;
    }
    return mlir::Type();
  }

  //--- Constants ---------------------------------------------------------===//
  Value intConst(Location l, mlir::Type type, int64_t v) {
    return arith::ConstantOp::create(b, l, b.getIntegerAttr(type, v));
  }
  Value boolConst(Location l, bool v) {
    return arith::ConstantOp::create(b, l, b.getBoolAttr(v));
  }
  Value indexConst(Location l, int64_t v) {
    return arith::ConstantIndexOp::create(b, l, v);
  }
  Value zeroOf(Location l, mlir::Type type) {
    if (auto f = dyn_cast<FloatType>(type))
      return arith::ConstantOp::create(b, l, b.getFloatAttr(f, 0.0));
    if (auto frag = dyn_cast<kg::MmaFragmentType>(type))
      return kg::MmaFillOp::create(b, l, frag,
                                   zeroOf(l, frag.getElementType()));
    return intConst(l, type, 0);
  }
  Value constantValue(Location l, const ConstantValue &cv) {
    mlir::Type type = scalarType(cv.type.getScalarKind());
    if (cv.isFloating())
      return arith::ConstantOp::create(
          b, l, b.getFloatAttr(type, cv.floatValue));
    if (type.isInteger(1))
      return boolConst(l, cv.intValue != 0);
    return arith::ConstantOp::create(
        b, l,
        b.getIntegerAttr(type, APInt(type.getIntOrFloatBitWidth(),
                                     cv.intValue, /*isSigned=*/false,
                                     /*implicitTrunc=*/true)));
  }

  //--- Variables -----------------------------------------------------------//
  Value get(const VarDecl *v) { return values.lookup(v); }
  void set(const VarDecl *v, Value value) { values[v] = value; }
  bool isBound(const VarDecl *v) { return values.count(v); }

  /// Scalar/fragment variables and flags that `s` (or expression `e`)
  /// assigns and that are bound now, in a deterministic order.
  SmallVector<const VarDecl *> assignedIn(llvm::ArrayRef<const Stmt *> stmts,
                                          llvm::ArrayRef<const Expr *> exprs) {
    llvm::SetVector<const VarDecl *> set;
    Walker w;
    w.onExpr = [&](const Expr *e, unsigned) {
      if (auto *a = llvm::dyn_cast<AssignExpr>(e)) {
        if (const VarDecl *v = getAssignedVar(a->getLHS()))
          set.insert(v);
      } else if (auto *u = llvm::dyn_cast<UnaryExpr>(e)) {
        if (u->isIncDec())
          if (const VarDecl *v = getAssignedVar(u->getOperand()))
            set.insert(v);
      }
    };
    w.onStmt = [&](const Stmt *s, unsigned) {
      switch (s->getKind()) {
      case Stmt::Kind::Break:
        set.insert(breakFlag.get());
        break;
      case Stmt::Kind::Continue:
        set.insert(continueFlag.get());
        break;
      case Stmt::Kind::Return:
        set.insert(returnFlag.get());
        if (returnValue)
          set.insert(returnValue.get());
        break;
      default:
        break;
      }
    };
    for (const Stmt *s : stmts)
      w.stmt(s, 0);
    for (const Expr *e : exprs)
      w.expr(e, 0);
    SmallVector<const VarDecl *> result;
    for (const VarDecl *v : set)
      if (isBound(v))
        result.push_back(v);
    return result;
  }

  /// The flags a statement may set that escape it: break/continue not
  /// inside a nested loop, and return.
  SmallVector<const VarDecl *> exitFlags(const Stmt *s) {
    bool brk = false, cont = false, ret = false;
    Walker w;
    w.onStmt = [&](const Stmt *st, unsigned depth) {
      if (st->getKind() == Stmt::Kind::Return)
        ret = true;
      else if (depth == 0 && st->getKind() == Stmt::Kind::Break)
        brk = true;
      else if (depth == 0 && st->getKind() == Stmt::Kind::Continue)
        cont = true;
    };
    w.stmt(s, 0);
    SmallVector<const VarDecl *> flags;
    if (brk)
      flags.push_back(breakFlag.get());
    if (cont)
      flags.push_back(continueFlag.get());
    if (ret)
      flags.push_back(returnFlag.get());
    return flags;
  }

  /// true if none of `flags` is set.
  Value noneSet(Location l, llvm::ArrayRef<const VarDecl *> flags) {
    Value any;
    for (const VarDecl *f : flags)
      any = any ? arith::OrIOp::create(b, l, any, get(f)).getResult() : get(f);
    if (!any)
      return boolConst(l, true);
    return arith::XOrIOp::create(b, l, any, boolConst(l, true));
  }

  /// Emits `scf.if cond` whose results are the extra values the branches
  /// return (of `extraTypes`) followed by the values of `carried` at the end
  /// of each branch. Returns the extra results; rebinds `carried`.
  SmallVector<Value>
  emitIf(Location l, Value cond, llvm::ArrayRef<const VarDecl *> carried,
         mlir::TypeRange extraTypes,
         llvm::function_ref<SmallVector<Value>()> thenFn,
         llvm::function_ref<SmallVector<Value>()> elseFn) {
    SmallVector<mlir::Type> types(extraTypes.begin(), extraTypes.end());
    SmallVector<Value> before;
    for (const VarDecl *v : carried) {
      types.push_back(get(v).getType());
      before.push_back(get(v));
    }
    auto ifOp = scf::IfOp::create(b, l, types, cond, /*withElseRegion=*/true);
    auto emitBranch = [&](Region &region,
                          llvm::function_ref<SmallVector<Value>()> fn) {
      Block *block = &region.front();
      if (!block->empty())
        block->back().erase();
      b.setInsertionPointToEnd(block);
      SmallVector<Value> yields;
      if (fn)
        yields = fn();
      if (hadError)
        yields.resize(extraTypes.size());
      for (auto [i, t] : llvm::enumerate(extraTypes))
        if (!yields[i])
          yields[i] = zeroOf(l, t);
      for (const VarDecl *v : carried)
        yields.push_back(get(v));
      scf::YieldOp::create(b, l, yields);
      for (auto [v, value] : llvm::zip(carried, before))
        set(v, value);
    };
    emitBranch(ifOp.getThenRegion(), thenFn);
    emitBranch(ifOp.getElseRegion(), elseFn);
    b.setInsertionPointAfter(ifOp);
    SmallVector<Value> extra;
    for (unsigned i = 0; i < extraTypes.size(); ++i)
      extra.push_back(ifOp.getResult(i));
    for (auto [i, v] : llvm::enumerate(carried))
      set(v, ifOp.getResult(extraTypes.size() + i));
    return extra;
  }

  //--- Functions ---------------------------------------------------------===//
  void declareFunction(const FunctionDecl *fn);
  void emitFunctionBody(const FunctionDecl *fn);
  kg::Access computeAccess(const FunctionDecl *fn, const VarDecl *param);

  //--- Statements --------------------------------------------------------===//
  void emitStmts(llvm::ArrayRef<Stmt *> stmts);
  void emitStmt(const Stmt *s);
  void emitDecl(const VarDecl *v);
  /// Initializes the private array `memory` of `v` from a constant global of
  /// the exact constant elements of `list` (and the zeros after it); clears
  /// `stored[i]` for each element the global provides.
  void emitInitializerGlobal(Location l, const VarDecl *v,
                             const InitListExpr *list, Value memory,
                             SmallVectorImpl<bool> &stored);
  /// Private arrays of at least this many elements are initialized from a
  /// constant global.
  static constexpr int64_t kMinGlobalInitializerElements = 64;
  static constexpr uint64_t kInitializerAlignment = 16;
  void emitIfStmt(const IfStmt *s);
  void emitLoop(llvm::SMLoc at, const Expr *cond, const Stmt *body,
                const Expr *inc, bool condFirst);
  void emitParallelFor(const ParallelForStmt *s);

  //--- Expressions -------------------------------------------------------===//
  struct LValue {
    const VarDecl *var = nullptr; // a scalar or fragment variable
    Value memref;                 // or an element of memory
    SmallVector<Value, 3> indices;
  };
  Value emitExpr(const Expr *e);
  Value emitCondition(const Expr *e) { return emitExpr(e); }
  LValue emitLValue(const Expr *e);
  Value load(Location l, const LValue &lv) {
    if (lv.var)
      return get(lv.var);
    return memref::LoadOp::create(b, l, lv.memref, lv.indices);
  }
  void store(Location l, const LValue &lv, Value v) {
    if (lv.var)
      return set(lv.var, v);
    memref::StoreOp::create(b, l, v, lv.memref, lv.indices);
  }
  Value toIndex(Location l, Value v, const kgc::Type &t) {
    if (t.isUnsignedInteger() || t.isBool())
      return arith::IndexCastUIOp::create(b, l, b.getIndexType(), v);
    return arith::IndexCastOp::create(b, l, b.getIndexType(), v);
  }
  Value fromIndex(Location l, Value v, const kgc::Type &t) {
    mlir::Type type = scalarType(t.getScalarKind());
    if (t.isUnsignedInteger())
      return arith::IndexCastUIOp::create(b, l, type, v);
    return arith::IndexCastOp::create(b, l, type, v);
  }
  Value emitCast(Location l, CastKind kind, Value v, const kgc::Type &from,
                 const kgc::Type &to);
  Value emitBinary(Location l, BinaryOpKind op, Value lhs, Value rhs,
                   const kgc::Type &type);
  Value emitBuiltin(const BuiltinCallExpr *call);
  Value emitMinMax(Location l, bool isMin, Value a, Value c,
                   const kgc::Type &type);
  /// Memref and indices of the tile at (row, col) for mma_load/mma_store.
  bool emitMmaAddress(const BuiltinCallExpr *call, Value &memref,
                      SmallVector<Value> &indices, Value &leadDim);

  const TranslationUnit &tu;
  MLIRContext &ctx;
  kgc::DiagnosticEngine &diags;
  OpBuilder b;
  ModuleOp module;
  bool hadError = false;

  llvm::DenseMap<const VarDecl *, Value> values;
  llvm::DenseMap<const FunctionDecl *, func::FuncOp> functions;
  const FunctionDecl *currentFn = nullptr;
  func::FuncOp currentFunc;
  Block *entryBlock = nullptr;
  unsigned initializerGlobals = 0;
  unsigned parallelDepth = 0;
  /// The reduce clause targets of the enclosing parallel fors, as printed.
  SmallVector<std::string> reduceTargets;
  std::unique_ptr<VarDecl> breakFlag, continueFlag, returnFlag, returnValue;
};

//===----------------------------------------------------------------------===//
// Functions
//===----------------------------------------------------------------------===//

kg::Access Emitter::computeAccess(const FunctionDecl *fn,
                                  const VarDecl *param) {
  bool read = false, write = false;
  Walker w;
  w.onExpr = [&](const Expr *e, unsigned) {
    if (auto *c = llvm::dyn_cast<CastExpr>(e)) {
      if (c->getCastKind() == CastKind::LValueToRValue &&
          llvm::isa<SubscriptExpr>(c->getSubExpr()) &&
          getRootVar(c->getSubExpr()) == param)
        read = true;
    } else if (auto *a = llvm::dyn_cast<AssignExpr>(e)) {
      if (llvm::isa<SubscriptExpr>(ignoreImplicitCasts(a->getLHS())) &&
          getRootVar(a->getLHS()) == param) {
        write = true;
        read |= a->isCompound();
      }
    } else if (auto *u = llvm::dyn_cast<UnaryExpr>(e)) {
      if (u->isIncDec() &&
          llvm::isa<SubscriptExpr>(ignoreImplicitCasts(u->getOperand())) &&
          getRootVar(u->getOperand()) == param)
        read = write = true;
    } else if (auto *bc = llvm::dyn_cast<BuiltinCallExpr>(e)) {
      if (bc->getArgs().empty() || getRootVar(bc->getArgs()[0]) != param)
        return;
      BuiltinKind k = bc->getBuiltinKind();
      if (isAtomicBuiltin(k))
        read = write = true;
      else if (k == BuiltinKind::MMAStore)
        write = true;
      else if (k == BuiltinKind::MMALoadA || k == BuiltinKind::MMALoadB ||
               k == BuiltinKind::MMALoadC)
        read = true;
    } else if (auto *call = llvm::dyn_cast<CallExpr>(e)) {
      const FunctionDecl *callee = call->getCallee();
      for (auto [i, arg] : llvm::enumerate(call->getArgs())) {
        if (getRootVar(arg) != param || !arg->getType().isPointer())
          continue;
        read = true;
        if (!callee || i >= callee->getParams().size() ||
            !callee->getParams()[i]->getType().isConstElement())
          write = true;
      }
    }
  };
  w.stmt(fn->getBody(), 0);
  if (write && read)
    return kg::Access::ReadWrite;
  return write ? kg::Access::Write : kg::Access::Read;
}

void Emitter::declareFunction(const FunctionDecl *fn) {
  Location l = loc(fn->getLoc());
  SmallVector<mlir::Type> argTypes;
  for (const VarDecl *p : fn->getParams()) {
    mlir::Type t = convertType(p->getType());
    if (!t) {
      error(p->getLoc(), "parameter '" + p->getName() +
                             "' has a type kgpu cannot pass");
      return;
    }
    argTypes.push_back(t);
  }
  SmallVector<mlir::Type> results;
  if (!fn->getReturnType().isVoid())
    results.push_back(convertType(fn->getReturnType()));
  b.setInsertionPointToEnd(module.getBody());
  auto func = func::FuncOp::create(b, l, fn->getName(),
                                   b.getFunctionType(argTypes, results));
  if (fn->isKernel()) {
    func->setAttr(kg::KgpuDialect::getKernelAttrName(), b.getUnitAttr());
    if (const auto &size = fn->getReqdWorkGroupSize())
      func->setAttr(kg::KgpuDialect::getWorkgroupSizeAttrName(),
                    b.getDenseI32ArrayAttr({static_cast<int32_t>((*size)[0]),
                                            static_cast<int32_t>((*size)[1]),
                                            static_cast<int32_t>((*size)[2])}));
    for (auto [i, p] : llvm::enumerate(fn->getParams())) {
      bool buffer = p->getType().isPointer();
      kg::Access access = buffer ? computeAccess(fn, p) : kg::Access::Read;
      func.setArgAttr(i, kg::KgpuDialect::getArgNameAttrName(),
                      b.getStringAttr(p->getName()));
      func.setArgAttr(i, kg::KgpuDialect::getArgAttrName(),
                      kg::ArgAttr::get(&ctx,
                                       buffer ? kg::ArgKind::Buffer
                                              : kg::ArgKind::Scalar,
                                       access));
    }
  } else {
    func->setAttr(kg::KgpuDialect::getDeviceAttrName(), b.getUnitAttr());
    func.setPrivate();
  }
  functions[fn] = func;
}

void Emitter::emitFunctionBody(const FunctionDecl *fn) {
  func::FuncOp func = functions.lookup(fn);
  if (!func)
    return;
  currentFn = fn;
  currentFunc = func;
  values.clear();
  entryBlock = func.addEntryBlock();
  b.setInsertionPointToStart(entryBlock);
  for (auto [p, arg] : llvm::zip(fn->getParams(), func.getArguments()))
    set(p, arg);

  Location l = loc(fn->getLoc());
  auto makeFlag = [&](llvm::StringRef name) {
    auto flag = std::make_unique<VarDecl>(fn->getLoc(), name,
                                          kgc::Type::getBool(),
                                          VarDecl::VarKind::Local, false);
    set(flag.get(), boolConst(l, false));
    return flag;
  };
  breakFlag = makeFlag("<break>");
  continueFlag = makeFlag("<continue>");
  returnFlag = makeFlag("<return>");
  returnValue.reset();
  if (!fn->getReturnType().isVoid()) {
    returnValue = std::make_unique<VarDecl>(
        fn->getLoc(), "<retval>", fn->getReturnType(), VarDecl::VarKind::Local,
        false);
    set(returnValue.get(), zeroOf(l, convertType(fn->getReturnType())));
  }

  emitStmt(fn->getBody());
  if (hadError)
    return;
  SmallVector<Value> results;
  if (returnValue)
    results.push_back(get(returnValue.get()));
  func::ReturnOp::create(b, l, results);
}

OwningOpRef<ModuleOp> Emitter::run() {
  OwningOpRef<ModuleOp> owned =
      ModuleOp::create(loc(llvm::SMLoc::getFromPointer(
          tu.getSourceMgr().getMemoryBuffer(tu.getBufferId())->getBufferStart())));
  module = *owned;
  SmallVector<const FunctionDecl *> defs;
  for (const Decl *d : tu.getDecls())
    if (auto *fn = llvm::dyn_cast<FunctionDecl>(d))
      if (fn->isDefinition())
        defs.push_back(fn);
  for (const FunctionDecl *fn : defs)
    declareFunction(fn);
  for (const FunctionDecl *fn : defs) {
    if (hadError)
      break;
    emitFunctionBody(fn);
  }
  if (hadError)
    return nullptr;

  // A verifier failure here is a bug in the emitter, not in the user's
  // source: report it as an internal error at the file, never crash.
  std::string message;
  {
    ScopedDiagnosticHandler handler(&ctx, [&](Diagnostic &diag) {
      if (message.empty()) {
        llvm::raw_string_ostream os(message);
        os << diag.getLocation() << ": " << diag.str();
      }
      return success();
    });
    if (failed(verify(module))) {
      diags.error(llvm::SMLoc::getFromPointer(
                      tu.getSourceMgr()
                          .getMemoryBuffer(tu.getBufferId())
                          ->getBufferStart()),
                  "internal error: the emitted MLIR does not verify: " +
                      message);
      return nullptr;
    }
  }
  return owned;
}

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
    emitIf(l, noneSet(l, flags), carried, {},
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
    memref::GlobalOp::create(b, l, name, b.getStringAttr("private"), type,
                             init, /*constant=*/true,
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
        Value notTaken = arith::XOrIOp::create(b, il, taken, boolConst(il, true));
        SmallVector<Value> r = emitIf(
            il, notTaken, assignedIn({}, {i->getCond()}), {b.getI1Type()},
            [&]() -> SmallVector<Value> { return {emitCondition(i->getCond())}; },
            [&]() -> SmallVector<Value> { return {boolConst(il, false)}; });
        c = r.empty() ? Value() : r.front();
      }
      if (!c || hadError)
        return;
      emitIf(il, c, assignedIn({i->getThen()}, {}), {},
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
      emitIf(el, notTaken, assignedIn({cur}, {}), {},
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
        emitIf(l, noneSet(l, exits), incCarried, {},
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
      case BinaryOpKind::LT: p = arith::CmpFPredicate::OLT; break;
      case BinaryOpKind::GT: p = arith::CmpFPredicate::OGT; break;
      case BinaryOpKind::LE: p = arith::CmpFPredicate::OLE; break;
      case BinaryOpKind::GE: p = arith::CmpFPredicate::OGE; break;
      case BinaryOpKind::NE: p = arith::CmpFPredicate::UNE; break;
      default: break;
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
      Value one = t.isFloating()
                      ? (Value)arith::ConstantOp::create(
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
            isAnd ? emitIf(nl, acc, carried, {b.getI1Type()}, evalRhs, shortCut)
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
        auto *call = llvm::dyn_cast<BuiltinCallExpr>(
            ignoreImplicitCasts(a->getRHS()));
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
        auto *call = llvm::dyn_cast<BuiltinCallExpr>(
            ignoreImplicitCasts(a->getRHS()));
        bool isMin = call && (call->getBuiltinKind() == BuiltinKind::Min ||
                              call->getBuiltinKind() == BuiltinKind::Fmin);
        bool unsignedInt = t.isUnsignedInteger();
        kind = isMin ? (unsignedInt ? kg::ReductionKind::UMin
                                    : kg::ReductionKind::Min)
                     : (unsignedInt ? kg::ReductionKind::UMax
                                    : kg::ReductionKind::Max);
      }
      if (v.getType() != cast<MemRefType>(lv.memref.getType()).getElementType()) {
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
      error(e->getLoc(), "call to '" + call->getCalleeName() +
                             "', which has no definition");
      return Value();
    }
    SmallVector<Value> args;
    for (const Expr *arg : call->getArgs()) {
      Value v = arg->getType().isMemory() ? emitLValue(arg).memref
                                          : emitExpr(arg);
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

bool Emitter::emitMmaAddress(const BuiltinCallExpr *call, Value &memref,
                             SmallVector<Value> &indices, Value &leadDim) {
  llvm::ArrayRef<Expr *> args = call->getArgs();
  Location l = loc(call->getLoc());
  const Expr *mem = ignoreImplicitCasts(args[0]);
  if (!llvm::isa<DeclRefExpr>(mem)) {
    error(args[0]->getLoc(), "the memory operand of '" +
                                 getBuiltinName(call->getBuiltinKind()) +
                                 "' must be a pointer or a whole array");
    return false;
  }
  memref = emitLValue(mem).memref;
  Value row = emitExpr(args[1]), col = emitExpr(args[2]),
        ld = emitExpr(args[3]);
  if (!memref || !row || !col || !ld)
    return false;
  row = toIndex(l, row, args[1]->getType());
  col = toIndex(l, col, args[2]->getType());
  ld = toIndex(l, ld, args[3]->getType());
  if (cast<MemRefType>(memref.getType()).getRank() == 2) {
    // The array's row length is the leading dimension.
    indices = {row, col};
    leadDim = Value();
    return true;
  }
  if (cast<MemRefType>(memref.getType()).getRank() != 1) {
    error(args[0]->getLoc(), "tensor-core tiles need a 1-D or 2-D array");
    return false;
  }
  Value offset = arith::AddIOp::create(
      b, l, arith::MulIOp::create(b, l, row, ld), col);
  indices = {offset};
  leadDim = ld;
  return true;
}

Value Emitter::emitBuiltin(const BuiltinCallExpr *call) {
  Location l = loc(call->getLoc());
  BuiltinKind kind = call->getBuiltinKind();
  llvm::ArrayRef<Expr *> args = call->getArgs();
  const kgc::Type &type = call->getType();
  auto dim = [&]() { return static_cast<kg::Dimension>(call->getDimension()); };

  switch (kind) {
  case BuiltinKind::GlobalId:
    return fromIndex(l, kg::GlobalIdOp::create(b, l, dim()), type);
  case BuiltinKind::LocalId:
    return fromIndex(l, kg::LocalIdOp::create(b, l, dim()), type);
  case BuiltinKind::GroupId:
    return fromIndex(l, kg::GroupIdOp::create(b, l, dim()), type);
  case BuiltinKind::GlobalSize:
    return fromIndex(l, kg::GlobalSizeOp::create(b, l, dim()), type);
  case BuiltinKind::LocalSize:
    return fromIndex(l, kg::LocalSizeOp::create(b, l, dim()), type);
  case BuiltinKind::NumGroups:
    return fromIndex(l, kg::NumGroupsOp::create(b, l, dim()), type);
  case BuiltinKind::SubGroupSize:
    return fromIndex(l, kg::SubgroupSizeOp::create(b, l), type);
  case BuiltinKind::SubGroupLocalId:
    return fromIndex(l, kg::LaneIdOp::create(b, l), type);
  case BuiltinKind::Barrier:
  case BuiltinKind::BarrierGlobal:
    if (parallelDepth) {
      error(call->getLoc(), "a barrier cannot be used inside a parallel for");
      return Value();
    }
    kg::BarrierOp::create(b, l,
                          kind == BuiltinKind::Barrier ? kg::MemFence::Local
                                                       : kg::MemFence::Global);
    return Value();
  default:
    break;
  }

  if (isAtomicBuiltin(kind)) {
    LValue target = emitLValue(args[0]);
    if (hadError || !target.memref) {
      error(args[0]->getLoc(), "the target of an atomic must be an element "
                               "of global or local memory");
      return Value();
    }
    Value v = emitExpr(args[1]);
    if (!v)
      return Value();
    if (kind == BuiltinKind::AtomicCas) {
      Value nv = emitExpr(args[2]);
      if (!nv)
        return Value();
      return kg::AtomicCASOp::create(b, l, v, nv, target.memref,
                                     target.indices);
    }
    bool isUnsigned = type.isUnsignedInteger();
    kg::AtomicKind ak = kg::AtomicKind::Add;
    switch (kind) {
    case BuiltinKind::AtomicSub: ak = kg::AtomicKind::Sub; break;
    case BuiltinKind::AtomicMin:
      ak = isUnsigned ? kg::AtomicKind::UMin : kg::AtomicKind::Min;
      break;
    case BuiltinKind::AtomicMax:
      ak = isUnsigned ? kg::AtomicKind::UMax : kg::AtomicKind::Max;
      break;
    case BuiltinKind::AtomicAnd: ak = kg::AtomicKind::And; break;
    case BuiltinKind::AtomicOr: ak = kg::AtomicKind::Or; break;
    case BuiltinKind::AtomicXor: ak = kg::AtomicKind::Xor; break;
    case BuiltinKind::AtomicXchg: ak = kg::AtomicKind::Xchg; break;
    default: break;
    }
    return kg::AtomicRMWOp::create(b, l, ak, v, target.memref, target.indices);
  }

  // Everything below evaluates its arguments first.
  SmallVector<Value> vals;
  if (kind != BuiltinKind::MMALoadA && kind != BuiltinKind::MMALoadB &&
      kind != BuiltinKind::MMALoadC && kind != BuiltinKind::MMAStore) {
    for (const Expr *arg : args) {
      Value v = emitExpr(arg);
      if (!v)
        return Value();
      vals.push_back(v);
    }
  }

  switch (kind) {
  case BuiltinKind::SubGroupShuffleDown:
  case BuiltinKind::SubGroupShuffleUp:
  case BuiltinKind::SubGroupShuffleXor:
  case BuiltinKind::SubGroupShuffleIdx: {
    if (parallelDepth) {
      error(call->getLoc(), "subgroup operations cannot be used inside a "
                            "parallel for");
      return Value();
    }
    kg::ShuffleMode mode =
        kind == BuiltinKind::SubGroupShuffleDown ? kg::ShuffleMode::Down
        : kind == BuiltinKind::SubGroupShuffleUp ? kg::ShuffleMode::Up
        : kind == BuiltinKind::SubGroupShuffleXor ? kg::ShuffleMode::Xor
                                                  : kg::ShuffleMode::Idx;
    Value offset = vals[1];
    if (!offset.getType().isInteger(32))
      offset = arith::TruncIOp::create(b, l, b.getI32Type(), offset);
    return kg::ShuffleOp::create(b, l, mode, vals[0], offset);
  }
  case BuiltinKind::SubGroupReduceAdd:
  case BuiltinKind::SubGroupReduceMul:
  case BuiltinKind::SubGroupReduceMin:
  case BuiltinKind::SubGroupReduceMax:
  case BuiltinKind::SubGroupReduceAnd:
  case BuiltinKind::SubGroupReduceOr:
  case BuiltinKind::SubGroupReduceXor: {
    if (parallelDepth) {
      error(call->getLoc(), "subgroup operations cannot be used inside a "
                            "parallel for");
      return Value();
    }
    bool isUnsigned = type.isUnsignedInteger();
    kg::ReductionKind rk = kg::ReductionKind::Add;
    switch (kind) {
    case BuiltinKind::SubGroupReduceMul: rk = kg::ReductionKind::Mul; break;
    case BuiltinKind::SubGroupReduceMin:
      rk = isUnsigned ? kg::ReductionKind::UMin : kg::ReductionKind::Min;
      break;
    case BuiltinKind::SubGroupReduceMax:
      rk = isUnsigned ? kg::ReductionKind::UMax : kg::ReductionKind::Max;
      break;
    case BuiltinKind::SubGroupReduceAnd: rk = kg::ReductionKind::And; break;
    case BuiltinKind::SubGroupReduceOr: rk = kg::ReductionKind::Or; break;
    case BuiltinKind::SubGroupReduceXor: rk = kg::ReductionKind::Xor; break;
    default: break;
    }
    return kg::SubgroupReduceOp::create(b, l, rk, vals[0]);
  }
  case BuiltinKind::Sqrt: return math::SqrtOp::create(b, l, vals[0]);
  case BuiltinKind::Rsqrt: return math::RsqrtOp::create(b, l, vals[0]);
  case BuiltinKind::Exp: return math::ExpOp::create(b, l, vals[0]);
  case BuiltinKind::Exp2: return math::Exp2Op::create(b, l, vals[0]);
  case BuiltinKind::Log: return math::LogOp::create(b, l, vals[0]);
  case BuiltinKind::Log2: return math::Log2Op::create(b, l, vals[0]);
  case BuiltinKind::Sin: return math::SinOp::create(b, l, vals[0]);
  case BuiltinKind::Cos: return math::CosOp::create(b, l, vals[0]);
  case BuiltinKind::Tan: return math::TanOp::create(b, l, vals[0]);
  case BuiltinKind::Pow: return math::PowFOp::create(b, l, vals[0], vals[1]);
  case BuiltinKind::Fabs: return math::AbsFOp::create(b, l, vals[0]);
  case BuiltinKind::Floor: return math::FloorOp::create(b, l, vals[0]);
  case BuiltinKind::Ceil: return math::CeilOp::create(b, l, vals[0]);
  case BuiltinKind::Round: return math::RoundOp::create(b, l, vals[0]);
  case BuiltinKind::Fma:
    return math::FmaOp::create(b, l, vals[0], vals[1], vals[2]);
  case BuiltinKind::Fmin: return arith::MinNumFOp::create(b, l, vals[0], vals[1]);
  case BuiltinKind::Fmax: return arith::MaxNumFOp::create(b, l, vals[0], vals[1]);
  case BuiltinKind::Min: return emitMinMax(l, true, vals[0], vals[1], type);
  case BuiltinKind::Max: return emitMinMax(l, false, vals[0], vals[1], type);
  case BuiltinKind::Clamp:
    return emitMinMax(l, true, emitMinMax(l, false, vals[0], vals[1], type),
                      vals[2], type);
  case BuiltinKind::Abs:
    if (type.isFloating())
      return math::AbsFOp::create(b, l, vals[0]);
    if (type.isUnsignedInteger())
      return vals[0];
    return math::AbsIOp::create(b, l, vals[0]);
  case BuiltinKind::MMAFill:
    return kg::MmaFillOp::create(b, l, mmaType(type), vals[0]);
  case BuiltinKind::MMACompute:
    return kg::MmaComputeOp::create(b, l, vals[0], vals[1], vals[2]);
  case BuiltinKind::MMALoadA:
  case BuiltinKind::MMALoadB:
  case BuiltinKind::MMALoadC: {
    Value memref, leadDim;
    SmallVector<Value> indices;
    if (!emitMmaAddress(call, memref, indices, leadDim))
      return Value();
    return kg::MmaLoadOp::create(b, l, mmaType(type), memref, indices,
                                 leadDim, /*colMajor=*/false);
  }
  case BuiltinKind::MMAStore: {
    Value memref, leadDim;
    SmallVector<Value> indices;
    if (!emitMmaAddress(call, memref, indices, leadDim))
      return Value();
    Value frag = emitExpr(args[4]);
    if (!frag)
      return Value();
    kg::MmaStoreOp::create(b, l, frag, memref, indices, leadDim, false);
    return Value();
  }
  default:
    break;
  }
  error(call->getLoc(), "builtin '" + getBuiltinName(kind) +
                            "' is not supported by the MLIR emitter");
  return Value();
}

} // namespace

OwningOpRef<ModuleOp> kgc::emitMLIR(const TranslationUnit &tu,
                                          MLIRContext &context,
                                          kgc::DiagnosticEngine &diags) {
  context.loadDialect<kg::KgpuDialect, arith::ArithDialect, func::FuncDialect,
                      math::MathDialect, memref::MemRefDialect,
                      scf::SCFDialect>();
  return Emitter(tu, context, diags).run();
}
