//===- MMAToWgmma.cpp - kgpu warp-group MMA ops to NVVM wgmma ---*- C++ -*-===//
//
// sm_90a: kgpu.wgmma becomes nvvm.wgmma.mma_async (PTX
// `wgmma.mma_async.sync.aligned.m64nNk16.f32.{f16,bf16}`) on two shared-memory
// matrix descriptors built from the op's operands (docs/dialect.md,
// "Warp-group MMA"): start address >> 4 in bits 0-13, the leading byte
// offset >> 4 in bits 16-29 (B N-major: `lead`; K-major: unused, 1), the
// stride byte offset >> 4 in bits 32-45, base offset 0, and 128-byte
// swizzling (1) in bits 62-63. An accumulator is the LLVM struct of the
// N / 2 f32 that each work-item of the warp group holds; fence, commit and
// wait map one to one (the fence also orders the work-item's generic-proxy
// writes of local memory before the async-proxy reads of wgmma), and a
// store writes each work-item's adjacent column pairs.
//
// Upstream's nvgpu.warpgroup.mma works on memref tiles described by
// nvgpu.warpgroup.descriptor types fixed at compile time (static shapes and
// a TMA tensor map); kgpu's operands are 1-D local arrays with run-time
// offsets, so the descriptors are computed here and the nvvm ops are built
// directly.
//
//===----------------------------------------------------------------------===//

#include "MMALowering.h"

#include "kgpu/Dialect/Kgpu/IR/KgpuDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::kgpu;
using namespace mlir::kgpu::nvvm_mma;

Type nvvm_mma::convertWgmmaAcc(WgmmaAccType type) {
  return LLVM::LLVMStructType::getLiteral(
      type.getContext(),
      SmallVector<Type>(type.getElementsPerWorkItem(), type.getElementType()));
}

namespace {

Value i32Const(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(v));
}
Value i64Const(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(v));
}

struct WgmmaFillLowering : OpConversionPattern<WgmmaFillOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(WgmmaFillOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto structType = cast<LLVM::LLVMStructType>(convertWgmmaAcc(op.getType()));
    Location loc = op.getLoc();
    Value result = LLVM::UndefOp::create(rewriter, loc, structType);
    for (unsigned i = 0; i < structType.getBody().size(); ++i)
      result = LLVM::InsertValueOp::create(rewriter, loc, result,
                                           adaptor.getValue(), i);
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// The 64-bit shared-memory matrix descriptor of the tile at
/// `memref[index]`: 128-byte swizzle, `lead` and `stride` in bytes.
Value buildDescriptor(ConversionPatternRewriter &rewriter, Location loc,
                      Value memref, Value index, int64_t lead, int64_t stride) {
  auto [ptr, unusedStride] =
      addressAndStride(rewriter, loc, memref, ValueRange{index}, Value());
  (void)unusedStride;
  Value address =
      LLVM::PtrToIntOp::create(rewriter, loc, rewriter.getI64Type(), ptr);
  Value start = arith::ShRUIOp::create(
      rewriter, loc,
      arith::AndIOp::create(rewriter, loc, address,
                            i64Const(rewriter, loc, 0x3ffff)),
      i64Const(rewriter, loc, 4));
  uint64_t fixed = (uint64_t((lead >> 4) & 0x3fff) << 16) |
                   (uint64_t((stride >> 4) & 0x3fff) << 32) |
                   (uint64_t(1) << 62);
  return arith::OrIOp::create(rewriter, loc, start,
                              i64Const(rewriter, loc, int64_t(fixed)));
}

struct WgmmaLowering : OpConversionPattern<WgmmaOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(WgmmaOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MLIRContext *ctx = rewriter.getContext();
    Location loc = op.getLoc();
    WgmmaAccType accType = op.getAcc().getType();
    Type structType = convertWgmmaAcc(accType);
    // K-major operands: the leading byte offset is unused (1, as CUTLASS).
    Value descA = buildDescriptor(rewriter, loc, adaptor.getA(),
                                  adaptor.getAIndex(), 16, op.getAStride());
    Value descB =
        buildDescriptor(rewriter, loc, adaptor.getB(), adaptor.getBIndex(),
                        op.isBNMajor() ? *op.getBLead() : 16, op.getBStride());
    bool bf16 = op.getA().getType().getElementType().isBF16();
    auto input = NVVM::WGMMATypesAttr::get(ctx, bf16 ? NVVM::WGMMATypes::bf16
                                                     : NVVM::WGMMATypes::f16);
    auto one = NVVM::WGMMAScaleInAttr::get(ctx, NVVM::WGMMAScaleIn::one);
    // layoutA row: K-major A (imm-trans-a 0); layoutB col: K-major B
    // (imm-trans-b 0), row: N-major B (imm-trans-b 1).
    auto wgmma = NVVM::WgmmaMmaAsyncOp::create(
        rewriter, loc, structType, adaptor.getAcc(), descA, descB,
        NVVM::MMAShapeAttr::get(ctx, WgmmaAccType::kM, accType.getN(),
                                WgmmaAccType::kK),
        input, input, NVVM::WGMMATypesAttr::get(ctx, NVVM::WGMMATypes::f32),
        NVVM::WGMMAScaleOutAttr::get(ctx, NVVM::WGMMAScaleOut::one), one, one,
        NVVM::MMALayoutAttr::get(ctx, NVVM::MMALayout::row),
        NVVM::MMALayoutAttr::get(ctx, op.isBNMajor() ? NVVM::MMALayout::row
                                                     : NVVM::MMALayout::col),
        NVVM::MMAIntOverflowAttr());
    rewriter.replaceOp(op, wgmma.getResult());
    return success();
  }
};

