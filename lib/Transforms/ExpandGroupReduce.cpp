//===- ExpandGroupReduce.cpp - portable work-group reductions ---*- C++ -*-===//

#include "kgpu/Dialect/Kgpu/Utils/Reductions.h"
#include "kgpu/Transforms/Passes.h"

#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

namespace mlir {
namespace kgpu {
#define GEN_PASS_DEF_KGPUEXPANDGROUPREDUCE
#include "kgpu/Transforms/Passes.h.inc"
} // namespace kgpu
} // namespace mlir

using namespace mlir;
using namespace mlir::kgpu;

/// The subgroup path: each subgroup reduces its values, lane 0 stores the
/// partial at its subgroup's slot, a barrier, then every work-item folds all
/// partials in the same order (so each gets the same total without a
/// broadcast), a barrier. Needs subgroups that are consecutive, full runs of
/// work-items with consistent subgroup ids, which the caller guarantees by
/// taking it only when the x extent is a multiple of the subgroup size.
static Value buildSubgroupPath(OpBuilder &b, Location loc, ReductionKind kind,
                               Value value, Value scratch) {
  Type type = value.getType();
  Value partial = SubgroupReduceOp::create(b, loc, kind, value);
  Value lane = LaneIdOp::create(b, loc);
  Value subgroup = SubgroupIdOp::create(b, loc);
  Value numSubgroups = NumSubgroupsOp::create(b, loc);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value isLane0 =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lane, zero);
  auto ifOp = scf::IfOp::create(b, loc, isLane0, /*withElseRegion=*/false);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    memref::StoreOp::create(b, loc, partial, scratch, ValueRange{subgroup});
  }
  BarrierOp::create(b, loc, MemFence::Local);
  Value identity = createReductionIdentity(b, loc, kind, type);
  auto loop =
      scf::ForOp::create(b, loc, zero, numSubgroups, one, ValueRange{identity});
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    Value x = memref::LoadOp::create(b, loc, scratch,
                                     ValueRange{loop.getInductionVar()});
    Value acc =
        createReductionCombine(b, loc, kind, loop.getRegionIterArgs()[0], x);
    scf::YieldOp::create(b, loc, acc);
  }
  BarrierOp::create(b, loc, MemFence::Local);
  return loop.getResult(0);
}

/// The path that assumes nothing about subgroups: a tree in local memory over
/// the linear work-item index (x fastest), `steps` rounds of pairs at
/// distance 1, 2, 4, ... with a barrier each; every work-item reads the
/// total from slot 0.
static Value buildTreePath(OpBuilder &b, Location loc, ReductionKind kind,
                           Value value, Value scratch, int64_t maxItems) {
  Value ids[3], sizes[3];
  for (Dimension d : {Dimension::x, Dimension::y, Dimension::z}) {
    ids[static_cast<unsigned>(d)] = LocalIdOp::create(b, loc, d);
    sizes[static_cast<unsigned>(d)] = LocalSizeOp::create(b, loc, d);
  }
  Value linear = arith::AddIOp::create(
      b, loc, ids[0],
      arith::MulIOp::create(
          b, loc, sizes[0],
          arith::AddIOp::create(
              b, loc, ids[1],
              arith::MulIOp::create(b, loc, sizes[1], ids[2]))));
  Value items = arith::MulIOp::create(
      b, loc, arith::MulIOp::create(b, loc, sizes[0], sizes[1]), sizes[2]);
  memref::StoreOp::create(b, loc, value, scratch, ValueRange{linear});
  BarrierOp::create(b, loc, MemFence::Local);
  int64_t steps = llvm::Log2_64_Ceil(std::max<int64_t>(maxItems, 1));
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  auto loop = scf::ForOp::create(
      b, loc, zero, arith::ConstantIndexOp::create(b, loc, steps), one);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    Value distance = arith::ShLIOp::create(b, loc, one, loop.getInductionVar());
    Value pairSize = arith::ShLIOp::create(b, loc, distance, one);
    Value isLeft = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::eq,
        arith::RemUIOp::create(b, loc, linear, pairSize), zero);
    Value partner = arith::AddIOp::create(b, loc, linear, distance);
    Value exists = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                         partner, items);
    auto ifOp =
        scf::IfOp::create(b, loc, arith::AndIOp::create(b, loc, isLeft, exists),
                          /*withElseRegion=*/false);
    {
      OpBuilder::InsertionGuard inner(b);
      b.setInsertionPointToStart(ifOp.thenBlock());
      Value mine = memref::LoadOp::create(b, loc, scratch, ValueRange{linear});
      Value theirs =
          memref::LoadOp::create(b, loc, scratch, ValueRange{partner});
      memref::StoreOp::create(
          b, loc, createReductionCombine(b, loc, kind, mine, theirs), scratch,
          ValueRange{linear});
    }
    BarrierOp::create(b, loc, MemFence::Local);
  }
  Value total = memref::LoadOp::create(b, loc, scratch, ValueRange{zero});
  BarrierOp::create(b, loc, MemFence::Local);
  return total;
}

static LogicalResult expand(GroupReduceOp op) {
  Operation *func = op->getParentOfType<FunctionOpInterface>();
  if (!isInKernelFunction(op))
    return op.emitOpError("in a device function is not supported yet; "
                          "reduce in the kernel itself");
  Location loc = op.getLoc();
  Type type = op.getValue().getType();
  ReductionKind kind = op.getKind();
  OpBuilder b(op);

  // One slot per work-item (the tree) or per subgroup. A kernel that does
  // not fix its work-group size gets slots for the largest one.
  int64_t maxItems = getMaxKernelWorkItems(func);
  auto scratchType =
      MemRefType::get({maxItems}, type, MemRefLayoutAttrInterface(),
                      b.getI64IntegerAttr(KgpuDialect::kLocalMemorySpace));
  Value scratch;
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&func->getRegion(0).front());
    scratch = AllocLocalOp::create(b, loc, scratchType);
  }

  // Subgroups are runs of consecutive work-items only when the x extent is
  // a multiple of the subgroup size: otherwise a device may split rows into
  // partial subgroups whose ids collide (Mesa's lavapipe does, for 7x3x5).
  // The choice is work-group-uniform.
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value rem =
      arith::RemUIOp::create(b, loc, LocalSizeOp::create(b, loc, Dimension::x),
                             SubgroupSizeOp::create(b, loc));
  Value fullSubgroups =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, rem, zero);
  auto choice = scf::IfOp::create(b, loc, TypeRange{type}, fullSubgroups,
                                  /*withElseRegion=*/true);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(choice.thenBlock());
    scf::YieldOp::create(
        b, loc, buildSubgroupPath(b, loc, kind, op.getValue(), scratch));
    b.setInsertionPointToStart(choice.elseBlock());
    scf::YieldOp::create(
        b, loc, buildTreePath(b, loc, kind, op.getValue(), scratch, maxItems));
  }
  op.replaceAllUsesWith(choice.getResult(0));
  op.erase();
  return success();
}

namespace {
struct KgpuExpandGroupReducePass
    : mlir::kgpu::impl::KgpuExpandGroupReduceBase<KgpuExpandGroupReducePass> {
  void runOnOperation() override {
    SmallVector<GroupReduceOp> ops;
    getOperation().walk([&](GroupReduceOp op) { ops.push_back(op); });
    for (GroupReduceOp op : ops)
      if (failed(expand(op)))
        return signalPassFailure();
  }
};
} // namespace
