//===- EmulateFloatAtomics.cpp - float atomics as integer atomics ---------===//
//
// kgpu-spirv-emulate-float-atomics: SPIR-V has no float compare-and-swap and
// no float min/max atomics, and Vulkan's logical addressing cannot view a
// float pointer as an integer pointer. So the memref of such an atomic is
// retyped to integers of the same width (the host sees the same bytes), its
// loads and stores bitcast, and its float atomics rewritten into integer
// atomics.
//
//===----------------------------------------------------------------------===//

#include "Utils.h"

#include "kgpu/Conversion/KgpuToSPIRV/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/SetVector.h"

namespace mlir {
namespace kgpu {
#define GEN_PASS_DEF_KGPUSPIRVEMULATEFLOATATOMICS
#include "kgpu/Conversion/Passes.h.inc"
} // namespace kgpu
} // namespace mlir

using namespace mlir;
using namespace mlir::kgpu;
using namespace mlir::kgpu::spirv_detail;

namespace {

/// The memref `root` with integer elements of the same width.
MemRefType getIntegerMemRefType(MemRefType type) {
  unsigned width = type.getElementType().getIntOrFloatBitWidth();
  return MemRefType::get(type.getShape(),
                         IntegerType::get(type.getContext(), width),
                         type.getLayout(), type.getMemorySpace());
}

/// Whether `root` can be retyped: a kernel argument or a memref.alloc.
bool isRetypableRoot(Value root) {
  if (auto arg = dyn_cast<BlockArgument>(root)) {
    auto func = dyn_cast<gpu::GPUFuncOp>(arg.getOwner()->getParentOp());
    return func && func.isKernel() && arg.getOwner()->isEntryBlock();
  }
  return root.getDefiningOp<memref::AllocOp>() != nullptr;
}

/// Whether `use` of a memref to retype can be rewritten.
bool isRewritableUse(OpOperand &use) {
  Operation *user = use.getOwner();
  if (auto store = dyn_cast<memref::StoreOp>(user))
    return use.get() == store.getMemref() && use.get() != store.getValue();
  if (auto rmw = dyn_cast<AtomicRMWOp>(user))
    return use.get() == rmw.getMemref() && use.get() != rmw.getValue();
  if (auto cas = dyn_cast<AtomicCASOp>(user))
    return use.get() == cas.getMemref();
  return isa<memref::LoadOp>(user);
}

/// Emits the integer-atomic form of a float atomic on `memref` (already
/// retyped), returning the old value as a float.
class Emulator {
public:
  explicit Emulator(OpBuilder &b) : b(b) {}

  Value toInt(Location loc, Value v) {
    return arith::BitcastOp::create(
        b, loc, b.getIntegerType(v.getType().getIntOrFloatBitWidth()), v);
  }
  Value toFloat(Location loc, Type type, Value v) {
    return arith::BitcastOp::create(b, loc, type, v);
  }

  /// A quiet NaN bit pattern of `type` with the given sign, as an integer
  /// constant.
  Value nanBits(Location loc, FloatType type, bool negative) {
    APInt bits =
        APFloat::getQNaN(type.getFloatSemantics(), negative).bitcastToAPInt();
    return arith::ConstantOp::create(
        b, loc, b.getIntegerAttr(b.getIntegerType(type.getWidth()), bits));
  }

