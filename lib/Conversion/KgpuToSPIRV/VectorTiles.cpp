//===- VectorTiles.cpp - 16-byte local tiles for cooperative matrices -----===//
//
// kgpu-spirv-vector-tiles (the marking, on the GPU form) and the conversion
// patterns of convert-kgpu-to-spirv that lower what it marked: local arrays
// as arrays of vector<4xi32>, 16-byte asynchronous copies into them as one
// vector store (and, where the source index is provably aligned, one vector
// load through a second view of the kernel buffer), and cooperative-matrix
// loads from them with the stride counted in vectors. See the pass
// description in Passes.td for why.
//
//===----------------------------------------------------------------------===//

#include "TrailingZeros.h"
#include "Utils.h"

#include "kgpu/Conversion/Common/Passes.h"
#include "kgpu/Conversion/KgpuToSPIRV/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/SPIRV/IR/TargetAndABI.h"
#include "mlir/Dialect/SPIRV/Transforms/SPIRVConversion.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir {
namespace kgpu {
#define GEN_PASS_DEF_KGPUSPIRVVECTORTILES
#include "kgpu/Conversion/Passes.h.inc"
} // namespace kgpu
} // namespace mlir

using namespace mlir;
using namespace mlir::kgpu;
using namespace mlir::kgpu::spirv_detail;

