//===- MMAToWMMA.cpp - kgpu tensor-core ops to NVVM WMMA --------*- C++ -*-===//
//
// Upstream's gpu.subgroup_mma_* ops take the leading dimension as a constant
// attribute; kgpu's take it as a value (kgc passes the matrix width at run
// time). So kgpu MMA ops are lowered straight to nvvm.wmma.* here, with the
// fragment type converted to the LLVM struct the intrinsics use; scf ops
// that carry fragments are converted structurally (the driver shared with
// the CPU path, kgpu/Conversion/Common/MmaFragmentConversion.h). The
// m16n8k16 shape goes to mma.sync instead (MMAToMmaSync.cpp), in the same
// conversion.
//
//===----------------------------------------------------------------------===//

#include "MMALowering.h"

#include "kgpu/Conversion/Common/MmaFragmentConversion.h"
#include "kgpu/Conversion/KgpuToNVVM/Passes.h"
#include "kgpu/Dialect/Kgpu/IR/KgpuDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace mlir::kgpu;
using namespace mlir::kgpu::nvvm_mma;

NVVM::MMATypes nvvm_mma::getNVVMType(Type type) {
  if (type.isF16())
    return NVVM::MMATypes::f16;
  if (type.isBF16())
    return NVVM::MMATypes::bf16;
  if (type.isF32())
    return NVVM::MMATypes::f32;
  if (type.isSignlessInteger(8))
    return NVVM::MMATypes::s8;
  return NVVM::MMATypes::s32;
}

/// The address of `memref[indices]` as an LLVM pointer in the memref's
/// address space, and the row stride in elements (i32).
std::pair<Value, Value>
nvvm_mma::addressAndStride(ConversionPatternRewriter &rewriter, Location loc,
                           Value memref, ValueRange indices, Value leadDim) {
  auto type = cast<MemRefType>(memref.getType());
  auto meta = memref::ExtractStridedMetadataOp::create(rewriter, loc, memref);
  Value offset = meta.getOffset();
  for (auto [index, stride] : llvm::zip(indices, meta.getStrides()))
    offset = arith::AddIOp::create(
        rewriter, loc, offset,
        arith::MulIOp::create(rewriter, loc, index, stride));
  unsigned bytes = (type.getElementTypeBitWidth() + 7) / 8;
  Value byteOffset = arith::MulIOp::create(
      rewriter, loc, offset,
      arith::ConstantIndexOp::create(rewriter, loc, bytes));
  Value base =
      memref::ExtractAlignedPointerAsIndexOp::create(rewriter, loc, memref);
  Value address = arith::IndexCastOp::create(
      rewriter, loc, rewriter.getI64Type(),
      arith::AddIOp::create(rewriter, loc, base, byteOffset));
  unsigned space = isLocalMemRef(type) ? 3 : 0;
  Value ptr = LLVM::IntToPtrOp::create(
      rewriter, loc, LLVM::LLVMPointerType::get(rewriter.getContext(), space),
      address);
  Value stride = leadDim ? leadDim : meta.getStrides()[0];
  stride =
      arith::IndexCastOp::create(rewriter, loc, rewriter.getI32Type(), stride);
  return {ptr, stride};
}

SmallVector<Value> nvvm_mma::unpack(ConversionPatternRewriter &rewriter,
                                    Location loc, Value structValue) {
  auto type = cast<LLVM::LLVMStructType>(structValue.getType());
  SmallVector<Value> elements;
  for (unsigned i = 0; i < type.getBody().size(); ++i)
    elements.push_back(
        LLVM::ExtractValueOp::create(rewriter, loc, structValue, i));
  return elements;
}

