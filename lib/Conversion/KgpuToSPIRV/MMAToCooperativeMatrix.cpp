//===- MMAToCooperativeMatrix.cpp - kgpu MMA ops to SPIR-V cooperative ----===//
//                                  matrices
//
// Lowers kgpu.mma_fill/load/compute/store to the SPV_KHR_cooperative_matrix
// ops (spirv.KHR.CooperativeMatrixLoad/MulAdd/Store, a fill is a
// spirv.CompositeConstruct of one scalar), at subgroup scope. Modelled on
// upstream's gpu.subgroup_mma_* patterns (mlir/lib/Conversion/GPUToSPIRV/
// WmmaOpsToSPIRV.cpp), which need gpu.mma_matrix types and a constant leading
// dimension: kgpu's fragments name a shape (m16n8k16, ...) and a role, and
// their leading dimension is a run-time value.
//
// A kgpu fragment of shape mMnNkK and role a/b/acc becomes
// !spirv.coopmatrix<MxK / KxN / MxN x elem, Subgroup, MatrixA/B/Acc>; which
// shapes and types a device runs is only known at launch (the runtime checks
// vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR against the bundle's
// manifest, docs/runtime.md).
//
//===----------------------------------------------------------------------===//

#include "Utils.h"

#include "kgpu/Conversion/KgpuToSPIRV/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/SPIRV/Transforms/SPIRVConversion.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::kgpu;
using namespace mlir::kgpu::spirv_detail;

bool spirv_detail::allowsCooperativeMatrix(const spirv::TargetEnv &env) {
  return env.allows(spirv::Capability::CooperativeMatrixKHR) &&
         env.allows(spirv::Extension::SPV_KHR_cooperative_matrix);
}

bool spirv_detail::allowsBFloat16CooperativeMatrix(
    const spirv::TargetEnv &env) {
  return env.allows(spirv::Capability::BFloat16TypeKHR) &&
         env.allows(spirv::Capability::BFloat16CooperativeMatrixKHR) &&
         env.allows(spirv::Extension::SPV_KHR_bfloat16);
}

std::optional<spirv::CooperativeMatrixType>
spirv_detail::getCooperativeMatrixType(MmaFragmentType type) {
  Type element = type.getElementType();
  // bf16 through SPV_KHR_bfloat16 (BFloat16CooperativeMatrixKHR), which
  // getMmaUnsupportedReason checks against the target.
  if (!element.isF16() && !element.isBF16() && !element.isF32() &&
      !element.isInteger(8) && !element.isInteger(32))
    return std::nullopt;
  auto [rows, columns] = type.getTileShape();
  spirv::CooperativeMatrixUseKHR use =
      type.getRole() == MmaRole::A   ? spirv::CooperativeMatrixUseKHR::MatrixA
      : type.getRole() == MmaRole::B ? spirv::CooperativeMatrixUseKHR::MatrixB
                                     : spirv::CooperativeMatrixUseKHR::MatrixAcc;
  return spirv::CooperativeMatrixType::get(element, rows, columns,
                                           spirv::Scope::Subgroup, use);
}

namespace {

/// The fragment type and memory of a tensor-core op (no memory for the
/// fill and the compute).
std::pair<MmaFragmentType, Value> getFragmentAndMemory(Operation *op) {
  if (auto fill = dyn_cast<MmaFillOp>(op))
    return {fill.getResult().getType(), Value()};
  if (auto load = dyn_cast<MmaLoadOp>(op))
    return {load.getResult().getType(), load.getMemref()};
  if (auto compute = dyn_cast<MmaComputeOp>(op))
    return {compute.getA().getType(), Value()};
  auto store = cast<MmaStoreOp>(op);
  return {store.getValue().getType(), store.getMemref()};
}

} // namespace

