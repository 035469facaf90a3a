//===- GPUToNVVM.cpp - convert-gpu-to-nvvm with PTX math instructions -*- C++
//-*-===//
//
// Upstream's convert-gpu-to-nvvm, except that the math operations PTX has
// an instruction for are lowered to LLVM intrinsics (which the NVPTX backend
// selects to that instruction) rather than to calls into libdevice. Upstream
// lowers every math op and arith.minnumf/maxnumf with
// populateLibDeviceConversionPatterns (benefit 10) and declares
// llvm.intr.fabs, sqrt, floor, ceil, copysign, roundeven and round illegal,
// so running convert-math-to-llvm first does not help.
//
//===----------------------------------------------------------------------===//

#include "kgpu/Conversion/KgpuToNVVM/Passes.h"
#include "kgpu/Conversion/KgpuToNVVM/SharedMemory.h"

#include "mlir/Conversion/ArithCommon/AttrToLLVMConverter.h"
#include "mlir/Conversion/ConvertToLLVM/ToLLVMInterface.h"
#include "mlir/Conversion/ConvertToLLVM/ToLLVMPass.h"
#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/LLVMCommon/VectorPattern.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir {
namespace kgpu {
#define GEN_PASS_DEF_KGPUCONVERTGPUTONVVM
#include "kgpu/Conversion/Passes.h.inc"
} // namespace kgpu
} // namespace mlir

using namespace mlir;

namespace {

template <typename SourceOp, typename TargetOp>
using ToIntrinsic =
    VectorConvertToLLVMPattern<SourceOp, TargetOp,
                               arith::AttrConvertFastMathToLLVM>;

/// math.absi -> llvm.intr.abs (abs.s32/s64); libdevice only has __nv_abs
/// for i32. INT_MIN stays INT_MIN, as in C.
struct AbsIToIntrinsic : ConvertOpToLLVMPattern<math::AbsIOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(math::AbsIOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    if (!type || !isa<IntegerType>(type))
      return rewriter.notifyMatchFailure(op, "not a scalar integer");
    rewriter.replaceOpWithNewOp<LLVM::AbsOp>(op, type, adaptor.getOperand(),
                                             rewriter.getBoolAttr(false));
    return success();
  }
};

struct KgpuConvertGPUToNVVMPass
    : mlir::kgpu::impl::KgpuConvertGPUToNVVMBase<KgpuConvertGPUToNVVMPass> {
  using Base::Base;

  void getDependentDialects(DialectRegistry &registry) const override {
    Base::getDependentDialects(registry);
    registerConvertToLLVMDependentDialectLoading(registry);
  }

  void runOnOperation() override {
    gpu::GPUModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();

    // As upstream: in-dialect GPU rewrites first.
    {
      RewritePatternSet patterns(ctx);
      populateGpuRewritePatterns(patterns);
      vector::populateVectorFromElementsUnrollPatterns(patterns);
      if (failed(applyPatternsGreedily(module, std::move(patterns))))
        return signalPassFailure();
    }

    LowerToLLVMOptions options(
        ctx, DataLayout(cast<DataLayoutOpInterface>(module.getOperation())));
    LLVMTypeConverter converter(ctx, options);
    configureGpuToNVVMTypeConverter(converter);
    RewritePatternSet patterns(ctx);
    LLVMConversionTarget target(*ctx);

    // Upstream's patterns, at upstream's benefits: GPU ops and libdevice
    // calls at 10, each loaded dialect's convert-to-llvm patterns but math's.
    populateGpuToNVVMConversionPatterns(converter, patterns, /*benefit=*/10);
    for (Dialect *dialect : ctx->getLoadedDialects()) {
      if (isa<math::MathDialect>(dialect))
        continue;
      if (auto *iface = dyn_cast<ConvertToLLVMPatternInterface>(dialect))
        iface->populateConvertToLLVMConversionPatterns(target, converter,
                                                       patterns);
    }
    populateGpuWMMAToNVVMConversionPatterns(converter, patterns);

    // Above the libdevice patterns: what PTX has an instruction for. IEEE
    // semantics unless the op carries fast-math flags (llvm.sqrt is
    // sqrt.rn; minnum/maxnum are min/max.f32, which return the other
    // operand for one NaN, as C's fmin/fmax do).
    PatternBenefit instruction = 20;
    patterns
        .add<ToIntrinsic<math::AbsFOp, LLVM::FAbsOp>,
             ToIntrinsic<math::FmaOp, LLVM::FMAOp>,
             ToIntrinsic<math::SqrtOp, LLVM::SqrtOp>,
             ToIntrinsic<math::CopySignOp, LLVM::CopySignOp>,
             ToIntrinsic<math::FloorOp, LLVM::FFloorOp>,
             ToIntrinsic<math::CeilOp, LLVM::FCeilOp>,
             ToIntrinsic<math::TruncOp, LLVM::FTruncOp>,
             ToIntrinsic<math::RoundEvenOp, LLVM::RoundEvenOp>,
             ToIntrinsic<math::RoundOp, LLVM::RoundOp>,
             ToIntrinsic<arith::MinNumFOp, LLVM::MinNumOp>,
             ToIntrinsic<arith::MaxNumFOp, LLVM::MaxNumOp>, AbsIToIntrinsic>(
            converter, instruction);

    configureGpuToNVVMConversionLegality(target);
    // Upstream declares these illegal to force libdevice; NVPTX selects them
    // (llvm.round expands to a short sequence, as libdevice's roundf does).
    target.addLegalOp<LLVM::FAbsOp, LLVM::SqrtOp, LLVM::CopySignOp,
                      LLVM::FFloorOp, LLVM::FCeilOp, LLVM::RoundEvenOp,
                      LLVM::RoundOp>();
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();

    // Upstream gives gpu.dynamic_shared_memory's zero-sized global internal
    // linkage, which NVPTX demotes to a one-byte static .shared variable of
    // the kernel: made external, it is the block's dynamic shared memory
    // (`.extern .shared .align 16 .b8 __dynamic_shmem__0[];`), as CUDA's
    // `extern __shared__` arrays are.
    for (auto global : module.getOps<LLVM::GlobalOp>()) {
      auto array = dyn_cast<LLVM::LLVMArrayType>(global.getGlobalType());
      if (global.getAddrSpace() ==
              static_cast<unsigned>(NVVM::NVVMMemorySpace::Shared) &&
          array && array.getNumElements() == 0 &&
          global.getSymName().starts_with("__dynamic_shmem__")) {
        global.setLinkage(LLVM::Linkage::External);
        // 1024-byte aligned: the local arrays that kgpu.wgmma reads sit at
        // multiples of 1024 in it (SharedMemory.h).
        if (global.getAlignment().value_or(0) <
            uint64_t(kgpu::kCUDAWgmmaSharedMemoryAlignment))
          global.setAlignment(kgpu::kCUDAWgmmaSharedMemoryAlignment);
      }
    }
  }
};

} // namespace
