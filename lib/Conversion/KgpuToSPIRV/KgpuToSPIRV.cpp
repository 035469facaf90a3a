//===- KgpuToSPIRV.cpp - kgpu ops of the GPU form to SPIR-V ---------------===//
//
// Conversion patterns for the kgpu ops that remain in the GPU form
// (atomics; the tensor-core ops in MMAToCooperativeMatrix.cpp) and kgpu's
// override of the gpu.shuffle pattern.
// Upstream has no lowering for kgpu ops.
//
//===----------------------------------------------------------------------===//

#include "Utils.h"

#include "kgpu/Conversion/Common/Passes.h"
#include "kgpu/Conversion/KgpuToSPIRV/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/SPIRV/Transforms/SPIRVConversion.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::kgpu;
using namespace mlir::kgpu::spirv_detail;

//===----------------------------------------------------------------------===//
// Shared checks
//===----------------------------------------------------------------------===//

bool spirv_detail::allowsAtomicFloatAdd(const spirv::TargetEnv &env,
                                        unsigned width) {
  if (!env.allows(spirv::Extension::SPV_EXT_shader_atomic_float_add))
    return false;
  if (width == 32)
    return env.allows(spirv::Capability::AtomicFloat32AddEXT);
  if (width == 64)
    return env.allows(spirv::Capability::AtomicFloat64AddEXT);
  return false;
}

bool spirv_detail::needsIntegerAccess(Operation *op,
                                      const spirv::TargetEnv &env) {
  if (auto cas = dyn_cast<AtomicCASOp>(op))
    return isa<FloatType>(cas.getValue().getType());
  auto rmw = dyn_cast<AtomicRMWOp>(op);
  if (!rmw)
    return false;
  auto floatType = dyn_cast<FloatType>(rmw.getValue().getType());
  if (!floatType)
    return false;
  switch (rmw.getKind()) {
  case AtomicKind::Add:
  case AtomicKind::Sub:
    return !allowsAtomicFloatAdd(env, floatType.getWidth());
  case AtomicKind::Xchg:
    return false;
  default:
    return true;
  }
}

bool spirv_detail::isSubgroupWidth(Value width, unsigned subgroupSize) {
  APInt constant;
  if (matchPattern(width, m_ConstantInt(&constant)))
    return constant == subgroupSize;
  while (Operation *def = width.getDefiningOp()) {
    if (isa<gpu::SubgroupSizeOp>(def))
      return true;
    if (!isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::TruncIOp,
             arith::ExtUIOp, arith::ExtSIOp>(def))
      return false;
    width = def->getOperand(0);
  }
  return false;
}