std::optional<std::string>
spirv_detail::getMmaUnsupportedReason(Operation *op,
                                      const spirv::TargetEnv &env) {
  std::string reason;
  llvm::raw_string_ostream os(reason);
  if (!allowsCooperativeMatrix(env)) {
    os << "tensor-core ops need SPIR-V cooperative matrices "
          "(SPV_KHR_cooperative_matrix, capability CooperativeMatrixKHR), "
          "which this Vulkan target leaves out (cooperative-matrix=false)";
    return reason;
  }
  auto [type, memory] = getFragmentAndMemory(op);
  SmallVector<MmaFragmentType> types = {type};
  if (auto compute = dyn_cast<MmaComputeOp>(op))
    types.push_back(compute.getC().getType());
  for (MmaFragmentType t : types) {
    if (!getCooperativeMatrixType(t)) {
      os << "tensor-core fragments of " << t.getElementType()
         << " have no SPIR-V cooperative-matrix form on " << kTargetName
         << " (f16, bf16 and i8 inputs only)";
      return reason;
    }
    if (t.getElementType().isBF16() && !allowsBFloat16CooperativeMatrix(env)) {
      os << "tensor-core fragments of bf16 need SPV_KHR_bfloat16 "
            "(capabilities BFloat16TypeKHR and BFloat16CooperativeMatrixKHR), "
            "which this Vulkan target leaves out";
      return reason;
    }
  }
  if (!memory)
    return std::nullopt;
  auto memrefType = cast<MemRefType>(memory.getType());
  bool hasLeadDim = isa<MmaLoadOp>(op) ? bool(cast<MmaLoadOp>(op).getLeadDim())
                                       : bool(cast<MmaStoreOp>(op).getLeadDim());
  if (!hasLeadDim && memrefType.getRank() == 2 &&
      ShapedType::isDynamic(memrefType.getDimSize(1))) {
    os << "a tensor-core load or store on a 2-D memref with a dynamic row "
          "length needs 'lead_dim' on "
       << kTargetName;
    return reason;
  }
  if (!memrefType.getLayout().isIdentity()) {
    os << "tensor-core loads and stores on " << kTargetName
       << " need a memref with the identity layout";
    return reason;
  }
  return std::nullopt;
}

namespace {

/// The pointer to `memref[indices]` and the stride (distance between rows,
/// or columns with `col_major`, in elements) of a tile in it, or failure
/// (after notifying it) when the memory does not hold the fragment's
/// element type itself.
template <typename OpTy>
LogicalResult getTileAddress(OpTy op, typename OpTy::Adaptor adaptor,
                             Type elementType,
                             const SPIRVTypeConverter &typeConverter,
                             ConversionPatternRewriter &rewriter, Value &ptr,
                             Value &stride) {
  Location loc = op.getLoc();
  auto memrefType = cast<MemRefType>(op.getMemref().getType());
  ptr = spirv::getElementPtr(typeConverter, memrefType, adaptor.getMemref(),
                             adaptor.getIndices(), loc, rewriter);
  if (!ptr ||
      cast<spirv::PointerType>(ptr.getType()).getPointeeType() != elementType)
    return rewriter.notifyMatchFailure(
        op, "memory is not addressable as the fragment's element type");
  Type i32 = rewriter.getI32Type();
  if (Value leadDim = adaptor.getLeadDim()) {
    stride = leadDim;
    if (stride.getType() != i32)
      return rewriter.notifyMatchFailure(op, "expected an i32 lead_dim");
    return success();
  }
  int64_t rowLength = memrefType.getRank() == 2 ? memrefType.getDimSize(1) : 1;
  if (ShapedType::isDynamic(rowLength))
    return rewriter.notifyMatchFailure(op, "dynamic row length");
  stride = spirv::ConstantOp::create(rewriter, loc, i32,
                                     rewriter.getI32IntegerAttr(rowLength));
  return success();
}

spirv::CooperativeMatrixLayoutKHR getLayout(bool colMajor) {
  return colMajor ? spirv::CooperativeMatrixLayoutKHR::ColumnMajor
                  : spirv::CooperativeMatrixLayoutKHR::RowMajor;
}

/// Refuses `op` (with the reason) when the target cannot express it.
LogicalResult checkExpressible(Operation *op,
                               const SPIRVTypeConverter &typeConverter,
                               ConversionPatternRewriter &rewriter) {
  if (std::optional<std::string> reason =
          getMmaUnsupportedReason(op, typeConverter.getTargetEnv()))
    return rewriter.notifyMatchFailure(op, *reason);
  return success();
}

struct MmaFillOpLowering final : OpConversionPattern<MmaFillOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(MmaFillOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    const auto &typeConverter = *getTypeConverter<SPIRVTypeConverter>();
    if (failed(checkExpressible(op, typeConverter, rewriter)))
      return failure();
    Type type = typeConverter.convertType(op.getType());
    if (!type)
      return rewriter.notifyMatchFailure(op, "unsupported fragment type");
    rewriter.replaceOpWithNewOp<spirv::CompositeConstructOp>(
        op, type, ValueRange{adaptor.getValue()});
    return success();
  }
};

