//===- PrepareNVVM.cpp - GPU form to what NVVM accepts ----------*- C++ -*-===//

#include "kgpu/Conversion/Common/AtomicCmpXchg.h"
#include "kgpu/Conversion/KgpuToNVVM/Passes.h"
#include "kgpu/Dialect/Kgpu/IR/KgpuDialect.h"
#include "kgpu/Dialect/Kgpu/Utils/Atomics.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/GPU/Utils/GPUUtils.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir {
namespace kgpu {
#define GEN_PASS_DEF_KGPUPREPARENVVM
#include "kgpu/Conversion/Passes.h.inc"
} // namespace kgpu
} // namespace mlir

using namespace mlir;
using namespace mlir::kgpu;

static constexpr int64_t kWarpSize = 32;

namespace {

struct AtomicRMWToMemRef : OpRewritePattern<AtomicRMWOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AtomicRMWOp op,
                                PatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, createMemRefAtomicRMW(rewriter, op));
    return success();
  }
};

/// The NVVM address space of a memref in the GPU form, as upstream's
/// convert-gpu-to-nvvm maps it (global 1, workgroup 3, private and none 0).
static unsigned nvvmAddressSpace(MemRefType type) {
  Attribute space = type.getMemorySpace();
  if (auto gpuSpace = dyn_cast_or_null<gpu::AddressSpaceAttr>(space)) {
    switch (gpuSpace.getValue()) {
    case gpu::AddressSpace::Global:
      return 1;
    case gpu::AddressSpace::Workgroup:
      return 3;
    case gpu::AddressSpace::Private:
      return 0;
    }
  }
  if (auto integer = dyn_cast_or_null<IntegerAttr>(space))
    return static_cast<unsigned>(integer.getInt());
  return 0;
}

/// Integer compare-and-swap becomes `memref.generic_atomic_rmw` (a select of
/// the new value where the old one equals `cmp`). A float one becomes one
/// `llvm.cmpxchg` of its bits on the element's address: upstream lowers
/// `memref.generic_atomic_rmw` to an `llvm.cmpxchg` of the element type,
/// which LLVM allows only for integers and pointers (a float product
/// reduction failed to verify).
struct AtomicCASToGeneric : OpRewritePattern<AtomicCASOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AtomicCASOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    if (isa<FloatType>(op.getResult().getType())) {
      rewriter.replaceOp(
          op, createAtomicCmpXchg(rewriter, op,
                                  nvvmAddressSpace(op.getMemref().getType())));
      return success();
    }
    auto generic = memref::GenericAtomicRMWOp::create(
        rewriter, loc, op.getMemref(), op.getIndices());
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(generic.getBody());
    Value current = generic.getCurrentValue();
    Value equal = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                        current, op.getCmp());
    Value next =
        arith::SelectOp::create(rewriter, loc, equal, op.getValue(), current);
    memref::AtomicYieldOp::create(rewriter, loc, next);
    rewriter.replaceOp(op, generic.getResult());
    return success();
  }
};

/// threadIdx linearised: x + X * (y + Y * z).
Value linearThreadId(PatternRewriter &rewriter, Location loc) {
  Value tx = gpu::ThreadIdOp::create(rewriter, loc, gpu::Dimension::x);
  Value ty = gpu::ThreadIdOp::create(rewriter, loc, gpu::Dimension::y);
  Value tz = gpu::ThreadIdOp::create(rewriter, loc, gpu::Dimension::z);
  Value bx = gpu::BlockDimOp::create(rewriter, loc, gpu::Dimension::x);
  Value by = gpu::BlockDimOp::create(rewriter, loc, gpu::Dimension::y);
  Value yz = arith::AddIOp::create(
      rewriter, loc, ty, arith::MulIOp::create(rewriter, loc, by, tz));
  return arith::AddIOp::create(rewriter, loc, tx,
                               arith::MulIOp::create(rewriter, loc, bx, yz));
}

struct SubgroupSizeToWarp : OpRewritePattern<gpu::SubgroupSizeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(gpu::SubgroupSizeOp op,
                                PatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<arith::ConstantIndexOp>(op, kWarpSize);
    return success();
  }
};

struct SubgroupIdToWarp : OpRewritePattern<gpu::SubgroupIdOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(gpu::SubgroupIdOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value warp = arith::ConstantIndexOp::create(rewriter, loc, kWarpSize);
    rewriter.replaceOpWithNewOp<arith::DivUIOp>(
        op, linearThreadId(rewriter, loc), warp);
    return success();
  }
};