struct WgmmaFenceLowering : OpConversionPattern<WgmmaFenceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(WgmmaFenceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    NVVM::FenceProxyOp::create(
        rewriter, loc,
        NVVM::ProxyKindAttr::get(rewriter.getContext(),
                                 NVVM::ProxyKind::async_shared),
        NVVM::SharedSpaceAttr::get(rewriter.getContext(),
                                   NVVM::SharedSpace::shared_cta));
    rewriter.replaceOpWithNewOp<NVVM::WgmmaFenceAlignedOp>(op);
    return success();
  }
};

struct WgmmaCommitLowering : OpConversionPattern<WgmmaCommitOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(WgmmaCommitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::WgmmaGroupSyncAlignedOp>(op);
    return success();
  }
};

struct WgmmaWaitLowering : OpConversionPattern<WgmmaWaitOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(WgmmaWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::WgmmaWaitGroupSyncOp>(op,
                                                            op.getPending());
    return success();
  }
};

/// The work-item's index in its warp group (0 .. 127), i32.
Value warpGroupThread(ConversionPatternRewriter &rewriter, Location loc) {
  Value tx = gpu::ThreadIdOp::create(rewriter, loc, gpu::Dimension::x);
  Value ty = gpu::ThreadIdOp::create(rewriter, loc, gpu::Dimension::y);
  Value tz = gpu::ThreadIdOp::create(rewriter, loc, gpu::Dimension::z);
  Value bx = gpu::BlockDimOp::create(rewriter, loc, gpu::Dimension::x);
  Value by = gpu::BlockDimOp::create(rewriter, loc, gpu::Dimension::y);
  Value yz = arith::AddIOp::create(
      rewriter, loc, ty, arith::MulIOp::create(rewriter, loc, by, tz));
  Value linear = arith::AddIOp::create(
      rewriter, loc, tx, arith::MulIOp::create(rewriter, loc, bx, yz));
  Value linear32 = arith::IndexCastUIOp::create(rewriter, loc,
                                                rewriter.getI32Type(), linear);
  return arith::AndIOp::create(rewriter, loc, linear32,
                               i32Const(rewriter, loc, 127));
}