namespace {

struct WMMAShape {
  int m, n, k;
};

std::optional<WMMAShape> getWMMAShape(MmaShape shape) {
  switch (shape) {
  case MmaShape::m16n16k16:
    return WMMAShape{16, 16, 16};
  case MmaShape::m32n8k16:
    return WMMAShape{32, 8, 16};
  case MmaShape::m8n32k16:
    return WMMAShape{8, 32, 16};
  default:
    return std::nullopt;
  }
}

NVVM::MMAFrag getFrag(MmaRole role) {
  return role == MmaRole::A   ? NVVM::MMAFrag::a
         : role == MmaRole::B ? NVVM::MMAFrag::b
                              : NVVM::MMAFrag::c;
}

/// The struct type of a fragment, or null for a shape neither WMMA nor
/// mma.sync lowers.
Type convertFragment(MmaFragmentType type) {
  if (isMmaSyncFragment(type))
    return convertMmaSyncFragment(type);
  std::optional<WMMAShape> shape = getWMMAShape(type.getShape());
  if (!shape)
    return Type();
  auto [rows, cols] = type.getTileShape();
  auto [elementType, count] = NVVM::inferMMAType(
      getNVVMType(type.getElementType()), getFrag(type.getRole()), rows, cols,
      type.getContext());
  return LLVM::LLVMStructType::getLiteral(
      type.getContext(), SmallVector<Type>(count, elementType));
}

LogicalResult unsupportedShape(Operation *op, MmaFragmentType type,
                               ConversionPatternRewriter &rewriter) {
  return rewriter.notifyMatchFailure(op, [&](Diagnostic &diag) {
    diag << "no WMMA shape " << stringifyMmaShape(type.getShape());
  });
}

struct FillLowering : OpConversionPattern<MmaFillOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(MmaFillOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type converted = getTypeConverter()->convertType(op.getType());
    if (!converted)
      return unsupportedShape(op, op.getType(), rewriter);
    auto structType = cast<LLVM::LLVMStructType>(converted);
    Location loc = op.getLoc();
    Type elementType = structType.getBody().front();
    Value element = adaptor.getValue();
    if (auto vector = dyn_cast<VectorType>(elementType)) {
      Value v = LLVM::UndefOp::create(rewriter, loc, vector);
      for (int64_t i = 0; i < vector.getNumElements(); ++i)
        v = LLVM::InsertElementOp::create(
            rewriter, loc, v, element,
            arith::ConstantOp::create(rewriter, loc,
                                      rewriter.getI32IntegerAttr(i)));
      element = v;
    }
    Value result = LLVM::UndefOp::create(rewriter, loc, structType);
    for (unsigned i = 0; i < structType.getBody().size(); ++i)
      result = LLVM::InsertValueOp::create(rewriter, loc, result, element, i);
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct LoadLowering : OpConversionPattern<MmaLoadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(MmaLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MmaFragmentType type = op.getType();
    Type converted = getTypeConverter()->convertType(type);
    std::optional<WMMAShape> shape = getWMMAShape(type.getShape());
    if (!converted || !shape)
      return unsupportedShape(op, type, rewriter);
    auto [ptr, stride] =
        addressAndStride(rewriter, op.getLoc(), adaptor.getMemref(),
                         adaptor.getIndices(), adaptor.getLeadDim());
    rewriter.replaceOpWithNewOp<NVVM::WMMALoadOp>(
        op, converted, ptr, stride, shape->m, shape->n, shape->k,
        op.getColMajor() ? NVVM::MMALayout::col : NVVM::MMALayout::row,
        getNVVMType(type.getElementType()), getFrag(type.getRole()));
    return success();
  }
};

struct ComputeLowering : OpConversionPattern<MmaComputeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(MmaComputeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MmaFragmentType a = op.getA().getType(), c = op.getC().getType();
    Type converted = getTypeConverter()->convertType(c);
    std::optional<WMMAShape> shape = getWMMAShape(a.getShape());
    if (!converted || !shape)
      return unsupportedShape(op, a, rewriter);
    Location loc = op.getLoc();
    SmallVector<Value> args = unpack(rewriter, loc, adaptor.getA());
    llvm::append_range(args, unpack(rewriter, loc, adaptor.getB()));
    llvm::append_range(args, unpack(rewriter, loc, adaptor.getC()));
    NVVM::MMATypes inputType = getNVVMType(a.getElementType());
    NVVM::MMATypes accType = getNVVMType(c.getElementType());
    rewriter.replaceOpWithNewOp<NVVM::WMMAMmaOp>(
        op, converted, shape->m, shape->n, shape->k, NVVM::MMALayout::row,
        NVVM::MMALayout::row, inputType, accType, args);
    return success();
  }
};

struct StoreLowering : OpConversionPattern<MmaStoreOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(MmaStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MmaFragmentType type = op.getValue().getType();
    std::optional<WMMAShape> shape = getWMMAShape(type.getShape());
    if (!shape)
      return unsupportedShape(op, type, rewriter);
    Location loc = op.getLoc();
    auto [ptr, stride] =
        addressAndStride(rewriter, loc, adaptor.getMemref(),
                         adaptor.getIndices(), adaptor.getLeadDim());
    rewriter.replaceOpWithNewOp<NVVM::WMMAStoreOp>(
        op, ptr, shape->m, shape->n, shape->k,
        op.getColMajor() ? NVVM::MMALayout::col : NVVM::MMALayout::row,
        getNVVMType(type.getElementType()),
        unpack(rewriter, loc, adaptor.getValue()), stride);
    return success();
  }
};

} // namespace