struct NumSubgroupsToWarps : OpRewritePattern<gpu::NumSubgroupsOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(gpu::NumSubgroupsOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value size;
    for (gpu::Dimension d :
         {gpu::Dimension::x, gpu::Dimension::y, gpu::Dimension::z}) {
      Value dim = gpu::BlockDimOp::create(rewriter, loc, d);
      size = size ? arith::MulIOp::create(rewriter, loc, size, dim).getResult()
                  : dim;
    }
    Value warp = arith::ConstantIndexOp::create(rewriter, loc, kWarpSize);
    rewriter.replaceOpWithNewOp<arith::CeilDivUIOp>(op, size, warp);
    return success();
  }
};

/// Whether every warp of `kernel`'s work-groups is full: the kernel fixes a
/// work-group size that is a multiple of the warp size.
bool hasOnlyFullWarps(Operation *kernel) {
  std::optional<std::array<int32_t, 3>> wg =
      getFixedKernelWorkgroupSize(kernel);
  return wg && (int64_t((*wg)[0]) * (*wg)[1] * (*wg)[2]) % kWarpSize == 0;
}

/// A non-clustered subgroup reduction of a 32- or 64-bit scalar in a kernel
/// whose last warp may be partial (a work-group size that is not a multiple
/// of 32, or any size chosen at launch). Upstream's xor butterfly would read
/// lanes that do not exist. Here step `o` (1, 2, ..., 16) of the butterfly
/// reads lane `lane ^ o`, or, when that lane does not exist, the first lane
/// of its aligned `o`-block (which holds that block's partial), or nothing
/// when no lane of that block exists; the shuffle's width is the number of
/// lanes of the warp, so its member mask names exactly the threads that
/// exist. Every existing lane gets the total. (Not upstream: its lowering
/// assumes full subgroups.)
struct PartialWarpSubgroupReduce : OpRewritePattern<gpu::SubgroupReduceOp> {
  PartialWarpSubgroupReduce(MLIRContext *ctx)
      : OpRewritePattern(ctx, /*benefit=*/10) {}
  LogicalResult matchAndRewrite(gpu::SubgroupReduceOp op,
                                PatternRewriter &rewriter) const override {
    Type type = op.getType();
    if (op.getClusterSize() || !type.isIntOrFloat() ||
        (type.getIntOrFloatBitWidth() != 32 &&
         type.getIntOrFloatBitWidth() != 64))
      return failure();
    auto kernel = op->getParentOfType<gpu::GPUFuncOp>();
    if (!kernel || hasOnlyFullWarps(kernel))
      return failure();
    Location loc = op.getLoc();
    Type i32 = rewriter.getI32Type();
    auto c32 = [&](int32_t v) -> Value {
      return arith::ConstantIntOp::create(rewriter, loc, i32, v);
    };
    Value linear = linearThreadId(rewriter, loc);
    Value items;
    for (gpu::Dimension d :
         {gpu::Dimension::x, gpu::Dimension::y, gpu::Dimension::z}) {
      Value dim = gpu::BlockDimOp::create(rewriter, loc, d);
      items = items
                  ? arith::MulIOp::create(rewriter, loc, items, dim).getResult()
                  : dim;
    }
    Value warp = arith::ConstantIndexOp::create(rewriter, loc, kWarpSize);
    Value lane = arith::RemUIOp::create(rewriter, loc, linear, warp);
    Value base = arith::SubIOp::create(rewriter, loc, linear, lane);
    Value active = arith::MinUIOp::create(
        rewriter, loc, warp, arith::SubIOp::create(rewriter, loc, items, base));
    Value lane32 = arith::IndexCastUIOp::create(rewriter, loc, i32, lane);
    Value active32 = arith::IndexCastUIOp::create(rewriter, loc, i32, active);
    Value value = op.getValue();
    vector::CombiningKind kind = gpu::convertReductionKind(op.getOp());
    for (int32_t offset = 1; offset < kWarpSize; offset <<= 1) {
      Value src = arith::XOrIOp::create(rewriter, loc, lane32, c32(offset));
      Value exists = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::ult, src, active32);
      Value head =
          arith::AndIOp::create(rewriter, loc, src, c32(~(offset - 1)));
      src = arith::SelectOp::create(rewriter, loc, exists, src, head);
      Value valid = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::ult, src, active32);
      Value other = gpu::ShuffleOp::create(rewriter, loc, value, src, active32,
                                           gpu::ShuffleMode::IDX)
                        .getShuffleResult();
      Value combined =
          vector::makeArithReduction(rewriter, loc, kind, value, other);
      value = arith::SelectOp::create(rewriter, loc, valid, combined, value);
    }
    rewriter.replaceOp(op, value);
    return success();
  }
};

