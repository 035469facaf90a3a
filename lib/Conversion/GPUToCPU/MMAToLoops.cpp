//===- MMAToLoops.cpp - tensor-core ops as loops for the CPU ----*- C++ -*-===//
//
// On the CPU a fragment is the whole tile, held by every work-item in
// private memory: each kgpu.mma_* op becomes loops over the tile, executed
// redundantly by the lanes of the subgroup (each lane computes the complete
// result, so stores write identical values). Fragment values carried by scf
// ops are converted structurally (the driver shared with the CUDA path,
// kgpu/Conversion/Common/MmaFragmentConversion.h).
//
//===----------------------------------------------------------------------===//

#include "kgpu/Conversion/Common/MmaFragmentConversion.h"
#include "kgpu/Conversion/GPUToCPU/Passes.h"
#include "kgpu/Dialect/Kgpu/IR/KgpuDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlir {
namespace kgpu {
#define GEN_PASS_DEF_CONVERTKGPUMMATOLOOPS
#include "kgpu/Conversion/Passes.h.inc"
} // namespace kgpu
} // namespace mlir

using namespace mlir;
using namespace mlir::kgpu;

namespace {

MemRefType tileType(MmaFragmentType type) {
  auto [rows, cols] = type.getTileShape();
  return MemRefType::get({rows, cols}, type.getElementType());
}

/// A private tile allocated at the entry of the enclosing function.
Value allocTile(ConversionPatternRewriter &rewriter, Operation *op,
                MmaFragmentType type) {
  auto func = op->getParentOfType<FunctionOpInterface>();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(&func.getFunctionBody().front());
  return memref::AllocaOp::create(rewriter, op->getLoc(), tileType(type));
}

/// Calls `body(i, j)` for every element of a rows x cols tile.
void forTile(ConversionPatternRewriter &rewriter, Location loc, int64_t rows,
             int64_t cols, function_ref<void(Value, Value)> body) {
  Value c0 = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value c1 = arith::ConstantIndexOp::create(rewriter, loc, 1);
  Value r = arith::ConstantIndexOp::create(rewriter, loc, rows);
  Value c = arith::ConstantIndexOp::create(rewriter, loc, cols);
  auto outer = scf::ForOp::create(rewriter, loc, c0, r, c1);
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(outer.getBody());
  auto inner = scf::ForOp::create(rewriter, loc, c0, c, c1);
  rewriter.setInsertionPointToStart(inner.getBody());
  body(outer.getInductionVar(), inner.getInductionVar());
}

/// The memory indices of tile element (i, j) at `indices`.
SmallVector<Value> elementIndices(ConversionPatternRewriter &rewriter,
                                  Location loc, MemRefType type,
                                  ValueRange indices, Value leadDim,
                                  bool colMajor, Value i, Value j) {
  Value row = colMajor ? j : i, col = colMajor ? i : j;
  if (type.getRank() == 2)
    return {arith::AddIOp::create(rewriter, loc, indices[0], row),
            arith::AddIOp::create(rewriter, loc, indices[1], col)};
  Value offset = arith::AddIOp::create(
      rewriter, loc, arith::MulIOp::create(rewriter, loc, row, leadDim), col);
  return {arith::AddIOp::create(rewriter, loc, indices[0], offset)};
}

struct FillToLoops : OpConversionPattern<MmaFillOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(MmaFillOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MmaFragmentType type = op.getType();
    Value tile = allocTile(rewriter, op, type);
    auto [rows, cols] = type.getTileShape();
    forTile(rewriter, op.getLoc(), rows, cols, [&](Value i, Value j) {
      memref::StoreOp::create(rewriter, op.getLoc(), adaptor.getValue(), tile,
                              ValueRange{i, j});
    });
    rewriter.replaceOp(op, tile);
    return success();
  }
};

struct LoadToLoops : OpConversionPattern<MmaLoadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(MmaLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MmaFragmentType type = op.getType();
    Location loc = op.getLoc();
    Value tile = allocTile(rewriter, op, type);
    auto [rows, cols] = type.getTileShape();
    auto memType = cast<MemRefType>(adaptor.getMemref().getType());
    forTile(rewriter, loc, rows, cols, [&](Value i, Value j) {
      SmallVector<Value> at =
          elementIndices(rewriter, loc, memType, adaptor.getIndices(),
                         adaptor.getLeadDim(), op.getColMajor(), i, j);
      Value v = memref::LoadOp::create(rewriter, loc, adaptor.getMemref(), at);
      memref::StoreOp::create(rewriter, loc, v, tile, ValueRange{i, j});
    });
    rewriter.replaceOp(op, tile);
    return success();
  }
};