LogicalResult mlir::kgpu::lowerMmaToWMMA(Operation *root) {
  if (!containsMmaOps(root))
    return success();
  WalkResult shapes = root->walk([](Operation *op) {
    for (Type type :
         llvm::concat<Type>(op->getOperandTypes(), op->getResultTypes()))
      if (auto fragment = dyn_cast<MmaFragmentType>(type))
        if (!getWMMAShape(fragment.getShape()) &&
            !isMmaSyncFragment(fragment)) {
          op->emitOpError("uses the tensor-core fragment ")
              << fragment
              << ", which the CUDA target does not support yet (WMMA "
                 "shapes m16n16k16, m32n8k16 and m8n32k16 are, and "
                 "through mma.sync m16n8k16 with f16, bf16 or i8 inputs "
                 "and m16n8k32 with i8 inputs)";
          return WalkResult::interrupt();
        }
    return WalkResult::advance();
  });
  if (shapes.wasInterrupted())
    return failure();

  // WMMA needs sm_70 (f16), sm_72 (8-bit integers) or sm_80 (bf16): check
  // against the chip of the NVVM target attached to the gpu.module (none
  // attached: no check), before NVPTX fails to select the intrinsics.
  WalkResult chips = root->walk([](Operation *op) {
    auto gpuModule = op->getParentOfType<gpu::GPUModuleOp>();
    if (!gpuModule || !gpuModule.getTargetsAttr())
      return WalkResult::advance();
    for (Type type :
         llvm::concat<Type>(op->getOperandTypes(), op->getResultTypes())) {
      auto fragment = dyn_cast<MmaFragmentType>(type);
      if (!fragment)
        continue;
      Type element = fragment.getElementType();
      bool mmaSync = isMmaSyncFragment(fragment);
      unsigned needed = element.isBF16() || mmaSync    ? 80
                        : element.isSignlessInteger(8) ? 72
                                                       : 70;
      for (Attribute attr : gpuModule.getTargetsAttr()) {
        auto target = dyn_cast<NVVM::NVVMTargetAttr>(attr);
        if (!target)
          continue;
        StringRef chip = target.getChip();
        unsigned sm = 0;
        if (!chip.consume_front("sm_") || chip.consumeInteger(10, sm) ||
            sm >= needed)
          continue;
        std::string via =
            mmaSync
                ? ("mma.sync " + stringifyMmaShape(fragment.getShape())).str()
                : "WMMA";
        op->emitError("tensor-core ops on ")
            << element << " need sm_" << needed << " or newer (" << via
            << "), but the CUDA target is " << target.getChip();
        return WalkResult::interrupt();
      }
    }
    return WalkResult::advance();
  });
  if (chips.wasInterrupted())
    return failure();

  // Warp-group MMA exists on sm_90a only (not on sm_90, nor on later
  // chips, whose tensor cores take tcgen05 instead).
  WalkResult wgmmaChips = root->walk([](Operation *op) {
    if (!isWgmmaOp(op))
      return WalkResult::advance();
    auto gpuModule = op->getParentOfType<gpu::GPUModuleOp>();
    if (!gpuModule || !gpuModule.getTargetsAttr())
      return WalkResult::advance();
    for (Attribute attr : gpuModule.getTargetsAttr()) {
      auto target = dyn_cast<NVVM::NVVMTargetAttr>(attr);
      if (!target || target.getChip() == "sm_90a")
        continue;
      op->emitError("warp-group MMA (wgmma) needs sm_90a, but the CUDA "
                    "target is ")
          << target.getChip();
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (wgmmaChips.wasInterrupted())
    return failure();

  MLIRContext *ctx = root->getContext();
  MmaFragmentTypeConverter converter(
      [](MmaFragmentType type) -> std::optional<Type> {
        if (Type converted = convertFragment(type))
          return converted;
        return std::nullopt;
      },
      [](WgmmaAccType type) -> std::optional<Type> {
        return convertWgmmaAcc(type);
      });
  RewritePatternSet patterns(ctx);
  patterns.add<FillLowering, LoadLowering, ComputeLowering, StoreLowering>(
      converter, ctx);
  populateMmaSyncPatterns(converter, patterns);
  populateWgmmaPatterns(converter, patterns);
  return applyMmaFragmentConversion(root, converter, std::move(patterns));
}