/// Fixed work-group sizes become `.reqntid` (the PTX of a kernel that
/// accepts any size has none and reads %ntid).
void setRequiredBlockSizes(ModuleOp module) {
  module.walk([](gpu::GPUFuncOp func) {
    if (!func.isKernel())
      return;
    if (std::optional<std::array<int32_t, 3>> wg =
            getFixedKernelWorkgroupSize(func))
      func->setAttr(NVVM::NVVMDialect::getReqntidAttrName(),
                    DenseI32ArrayAttr::get(func.getContext(), *wg));
  });
}

/// The alignment the runtime guarantees for every buffer it binds
/// (KGPU_BUFFER_ALIGNMENT in runtime/include/kgpu/runtime.h): each buffer
/// parameter is assumed that aligned at kernel entry, so that LLVM's
/// load/store vectorizer may merge adjacent accesses into 64/128-bit ones.
constexpr uint64_t kBufferAlignment = 16;

void assumeBufferAlignment(ModuleOp module) {
  module.walk([](gpu::GPUFuncOp func) {
    if (!func.isKernel() || func.getBody().empty())
      return;
    OpBuilder b = OpBuilder::atBlockBegin(&func.getBody().front());
    // The parameters, not the work-group or private attributions.
    for (BlockArgument arg :
         func.getArguments().take_front(func.getNumArguments())) {
      auto type = dyn_cast<MemRefType>(arg.getType());
      if (!type || type.getMemorySpace() || arg.use_empty())
        continue;
      auto assumed = memref::AssumeAlignmentOp::create(b, func.getLoc(), arg,
                                                       kBufferAlignment);
      arg.replaceAllUsesExcept(assumed.getResult(), assumed);
    }
  });
}

struct KgpuPrepareNVVMPass
    : mlir::kgpu::impl::KgpuPrepareNVVMBase<KgpuPrepareNVVMPass> {
  void runOnOperation() override {
    if (failed(lowerAsyncCopiesToNVVM(getOperation())) ||
        failed(lowerMmaToWMMA(getOperation())))
      return signalPassFailure();
    RewritePatternSet patterns(&getContext());
    populateKgpuToNVVMPreparationPatterns(patterns);
    patterns.add<PartialWarpSubgroupReduce>(&getContext());
    // Values of up to 32 bits as one 32-bit shuffle per step (benefit 2);
    // the 64-bit packing alone also shuffled a constant zero high word.
    populateGpuLowerSubgroupReduceToShufflePatterns(
        patterns, kWarpSize, /*shuffleBitwidth=*/32, /*benefit=*/2);
    populateGpuLowerClusteredSubgroupReduceToShufflePatterns(
        patterns, kWarpSize, /*shuffleBitwidth=*/32, /*benefit=*/2);
    populateGpuLowerSubgroupReduceToShufflePatterns(patterns, kWarpSize,
                                                    /*shuffleBitwidth=*/64);
    populateGpuLowerClusteredSubgroupReduceToShufflePatterns(
        patterns, kWarpSize, /*shuffleBitwidth=*/64);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
    // What is left of kgpu cannot run on this target.
    WalkResult result = getOperation().walk([](Operation *op) {
      if (isa<KgpuDialect>(op->getDialect())) {
        op->emitOpError("is not supported on the CUDA (NVVM) target");
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      return signalPassFailure();
    setRequiredBlockSizes(getOperation());
    assumeBufferAlignment(getOperation());
  }
};

} // namespace

void mlir::kgpu::populateKgpuToNVVMPreparationPatterns(
    RewritePatternSet &patterns) {
  patterns.add<AtomicRMWToMemRef, AtomicCASToGeneric, SubgroupSizeToWarp,
               SubgroupIdToWarp, NumSubgroupsToWarps>(patterns.getContext());
}