namespace {

/// Bytes of a vector tile element (vector<4xi32>).
constexpr unsigned kVectorBytes = 16;
/// The bytes of an element a vector tile may hold (8-, 16- and 32-bit
/// integers and floats), or 0.
unsigned getElementBytes(Type type) {
  if (!type.isIntOrFloat())
    return 0;
  unsigned bits = type.getIntOrFloatBitWidth();
  return bits == 8 || bits == 16 || bits == 32 ? bits / 8 : 0;
}

struct VectorTilesPass final
    : kgpu::impl::KgpuSPIRVVectorTilesBase<VectorTilesPass> {
  void runOnOperation() override {
    TrailingZeros zeros;
    MLIRContext *context = &getContext();
    getOperation().walk([&](memref::AllocOp alloc) {
      MemRefType type = alloc.getType();
      unsigned bytes = getElementBytes(type.getElementType());
      if (!isLocalMemRef(type) || type.getRank() != 1 ||
          !type.hasStaticShape() || !type.getLayout().isIdentity() || !bytes ||
          (type.getNumElements() * bytes) % kVectorBytes)
        return;
      unsigned need = llvm::Log2_32(kVectorBytes / bytes);
      SmallVector<AsyncCopyOp> copies;
      SmallVector<MmaLoadOp> loads;
      for (Operation *user : alloc->getUsers()) {
        if (auto copy = dyn_cast<AsyncCopyOp>(user)) {
          if (copy.getDst() != alloc.getResult() ||
              copy.getCount() * bytes != kVectorBytes ||
              zeros.get(copy.getDstIndices()[0]) < need)
            return;
          copies.push_back(copy);
          continue;
        }
        if (auto load = dyn_cast<MmaLoadOp>(user)) {
          if (!load.getLeadDim() || zeros.get(load.getLeadDim()) < need ||
              zeros.get(load.getIndices()[0]) < need)
            return;
          loads.push_back(load);
          continue;
        }
        return;
      }
      if (copies.empty() || loads.empty())
        return;
      alloc->setAttr(kVectorTileAttrName, UnitAttr::get(context));
      for (MmaLoadOp load : loads)
        load->setAttr(kVectorTileAttrName, UnitAttr::get(context));
      for (AsyncCopyOp copy : copies) {
        // The source: a whole kernel buffer (a 1-D argument of the kernel)
        // at an index that is a multiple of a vector's elements.
        auto arg = dyn_cast<BlockArgument>(copy.getSrc());
        auto func =
            arg ? dyn_cast<gpu::GPUFuncOp>(arg.getOwner()->getParentOp())
                : gpu::GPUFuncOp();
        MemRefType src = copy.getSrc().getType();
        // The kernel only reads the buffer: the view is a second variable
        // of the same memory, which the driver may assume does not alias
        // the first.
        bool readOnly =
            arg && llvm::all_of(arg.getUsers(), [&](Operation *user) {
              if (auto other = dyn_cast<AsyncCopyOp>(user))
                return other.getDst() != arg;
              return isa<memref::LoadOp, MmaLoadOp>(user);
            });
        bool aligned = func && func.isKernel() &&
                       arg.getOwner()->isEntryBlock() && readOnly &&
                       src.getRank() == 1 && src.getLayout().isIdentity() &&
                       zeros.get(copy.getSrcIndices()[0]) >= need;
        copy->setAttr(kVectorTileAttrName, BoolAttr::get(context, aligned));
      }
    });
  }
};

//===----------------------------------------------------------------------===//
// Conversion patterns
//===----------------------------------------------------------------------===//

VectorType getVectorType(MLIRContext *context) {
  return VectorType::get({4}, IntegerType::get(context, 32));
}

/// The pointer to element `index` (i32) of a vector tile.
Value getTileElement(OpBuilder &b, Location loc, Value tile, Value index) {
  Value zero = spirv::ConstantOp::create(b, loc, index.getType(),
                                         b.getIntegerAttr(index.getType(), 0));
  return spirv::AccessChainOp::create(b, loc, tile, ValueRange{zero, index});
}

/// The pointer to the vector<4xi32> array a marked local array became,
/// seen through the materialization the conversion puts between it and
/// its users (their operand type is still the converted memref type).
Value getTilePointer(Value converted) {
  auto isTile = [](Type type) {
    auto ptr = dyn_cast<spirv::PointerType>(type);
    auto block =
        ptr ? dyn_cast<spirv::StructType>(ptr.getPointeeType()) : nullptr;
    auto array = block && block.getNumElements() == 1
                     ? dyn_cast<spirv::ArrayType>(block.getElementType(0))
                     : nullptr;
    return array && array.getElementType() == getVectorType(type.getContext());
  };
  if (isTile(converted.getType()))
    return converted;
  if (auto cast = converted.getDefiningOp<UnrealizedConversionCastOp>())
    if (cast->getNumOperands() == 1 && isTile(cast->getOperand(0).getType()))
      return cast->getOperand(0);
  return Value();
}

/// `value` (i32) divided by 2^shift, which divides it exactly.
Value divideExactly(OpBuilder &b, Location loc, Value value, unsigned shift) {
  if (shift == 0)
    return value;
  Type type = value.getType();
  APInt constant;
  if (matchPattern(value, m_ConstantInt(&constant)))
    return spirv::ConstantOp::create(
        b, loc, type, b.getIntegerAttr(type, constant.ashr(shift)));
  Value amount =
      spirv::ConstantOp::create(b, loc, type, b.getIntegerAttr(type, shift));
  return spirv::ShiftRightArithmeticOp::create(b, loc, type, value, amount);
}

struct VectorTileAllocLowering final : OpConversionPattern<memref::AllocOp> {
  VectorTileAllocLowering(const TypeConverter &converter, MLIRContext *context)
      : OpConversionPattern(converter, context, /*benefit=*/2) {}

