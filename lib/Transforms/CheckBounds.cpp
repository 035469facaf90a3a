//===- CheckBounds.cpp - checked memory accesses (--check-bounds) ---------===//
//
// Every memory access of a kernel is checked against the extent of what it
// accesses; the first violation of a launch is recorded in a hidden status
// buffer that the runtime reads after the launch (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "kgpu/Dialect/Kgpu/Utils/KernelAttrs.h"
#include "kgpu/Dialect/Kgpu/Utils/Reductions.h"
#include "kgpu/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"

namespace mlir {
namespace kgpu {
#define GEN_PASS_DEF_KGPUCHECKBOUNDS
#include "kgpu/Transforms/Passes.h.inc"
} // namespace kgpu
} // namespace mlir

using namespace mlir;
using namespace mlir::kgpu;

namespace {

/// The words of the status buffer.
enum StatusWord : int64_t {
  kSite = 0,    // 0: no violation; else the site's index + 1
  kDim = 1,     // the dimension whose index is out of bounds
  kIndexLo = 2, // the index, as a 64-bit value in two words
  kIndexHi = 3,
  kExtentLo = 4, // the extent of that dimension
  kExtentHi = 5,
  kStatusWords = 8,
};

/// What an access reads or writes.
struct Target {
  enum Kind { Buffer, Local, Private } kind;
  unsigned arg = 0; // Buffer: the kernel argument
};

/// The memref, indices and (for the diagnostics) kind of an access.
struct MemAccess {
  Operation *op;
  Value memref;
  OperandRange indices;
};

std::optional<MemAccess> getAccess(Operation *op) {
  if (auto load = dyn_cast<memref::LoadOp>(op))
    return MemAccess{op, load.getMemRef(), load.getIndices()};
  if (auto store = dyn_cast<memref::StoreOp>(op))
    return MemAccess{op, store.getMemRef(), store.getIndices()};
  if (auto rmw = dyn_cast<AtomicRMWOp>(op))
    return MemAccess{op, rmw.getMemref(), rmw.getIndices()};
  if (auto cas = dyn_cast<AtomicCASOp>(op))
    return MemAccess{op, cas.getMemref(), cas.getIndices()};
  if (auto reduce = dyn_cast<ReduceOp>(op))
    return MemAccess{op, reduce.getOutput(), reduce.getIndices()};
  return std::nullopt;
}

class KernelChecker {
public:
  explicit KernelChecker(func::FuncOp kernel) : kernel(kernel) {}
  LogicalResult run();

private:
  std::optional<Target> classify(Value memref);
  /// The extents of `memref`'s dimensions as i64 values (null: unknown).
  SmallVector<Value> extents(OpBuilder &b, Location loc, Value memref,
                             const Target &target);
  void check(const MemAccess &access, const Target &target);
  /// Records a violation at `site` (if it is the launch's first).
  void record(OpBuilder &b, Location loc, int64_t site, Value dim, Value index,
              Value extent);
  Value sizeArg(unsigned arg);
  std::string describe(const Target &target);

  func::FuncOp kernel;
  unsigned numVisibleArgs = 0;
  Value status;
  DenseMap<unsigned, Value> sizeArgs;
  SmallVector<Attribute> sites;
};

} // namespace

std::optional<Target> KernelChecker::classify(Value memref) {
  auto type = dyn_cast<MemRefType>(memref.getType());
  if (!type)
    return std::nullopt;
  if (auto arg = dyn_cast<BlockArgument>(memref)) {
    if (arg.getOwner() != &kernel.getBody().front() ||
        arg.getArgNumber() >= numVisibleArgs)
      return std::nullopt;
    if (!isBufferArg(kernel, arg.getArgNumber()))
      return std::nullopt;
    // A dynamic extent comes from the element count; more than one cannot.
    if (type.getNumDynamicDims() > 1)
      return std::nullopt;
    return Target{Target::Buffer, arg.getArgNumber()};
  }
  if (!type.hasStaticShape())
    return std::nullopt;
  Operation *def = memref.getDefiningOp();
  if (isa_and_nonnull<AllocLocalOp>(def))
    return Target{Target::Local, 0};
  if (isa_and_nonnull<memref::AllocaOp, memref::AllocOp>(def))
    return Target{Target::Private, 0};
  return std::nullopt;
}