  /// min/max on the bits. For two non-NaN floats, the signed order of their
  /// bits is their order when both are non-negative (sign bit clear), and
  /// the reverse unsigned order when both are negative; any non-negative
  /// value is above any negative one in the signed order and below it in
  /// the unsigned order. So `max` with a non-negative value is a signed
  /// integer max, and `max` with a negative value an unsigned integer min
  /// (dually for `min`). This also orders -0.0 below +0.0. NaN is
  /// canonicalized to +NaN for max (above +inf, signed) and to -NaN for min
  /// (above -inf, unsigned), so that NaN wins and stays.
  Value minMax(AtomicRMWOp op) {
    Location loc = op.getLoc();
    auto floatType = cast<FloatType>(op.getValue().getType());
    bool isMax = op.getKind() == AtomicKind::Max;
    Value value = op.getValue();
    Value isNaN =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, value, value);
    Value nan = nanBits(loc, floatType, /*negative=*/!isMax);
    Value bits = arith::SelectOp::create(b, loc, isNaN, nan, toInt(loc, value));
    Type intType = bits.getType();
    Value zero =
        arith::ConstantOp::create(b, loc, b.getIntegerAttr(intType, 0));
    Value negative =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, bits, zero);
    auto ifOp = scf::IfOp::create(b, loc, TypeRange{intType}, negative,
                                  /*addThenBlock=*/true, /*addElseBlock=*/true);
    auto emit = [&](Block *block, AtomicKind kind) {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(block);
      Value old = AtomicRMWOp::create(b, loc, kind, bits, op.getMemref(),
                                      op.getIndices());
      scf::YieldOp::create(b, loc, old);
    };
    emit(ifOp.thenBlock(), isMax ? AtomicKind::UMin : AtomicKind::UMax);
    emit(ifOp.elseBlock(), isMax ? AtomicKind::Max : AtomicKind::Min);
    return toFloat(loc, floatType, ifOp.getResult(0));
  }

  /// add/sub as a compare-and-swap loop on the bits.
  Value casLoop(AtomicRMWOp op) {
    Location loc = op.getLoc();
    auto floatType = cast<FloatType>(op.getValue().getType());
    Type intType = b.getIntegerType(floatType.getWidth());
    Value initial =
        memref::LoadOp::create(b, loc, op.getMemref(), op.getIndices());
    auto loop =
        scf::WhileOp::create(b, loc, TypeRange{intType}, ValueRange{initial});
    {
      OpBuilder::InsertionGuard guard(b);
      Block *before =
          b.createBlock(&loop.getBefore(), {}, TypeRange{intType}, {loc});
      Value expected = before->getArgument(0);
      Value old = toFloat(loc, floatType, expected);
      Value updated =
          op.getKind() == AtomicKind::Add
              ? arith::AddFOp::create(b, loc, old, op.getValue()).getResult()
              : arith::SubFOp::create(b, loc, old, op.getValue()).getResult();
      Value desired = toInt(loc, updated);
      Value seen = AtomicCASOp::create(b, loc, expected, desired,
                                       op.getMemref(), op.getIndices());
      Value retry = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                                          seen, expected);
      scf::ConditionOp::create(b, loc, retry, ValueRange{seen});
      Block *after =
          b.createBlock(&loop.getAfter(), {}, TypeRange{intType}, {loc});
      scf::YieldOp::create(b, loc, after->getArguments());
    }
    return toFloat(loc, floatType, loop.getResult(0));
  }

  /// Rewrites `user` of the retyped memref `memref`.
  void rewrite(Operation *user) {
    Location loc = user->getLoc();
    b.setInsertionPoint(user);
    if (auto load = dyn_cast<memref::LoadOp>(user)) {
      Type floatType = load.getType();
      b.setInsertionPointAfter(load);
      load.getResult().setType(load.getMemRefType().getElementType());
      auto cast = arith::BitcastOp::create(b, loc, floatType, load.getResult());
      load.getResult().replaceAllUsesExcept(cast, cast);
      return;
    }
    if (auto store = dyn_cast<memref::StoreOp>(user)) {
      store.getValueMutable().assign(toInt(loc, store.getValue()));
      return;
    }
    if (auto cas = dyn_cast<AtomicCASOp>(user)) {
      Type floatType = cas.getType();
      Value cmp = toInt(loc, cas.getCmp());
      Value value = toInt(loc, cas.getValue());
      Value old = AtomicCASOp::create(b, loc, cmp, value, cas.getMemref(),
                                      cas.getIndices());
      cas.replaceAllUsesWith(toFloat(loc, floatType, old));
      cas.erase();
      return;
    }
    auto rmw = cast<AtomicRMWOp>(user);
    Value result;
    switch (rmw.getKind()) {
    case AtomicKind::Min:
    case AtomicKind::Max:
      result = minMax(rmw);
      break;
    case AtomicKind::Add:
    case AtomicKind::Sub:
      result = casLoop(rmw);
      break;
    default: {
      // xchg: the verifier allows no other kind on floats.
      Value old =
          AtomicRMWOp::create(b, loc, rmw.getKind(), toInt(loc, rmw.getValue()),
                              rmw.getMemref(), rmw.getIndices());
      result = toFloat(loc, rmw.getType(), old);
      break;
    }
    }
    rmw.replaceAllUsesWith(result);
    rmw.erase();
  }

private:
  OpBuilder &b;
};

/// Retypes `root` (a kernel argument or memref.alloc) to integer elements.
void retype(Value root) {
  auto type = getIntegerMemRefType(cast<MemRefType>(root.getType()));
  root.setType(type);
  auto arg = dyn_cast<BlockArgument>(root);
  if (!arg)
    return;
  auto func = cast<gpu::GPUFuncOp>(arg.getOwner()->getParentOp());
  SmallVector<Type> inputs(func.getArgumentTypes());
  inputs[arg.getArgNumber()] = type;
  func.setFunctionTypeAttr(TypeAttr::get(
      FunctionType::get(func.getContext(), inputs, func.getResultTypes())));
}

struct EmulateFloatAtomicsPass final
    : kgpu::impl::KgpuSPIRVEmulateFloatAtomicsBase<EmulateFloatAtomicsPass> {
  using Base::Base;

  void runOnOperation() override {
    if (failed(emulateFloatAtomicsForSPIRV(getOperation())))
      signalPassFailure();
  }
};

} // namespace

LogicalResult mlir::kgpu::emulateFloatAtomicsForSPIRV(Operation *root) {
  // The memrefs to retype, in a deterministic order.
  llvm::SetVector<Value> roots;
  bool ok = true;
  root->walk([&](Operation *op) {
    if (!isa<AtomicRMWOp, AtomicCASOp>(op))
      return;
    spirv::TargetEnv env(spirv::lookupTargetEnvOrDefault(op));
    if (!needsIntegerAccess(op, env))
      return;
    Value memref = op->getOperand(isa<AtomicRMWOp>(op) ? 1 : 2);
    if (!isRetypableRoot(memref)) {
      op->emitError("this float atomic needs its memory reinterpreted as "
                    "integers on ")
          << kTargetName
          << ", which kgpu can only do for a kernel argument or a local "
             "memref.alloc, not for this memref";
      ok = false;
      return;
    }
    roots.insert(memref);
  });
  for (Value memref : roots) {
    for (OpOperand &use : memref.getUses()) {
      if (isRewritableUse(use))
        continue;
      InFlightDiagnostic diag =
          use.getOwner()->emitError("uses a memref whose float atomics need "
                                    "it reinterpreted as integers on ")
          << kTargetName
          << "; only loads, stores and kgpu atomics can use such a memref";
      diag.attachNote(memref.getLoc()) << "the memref is defined here";
      ok = false;
    }
  }
  if (!ok)
    return failure();

  for (Value memref : roots) {
    llvm::SetVector<Operation *> users(memref.getUsers().begin(),
                                       memref.getUsers().end());
    retype(memref);
    OpBuilder builder(memref.getContext());
    Emulator emulator(builder);
    for (Operation *user : users)
      emulator.rewrite(user);
  }
  return success();
}
