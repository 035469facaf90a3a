//===- MMAToLoops.cpp - tensor-core ops as loops for the CPU ----*- C++ -*-===//
//
// On the CPU a fragment (and a warp-group MMA accumulator) is the whole
// tile, held by every work-item in private memory: each kgpu.mma_* op becomes
// loops over the tile, executed redundantly by the lanes of the subgroup (each
// lane computes the complete result, so stores write identical values).
// Fragment values carried by scf ops are converted structurally (the driver
// shared with the CUDA path, kgpu/Conversion/Common/MmaFragmentConversion.h).
// Tiles carried by scf ops are then moved into one private slot per carried
// value (copies at the loop edges), so that no memref value flows through a
// loop or an if: the work-item loops of convert-gpu-to-cpu cannot spill memrefs
// across a barrier.
//
//===----------------------------------------------------------------------===//

#include "kgpu/Conversion/Common/MmaFragmentConversion.h"
#include "kgpu/Conversion/GPUToCPU/Passes.h"
#include "kgpu/Dialect/Kgpu/IR/KgpuDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

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

//===----------------------------------------------------------------------===//
// Warp-group MMA: the whole 64 x N accumulator per work-item
//===----------------------------------------------------------------------===//

MemRefType wgmmaTileType(WgmmaAccType type) {
  return MemRefType::get({WgmmaAccType::kM, int64_t(type.getN())},
                         type.getElementType());
}

Value allocWgmmaTile(ConversionPatternRewriter &rewriter, Operation *op,
                     WgmmaAccType type) {
  auto func = op->getParentOfType<FunctionOpInterface>();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(&func.getFunctionBody().front());
  return memref::AllocaOp::create(rewriter, op->getLoc(), wgmmaTileType(type));
}

struct WgmmaFillToLoops : OpConversionPattern<WgmmaFillOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(WgmmaFillOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    WgmmaAccType type = op.getType();
    Value tile = allocWgmmaTile(rewriter, op, type);
    forTile(rewriter, op.getLoc(), WgmmaAccType::kM, type.getN(),
            [&](Value i, Value j) {
              memref::StoreOp::create(rewriter, op.getLoc(), adaptor.getValue(),
                                      tile, ValueRange{i, j});
            });
    rewriter.replaceOp(op, tile);
    return success();
  }
};

/// The element index of an operand element at byte offset
/// `start + major * majorBytes + minorBytes` (before the swizzle), in the
/// 128-byte-swizzled layout of kgpu.wgmma: sw(o) = o ^ (((o >> 7) & 7) << 4),
/// over 2 bytes per element.
Value swizzledIndex(ConversionPatternRewriter &rewriter, Location loc,
                    Value byteOffset) {
  auto c = [&](int64_t v) {
    return arith::ConstantIndexOp::create(rewriter, loc, v);
  };
  Value row = arith::AndIOp::create(
      rewriter, loc, arith::ShRUIOp::create(rewriter, loc, byteOffset, c(7)),
      c(7));
  Value swizzled =
      arith::XOrIOp::create(rewriter, loc, byteOffset,
                            arith::ShLIOp::create(rewriter, loc, row, c(4)));
  return arith::ShRUIOp::create(rewriter, loc, swizzled, c(1));
}

/// sum over (a, b) of the byte-offset terms `index * factor`, plus `base`.
Value byteOffset(ConversionPatternRewriter &rewriter, Location loc, Value base,
                 ArrayRef<std::pair<Value, int64_t>> terms) {
  Value result = base;
  for (auto [value, factor] : terms)
    result = arith::AddIOp::create(
        rewriter, loc, result,
        arith::MulIOp::create(
            rewriter, loc, value,
            arith::ConstantIndexOp::create(rewriter, loc, factor)));
  return result;
}