std::string KernelChecker::describe(const Target &target) {
  switch (target.kind) {
  case Target::Buffer:
    return "buffer '" + getArgName(kernel, target.arg) + "'";
  case Target::Local:
    return "local array";
  case Target::Private:
    return "private array";
  }
  return "";
}

Value KernelChecker::sizeArg(unsigned arg) {
  auto it = sizeArgs.find(arg);
  if (it != sizeArgs.end())
    return it->second;
  // A frontend's own (the JVM and Kotlin IR frontends' array sizes).
  for (unsigned i = 0, e = kernel.getNumArguments(); i < e; ++i)
    if (auto of = kernel.getArgAttrOfType<IntegerAttr>(
            i, KgpuDialect::getSizeOfAttrName()))
      if (of.getInt() == arg)
        return sizeArgs[arg] = kernel.getArgument(i);
  MLIRContext *ctx = kernel.getContext();
  std::string sizeName = "__kgpu_size_" + getArgName(kernel, arg);
  Builder b(ctx);
  NamedAttrList attrs = makeSizeOfArgAttrs(ctx, sizeName, arg);
  unsigned index = kernel.getNumArguments();
  (void)kernel.insertArgument(index, b.getI64Type(), attrs.getDictionary(ctx),
                              kernel.getLoc());
  Value v = kernel.getArgument(index);
  sizeArgs[arg] = v;
  return v;
}

SmallVector<Value> KernelChecker::extents(OpBuilder &b, Location loc,
                                          Value memref, const Target &target) {
  auto type = cast<MemRefType>(memref.getType());
  SmallVector<Value> result;
  int64_t staticProduct = 1;
  for (int64_t d : type.getShape())
    if (!ShapedType::isDynamic(d))
      staticProduct *= d;
  for (int64_t d : type.getShape()) {
    if (!ShapedType::isDynamic(d)) {
      result.push_back(arith::ConstantIntOp::create(b, loc, d, 64));
      continue;
    }
    // The one dynamic extent: the element count over the static ones.
    Value count = sizeArg(target.arg);
    if (staticProduct != 1)
      count = arith::DivUIOp::create(
          b, loc, count,
          arith::ConstantIntOp::create(b, loc, staticProduct, 64));
    result.push_back(count);
  }
  return result;
}

void KernelChecker::record(OpBuilder &b, Location loc, int64_t site, Value dim,
                           Value index, Value extent) {
  Type i32 = b.getI32Type();
  auto word = [&](int64_t w) {
    return arith::ConstantIndexOp::create(b, loc, w);
  };
  Value zero = arith::ConstantIntOp::create(b, loc, 0, 32);
  Value siteValue = arith::ConstantIntOp::create(b, loc, site + 1, 32);
  Value old = AtomicCASOp::create(b, loc, i32, zero, siteValue, status,
                                  ValueRange{word(kSite)});
  Value first =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, old, zero);
  auto ifOp = scf::IfOp::create(b, loc, first, /*withElseRegion=*/false);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(ifOp.thenBlock());
  auto store64 = [&](Value v, int64_t lo) {
    Value low = arith::TruncIOp::create(b, loc, i32, v);
    Value high = arith::TruncIOp::create(
        b, loc, i32,
        arith::ShRUIOp::create(b, loc, v,
                               arith::ConstantIntOp::create(b, loc, 32, 64)));
    memref::StoreOp::create(b, loc, low, status, ValueRange{word(lo)});
    memref::StoreOp::create(b, loc, high, status, ValueRange{word(lo + 1)});
  };
  memref::StoreOp::create(b, loc, dim, status, ValueRange{word(kDim)});
  store64(index, kIndexLo);
  store64(extent, kExtentLo);
}

