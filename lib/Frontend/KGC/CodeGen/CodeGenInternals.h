//===- CodeGenInternals.h - kgc AST to MLIR, shared state -------*- C++ -*-===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//
//
// The Emitter (the state of one translation unit's emission: builder,
// values of variables, control-flow flags) and the AST walker, shared by
// CodeGenModule.cpp (functions, the module, the entry points),
// CodeGenStmt.cpp, CodeGenExpr.cpp and CodeGenBuiltin.cpp. Not installed.
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_LIB_FRONTEND_KGC_CODEGEN_CODEGENINTERNALS_H
#define KGPU_LIB_FRONTEND_KGC_CODEGEN_CODEGENINTERNALS_H

#include "kgpu/Frontend/KGC/MLIRGen.h"

#include "kgpu/Dialect/Kgpu/IR/KgpuDialect.h"
#include "kgpu/Frontend/Common/Intrinsics.h"
#include "kgpu/Frontend/Common/KernelBuilder.h"
#include "kgpu/Frontend/Common/Locations.h"
#include "kgpu/Frontend/KGC/Frontend.h"
#include "kgpu/Frontend/KGC/MLIRDiagnostics.h"
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

// The file's own namespace (its names see mlir:: and kgpu::kgc:: as the
// using-directives above make them visible, as at file scope).
namespace kgc_codegen {

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
    auto e = [&](const Expr *x, unsigned d) {
      kids.push_back({x, nullptr, d});
    };
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
inline const VarDecl *getAssignedVar(const Expr *lhs) {
  lhs = ignoreImplicitCasts(lhs);
  if (auto *ref = llvm::dyn_cast<DeclRefExpr>(lhs))
    return ref->getDecl();
  return nullptr;
}

//===----------------------------------------------------------------------===//
// The emitter
//===----------------------------------------------------------------------===//

class Emitter {
public:
  Emitter(const TranslationUnit &tu, MLIRContext &ctx,
          kgc::DiagnosticEngine &diags)
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
    Location result = kg::getSourceLoc(&ctx, sl.filename, sl.line, sl.column);
    lastLocPtr = l.getPointer();
    lastLoc = result;
    return result;
  }
  const char *lastLocPtr = nullptr;
  std::optional<Location> lastLoc;
  /// Reports through MLIR's DiagnosticEngine (the first error only).
  void error(llvm::SMLoc l, const llvm::Twine &msg) {
    if (!hadError)
      emitError(loc(l)) << msg;
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
  /// A kgc mma type: a `!kgpu.mma` fragment, or for the warp-group shapes
  /// (m64nNk16) a `!kgpu.wgmma_acc`.
  mlir::Type mmaType(const kgc::Type &t) {
    if (isWgmmaShape(t.getMMAShape())) {
      unsigned m, n, k;
      getMMAShapeDims(t.getMMAShape(), m, n, k);
      return kg::WgmmaAccType::get(&ctx, n, scalarType(t.getElementKind()));
    }
    return fragmentType(t);
  }
  kg::MmaFragmentType fragmentType(const kgc::Type &t) {
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
    default: // the warp-group shapes: mmaType
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
      return arith::ConstantOp::create(b, l,
                                       b.getFloatAttr(type, cv.floatValue));
    if (type.isInteger(1))
      return boolConst(l, cv.intValue != 0);
    return arith::ConstantOp::create(
        b, l,
        b.getIntegerAttr(type, APInt(type.getIntOrFloatBitWidth(), cv.intValue,
                                     /*isSigned=*/false,
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
  SmallVector<Value> emitIf(Location l, Value cond,
                            llvm::ArrayRef<const VarDecl *> carried,
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
  static kg::Signedness signedness(const kgc::Type &t) {
    return t.isUnsignedInteger() ? kg::Signedness::Unsigned
                                 : kg::Signedness::Signed;
  }
  Value toIndex(Location l, Value v, const kgc::Type &t) {
    return kg::toIndex(b, l, v,
                       t.isBool() ? kg::Signedness::Unsigned : signedness(t));
  }
  Value fromIndex(Location l, Value v, const kgc::Type &t) {
    return kg::fromIndex(b, l, v, scalarType(t.getScalarKind()), signedness(t));
  }
  Value emitCast(Location l, CastKind kind, Value v, const kgc::Type &from,
                 const kgc::Type &to);
  Value emitBinary(Location l, BinaryOpKind op, Value lhs, Value rhs,
                   const kgc::Type &type);
  Value emitBuiltin(const BuiltinCallExpr *call);
  Value emitMinMax(Location l, bool isMin, Value a, Value c,
                   const kgc::Type &type);
  /// Memref and indices of the tile at (row, col) for mma_load/mma_store.
  /// The memref and indices of flat element `arg` of memory operand `mem`
  /// of an async_copy (a multi-dimensional array is indexed in its
  /// row-major storage).
  bool emitFlatAddress(const Expr *mem, const Expr *arg, Value &memref,
                       SmallVector<Value> &indices);
  void emitAsyncCopy(const BuiltinCallExpr *call);
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

} // namespace kgc_codegen

#endif // KGPU_LIB_FRONTEND_KGC_CODEGEN_CODEGENINTERNALS_H