struct WgmmaToLoops : OpConversionPattern<WgmmaOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(WgmmaOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    WgmmaAccType type = op.getAcc().getType();
    Location loc = op.getLoc();
    // In place where this op is the accumulator's only use (the usual
    // chain `c = wgmma(c, ...)`): each element is read before it is
    // written, and one 64 x N tile per step is what the frames keep.
    Value out = op.getAcc().hasOneUse() ? adaptor.getAcc()
                                        : allocWgmmaTile(rewriter, op, type);
    auto c = [&](int64_t v) {
      return arith::ConstantIndexOp::create(rewriter, loc, v);
    };
    Type sumType = type.getElementType();
    Value two = c(2);
    Value aStart =
        arith::MulIOp::create(rewriter, loc, adaptor.getAIndex(), two);
    Value bStart =
        arith::MulIOp::create(rewriter, loc, adaptor.getBIndex(), two);
    int64_t aStride = op.getAStride(), bStride = op.getBStride();
    std::optional<int64_t> bLead = op.getBLead();
    forTile(
        rewriter, loc, WgmmaAccType::kM, type.getN(), [&](Value i, Value j) {
          Value init = memref::LoadOp::create(rewriter, loc, adaptor.getAcc(),
                                              ValueRange{i, j});
          // A row i: (i / 8) * stride + (i % 8) * 128.
          Value i8 = arith::DivUIOp::create(rewriter, loc, i, c(8));
          Value iRem = arith::RemUIOp::create(rewriter, loc, i, c(8));
          Value aRow =
              byteOffset(rewriter, loc, aStart, {{i8, aStride}, {iRem, 128}});
          // B column j: K-major as A's rows; N-major (j / 64) * lead +
          // 2 (j % 64).
          Value bCol;
          if (bLead) {
            Value j64 = arith::DivUIOp::create(rewriter, loc, j, c(64));
            Value jRem = arith::RemUIOp::create(rewriter, loc, j, c(64));
            bCol =
                byteOffset(rewriter, loc, bStart, {{j64, *bLead}, {jRem, 2}});
          } else {
            Value j8 = arith::DivUIOp::create(rewriter, loc, j, c(8));
            Value jRem = arith::RemUIOp::create(rewriter, loc, j, c(8));
            bCol =
                byteOffset(rewriter, loc, bStart, {{j8, bStride}, {jRem, 128}});
          }
          auto loop = scf::ForOp::create(
              rewriter, loc, c(0), c(WgmmaAccType::kK), c(1), ValueRange{init});
          {
            OpBuilder::InsertionGuard guard(rewriter);
            rewriter.setInsertionPointToStart(loop.getBody());
            Value k = loop.getInductionVar();
            Value aAt = swizzledIndex(
                rewriter, loc, byteOffset(rewriter, loc, aRow, {{k, 2}}));
            Value bAt;
            if (bLead) {
              Value k8 = arith::DivUIOp::create(rewriter, loc, k, c(8));
              Value kRem = arith::RemUIOp::create(rewriter, loc, k, c(8));
              bAt = swizzledIndex(rewriter, loc,
                                  byteOffset(rewriter, loc, bCol,
                                             {{k8, bStride}, {kRem, 128}}));
            } else {
              bAt = swizzledIndex(rewriter, loc,
                                  byteOffset(rewriter, loc, bCol, {{k, 2}}));
            }
            Value a = widen(rewriter, loc,
                            memref::LoadOp::create(
                                rewriter, loc, adaptor.getA(), ValueRange{aAt}),
                            sumType);
            Value b = widen(rewriter, loc,
                            memref::LoadOp::create(
                                rewriter, loc, adaptor.getB(), ValueRange{bAt}),
                            sumType);
            Value sum = arith::AddFOp::create(
                rewriter, loc, loop.getRegionIterArgs()[0],
                arith::MulFOp::create(rewriter, loc, a, b));
            scf::YieldOp::create(rewriter, loc, sum);
          }
          memref::StoreOp::create(rewriter, loc, loop.getResult(0), out,
                                  ValueRange{i, j});
        });
    rewriter.replaceOp(op, out);
    return success();
  }
};

/// Fences, commits and waits: the CPU's wgmma is synchronous.
template <typename Op> struct EraseToLoops : OpConversionPattern<Op> {
  using OpConversionPattern<Op>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(Op op, typename Op::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.eraseOp(op);
    return success();
  }
};