std::optional<std::string>
spirv_detail::getUnsupportedReason(Operation *op, const spirv::TargetEnv &env) {
  std::string reason;
  llvm::raw_string_ostream os(reason);
  if (isa<MmaFillOp, MmaLoadOp, MmaComputeOp, MmaStoreOp>(op))
    return getMmaUnsupportedReason(op, env);
  if (isa<WgmmaFillOp, WgmmaOp, WgmmaFenceOp, WgmmaCommitOp, WgmmaWaitOp,
          WgmmaStoreOp>(op)) {
    os << "warp-group MMA ('" << op->getName()
       << "', Hopper wgmma) has no lowering to " << kTargetName
       << ": SPIR-V cooperative matrices are per subgroup; use the "
          "kgpu.mma_* ops (kgc mma_load/mma_compute) for Vulkan";
    return reason;
  }
  if (isa<AtomicRMWOp, AtomicCASOp>(op)) {
    if (needsIntegerAccess(op, env)) {
      os << "float atomics other than add, sub and xchg need the memory "
            "reinterpreted as integers on "
         << kTargetName << "; run kgpu-spirv-emulate-float-atomics first";
      return reason;
    }
    return std::nullopt;
  }
  // A 16-byte copy into a vector tile (kgpu-spirv-vector-tiles).
  if (isa<AsyncCopyOp>(op) && op->hasAttr(kVectorTileAttrName))
    return std::nullopt;
  if (op->getDialect() && isa<KgpuDialect>(op->getDialect())) {
    os << "'" << op->getName()
       << "' is not part of the GPU form and has no lowering to " << kTargetName
       << "; run the kgpu-level passes and convert-kgpu-to-gpu first";
    return reason;
  }
  if (isa<gpu::AllReduceOp>(op)) {
    os << "'gpu.all_reduce' is not supported on " << kTargetName
       << ": Vulkan allows group operations only at subgroup scope; expand "
          "it into subgroup reductions, local memory and a barrier "
          "(kgpu-expand-group-reduce)";
    return reason;
  }
  if (auto func = dyn_cast<gpu::GPUFuncOp>(op)) {
    if (func.getNumWorkgroupAttributions() ||
        func.getNumPrivateAttributions()) {
      os << "workgroup and private attributions are not supported on "
         << kTargetName
         << "; use memref.alloc in memory space 3 "
            "(convert-kgpu-to-gpu{local-memory=alloc})";
      return reason;
    }
    return std::nullopt;
  }
  if (auto alloca = dyn_cast<memref::AllocaOp>(op)) {
    MemRefType type = alloca.getType();
    if (type.getMemorySpace() || !type.hasStaticShape())
      return std::nullopt;
    // index elements are 32-bit on this target.
    unsigned elementBytes = type.getElementType().isIndex()
                                ? 4
                                : (type.getElementTypeBitWidth() + 7) / 8;
    uint64_t bytes = type.getNumElements() * uint64_t(elementBytes);
    if (bytes > kMaxPrivateArrayBytes) {
      os << "a private array of " << bytes << " bytes exceeds the limit of "
         << kMaxPrivateArrayBytes << " bytes per work-item of " << kTargetName
         << " (Vulkan drivers keep private arrays in registers or scratch "
            "memory; use global or local memory for larger ones)";
      return reason;
    }
    return std::nullopt;
  }
  if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
    auto value = dyn_cast<IntegerAttr>(constant.getValue());
    if (value && value.getType().isIndex() &&
        !value.getValue().isSignedIntN(32) && !value.getValue().isIntN(32)) {
      os << "64-bit parallel-for bounds and indices are not supported on the "
            "Vulkan target: its index is 32-bit and "
         << value.getValue().getSExtValue()
         << " does not fit (CUDA and the CPU have a 64-bit index)";
      return reason;
    }
    return std::nullopt;
  }
  if (auto shuffle = dyn_cast<gpu::ShuffleOp>(op)) {
    unsigned subgroupSize = env.getAttr().getResourceLimits().getSubgroupSize();
    if (!isSubgroupWidth(shuffle.getWidth(), subgroupSize)) {
      os << "'gpu.shuffle' on " << kTargetName
         << " needs the subgroup size as its width (gpu.subgroup_size or the "
            "constant "
         << subgroupSize << ")";
      return reason;
    }
    return std::nullopt;
  }
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Atomics
//===----------------------------------------------------------------------===//