/// Where the checks of `op` go: before `op`, or, for a reduction into an
/// element fixed for a parallel loop, before the outermost such loop (so
/// that the reduction keeps its per-work-item partial; see
/// kgpu-lower-parallel-loops).
static Operation *checkPoint(const MemAccess &access) {
  Operation *point = access.op;
  if (!isa<ReduceOp>(access.op))
    return point;
  auto definedOutside = [&](Operation *loop) {
    auto outside = [&](Value v) {
      return !loop->isAncestor(v.getParentRegion()->getParentOp());
    };
    return outside(access.memref) && llvm::all_of(access.indices, outside);
  };
  for (auto loop = access.op->getParentOfType<ParallelForOp>(); loop;
       loop = loop->getParentOfType<ParallelForOp>()) {
    if (!definedOutside(loop))
      break;
    point = loop;
  }
  return point;
}

void KernelChecker::check(const MemAccess &access, const Target &target) {
  Operation *op = access.op;
  Location loc = op->getLoc();
  int64_t site = static_cast<int64_t>(sites.size());
  MLIRContext *ctx = kernel.getContext();
  sites.push_back(DictionaryAttr::get(
      ctx, {NamedAttribute(StringAttr::get(ctx, "what"),
                           StringAttr::get(ctx, describe(target))),
            NamedAttribute(StringAttr::get(ctx, "loc"), loc)}));

  OpBuilder b(checkPoint(access));
  Type i64 = b.getI64Type();
  SmallVector<Value> ext = extents(b, loc, access.memref, target);
  SmallVector<Value> indices(access.indices.begin(), access.indices.end());
  // ok_d = index_d < extent_d, unsigned (a negative index is huge).
  Value ok;
  SmallVector<Value> okDims, idx64;
  for (auto [index, extent] : llvm::zip(indices, ext)) {
    Value i = arith::IndexCastOp::create(b, loc, i64, index);
    Value inside =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, i, extent);
    idx64.push_back(i);
    okDims.push_back(inside);
    ok = ok ? arith::AndIOp::create(b, loc, ok, inside).getResult() : inside;
  }
  if (!ok) // A rank-0 memref: nothing to check.
    return;

  // The first dimension out of bounds, its index and extent.
  Value badIndex = idx64.back(), badExtent = ext.back();
  Value dim = arith::ConstantIntOp::create(
      b, loc, static_cast<int64_t>(indices.size()) - 1, 32);
  for (int64_t d = static_cast<int64_t>(indices.size()) - 2; d >= 0; --d) {
    Value bad = arith::XOrIOp::create(
        b, loc, okDims[d], arith::ConstantIntOp::create(b, loc, 1, 1));
    dim = arith::SelectOp::create(
        b, loc, bad, arith::ConstantIntOp::create(b, loc, d, 32), dim);
    badIndex = arith::SelectOp::create(b, loc, bad, idx64[d], badIndex);
    badExtent = arith::SelectOp::create(b, loc, bad, ext[d], badExtent);
  }
  Value notOk = arith::XOrIOp::create(
      b, loc, ok, arith::ConstantIntOp::create(b, loc, 1, 1));
  {
    auto ifBad = scf::IfOp::create(b, loc, notOk, /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifBad.thenBlock());
    record(b, loc, site, dim, badIndex, badExtent);
  }

  // Loads and reductions go to element 0 when out of bounds (every buffer
  // has one); a load then yields zero, a reduction its identity.
  auto safeIndices = [&](OpBuilder &ib) {
    Value zero = arith::ConstantIndexOp::create(ib, loc, 0);
    SmallVector<Value> safe;
    for (Value index : indices)
      safe.push_back(arith::SelectOp::create(ib, loc, ok, index, zero));
    return safe;
  };
  if (auto load = dyn_cast<memref::LoadOp>(op)) {
    b.setInsertionPoint(op);
    SmallVector<Value> safe = safeIndices(b);
    load.getIndicesMutable().assign(safe);
    b.setInsertionPointAfter(op);
    Type type = load.getType();
    Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(type));
    auto sel = arith::SelectOp::create(b, loc, ok, load.getResult(), zero);
    load.getResult().replaceAllUsesExcept(sel, sel);
    return;
  }
  if (auto reduce = dyn_cast<ReduceOp>(op)) {
    SmallVector<Value> safe = safeIndices(b);
    reduce.getIndicesMutable().assign(safe);
    b.setInsertionPoint(op);
    Value identity = createReductionIdentity(b, loc, reduce.getKind(),
                                             reduce.getValue().getType());
    Value okHere = ok;
    reduce.getValueMutable().assign(
        arith::SelectOp::create(b, loc, okHere, reduce.getValue(), identity));
    return;
  }
  // Stores and atomics run only when in bounds; an atomic out of bounds
  // returns zero.
  b.setInsertionPoint(op);
  TypeRange results = op->getResultTypes();
  auto ifOk = scf::IfOp::create(b, loc, results, ok,
                                /*withElseRegion=*/!results.empty());
  if (!results.empty()) {
    OpBuilder eb = OpBuilder::atBlockEnd(ifOk.elseBlock());
    SmallVector<Value> zeros;
    for (Type t : results)
      zeros.push_back(arith::ConstantOp::create(eb, loc, eb.getZeroAttr(t)));
    scf::YieldOp::create(eb, loc, zeros);
  }
  Block *then = ifOk.thenBlock();
  op->replaceAllUsesWith(ifOk.getResults());
  if (!results.empty()) {
    op->moveBefore(then, then->end());
    OpBuilder tb = OpBuilder::atBlockEnd(then);
    scf::YieldOp::create(tb, loc, op->getResults());
  } else {
    op->moveBefore(then->getTerminator());
  }
}