struct StoreToLoops : OpConversionPattern<MmaStoreOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(MmaStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MmaFragmentType type = op.getValue().getType();
    Location loc = op.getLoc();
    auto [rows, cols] = type.getTileShape();
    auto memType = cast<MemRefType>(adaptor.getMemref().getType());
    forTile(rewriter, loc, rows, cols, [&](Value i, Value j) {
      Value v = memref::LoadOp::create(rewriter, loc, adaptor.getValue(),
                                       ValueRange{i, j});
      SmallVector<Value> at =
          elementIndices(rewriter, loc, memType, adaptor.getIndices(),
                         adaptor.getLeadDim(), op.getColMajor(), i, j);
      memref::StoreOp::create(rewriter, loc, v, adaptor.getMemref(), at);
    });
    rewriter.eraseOp(op);
    return success();
  }
};

/// Widens an input element to the accumulation type.
Value widen(ConversionPatternRewriter &rewriter, Location loc, Value v,
            Type to) {
  if (v.getType() == to)
    return v;
  if (isa<FloatType>(to))
    return arith::ExtFOp::create(rewriter, loc, to, v);
  return arith::ExtSIOp::create(rewriter, loc, to, v);
}

struct ComputeToLoops : OpConversionPattern<MmaComputeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(MmaComputeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MmaFragmentType c = op.getC().getType();
    Location loc = op.getLoc();
    Value out = allocTile(rewriter, op, c);
    int64_t m = c.getM(), n = c.getN(), k = c.getK();
    Type accType = c.getElementType();
    // f16 accumulators are summed in f32 and rounded once per element.
    Type sumType = accType.isF16() ? rewriter.getF32Type() : accType;
    bool isFloat = isa<FloatType>(sumType);
    forTile(rewriter, loc, m, n, [&](Value i, Value j) {
      Value init = widen(rewriter, loc,
                         memref::LoadOp::create(rewriter, loc, adaptor.getC(),
                                                ValueRange{i, j}),
                         sumType);
      Value c0 = arith::ConstantIndexOp::create(rewriter, loc, 0);
      Value c1 = arith::ConstantIndexOp::create(rewriter, loc, 1);
      Value ck = arith::ConstantIndexOp::create(rewriter, loc, k);
      auto loop =
          scf::ForOp::create(rewriter, loc, c0, ck, c1, ValueRange{init});
      {
        OpBuilder::InsertionGuard guard(rewriter);
        rewriter.setInsertionPointToStart(loop.getBody());
        Value kk = loop.getInductionVar();
        Value a = widen(rewriter, loc,
                        memref::LoadOp::create(rewriter, loc, adaptor.getA(),
                                               ValueRange{i, kk}),
                        sumType);
        Value b = widen(rewriter, loc,
                        memref::LoadOp::create(rewriter, loc, adaptor.getB(),
                                               ValueRange{kk, j}),
                        sumType);
        Value acc = loop.getRegionIterArgs()[0];
        Value sum = isFloat ? (Value)arith::AddFOp::create(
                                  rewriter, loc, acc,
                                  arith::MulFOp::create(rewriter, loc, a, b))
                            : (Value)arith::AddIOp::create(
                                  rewriter, loc, acc,
                                  arith::MulIOp::create(rewriter, loc, a, b));
        scf::YieldOp::create(rewriter, loc, sum);
      }
      Value result = loop.getResult(0);
      if (result.getType() != accType)
        result = arith::TruncFOp::create(rewriter, loc, accType, result);
      memref::StoreOp::create(rewriter, loc, result, out, ValueRange{i, j});
    });
    rewriter.replaceOp(op, out);
    return success();
  }
};

struct ConvertKgpuMMAToLoopsPass
    : mlir::kgpu::impl::ConvertKgpuMMAToLoopsBase<ConvertKgpuMMAToLoopsPass> {
  void runOnOperation() override {
    if (!containsMmaOps(getOperation()))
      return;
    MLIRContext *ctx = &getContext();
    MmaFragmentTypeConverter converter(
        [](MmaFragmentType type) -> std::optional<Type> {
          return tileType(type);
        });
    RewritePatternSet patterns(ctx);
    patterns.add<FillToLoops, LoadToLoops, StoreToLoops, ComputeToLoops>(
        converter, ctx);
    if (failed(applyMmaFragmentConversion(getOperation(), converter,
                                          std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
