//===- KgpuToGPU.cpp - outline kgpu kernels into a gpu.module ---*- C++ -*-===//

#include "kgpu/Conversion/KgpuToGPU/Passes.h"

#include "kgpu/Dialect/Kgpu/Utils/KernelAttrs.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir {
namespace kgpu {
#define GEN_PASS_DEF_CONVERTKGPUTOGPU
#include "kgpu/Conversion/Passes.h.inc"
} // namespace kgpu
} // namespace mlir

using namespace mlir;
using namespace mlir::kgpu;

namespace {

gpu::Dimension toGpu(Dimension d) { return static_cast<gpu::Dimension>(d); }

template <typename SrcOp, typename GpuOp>
struct DirectIdLowering : OpRewritePattern<SrcOp> {
  using OpRewritePattern<SrcOp>::OpRewritePattern;
  LogicalResult matchAndRewrite(SrcOp op,
                                PatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<GpuOp>(op, toGpu(op.getDimension()));
    return success();
  }
};

struct GlobalIdLowering : OpRewritePattern<GlobalIdOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(GlobalIdOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    gpu::Dimension d = toGpu(op.getDimension());
    Value block = gpu::BlockIdOp::create(rewriter, loc, d);
    Value dim = gpu::BlockDimOp::create(rewriter, loc, d);
    Value thread = gpu::ThreadIdOp::create(rewriter, loc, d);
    rewriter.replaceOpWithNewOp<arith::AddIOp>(
        op, arith::MulIOp::create(rewriter, loc, block, dim), thread);
    return success();
  }
};

struct GlobalSizeLowering : OpRewritePattern<GlobalSizeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(GlobalSizeOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    gpu::Dimension d = toGpu(op.getDimension());
    rewriter.replaceOpWithNewOp<arith::MulIOp>(
        op, gpu::GridDimOp::create(rewriter, loc, d),
        gpu::BlockDimOp::create(rewriter, loc, d));
    return success();
  }
};

template <typename SrcOp, typename GpuOp>
struct SubgroupQueryLowering : OpRewritePattern<SrcOp> {
  using OpRewritePattern<SrcOp>::OpRewritePattern;
  LogicalResult matchAndRewrite(SrcOp op,
                                PatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<GpuOp>(op, /*upper_bound=*/nullptr);
    return success();
  }
};

struct BarrierLowering : OpRewritePattern<BarrierOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(BarrierOp op,
                                PatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<gpu::BarrierOp>(op);
    return success();
  }
};

struct ShuffleLowering : OpRewritePattern<ShuffleOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ShuffleOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    gpu::ShuffleMode mode = gpu::ShuffleMode::IDX;
    switch (op.getMode()) {
    case ShuffleMode::Down:
      mode = gpu::ShuffleMode::DOWN;
      break;
    case ShuffleMode::Up:
      mode = gpu::ShuffleMode::UP;
      break;
    case ShuffleMode::Xor:
      mode = gpu::ShuffleMode::XOR;
      break;
    case ShuffleMode::Idx:
      mode = gpu::ShuffleMode::IDX;
      break;
    }
    Value width = arith::IndexCastOp::create(
        rewriter, loc, rewriter.getI32Type(),
        gpu::SubgroupSizeOp::create(rewriter, loc, /*upper_bound=*/nullptr));
    auto shuffle = gpu::ShuffleOp::create(rewriter, loc, op.getValue(),
                                          op.getOffset(), width, mode);
    // A lane outside the subgroup reads the work-item's own value.
    rewriter.replaceOpWithNewOp<arith::SelectOp>(
        op, shuffle.getValid(), shuffle.getShuffleResult(), op.getValue());
    return success();
  }
};

struct SubgroupReduceLowering : OpRewritePattern<SubgroupReduceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(SubgroupReduceOp op,
                                PatternRewriter &rewriter) const override {
    bool isFloat = isa<FloatType>(op.getValue().getType());
    gpu::AllReduceOperation kind = gpu::AllReduceOperation::ADD;
    switch (op.getKind()) {
    case ReductionKind::Add:
      kind = gpu::AllReduceOperation::ADD;
      break;
    case ReductionKind::Mul:
      kind = gpu::AllReduceOperation::MUL;
      break;
    case ReductionKind::Min:
      kind = isFloat ? gpu::AllReduceOperation::MINIMUMF
                     : gpu::AllReduceOperation::MINSI;
      break;
    case ReductionKind::Max:
      kind = isFloat ? gpu::AllReduceOperation::MAXIMUMF
                     : gpu::AllReduceOperation::MAXSI;
      break;
    case ReductionKind::UMin:
      kind = gpu::AllReduceOperation::MINUI;
      break;
    case ReductionKind::UMax:
      kind = gpu::AllReduceOperation::MAXUI;
      break;
    case ReductionKind::And:
      kind = gpu::AllReduceOperation::AND;
      break;
    case ReductionKind::Or:
      kind = gpu::AllReduceOperation::OR;
      break;
    case ReductionKind::Xor:
      kind = gpu::AllReduceOperation::XOR;
      break;
    }
    rewriter.replaceOpWithNewOp<gpu::SubgroupReduceOp>(op, op.getValue(), kind,
                                                       /*uniform=*/false);
    return success();
  }
};