LogicalResult KernelChecker::run() {
  numVisibleArgs = kernel.getNumArguments();
  SmallVector<std::pair<MemAccess, Target>> accesses;
  kernel.walk([&](Operation *op) {
    std::optional<MemAccess> access = getAccess(op);
    if (!access)
      return;
    if (std::optional<Target> target = classify(access->memref))
      accesses.push_back({*access, *target});
  });
  if (accesses.empty())
    return success();

  MLIRContext *ctx = kernel.getContext();
  Builder b(ctx);
  // The hidden parameters: the element counts of the buffers with a dynamic
  // extent, then the status buffer.
  for (auto &[access, target] : accesses)
    if (target.kind == Target::Buffer &&
        !cast<MemRefType>(access.memref.getType()).hasStaticShape())
      (void)sizeArg(target.arg);
  NamedAttrList attrs = makeBoundsStatusArgAttrs(ctx, "__kgpu_bounds");
  auto statusType = MemRefType::get({kStatusWords}, b.getI32Type());
  unsigned statusIndex = kernel.getNumArguments();
  if (failed(kernel.insertArgument(statusIndex, statusType,
                                   attrs.getDictionary(ctx), kernel.getLoc())))
    return kernel.emitError("cannot add the bounds-check status parameter");
  status = kernel.getArgument(statusIndex);
  for (auto &[access, target] : accesses)
    check(access, target);
  setBoundsSites(kernel, b.getArrayAttr(sites));
  return success();
}

namespace {
struct KgpuCheckBoundsPass
    : public mlir::kgpu::impl::KgpuCheckBoundsBase<KgpuCheckBoundsPass> {
  void runOnOperation() override {
    for (auto func : getOperation().getOps<func::FuncOp>()) {
      if (!isKernel(func) || func.isExternal())
        continue;
      if (failed(KernelChecker(func).run()))
        return signalPassFailure();
    }
  }
};
} // namespace