struct WgmmaStoreToLoops : OpConversionPattern<WgmmaStoreOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(WgmmaStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    WgmmaAccType type = op.getValue().getType();
    Location loc = op.getLoc();
    auto memType = cast<MemRefType>(adaptor.getMemref().getType());
    forTile(
        rewriter, loc, WgmmaAccType::kM, type.getN(), [&](Value i, Value j) {
          Value v = memref::LoadOp::create(rewriter, loc, adaptor.getValue(),
                                           ValueRange{i, j});
          SmallVector<Value> at =
              elementIndices(rewriter, loc, memType, adaptor.getIndices(),
                             adaptor.getLeadDim(), /*colMajor=*/false, i, j);
          memref::StoreOp::create(rewriter, loc, v, adaptor.getMemref(), at);
        });
    rewriter.eraseOp(op);
    return success();
  }
};

/// Whether `type` is a tile of this conversion (tileType): a static 2-D
/// memref in private memory.
bool isTile(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  return memref && memref.getRank() == 2 && memref.hasStaticShape() &&
         !memref.getMemorySpace() && memref.getLayout().isIdentity();
}

/// Moves the tiles that scf ops carry into private slots (memref.alloca at
/// the function entry): the carried values become the slots, copied at the
/// edges, and the canonicalizations of the scf ops then drop the carried
/// values that no longer vary.
class TileSlots {
public:
  explicit TileSlots(FunctionOpInterface func) : func(func) {}

  void run() {
    SmallVector<Operation *> ops;
    func->walk([&](Operation *op) {
      if (isa<scf::ForOp, scf::WhileOp, scf::IfOp>(op) &&
          llvm::any_of(op->getResultTypes(), isTile))
        ops.push_back(op);
    });
    for (Operation *op : ops) {
      if (auto loop = dyn_cast<scf::ForOp>(op))
        slotFor(loop);
      else if (auto loop = dyn_cast<scf::WhileOp>(op))
        slotWhile(loop);
      else
        slotIf(cast<scf::IfOp>(op));
    }
  }

private:
  Value newSlot(Type type) {
    OpBuilder b(func.getContext());
    b.setInsertionPointToStart(&func.getFunctionBody().front());
    return memref::AllocaOp::create(b, func.getLoc(), cast<MemRefType>(type));
  }

  /// Copies `sources[i]` into `slots[i]` before `at` (null slots: none),
  /// through temporaries where a source is another of the slots.
  void copyInto(Operation *at, ValueRange sources, ArrayRef<Value> slots) {
    OpBuilder b(at);
    Location loc = at->getLoc();
    SmallVector<Value> from(sources.begin(), sources.end());
    for (auto [i, source] : llvm::enumerate(from))
      if (slots[i] && source != slots[i] && llvm::is_contained(slots, source)) {
        Value temp = newSlot(source.getType());
        memref::CopyOp::create(b, loc, source, temp);
        source = temp;
      }
    for (auto [source, slot] : llvm::zip(from, slots))
      if (slot && source != slot)
        memref::CopyOp::create(b, loc, source, slot);
  }

  void slotFor(scf::ForOp loop) {
    auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
    SmallVector<Value> slots(loop.getNumResults());
    for (unsigned i = 0; i < slots.size(); ++i)
      if (isTile(loop.getResult(i).getType()))
        slots[i] = newSlot(loop.getResult(i).getType());
    copyInto(loop, loop.getInitArgs(), slots);
    copyInto(yield, yield.getOperands(), slots);
    for (unsigned i = 0; i < slots.size(); ++i) {
      if (!slots[i])
        continue;
      BlockArgument arg = loop.getRegionIterArgs()[i];
      arg.replaceAllUsesWith(slots[i]);
      loop.getInitArgsMutable()[i].assign(slots[i]);
      yield->setOperand(i, arg); // forwarded: the folder drops it
      loop.getResult(i).replaceAllUsesWith(slots[i]);
    }
  }