  LogicalResult
  matchAndRewrite(memref::AllocOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!op->hasAttr(kVectorTileAttrName))
      return failure();
    MemRefType type = op.getType();
    unsigned bytes = getElementBytes(type.getElementType());
    Operation *table = SymbolTable::getNearestSymbolTable(op->getParentOp());
    if (!bytes || !table)
      return rewriter.notifyMatchFailure(op, "not a vector tile");
    // The same layout upstream gives the array of elements (a struct
    // holding the array).
    auto elements = dyn_cast_or_null<spirv::PointerType>(
        getTypeConverter()->convertType(type));
    auto block = elements
                     ? dyn_cast<spirv::StructType>(elements.getPointeeType())
                     : nullptr;
    auto elementArray =
        block && block.getNumElements() == 1
            ? dyn_cast<spirv::ArrayType>(block.getElementType(0))
            : nullptr;
    if (!elementArray || block.hasOffset())
      return rewriter.notifyMatchFailure(op, "unexpected local array type");
    auto array =
        spirv::ArrayType::get(getVectorType(getContext()),
                              type.getNumElements() * bytes / kVectorBytes,
                              elementArray.getArrayStride() ? kVectorBytes : 0);
    auto pointer = spirv::PointerType::get(spirv::StructType::get({array}),
                                           spirv::StorageClass::Workgroup);
    spirv::GlobalVariableOp var;
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(&table->getRegion(0).front());
      std::string name;
      unsigned n = 0;
      do
        name = "__kgpu_vector_tile_" + std::to_string(n++);
      while (SymbolTable::lookupSymbolIn(table, name));
      var = spirv::GlobalVariableOp::create(rewriter, op.getLoc(),
                                            TypeAttr::get(pointer),
                                            rewriter.getStringAttr(name));
    }
    rewriter.replaceOpWithNewOp<spirv::AddressOfOp>(op, var);
    return success();
  }
};

struct VectorTileCopyLowering final : OpConversionPattern<AsyncCopyOp> {
  VectorTileCopyLowering(const TypeConverter &converter, MLIRContext *context)
      : OpConversionPattern(converter, context, /*benefit=*/2) {}

  /// The 16 bytes at `index` (a multiple of 16 bytes) of the kernel buffer
  /// `buffer` (an argument of the spirv.func being converted), read through
  /// a vector<4xi32> view of the same binding; null where `buffer` is not
  /// such an argument.
  Value loadThroughView(AsyncCopyOp op, Value buffer, Value index,
                        unsigned shift,
                        ConversionPatternRewriter &rewriter) const {
    spirv::GlobalVariableOp var = getBufferView(
        rewriter, op.getLoc(), buffer, getVectorType(getContext()),
        /*aliased=*/false);
    if (!var)
      return Value();
    Location loc = op.getLoc();
    Value base = spirv::AddressOfOp::create(rewriter, loc, var);
    Type i32 = rewriter.getI32Type();
    Value zero = spirv::ConstantOp::create(rewriter, loc, i32,
                                           rewriter.getI32IntegerAttr(0));
    Value element = spirv::AccessChainOp::create(
        rewriter, loc, base,
        ValueRange{zero, divideExactly(rewriter, loc, index, shift)});
    return spirv::LoadOp::create(rewriter, loc, element);
  }

  /// The 16 bytes at `index` of `buffer`, read element by element and
  /// packed into a vector<4xi32>; null where the memory does not hold the
  /// element type itself.
  Value loadElements(AsyncCopyOp op, OpAdaptor adaptor, Type element,
                     unsigned bytes,
                     ConversionPatternRewriter &rewriter) const {
    const auto &converter = *getTypeConverter<SPIRVTypeConverter>();
    Location loc = op.getLoc();
    Type i32 = rewriter.getI32Type();
    Value index = adaptor.getSrcIndices()[0];
    unsigned perWord = 4 / bytes;
    SmallVector<Value> words;
    for (unsigned w = 0; w < 4; ++w) {
      SmallVector<Value> parts;
      for (unsigned e = 0; e < perWord; ++e) {
        unsigned offset = w * perWord + e;
        Value at = index;
        if (offset)
          at = spirv::IAddOp::create(
              rewriter, loc, index.getType(), index,
              spirv::ConstantOp::create(
                  rewriter, loc, index.getType(),
                  rewriter.getIntegerAttr(index.getType(), offset)));
        Value ptr = spirv::getElementPtr(converter, op.getSrc().getType(),
                                         adaptor.getSrc(), ValueRange{at}, loc,
                                         rewriter);
        if (!ptr ||
            cast<spirv::PointerType>(ptr.getType()).getPointeeType() != element)
          return Value();
        parts.push_back(spirv::LoadOp::create(rewriter, loc, ptr));
      }
      Value word = parts.front();
      if (perWord > 1)
        word = spirv::CompositeConstructOp::create(
            rewriter, loc, VectorType::get({perWord}, element), parts);
      if (word.getType() != i32)
        word = spirv::BitcastOp::create(rewriter, loc, i32, word);
      words.push_back(word);
    }
    return spirv::CompositeConstructOp::create(
        rewriter, loc, getVectorType(getContext()), words);
  }