struct WgmmaStoreLowering : OpConversionPattern<WgmmaStoreOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(WgmmaStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    WgmmaAccType accType = op.getValue().getType();
    Type elementType = accType.getElementType();
    // The accumulator is complete only when its wgmma groups are.
    NVVM::WgmmaWaitGroupSyncOp::create(rewriter, loc, 0);
    auto [ptr, stride] =
        addressAndStride(rewriter, loc, adaptor.getMemref(),
                         adaptor.getIndices(), adaptor.getLeadDim());
    if (!isLocalMemRef(op.getMemref().getType()))
      ptr = LLVM::AddrSpaceCastOp::create(
          rewriter, loc, LLVM::LLVMPointerType::get(rewriter.getContext(), 1),
          ptr);
    SmallVector<Value> regs = unpack(rewriter, loc, adaptor.getValue());
    Value t = warpGroupThread(rewriter, loc);
    auto c = [&](int64_t v) { return i32Const(rewriter, loc, v); };
    Value warp = arith::ShRUIOp::create(rewriter, loc, t, c(5));
    Value lane = arith::AndIOp::create(rewriter, loc, t, c(31));
    Value g = arith::ShRUIOp::create(rewriter, loc, lane, c(2));
    Value q2 = arith::ShLIOp::create(
        rewriter, loc, arith::AndIOp::create(rewriter, loc, lane, c(3)), c(1));
    Value rowBase = arith::AddIOp::create(
        rewriter, loc, arith::ShLIOp::create(rewriter, loc, warp, c(4)), g);
    // Pair p holds elements 2p and 2p + 1: row 16 w + g + 8 (p & 1), columns
    // 8 (p >> 1) + 2 q and the next.
    auto address = [&](int64_t p, int64_t half) {
      Value row = arith::AddIOp::create(rewriter, loc, rowBase, c(8 * (p & 1)));
      Value col =
          arith::AddIOp::create(rewriter, loc, q2, c(8 * (p >> 1) + half));
      Value offset = arith::AddIOp::create(
          rewriter, loc, arith::MulIOp::create(rewriter, loc, row, stride),
          col);
      return LLVM::GEPOp::create(rewriter, loc, ptr.getType(), elementType, ptr,
                                 ValueRange{offset});
    };
    unsigned bytes = elementType.getIntOrFloatBitWidth() / 8;
    // Pairs where every row is aligned to a pair (the address and the row
    // pitch; the same for all work-items): st.v2.
    Value addressBits =
        LLVM::PtrToIntOp::create(rewriter, loc, rewriter.getI64Type(), ptr);
    Value pitch = arith::ExtUIOp::create(
        rewriter, loc, rewriter.getI64Type(),
        arith::MulIOp::create(rewriter, loc, stride, c(bytes)));
    Value low = arith::AndIOp::create(
        rewriter, loc, arith::OrIOp::create(rewriter, loc, addressBits, pitch),
        i64Const(rewriter, loc, 2 * bytes - 1));
    Value aligned =
        arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq, low,
                              i64Const(rewriter, loc, 0));
    auto ifOp = scf::IfOp::create(rewriter, loc, TypeRange{}, aligned,
                                  /*withElseRegion=*/true);
    int64_t pairs = regs.size() / 2;
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPoint(ifOp.thenBlock()->getTerminator());
      auto pairType = VectorType::get({2}, elementType);
      for (int64_t p = 0; p < pairs; ++p) {
        Value pair = LLVM::UndefOp::create(rewriter, loc, pairType);
        for (int h = 0; h < 2; ++h)
          pair = LLVM::InsertElementOp::create(rewriter, loc, pair,
                                               regs[2 * p + h], c(h));
        LLVM::StoreOp::create(rewriter, loc, pair, address(p, 0), 2 * bytes);
      }
      rewriter.setInsertionPoint(ifOp.elseBlock()->getTerminator());
      for (int64_t p = 0; p < pairs; ++p)
        for (int h = 0; h < 2; ++h)
          LLVM::StoreOp::create(rewriter, loc, regs[2 * p + h], address(p, h),
                                bytes);
    }
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void nvvm_mma::populateWgmmaPatterns(const TypeConverter &converter,
                                     RewritePatternSet &patterns) {
  patterns.add<WgmmaFillLowering, WgmmaLowering, WgmmaFenceLowering,
               WgmmaCommitLowering, WgmmaWaitLowering, WgmmaStoreLowering>(
      converter, patterns.getContext());
}