struct AllocLocalToAlloc : OpRewritePattern<AllocLocalOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AllocLocalOp op,
                                PatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<memref::AllocOp>(op, op.getResult().getType());
    return success();
  }
};

struct ConvertKgpuToGPUPass
    : mlir::kgpu::impl::ConvertKgpuToGPUBase<ConvertKgpuToGPUPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (localMemory != "alloc" && localMemory != "attribution") {
      module.emitError("convert-kgpu-to-gpu: local-memory must be 'alloc' or "
                       "'attribution', got '")
          << localMemory << "'";
      return signalPassFailure();
    }
    SmallVector<func::FuncOp> kernels, devices;
    for (auto func : module.getOps<func::FuncOp>()) {
      if (isKernel(func))
        kernels.push_back(func);
      else if (isDeviceFunction(func))
        devices.push_back(func);
    }
    if (kernels.empty())
      return;
    for (func::FuncOp kernel : kernels)
      if (kernel.isExternal()) {
        kernel.emitError("kernel '") << kernel.getName() << "' has no body";
        return signalPassFailure();
      }

    MLIRContext *ctx = &getContext();
    OpBuilder b(ctx);
    module->setAttr(gpu::GPUDialect::getContainerModuleAttrName(),
                    b.getUnitAttr());
    b.setInsertionPointToEnd(module.getBody());
    auto gpuModule = gpu::GPUModuleOp::create(b, module.getLoc(), moduleName);
    Block *gpuBody = gpuModule.getBody();

    for (func::FuncOp device : devices)
      device->moveBefore(gpuBody, gpuBody->end());
    // Constant globals (kgc's large array initializers) go with the code.
    for (auto global :
         llvm::make_early_inc_range(module.getOps<memref::GlobalOp>()))
      global->moveBefore(gpuBody, gpuBody->begin());

    for (func::FuncOp kernel : kernels) {
      std::array<int32_t, 3> wg = getKernelWorkgroupSize(kernel);
      SmallVector<Attribute> args;
      for (unsigned i = 0; i < kernel.getNumArguments(); ++i)
        args.push_back(getArgAttr(kernel, i));

      b.setInsertionPointToEnd(gpuBody);
      auto gpuFunc = gpu::GPUFuncOp::create(
          b, kernel.getLoc(), kernel.getName(), kernel.getFunctionType());
      gpuFunc->setAttr(gpu::GPUDialect::getKernelFuncAttrName(),
                       b.getUnitAttr());
      if (isKernelWorkgroupSizeFixed(kernel))
        setFixedWorkgroupSize(gpuFunc, wg);
      else
        setDefaultWorkgroupSize(gpuFunc, wg);
      setGPUKernelArgAttrs(gpuFunc, args);
      gpuFunc.getBody().getBlocks().clear();
      gpuFunc.getBody().takeBody(kernel.getBody());
      gpuFunc.walk([&](func::ReturnOp ret) {
        OpBuilder rb(ret);
        gpu::ReturnOp::create(rb, ret.getLoc());
        ret.erase();
      });
      kernel.erase();

      if (localMemory == "attribution") {
        SmallVector<AllocLocalOp> allocs;
        gpuFunc.walk([&](AllocLocalOp op) { allocs.push_back(op); });
        for (AllocLocalOp op : allocs) {
          BlockArgument attribution = gpuFunc.addWorkgroupAttribution(
              op.getResult().getType(), op.getLoc());
          op.getResult().replaceAllUsesWith(attribution);
          op.erase();
        }
      }
    }

    RewritePatternSet patterns(ctx);
    populateKgpuToGPUPatterns(patterns);
    if (localMemory == "alloc")
      patterns.add<AllocLocalToAlloc>(ctx);
    if (failed(applyPatternsGreedily(gpuModule, std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace

void mlir::kgpu::populateKgpuToGPUPatterns(RewritePatternSet &patterns) {
  patterns.add<GlobalIdLowering, GlobalSizeLowering,
               DirectIdLowering<LocalIdOp, gpu::ThreadIdOp>,
               DirectIdLowering<GroupIdOp, gpu::BlockIdOp>,
               DirectIdLowering<LocalSizeOp, gpu::BlockDimOp>,
               DirectIdLowering<NumGroupsOp, gpu::GridDimOp>,
               SubgroupQueryLowering<LaneIdOp, gpu::LaneIdOp>,
               SubgroupQueryLowering<SubgroupSizeOp, gpu::SubgroupSizeOp>,
               SubgroupQueryLowering<SubgroupIdOp, gpu::SubgroupIdOp>,
               SubgroupQueryLowering<NumSubgroupsOp, gpu::NumSubgroupsOp>,
               BarrierLowering, ShuffleLowering, SubgroupReduceLowering>(
      patterns.getContext());
}