struct MmaLoadOpLowering final : OpConversionPattern<MmaLoadOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(MmaLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    const auto &typeConverter = *getTypeConverter<SPIRVTypeConverter>();
    if (failed(checkExpressible(op, typeConverter, rewriter)))
      return failure();
    auto type = dyn_cast_or_null<spirv::CooperativeMatrixType>(
        typeConverter.convertType(op.getType()));
    if (!type)
      return rewriter.notifyMatchFailure(op, "unsupported fragment type");
    Value ptr, stride;
    if (failed(getTileAddress(op, adaptor, type.getElementType(),
                              typeConverter, rewriter, ptr, stride)))
      return failure();
    rewriter.replaceOpWithNewOp<spirv::KHRCooperativeMatrixLoadOp>(
        op, type, ptr, getLayout(op.getColMajor()), stride,
        spirv::MemoryAccessAttr(), IntegerAttr());
    return success();
  }
};

struct MmaStoreOpLowering final : OpConversionPattern<MmaStoreOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(MmaStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    const auto &typeConverter = *getTypeConverter<SPIRVTypeConverter>();
    if (failed(checkExpressible(op, typeConverter, rewriter)))
      return failure();
    auto type = dyn_cast<spirv::CooperativeMatrixType>(
        adaptor.getValue().getType());
    if (!type)
      return rewriter.notifyMatchFailure(op, "unsupported fragment type");
    Value ptr, stride;
    if (failed(getTileAddress(op, adaptor, type.getElementType(),
                              typeConverter, rewriter, ptr, stride)))
      return failure();
    rewriter.replaceOpWithNewOp<spirv::KHRCooperativeMatrixStoreOp>(
        op, ptr, adaptor.getValue(), getLayout(op.getColMajor()), stride,
        spirv::MemoryAccessAttr(), IntegerAttr());
    return success();
  }
};

struct MmaComputeOpLowering final : OpConversionPattern<MmaComputeOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(MmaComputeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    const auto &typeConverter = *getTypeConverter<SPIRVTypeConverter>();
    if (failed(checkExpressible(op, typeConverter, rewriter)))
      return failure();
    if (!isa<spirv::CooperativeMatrixType>(adaptor.getA().getType()) ||
        !isa<spirv::CooperativeMatrixType>(adaptor.getB().getType()) ||
        !isa<spirv::CooperativeMatrixType>(adaptor.getC().getType()))
      return rewriter.notifyMatchFailure(op, "unsupported fragment types");
    // kgpu's integer fragments are signed (i8 inputs, i32 accumulators).
    spirv::CooperativeMatrixOperandsKHRAttr operands;
    if (op.getA().getType().getElementType().isInteger(8))
      operands = spirv::CooperativeMatrixOperandsKHRAttr::get(
          getContext(), spirv::CooperativeMatrixOperandsKHR::ASigned |
                            spirv::CooperativeMatrixOperandsKHR::BSigned |
                            spirv::CooperativeMatrixOperandsKHR::CSigned |
                            spirv::CooperativeMatrixOperandsKHR::ResultSigned);
    rewriter.replaceOpWithNewOp<spirv::KHRCooperativeMatrixMulAddOp>(
        op, adaptor.getC().getType(), adaptor.getA(), adaptor.getB(),
        adaptor.getC(), operands);
    return success();
  }
};

} // namespace

void mlir::kgpu::populateMmaToCooperativeMatrixPatterns(
    SPIRVTypeConverter &typeConverter, RewritePatternSet &patterns) {
  typeConverter.addConversion(
      [](MmaFragmentType type) -> std::optional<Type> {
        if (std::optional<spirv::CooperativeMatrixType> converted =
                getCooperativeMatrixType(type))
          return *converted;
        return std::nullopt;
      });
  patterns.add<MmaFillOpLowering, MmaLoadOpLowering, MmaStoreOpLowering,
               MmaComputeOpLowering>(typeConverter, patterns.getContext());
}