  void slotWhile(scf::WhileOp loop) {
    auto condition = loop.getConditionOp();
    scf::YieldOp yield = loop.getYieldOp();
    // The before-block's arguments.
    SmallVector<Value> before(loop.getInits().size());
    for (unsigned i = 0; i < before.size(); ++i)
      if (isTile(loop.getInits()[i].getType()))
        before[i] = newSlot(loop.getInits()[i].getType());
    // The condition's arguments (the after-block's and the results): the
    // slot of the before-argument they forward, else a slot of their own.
    SmallVector<Value> after(condition.getArgs().size());
    for (unsigned j = 0; j < after.size(); ++j) {
      Value arg = condition.getArgs()[j];
      if (!isTile(arg.getType()))
        continue;
      auto blockArg = dyn_cast<BlockArgument>(arg);
      if (blockArg && blockArg.getOwner() == loop.getBeforeBody())
        after[j] = before[blockArg.getArgNumber()];
      else
        after[j] = newSlot(arg.getType());
    }
    copyInto(loop, loop.getInits(), before);
    for (unsigned i = 0; i < before.size(); ++i)
      if (before[i]) {
        loop.getBeforeArguments()[i].replaceAllUsesWith(before[i]);
        loop.getInitsMutable()[i].assign(before[i]);
      }
    SmallVector<Value> args(condition.getArgs());
    copyInto(condition, args, after);
    copyInto(yield, yield.getOperands(), before);
    for (unsigned i = 0; i < before.size(); ++i)
      if (before[i])
        yield->setOperand(i, before[i]);
    for (unsigned j = 0; j < after.size(); ++j)
      if (after[j]) {
        condition.getArgsMutable()[j].assign(after[j]);
        loop.getAfterArguments()[j].replaceAllUsesWith(after[j]);
        loop.getResult(j).replaceAllUsesWith(after[j]);
      }
  }

  void slotIf(scf::IfOp op) {
    SmallVector<Value> slots(op.getNumResults());
    for (unsigned i = 0; i < slots.size(); ++i)
      if (isTile(op.getResult(i).getType()))
        slots[i] = newSlot(op.getResult(i).getType());
    for (Region *region : {&op.getThenRegion(), &op.getElseRegion()}) {
      if (region->empty())
        continue;
      Operation *yield = region->front().getTerminator();
      SmallVector<Value> operands(yield->getOperands());
      copyInto(yield, operands, slots);
      for (unsigned i = 0; i < slots.size(); ++i)
        if (slots[i])
          yield->setOperand(i, slots[i]);
    }
    for (unsigned i = 0; i < slots.size(); ++i)
      if (slots[i])
        op.getResult(i).replaceAllUsesWith(slots[i]);
  }

  FunctionOpInterface func;
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
        },
        [](WgmmaAccType type) -> std::optional<Type> {
          return wgmmaTileType(type);
        });
    RewritePatternSet patterns(ctx);
    patterns.add<FillToLoops, LoadToLoops, StoreToLoops, ComputeToLoops,
                 WgmmaFillToLoops, WgmmaToLoops, EraseToLoops<WgmmaFenceOp>,
                 EraseToLoops<WgmmaCommitOp>, EraseToLoops<WgmmaWaitOp>,
                 WgmmaStoreToLoops>(converter, ctx);
    if (failed(applyMmaFragmentConversion(getOperation(), converter,
                                          std::move(patterns))))
      return signalPassFailure();
    getOperation()->walk(
        [](FunctionOpInterface func) { TileSlots(func).run(); });
    // Drops the carried values that are now the same slot on every edge.
    RewritePatternSet cleanup(ctx);
    scf::ForOp::getCanonicalizationPatterns(cleanup, ctx);
    scf::WhileOp::getCanonicalizationPatterns(cleanup, ctx);
    scf::IfOp::getCanonicalizationPatterns(cleanup, ctx);
    if (failed(applyPatternsGreedily(getOperation(), std::move(cleanup))))
      return signalPassFailure();
  }
};

} // namespace