  LogicalResult
  matchAndRewrite(AsyncCopyOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto aligned = op->getAttrOfType<BoolAttr>(kVectorTileAttrName);
    if (!aligned)
      return failure();
    Value tile = getTilePointer(adaptor.getDst());
    Type element =
        getTypeConverter()->convertType(op.getSrc().getType().getElementType());
    unsigned bytes = getElementBytes(op.getSrc().getType().getElementType());
    if (!tile || !element || !bytes || adaptor.getDstIndices().size() != 1 ||
        adaptor.getSrcIndices().size() != 1)
      return rewriter.notifyMatchFailure(op, "not a copy into a vector tile");
    unsigned shift = llvm::Log2_32(kVectorBytes / bytes);
    Location loc = op.getLoc();
    Value value;
    if (aligned.getValue())
      value = loadThroughView(op, adaptor.getSrc(), adaptor.getSrcIndices()[0],
                              shift, rewriter);
    if (!value)
      value = loadElements(op, adaptor, element, bytes, rewriter);
    if (!value)
      return rewriter.notifyMatchFailure(op, "unsupported source memory");
    Value dst = getTileElement(
        rewriter, loc, tile,
        divideExactly(rewriter, loc, adaptor.getDstIndices()[0], shift));
    spirv::StoreOp::create(rewriter, loc, dst, value);
    rewriter.eraseOp(op);
    return success();
  }
};

struct VectorTileMmaLoadLowering final : OpConversionPattern<MmaLoadOp> {
  VectorTileMmaLoadLowering(const TypeConverter &converter,
                            MLIRContext *context)
      : OpConversionPattern(converter, context, /*benefit=*/2) {}

  LogicalResult
  matchAndRewrite(MmaLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!op->hasAttr(kVectorTileAttrName))
      return failure();
    const auto &converter = *getTypeConverter<SPIRVTypeConverter>();
    if (std::optional<std::string> reason =
            getMmaUnsupportedReason(op, converter.getTargetEnv()))
      return rewriter.notifyMatchFailure(op, *reason);
    auto type = dyn_cast_or_null<spirv::CooperativeMatrixType>(
        converter.convertType(op.getType()));
    Value tile = getTilePointer(adaptor.getMemref());
    unsigned bytes = getElementBytes(op.getMemref().getType().getElementType());
    Value leadDim = adaptor.getLeadDim();
    if (!type || !tile || !bytes || !leadDim ||
        adaptor.getIndices().size() != 1 ||
        leadDim.getType() != rewriter.getI32Type())
      return rewriter.notifyMatchFailure(op, "not a load from a vector tile");
    unsigned shift = llvm::Log2_32(kVectorBytes / bytes);
    Location loc = op.getLoc();
    Value ptr = getTileElement(
        rewriter, loc, tile,
        divideExactly(rewriter, loc, adaptor.getIndices()[0], shift));
    Value stride = divideExactly(rewriter, loc, leadDim, shift);
    rewriter.replaceOpWithNewOp<spirv::KHRCooperativeMatrixLoadOp>(
        op, type, ptr,
        op.getColMajor() ? spirv::CooperativeMatrixLayoutKHR::ColumnMajor
                         : spirv::CooperativeMatrixLayoutKHR::RowMajor,
        stride, spirv::MemoryAccessAttr(), IntegerAttr());
    return success();
  }
};

} // namespace

void mlir::kgpu::populateVectorTilePatterns(SPIRVTypeConverter &typeConverter,
                                            RewritePatternSet &patterns) {
  patterns.add<VectorTileAllocLowering, VectorTileCopyLowering,
               VectorTileMmaLoadLowering>(typeConverter, patterns.getContext());
}
