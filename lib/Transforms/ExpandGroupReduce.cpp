//===- ExpandGroupReduce.cpp - portable work-group reductions ---*- C++ -*-===//

#include "kgpu/Transforms/Passes.h"

#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlir {
namespace kgpu {
#define GEN_PASS_DEF_KGPUEXPANDGROUPREDUCE
#include "kgpu/Transforms/Passes.h.inc"
} // namespace kgpu
} // namespace mlir

using namespace mlir;
using namespace mlir::kgpu;

/// The number of work-items of a kernel's work-group.
static int64_t getWorkgroupItems(Operation *func) {
  std::array<int32_t, 3> wg = getKernelWorkgroupSize(func);
  return static_cast<int64_t>(wg[0]) * wg[1] * wg[2];
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

  // One slot per subgroup; a subgroup has at least one work-item.
  auto scratchType = MemRefType::get(
      {getWorkgroupItems(func)}, type, MemRefLayoutAttrInterface(),
      b.getI64IntegerAttr(KgpuDialect::kLocalMemorySpace));
  Value scratch;
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&func->getRegion(0).front());
    scratch = AllocLocalOp::create(b, loc, scratchType);
  }

  Value partial = SubgroupReduceOp::create(b, loc, kind, op.getValue());
  Value lane = LaneIdOp::create(b, loc);
  Value subgroup = SubgroupIdOp::create(b, loc);
  Value numSubgroups = NumSubgroupsOp::create(b, loc);
  Value subgroupSize = SubgroupSizeOp::create(b, loc);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value isLane0 =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lane, zero);
  auto ifOp = scf::IfOp::create(b, loc, isLane0, /*withElseRegion=*/false);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    memref::StoreOp::create(b, loc, partial, scratch, ValueRange{subgroup});
  }
  BarrierOp::create(b, loc, MemFence::Local);
  // Every subgroup folds all partials (lane j takes j, j + W, ...), so each
  // work-item gets the total without a broadcast.
  Value identity = createReductionIdentity(b, loc, kind, type);
  auto loop = scf::ForOp::create(b, loc, lane, numSubgroups, subgroupSize,
                                 ValueRange{identity});
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    Value x = memref::LoadOp::create(b, loc, scratch,
                                     ValueRange{loop.getInductionVar()});
    Value acc = createReductionCombine(b, loc, kind,
                                       loop.getRegionIterArgs()[0], x);
    scf::YieldOp::create(b, loc, acc);
  }
  Value total = SubgroupReduceOp::create(b, loc, kind, loop.getResult(0));
  BarrierOp::create(b, loc, MemFence::Local);
  op.replaceAllUsesWith(total);
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
