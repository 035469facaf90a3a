//===- AsyncCopyToNVVM.cpp - kgpu asynchronous copies to cp.async ---------===//
//
// kgpu.async_copy / async_commit / async_wait become
// nvvm.cp.async.shared.global (`.cg` for 16 bytes, `.ca` otherwise),
// nvvm.cp.async.commit.group and nvvm.cp.async.wait.group on sm_80 and newer
// (upstream's nvgpu.device_async_copy needs vector-typed memrefs and its own
// token types; kgpu's ops are per work-item copies of a few elements, so
// they are lowered straight to the nvvm ops here). A gpu.module whose NVVM
// target is older gets the plain copies of kgpu-expand-async-copies.
//
//===----------------------------------------------------------------------===//

#include "MMALowering.h"

#include "kgpu/Conversion/Common/Passes.h"
#include "kgpu/Conversion/KgpuToNVVM/Passes.h"
#include "kgpu/Dialect/Kgpu/IR/KgpuDialect.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace mlir::kgpu;

namespace {

struct AsyncCopyLowering : OpConversionPattern<AsyncCopyOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(AsyncCopyOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value dst = nvvm_mma::addressAndStride(rewriter, loc, adaptor.getDst(),
                                           adaptor.getDstIndices(), Value())
                    .first;
    Value src = nvvm_mma::addressAndStride(rewriter, loc, adaptor.getSrc(),
                                           adaptor.getSrcIndices(), Value())
                    .first;
    src = LLVM::AddrSpaceCastOp::create(
        rewriter, loc, LLVM::LLVMPointerType::get(rewriter.getContext(), 1),
        src);
    int64_t bytes = op.getByteCount();
    // .cg (L2 only) exists for 16-byte copies only.
    auto modifier = NVVM::LoadCacheModifierKindAttr::get(
        rewriter.getContext(), bytes == 16 ? NVVM::LoadCacheModifierKind::CG
                                           : NVVM::LoadCacheModifierKind::CA);
    rewriter.replaceOpWithNewOp<NVVM::CpAsyncOp>(
        op, dst, src, rewriter.getI32IntegerAttr(bytes), modifier, Value());
    return success();
  }
};

struct AsyncCommitLowering : OpConversionPattern<AsyncCommitOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(AsyncCommitOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::CpAsyncCommitGroupOp>(op);
    return success();
  }
};

struct AsyncWaitLowering : OpConversionPattern<AsyncWaitOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(AsyncWaitOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::CpAsyncWaitGroupOp>(op, op.getPending());
    return success();
  }
};

/// Whether every NVVM target of `module` is sm_80 or newer (none attached:
/// yes).
bool hasCpAsync(gpu::GPUModuleOp module) {
  if (!module.getTargetsAttr())
    return true;
  for (Attribute attr : module.getTargetsAttr()) {
    auto target = dyn_cast<NVVM::NVVMTargetAttr>(attr);
    if (!target)
      continue;
    StringRef chip = target.getChip();
    unsigned sm = 0;
    if (chip.consume_front("sm_") && !chip.consumeInteger(10, sm) && sm < 80)
      return false;
  }
  return true;
}

} // namespace

LogicalResult mlir::kgpu::lowerAsyncCopiesToNVVM(Operation *root) {
  bool any = root->walk([](Operation *op) {
                   return isa<AsyncCopyOp, AsyncCommitOp, AsyncWaitOp>(op)
                              ? WalkResult::interrupt()
                              : WalkResult::advance();
                 })
                 .wasInterrupted();
  if (!any)
    return success();
  SmallVector<gpu::GPUModuleOp> modules;
  root->walk([&](gpu::GPUModuleOp module) { modules.push_back(module); });
  for (gpu::GPUModuleOp module : modules) {
    if (!hasCpAsync(module)) {
      expandAsyncCopies(module);
      continue;
    }
    MLIRContext *ctx = root->getContext();
    ConversionTarget target(*ctx);
    target.addIllegalOp<AsyncCopyOp, AsyncCommitOp, AsyncWaitOp>();
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    RewritePatternSet patterns(ctx);
    patterns.add<AsyncCopyLowering, AsyncCommitLowering, AsyncWaitLowering>(
        ctx);
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return failure();
  }
  return success();
}
