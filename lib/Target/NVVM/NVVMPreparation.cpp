//===- NVVMPreparation.cpp - GPU form to what NVVM accepts ------*- C++ -*-===//

#include "kgpu/Dialect/IR/KgpuDialect.h"
#include "kgpu/Target/NVVM/NVVMTarget.h"
#include "kgpu/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir {
namespace kgpu {
#define GEN_PASS_DEF_KGPUPREPARENVVM
#include "kgpu/Target/NVVM/Passes.h.inc"
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
    rewriter.replaceOp(op, createMemRefAtomicRMW(rewriter, op,
                                                 AtomicFloatMinMax::Minimum));
    return success();
  }
};

struct AtomicCASToGeneric : OpRewritePattern<AtomicCASOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AtomicCASOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto generic = memref::GenericAtomicRMWOp::create(
        rewriter, loc, op.getMemref(), op.getIndices());
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(generic.getBody());
    Value current = generic.getCurrentValue();
    Value cmp = op.getCmp();
    Value lhs = current, rhs = cmp;
    if (auto ft = dyn_cast<FloatType>(current.getType())) {
      Type it = rewriter.getIntegerType(ft.getWidth());
      lhs = arith::BitcastOp::create(rewriter, loc, it, current);
      rhs = arith::BitcastOp::create(rewriter, loc, it, cmp);
    }
    Value equal =
        arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq, lhs, rhs);
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

struct KgpuPrepareNVVMPass
    : mlir::kgpu::impl::KgpuPrepareNVVMBase<KgpuPrepareNVVMPass> {
  void runOnOperation() override {
    if (failed(lowerMmaToWMMA(getOperation())))
      return signalPassFailure();
    RewritePatternSet patterns(&getContext());
    populateKgpuToNVVMPreparationPatterns(patterns);
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
      signalPassFailure();
  }
};

} // namespace

void mlir::kgpu::populateKgpuToNVVMPreparationPatterns(
    RewritePatternSet &patterns) {
  patterns.add<AtomicRMWToMemRef, AtomicCASToGeneric, SubgroupSizeToWarp,
               SubgroupIdToWarp, NumSubgroupsToWarps>(patterns.getContext());
}