namespace {

/// The memory scope of an atomic on memory of `storageClass` and the memory
/// semantics bit of that kind of memory: work-group scope for local memory,
/// device scope for global memory.
std::pair<spirv::Scope, spirv::MemorySemantics>
getAtomicScope(spirv::StorageClass storageClass) {
  if (storageClass == spirv::StorageClass::Workgroup)
    return {spirv::Scope::Workgroup, spirv::MemorySemantics::WorkgroupMemory};
  return {spirv::Scope::Device, spirv::MemorySemantics::UniformMemory};
}

/// The pointer to the element an atomic updates, or null (after notifying a
/// match failure) when its memory does not hold the element type itself.
template <typename OpTy>
Value getAtomicElementPtr(OpTy op, typename OpTy::Adaptor adaptor,
                          const SPIRVTypeConverter &typeConverter,
                          ConversionPatternRewriter &rewriter) {
  auto memrefType = cast<MemRefType>(op.getMemref().getType());
  Type elementType = typeConverter.convertType(memrefType.getElementType());
  Value ptr =
      spirv::getElementPtr(typeConverter, memrefType, adaptor.getMemref(),
                           adaptor.getIndices(), op.getLoc(), rewriter);
  if (!ptr || !elementType ||
      cast<spirv::PointerType>(ptr.getType()).getPointeeType() != elementType)
    return nullptr;
  return ptr;
}

struct AtomicRMWOpLowering final : OpConversionPattern<AtomicRMWOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(AtomicRMWOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    const auto &typeConverter = *getTypeConverter<SPIRVTypeConverter>();
    const spirv::TargetEnv &env = typeConverter.getTargetEnv();
    if (std::optional<std::string> reason = getUnsupportedReason(op, env))
      return rewriter.notifyMatchFailure(op, *reason);
    Value ptr = getAtomicElementPtr(op, adaptor, typeConverter, rewriter);
    if (!ptr)
      return rewriter.notifyMatchFailure(
          op, "memory is not addressable as its element type");
    spirv::Scope scope;
    spirv::MemorySemantics memory;
    std::tie(scope, memory) = getAtomicScope(
        cast<spirv::PointerType>(ptr.getType()).getStorageClass());
    spirv::MemorySemantics semantics =
        spirv::MemorySemantics::AcquireRelease | memory;
    Location loc = op.getLoc();
    Type type = adaptor.getValue().getType();
    Value value = adaptor.getValue();

    auto create = [&](auto tag) -> Value {
      using SPIRVOp = decltype(tag);
      return SPIRVOp::create(rewriter, loc, type, ptr, scope, semantics, value);
    };

    Value result;
    if (isa<FloatType>(type)) {
      switch (op.getKind()) {
      case AtomicKind::Sub:
        // old - v == old + (-v) exactly in IEEE arithmetic.
        value = spirv::FNegateOp::create(rewriter, loc, value);
        [[fallthrough]];
      case AtomicKind::Add:
        result = create(spirv::EXTAtomicFAddOp());
        break;
      case AtomicKind::Xchg:
        result = create(spirv::AtomicExchangeOp());
        break;
      default:
        return rewriter.notifyMatchFailure(op, "needs integer emulation");
      }
      rewriter.replaceOp(op, result);
      return success();
    }

    switch (op.getKind()) {
    case AtomicKind::Add:
      result = create(spirv::AtomicIAddOp());
      break;
    case AtomicKind::Sub:
      result = create(spirv::AtomicISubOp());
      break;
    case AtomicKind::Min:
      result = create(spirv::AtomicSMinOp());
      break;
    case AtomicKind::Max:
      result = create(spirv::AtomicSMaxOp());
      break;
    case AtomicKind::UMin:
      result = create(spirv::AtomicUMinOp());
      break;
    case AtomicKind::UMax:
      result = create(spirv::AtomicUMaxOp());
      break;
    case AtomicKind::And:
      result = create(spirv::AtomicAndOp());
      break;
    case AtomicKind::Or:
      result = create(spirv::AtomicOrOp());
      break;
    case AtomicKind::Xor:
      result = create(spirv::AtomicXorOp());
      break;
    case AtomicKind::Xchg:
      result = create(spirv::AtomicExchangeOp());
      break;
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct AtomicCASOpLowering final : OpConversionPattern<AtomicCASOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(AtomicCASOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    const auto &typeConverter = *getTypeConverter<SPIRVTypeConverter>();
    if (std::optional<std::string> reason =
            getUnsupportedReason(op, typeConverter.getTargetEnv()))
      return rewriter.notifyMatchFailure(op, *reason);
    Value ptr = getAtomicElementPtr(op, adaptor, typeConverter, rewriter);
    if (!ptr)
      return rewriter.notifyMatchFailure(
          op, "memory is not addressable as its element type");
    spirv::Scope scope;
    spirv::MemorySemantics memory;
    std::tie(scope, memory) = getAtomicScope(
        cast<spirv::PointerType>(ptr.getType()).getStorageClass());
    spirv::MemorySemantics semantics =
        spirv::MemorySemantics::AcquireRelease | memory;
    // A failed exchange only reads: it must not have release semantics.
    spirv::MemorySemantics unequal = spirv::MemorySemantics::Acquire | memory;
    rewriter.replaceOpWithNewOp<spirv::AtomicCompareExchangeOp>(
        op, adaptor.getValue().getType(), ptr, scope, semantics, unequal,
        adaptor.getValue(), adaptor.getCmp());
    return success();
  }
};

//===----------------------------------------------------------------------===//
// gpu.shuffle
//===----------------------------------------------------------------------===//

/// Replaces upstream's gpu.shuffle pattern, which needs a constant width
/// equal to the target's default subgroup size: the GPU form passes
/// `gpu.subgroup_size`, whose value differs between devices, so the validity
/// result is computed against the width operand itself.
struct ShuffleOpLowering final : OpConversionPattern<gpu::ShuffleOp> {
  ShuffleOpLowering(const TypeConverter &typeConverter, MLIRContext *context)
      : OpConversionPattern(typeConverter, context, /*benefit=*/2) {}

  LogicalResult
  matchAndRewrite(gpu::ShuffleOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    const auto &typeConverter = *getTypeConverter<SPIRVTypeConverter>();
    if (std::optional<std::string> reason =
            getUnsupportedReason(op, typeConverter.getTargetEnv()))
      return rewriter.notifyMatchFailure(op, *reason);
    Location loc = op.getLoc();
    Value value = adaptor.getValue();
    Value offset = adaptor.getOffset();
    Value width = adaptor.getWidth();
    Type i32 = rewriter.getI32Type();
    if (offset.getType() != i32 || width.getType() != i32)
      return rewriter.notifyMatchFailure(op, "expected i32 offset and width");
    auto scope = spirv::Scope::Subgroup;
    Value lane = spirv::getBuiltinVariableValue(
        op, spirv::BuiltIn::SubgroupLocalInvocationId, i32, rewriter);
    Value result, valid;
    switch (op.getMode()) {
    case gpu::ShuffleMode::XOR: {
      result = spirv::GroupNonUniformShuffleXorOp::create(rewriter, loc, scope,
                                                          value, offset);
      Value source = spirv::BitwiseXorOp::create(rewriter, loc, lane, offset);
      valid = spirv::ULessThanOp::create(rewriter, loc, source, width);
      break;
    }
    case gpu::ShuffleMode::IDX:
      result = spirv::GroupNonUniformShuffleOp::create(rewriter, loc, scope,
                                                       value, offset);
      valid = spirv::ULessThanOp::create(rewriter, loc, offset, width);
      break;
    case gpu::ShuffleMode::DOWN: {
      result = spirv::GroupNonUniformShuffleDownOp::create(rewriter, loc, scope,
                                                           value, offset);
      Value source = spirv::IAddOp::create(rewriter, loc, lane, offset);
      valid = spirv::ULessThanOp::create(rewriter, loc, source, width);
      break;
    }
    case gpu::ShuffleMode::UP:
      result = spirv::GroupNonUniformShuffleUpOp::create(rewriter, loc, scope,
                                                         value, offset);
      valid = spirv::ULessThanEqualOp::create(rewriter, loc, offset, lane);
      break;
    }
    rewriter.replaceOp(op, {result, valid});
    return success();
  }
};

//===----------------------------------------------------------------------===//
// gpu.subgroup_reduce
//===----------------------------------------------------------------------===//

/// Replaces upstream's gpu.subgroup_reduce pattern, which has no bitwise
/// kinds and emits the uniform `spirv.Group*` ops (capability `Groups`,
/// which Vulkan lacks) for `uniform`: every kind becomes its
/// `spirv.GroupNonUniform*` op, clustered reductions use `ClusteredReduce`.
struct SubgroupReduceOpLowering final
    : OpConversionPattern<gpu::SubgroupReduceOp> {
  SubgroupReduceOpLowering(const TypeConverter &typeConverter,
                           MLIRContext *context)
      : OpConversionPattern(typeConverter, context, /*benefit=*/2) {}

  LogicalResult
  matchAndRewrite(gpu::SubgroupReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value value = adaptor.getValue();
    Type type = value.getType();
    if (!type.isIntOrFloat())
      return rewriter.notifyMatchFailure(op, "only scalars are supported");
    if (op.getClusterStride() != 1)
      return rewriter.notifyMatchFailure(op, "cluster strides are not "
                                             "supported");
    Location loc = op.getLoc();
    MLIRContext *context = getContext();
    auto scope = spirv::ScopeAttr::get(context, spirv::Scope::Subgroup);
    Value clusterSize;
    auto groupOp = spirv::GroupOperation::Reduce;
    if (std::optional<uint32_t> size = op.getClusterSize()) {
      groupOp = spirv::GroupOperation::ClusteredReduce;
      clusterSize = spirv::ConstantOp::create(
          rewriter, loc, rewriter.getI32Type(),
          rewriter.getI32IntegerAttr(static_cast<int32_t>(*size)));
    }
    auto groupOpAttr = spirv::GroupOperationAttr::get(context, groupOp);
    auto build = [&](auto tag) -> Value {
      using SPIRVOp = decltype(tag);
      return SPIRVOp::create(rewriter, loc, type, scope, groupOpAttr, value,
                             clusterSize);
    };

    bool isFloat = isa<FloatType>(type);
    bool isBool = type.isInteger(1);
    Value result;
    switch (op.getOp()) {
    case gpu::AllReduceOperation::ADD:
      result = isFloat ? build(spirv::GroupNonUniformFAddOp())
                       : build(spirv::GroupNonUniformIAddOp());
      break;
    case gpu::AllReduceOperation::MUL:
      result = isFloat ? build(spirv::GroupNonUniformFMulOp())
                       : build(spirv::GroupNonUniformIMulOp());
      break;
    case gpu::AllReduceOperation::MINUI:
      result = build(spirv::GroupNonUniformUMinOp());
      break;
    case gpu::AllReduceOperation::MINSI:
      result = build(spirv::GroupNonUniformSMinOp());
      break;
    case gpu::AllReduceOperation::MAXUI:
      result = build(spirv::GroupNonUniformUMaxOp());
      break;
    case gpu::AllReduceOperation::MAXSI:
      result = build(spirv::GroupNonUniformSMaxOp());
      break;
    // SPIR-V leaves NaN and signed zeros of FMin/FMax unspecified:
    // minimumf/maximumf fix both up below.
    case gpu::AllReduceOperation::MINNUMF:
    case gpu::AllReduceOperation::MINIMUMF:
      result = build(spirv::GroupNonUniformFMinOp());
      break;
    case gpu::AllReduceOperation::MAXNUMF:
    case gpu::AllReduceOperation::MAXIMUMF:
      result = build(spirv::GroupNonUniformFMaxOp());
      break;
    case gpu::AllReduceOperation::AND:
      result = isBool ? build(spirv::GroupNonUniformLogicalAndOp())
                      : build(spirv::GroupNonUniformBitwiseAndOp());
      break;
    case gpu::AllReduceOperation::OR:
      result = isBool ? build(spirv::GroupNonUniformLogicalOrOp())
                      : build(spirv::GroupNonUniformBitwiseOrOp());
      break;
    case gpu::AllReduceOperation::XOR:
      result = isBool ? build(spirv::GroupNonUniformLogicalXorOp())
                      : build(spirv::GroupNonUniformBitwiseXorOp());
      break;
    }
    if (op.getOp() == gpu::AllReduceOperation::MINIMUMF ||
        op.getOp() == gpu::AllReduceOperation::MAXIMUMF)
      result = fixUpMinimumMaximum(
          rewriter, loc, op.getOp() == gpu::AllReduceOperation::MINIMUMF, value,
          result, [&](Value flags) {
            return spirv::GroupNonUniformBitwiseOrOp::create(
                rewriter, loc, flags.getType(), scope, groupOpAttr, flags,
                clusterSize);
          });
    rewriter.replaceOp(op, result);
    return success();
  }

  /// IEEE-754 2019 minimum/maximum over the subgroup from FMin/FMax, which
  /// is right for ordered values up to the sign of a zero result: the lanes
  /// OR together whether they hold a NaN (1), -0.0 (2) or +0.0 (4); a NaN
  /// anywhere gives NaN, and a zero minimum is -0.0 if any lane has -0.0
  /// (a zero maximum +0.0 if any lane has +0.0).
  static Value fixUpMinimumMaximum(ConversionPatternRewriter &rewriter,
                                   Location loc, bool isMin, Value value,
                                   Value reduced,
                                   llvm::function_ref<Value(Value)> orReduce) {
    auto floatType = cast<FloatType>(value.getType());
    Type i32 = rewriter.getI32Type();
    Type bitsType = rewriter.getIntegerType(floatType.getWidth());
    auto i32Const = [&](int32_t v) -> Value {
      return spirv::ConstantOp::create(rewriter, loc, i32,
                                       rewriter.getI32IntegerAttr(v));
    };
    auto floatConst = [&](const APFloat &v) -> Value {
      return spirv::ConstantOp::create(rewriter, loc, floatType,
                                       rewriter.getFloatAttr(floatType, v));
    };
    const llvm::fltSemantics &sem = floatType.getFloatSemantics();
    Value zero = floatConst(APFloat::getZero(sem));
    Value none = i32Const(0);
    Value isNaN = spirv::IsNanOp::create(rewriter, loc, value);
    Value isZero = spirv::FOrdEqualOp::create(rewriter, loc, value, zero);
    Value bits = spirv::BitcastOp::create(rewriter, loc, bitsType, value);
    Value bitsZero = spirv::ConstantOp::create(
        rewriter, loc, bitsType, rewriter.getIntegerAttr(bitsType, 0));
    Value negative = spirv::SLessThanOp::create(rewriter, loc, bits, bitsZero);
    Value negZero =
        spirv::LogicalAndOp::create(rewriter, loc, isZero, negative);
    Value posZero = spirv::LogicalAndOp::create(
        rewriter, loc, isZero,
        spirv::LogicalNotOp::create(rewriter, loc, negative));
    Value flags = spirv::BitwiseOrOp::create(
        rewriter, loc,
        spirv::SelectOp::create(rewriter, loc, isNaN, i32Const(1), none),
        spirv::BitwiseOrOp::create(
            rewriter, loc,
            spirv::SelectOp::create(rewriter, loc, negZero, i32Const(2), none),
            spirv::SelectOp::create(rewriter, loc, posZero, i32Const(4),
                                    none)));
    Value any = orReduce(flags);
    auto has = [&](int32_t flag) -> Value {
      Value bit =
          spirv::BitwiseAndOp::create(rewriter, loc, any, i32Const(flag));
      return spirv::INotEqualOp::create(rewriter, loc, bit, none);
    };
    Value negZeroValue = floatConst(APFloat::getZero(sem, /*Negative=*/true));
    // A zero result: its sign from the lanes' zeros.
    Value zeroResult = isMin ? spirv::SelectOp::create(rewriter, loc, has(2),
                                                       negZeroValue, zero)
                             : spirv::SelectOp::create(rewriter, loc, has(4),
                                                       zero, negZeroValue);
    Value resultIsZero =
        spirv::FOrdEqualOp::create(rewriter, loc, reduced, zero);
    Value result = spirv::SelectOp::create(rewriter, loc, resultIsZero,
                                           zeroResult, reduced);
    return spirv::SelectOp::create(rewriter, loc, has(1),
                                   floatConst(APFloat::getQNaN(sem)), result);
  }
};

//===----------------------------------------------------------------------===//
// arith.index_castui on booleans
//===----------------------------------------------------------------------===//

/// `arith.index_castui` between `i1` and `index`. Upstream lowers
/// index_castui with `spirv.UConvert`, which SPIR-V does not allow on
/// booleans (upstream handles `i1` only for the signed `arith.index_cast`):
/// `i1 -> index` selects 1 or 0, `index -> i1` takes the low bit.
struct IndexCastUIBoolLowering final
    : OpConversionPattern<arith::IndexCastUIOp> {
  IndexCastUIBoolLowering(const TypeConverter &typeConverter,
                          MLIRContext *context)
      : OpConversionPattern(typeConverter, context, /*benefit=*/2) {}

  LogicalResult
  matchAndRewrite(arith::IndexCastUIOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    if (op.getIn().getType().isInteger(1)) {
      Type type = getTypeConverter()->convertType(op.getType());
      if (!type)
        return rewriter.notifyMatchFailure(op, "unsupported result type");
      Value one = spirv::ConstantOp::getOne(type, loc, rewriter);
      Value zero = spirv::ConstantOp::getZero(type, loc, rewriter);
      rewriter.replaceOpWithNewOp<spirv::SelectOp>(op, adaptor.getIn(), one,
                                                   zero);
      return success();
    }
    if (op.getType().isInteger(1)) {
      Type type = adaptor.getIn().getType();
      if (!isa<IntegerType>(type))
        return rewriter.notifyMatchFailure(op, "unsupported operand type");
      Value one = spirv::ConstantOp::getOne(type, loc, rewriter);
      Value zero = spirv::ConstantOp::getZero(type, loc, rewriter);
      Value bit =
          spirv::BitwiseAndOp::create(rewriter, loc, adaptor.getIn(), one);
      rewriter.replaceOpWithNewOp<spirv::INotEqualOp>(op, bit, zero);
      return success();
    }
    return rewriter.notifyMatchFailure(op, "not a boolean cast");
  }
};

} // namespace

void mlir::kgpu::populateKgpuToSPIRVPatterns(SPIRVTypeConverter &typeConverter,
                                             RewritePatternSet &patterns) {
  patterns.add<AtomicRMWOpLowering, AtomicCASOpLowering, ShuffleOpLowering,
               SubgroupReduceOpLowering, IndexCastUIBoolLowering>(
      typeConverter, patterns.getContext());
  populateMmaToCooperativeMatrixPatterns(typeConverter, patterns);
  populateVectorTilePatterns(typeConverter, patterns);
  populateVectorAccessPatterns(typeConverter, patterns);
}
