//===- MMAToMmaSync.cpp - kgpu tensor-core ops to NVVM mma.sync -*- C++ -*-===//
//
// The mma.sync shapes on CUDA: m16n8k16 (f16 or bf16 inputs, f32 or f16
// accumulators; i8 inputs, i32 accumulators) and m16n8k32 (i8 inputs, i32
// accumulators). kgpu.mma_compute becomes nvvm.mma.sync (PTX
// `mma.sync.aligned.mMn8kK.row.col`; i8 is s8 with wrapping s32 sums, as on
// the CPU and Vulkan), and a fragment is what one lane of the warp holds in
// PTX's fragment layout (docs/dialect.md, "Tensor-core fragment layouts"):
// with g = lane / 4, t = lane % 4 and p the elements per 32-bit register
// (2 for f16/bf16, 4 for i8),
//
//   a (16xK): register r, element h: row g + 8 (r & 1),
//                                     column p t + h + 4 p (r >> 1)
//   b (Kx8):  register r, element h: row p t + h + 4 p r, column g
//   acc (16x8, f32/i32): element e: row g + 8 (e >> 1), column 2t + (e & 1)
//   acc (16x8, f16): register r, element h: row g + 8 r, column 2t + h
//
// Upstream's nvgpu.mma.sync works on vectors held per lane and its
// ldmatrix-based loads come from vector transfers (nvgpu's
// optimize-shared-memory and mma-sync rewrites of vector.contract); kgpu's
// fragments are opaque values with a run-time leading dimension, so the ops
// are lowered here straight to nvvm.mma.sync and nvvm.ldmatrix.
//
// Loads of `a`/`b` fragments from local memory become one
// `ldmatrix.sync.aligned.m8n8` with one 8x8 b16 matrix per register (x4,
// x2 or x1), `.trans` where the memory order differs from the fragment's
// (a column-major, b row-major; 16-bit elements only: ldmatrix transposes
// b16, not bytes), when the tile's address and row pitch are multiples of
// 16 bytes (checked at run time; the check folds away where LLVM can prove
// it); otherwise, and for global memory and accumulators, each lane loads
// its own elements. Row-major accumulator stores write each lane's two
// adjacent columns as one pair (st.v2.f32/.b32) where the rows are aligned
// to a pair, else element by element.
//
//===----------------------------------------------------------------------===//

#include "MMALowering.h"

#include "kgpu/Dialect/Kgpu/IR/KgpuDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::kgpu;
using namespace mlir::kgpu::nvvm_mma;

bool nvvm_mma::isMmaSyncFragment(MmaFragmentType type) {
  Type element = type.getElementType();
  bool isAcc = type.getRole() == MmaRole::Acc;
  switch (type.getShape()) {
  case MmaShape::m16n8k16:
    if (!isAcc)
      return element.isF16() || element.isBF16() ||
             element.isSignlessInteger(8);
    return element.isF32() || element.isF16() || element.isSignlessInteger(32);
  case MmaShape::m16n8k32:
    return isAcc ? element.isSignlessInteger(32) : element.isSignlessInteger(8);
  default:
    return false;
  }
}

/// The elements of an `a`/`b` fragment per 32-bit register: 2 (f16, bf16)
/// or 4 (i8).
static int64_t elementsPerRegister(Type element) {
  return 32 / element.getIntOrFloatBitWidth();
}

Type nvvm_mma::convertMmaSyncFragment(MmaFragmentType type) {
  if (!isMmaSyncFragment(type))
    return Type();
  MLIRContext *ctx = type.getContext();
  Type element = type.getElementType();
  if (type.getRole() == MmaRole::Acc) {
    if (!element.isF16()) // f32, i32: 4 scalars
      return LLVM::LLVMStructType::getLiteral(ctx,
                                              SmallVector<Type>(4, element));
    auto pair = VectorType::get({2}, element);
    return LLVM::LLVMStructType::getLiteral(ctx, SmallVector<Type>(2, pair));
  }
  // The warp's 32 lanes hold the tile in 32-bit registers.
  int64_t perReg = elementsPerRegister(element);
  auto [rows, cols] = type.getTileShape();
  int64_t regs = rows * cols / (32 * perReg);
  auto vector = VectorType::get({perReg}, element);
  return LLVM::LLVMStructType::getLiteral(ctx, SmallVector<Type>(regs, vector));
}

namespace {

/// Where element `half` of register `reg` of a lane's fragment lies in the
/// tile: (row, column) = (X + rowOffset, Y + colOffset), where X, Y are g
/// and p t (rowIsGroup) or p t and g, p = `tScale`.
struct ElementPlace {
  bool rowIsGroup;
  int rowOffset, colOffset;
  int tScale;
};

ElementPlace getElementPlace(MmaFragmentType type, int reg, int half) {
  Type element = type.getElementType();
  switch (type.getRole()) {
  case MmaRole::A: {
    int p = elementsPerRegister(element);
    return {true, 8 * (reg & 1), half + 4 * p * (reg >> 1), p};
  }
  case MmaRole::B: {
    int p = elementsPerRegister(element);
    return {false, half + 4 * p * reg, 0, p};
  }
  case MmaRole::Acc:
    if (!element.isF16()) // f32, i32: one element per register
      return {true, 8 * (reg >> 1), reg & 1, 2};
    return {true, 8 * reg, half, 2};
  }
  return {true, 0, 0, 2};
}

struct Lane {
  Value id, group, scaledT; // lane, lane / 4, scale * (lane % 4), all i32
};

Value i32Const(ConversionPatternRewriter &rewriter, Location loc,
               int64_t value) {
  return arith::ConstantOp::create(rewriter, loc,
                                   rewriter.getI32IntegerAttr(value));
}

/// The lane's ids for a fragment whose places step by `scale` per t
/// (ElementPlace::tScale, the same for all elements of a fragment).
Lane getLane(ConversionPatternRewriter &rewriter, Location loc, int scale) {
  Value id = NVVM::LaneIdOp::create(rewriter, loc, rewriter.getI32Type());
  Value group =
      arith::ShRUIOp::create(rewriter, loc, id, i32Const(rewriter, loc, 2));
  Value scaledT = arith::ShLIOp::create(
      rewriter, loc,
      arith::AndIOp::create(rewriter, loc, id, i32Const(rewriter, loc, 3)),
      i32Const(rewriter, loc, llvm::Log2_32(scale)));
  return {id, group, scaledT};
}

/// `ptr + (colMajor ? col * stride + row : row * stride + col)` elements.
Value elementAddress(ConversionPatternRewriter &rewriter, Location loc,
                     Type elementType, Value ptr, Value stride, bool colMajor,
                     Value row, Value col) {
  Value major = colMajor ? col : row, minor = colMajor ? row : col;
  Value offset = arith::AddIOp::create(
      rewriter, loc, arith::MulIOp::create(rewriter, loc, major, stride),
      minor);
  return LLVM::GEPOp::create(rewriter, loc, ptr.getType(), elementType, ptr,
                             ValueRange{offset});
}

/// Calls `body(reg, half, address)` for every element a lane holds.
void forEachElement(ConversionPatternRewriter &rewriter, Location loc,
                    MmaFragmentType type, LLVM::LLVMStructType structType,
                    Value ptr, Value stride, bool colMajor,
                    function_ref<void(int, int, Value)> body) {
  Lane lane = getLane(rewriter, loc, getElementPlace(type, 0, 0).tScale);
  auto vector = dyn_cast<VectorType>(structType.getBody().front());
  int halves = vector ? vector.getNumElements() : 1;
  for (int reg = 0, e = structType.getBody().size(); reg < e; ++reg)
    for (int half = 0; half < halves; ++half) {
      ElementPlace place = getElementPlace(type, reg, half);
      Value x = place.rowIsGroup ? lane.group : lane.scaledT;
      Value y = place.rowIsGroup ? lane.scaledT : lane.group;
      Value row = arith::AddIOp::create(
          rewriter, loc, x, i32Const(rewriter, loc, place.rowOffset));
      Value col = arith::AddIOp::create(
          rewriter, loc, y, i32Const(rewriter, loc, place.colOffset));
      body(reg, half,
           elementAddress(rewriter, loc, type.getElementType(), ptr, stride,
                          colMajor, row, col));
    }
}

unsigned elementBytes(Type type) {
  return (type.getIntOrFloatBitWidth() + 7) / 8;
}

/// `((address | pitch) & (bytes - 1)) == 0`: whether the tile at `ptr`,
/// with rows `stride` elements apart, is aligned to `bytes` in every row
/// (the same for all lanes).
Value isTileAligned(ConversionPatternRewriter &rewriter, Location loc,
                    Value ptr, Value stride, Type elementType, int64_t bytes) {
  Value address =
      LLVM::PtrToIntOp::create(rewriter, loc, rewriter.getI64Type(), ptr);
  Value pitch = arith::ExtUIOp::create(
      rewriter, loc, rewriter.getI64Type(),
      arith::MulIOp::create(
          rewriter, loc, stride,
          i32Const(rewriter, loc, elementBytes(elementType))));
  Value low = arith::AndIOp::create(
      rewriter, loc, arith::OrIOp::create(rewriter, loc, address, pitch),
      arith::ConstantOp::create(rewriter, loc,
                                rewriter.getI64IntegerAttr(bytes - 1)));
  return arith::CmpIOp::create(
      rewriter, loc, arith::CmpIPredicate::eq, low,
      arith::ConstantOp::create(rewriter, loc, rewriter.getI64IntegerAttr(0)));
}

/// The tile address of kgpu.mma_load/store: local memory stays in space 3,
/// everything else is a kernel buffer, so global (space 1: ld/st.global).
std::pair<Value, Value> tileAddress(ConversionPatternRewriter &rewriter,
                                    Location loc, Value memref,
                                    ValueRange indices, Value leadDim) {
  auto [ptr, stride] =
      addressAndStride(rewriter, loc, memref, indices, leadDim);
  if (!isLocalMemRef(memref.getType()))
    ptr = LLVM::AddrSpaceCastOp::create(
        rewriter, loc, LLVM::LLVMPointerType::get(rewriter.getContext(), 1),
        ptr);
  return {ptr, stride};
}

/// Each lane loads its own elements.
Value loadElements(ConversionPatternRewriter &rewriter, Location loc,
                   MmaFragmentType type, LLVM::LLVMStructType structType,
                   Value ptr, Value stride, bool colMajor) {
  Type elementType = type.getElementType();
  Value result = LLVM::UndefOp::create(rewriter, loc, structType);
  auto vector = dyn_cast<VectorType>(structType.getBody().front());
  SmallVector<Value> regs(structType.getBody().size());
  for (unsigned i = 0; i < regs.size(); ++i)
    regs[i] =
        vector ? (Value)LLVM::UndefOp::create(rewriter, loc, vector) : Value();
  forEachElement(
      rewriter, loc, type, structType, ptr, stride, colMajor,
      [&](int reg, int half, Value address) {
        Value v = LLVM::LoadOp::create(rewriter, loc, elementType, address,
                                       elementBytes(elementType));
        if (vector)
          regs[reg] = LLVM::InsertElementOp::create(
              rewriter, loc, regs[reg], v, i32Const(rewriter, loc, half));
        else
          regs[reg] = v;
      });
  for (unsigned i = 0; i < regs.size(); ++i)
    result = LLVM::InsertValueOp::create(rewriter, loc, result, regs[i], i);
  return result;
}

/// The warp loads an `a` (x4) or `b` (x2) fragment from local memory with
/// ldmatrix; `trans` where the memory order is the fragment's transpose.
Value loadWithLdmatrix(ConversionPatternRewriter &rewriter, Location loc,
                       MmaFragmentType type, LLVM::LLVMStructType structType,
                       Value ptr, Value stride, bool colMajor) {
  MLIRContext *ctx = rewriter.getContext();
  bool isA = type.getRole() == MmaRole::A;
  Value l = NVVM::LaneIdOp::create(rewriter, loc, rewriter.getI32Type());
  auto c = [&](int64_t v) { return i32Const(rewriter, loc, v); };
  auto andI = [&](Value a, int64_t m) {
    return (Value)arith::AndIOp::create(rewriter, loc, a, c(m));
  };
  auto shr = [&](Value a, int64_t s) {
    return (Value)arith::ShRUIOp::create(rewriter, loc, a, c(s));
  };
  auto shl = [&](Value a, int64_t s) {
    return (Value)arith::ShLIOp::create(rewriter, loc, a, c(s));
  };
  // The (stored row, stored column) whose address this lane supplies: lanes
  // 8q..8q+7 give the rows of 8x8 b16 matrix q, a row of 16 bytes: 8
  // elements of 16 bits, 16 of 8 bits (log2 `colShift`).
  int colShift = llvm::Log2_32(16 / elementBytes(type.getElementType()));
  Value row, col;
  bool trans;
  if (isA && !colMajor) { // a row-major: matrices (rows, cols) 00 10 01 11
    row = andI(l, 15);
    col = shl(shr(l, 4), colShift);
    trans = false;
  } else if (isA) { // a column-major (16-bit): stored rows are k, columns m
    Value q = shr(l, 3);
    row = arith::AddIOp::create(rewriter, loc, shl(shr(q, 1), 3), andI(l, 7));
    col = shl(andI(q, 1), 3);
    trans = true;
  } else if (!colMajor) { // b row-major (16-bit): stored rows are k
    row = andI(l, 15);
    col = c(0);
    trans = true;
  } else { // b column-major: stored rows are n, columns k
    row = andI(l, 7);
    col = shl(andI(shr(l, 3), 1), colShift);
    trans = false;
  }
  Value major = arith::MulIOp::create(rewriter, loc, row, stride);
  Value offset = arith::AddIOp::create(rewriter, loc, major, col);
  Value address =
      LLVM::GEPOp::create(rewriter, loc, ptr.getType(), type.getElementType(),
                          ptr, ValueRange{offset});
  unsigned count = structType.getBody().size();
  auto i32 = rewriter.getI32Type();
  // One matrix (x1) is one i32, more a struct of them.
  Type resultType = count == 1 ? (Type)i32
                               : LLVM::LLVMStructType::getLiteral(
                                     ctx, SmallVector<Type>(count, i32));
  Value loaded = NVVM::LdMatrixOp::create(
      rewriter, loc, resultType, address, rewriter.getI32IntegerAttr(count),
      NVVM::MMALayoutAttr::get(ctx, trans ? NVVM::MMALayout::col
                                          : NVVM::MMALayout::row),
      NVVM::LdStMatrixShapeAttr::get(ctx, 8, 8),
      NVVM::LdStMatrixEltTypeAttr::get(ctx, NVVM::LdStMatrixEltType::B16));
  Value result = LLVM::UndefOp::create(rewriter, loc, structType);
  for (unsigned i = 0; i < count; ++i) {
    Value reg = count == 1
                    ? loaded
                    : LLVM::ExtractValueOp::create(rewriter, loc, loaded, i);
    reg = LLVM::BitcastOp::create(rewriter, loc, structType.getBody()[i], reg);
    result = LLVM::InsertValueOp::create(rewriter, loc, result, reg, i);
  }
  return result;
}

struct MmaSyncLoadLowering : OpConversionPattern<MmaLoadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(MmaLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MmaFragmentType type = op.getType();
    if (!isMmaSyncFragment(type))
      return rewriter.notifyMatchFailure(op, "not an mma.sync fragment");
    auto structType = cast<LLVM::LLVMStructType>(convertMmaSyncFragment(type));
    Location loc = op.getLoc();
    auto [ptr, stride] =
        tileAddress(rewriter, loc, adaptor.getMemref(), adaptor.getIndices(),
                    adaptor.getLeadDim());
    bool colMajor = op.getColMajor();
    bool local = isLocalMemRef(op.getMemref().getType());
    // ldmatrix transposes 16-bit elements only: an 8-bit `a` column-major
    // or `b` row-major is loaded element by element.
    bool transposed = colMajor == (type.getRole() == MmaRole::A);
    bool byteElements = type.getElementType().getIntOrFloatBitWidth() == 8;
    if (!local || type.getRole() == MmaRole::Acc ||
        (transposed && byteElements)) {
      rewriter.replaceOp(op, loadElements(rewriter, loc, type, structType, ptr,
                                          stride, colMajor));
      return success();
    }
    // ldmatrix needs every row address 16-byte aligned: the tile's address
    // and its row pitch (the same for all lanes).
    Value aligned =
        isTileAligned(rewriter, loc, ptr, stride, type.getElementType(), 16);
    auto ifOp = scf::IfOp::create(rewriter, loc, TypeRange{structType}, aligned,
                                  /*withElseRegion=*/true);
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(ifOp.thenBlock());
      scf::YieldOp::create(rewriter, loc,
                           loadWithLdmatrix(rewriter, loc, type, structType,
                                            ptr, stride, colMajor));
      rewriter.setInsertionPointToStart(ifOp.elseBlock());
      scf::YieldOp::create(
          rewriter, loc,
          loadElements(rewriter, loc, type, structType, ptr, stride, colMajor));
    }
    rewriter.replaceOp(op, ifOp.getResults());
    return success();
  }
};

struct MmaSyncComputeLowering : OpConversionPattern<MmaComputeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(MmaComputeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MmaFragmentType a = op.getA().getType(), c = op.getC().getType();
    if (!isMmaSyncFragment(a) || !isMmaSyncFragment(c))
      return rewriter.notifyMatchFailure(op, "not an mma.sync fragment");
    Location loc = op.getLoc();
    Type element = a.getElementType();
    bool f16 = element.isF16();
    auto operands = [&](Value v) {
      SmallVector<Value> regs = unpack(rewriter, loc, v);
      if (!f16) // PTX takes bf16 pairs and s8 quads as .b32 registers
        for (Value &reg : regs)
          reg = LLVM::BitcastOp::create(rewriter, loc, rewriter.getI32Type(),
                                        reg);
      return regs;
    };
    NVVM::MMATypes input = getNVVMType(element);
    // kgpu's i8 products are signed, their sums wrap (as on the CPU and
    // Vulkan); PTX's default for integers is .satfinite.
    std::optional<NVVM::MMAIntOverflow> overflow;
    if (element.isSignlessInteger(8))
      overflow = NVVM::MMAIntOverflow::wrapped;
    Type resultType = convertMmaSyncFragment(c);
    rewriter.replaceOpWithNewOp<NVVM::MmaOp>(
        op, resultType, operands(adaptor.getA()), operands(adaptor.getB()),
        unpack(rewriter, loc, adaptor.getC()),
        ArrayRef<int64_t>{a.getM(), a.getN(), a.getK()}, std::nullopt, overflow,
        std::array<NVVM::MMATypes, 2>{input, input},
        std::array<NVVM::MMALayout, 2>{NVVM::MMALayout::row,
                                       NVVM::MMALayout::col});
    return success();
  }
};

/// Each lane stores its own elements, one by one.
void storeElements(ConversionPatternRewriter &rewriter, Location loc,
                   MmaFragmentType type, LLVM::LLVMStructType structType,
                   ArrayRef<Value> regs, Value ptr, Value stride,
                   bool colMajor) {
  Type elementType = type.getElementType();
  forEachElement(rewriter, loc, type, structType, ptr, stride, colMajor,
                 [&](int reg, int half, Value address) {
                   Value v = regs[reg];
                   if (isa<VectorType>(v.getType()))
                     v = LLVM::ExtractElementOp::create(
                         rewriter, loc, v, i32Const(rewriter, loc, half));
                   LLVM::StoreOp::create(rewriter, loc, v, address,
                                         elementBytes(elementType));
                 });
}

/// Each lane stores its row-major accumulator elements as pairs (the two
/// columns 2t and 2t + 1 of a row are adjacent): st.v2.f32 / st.b32.
void storePairs(ConversionPatternRewriter &rewriter, Location loc,
                MmaFragmentType type, LLVM::LLVMStructType structType,
                ArrayRef<Value> regs, Value ptr, Value stride) {
  Type elementType = type.getElementType();
  auto pairType = VectorType::get({2}, elementType);
  unsigned align = 2 * elementBytes(elementType);
  Lane lane = getLane(rewriter, loc, 2);
  bool scalars = !isa<VectorType>(structType.getBody().front());
  unsigned pairs = scalars ? regs.size() / 2 : regs.size();
  for (unsigned p = 0; p < pairs; ++p) {
    Value pair;
    if (scalars) {
      pair = LLVM::UndefOp::create(rewriter, loc, pairType);
      for (int h = 0; h < 2; ++h)
        pair = LLVM::InsertElementOp::create(
            rewriter, loc, pair, regs[2 * p + h], i32Const(rewriter, loc, h));
    } else {
      pair = regs[p];
    }
    ElementPlace place = getElementPlace(type, scalars ? 2 * p : p, 0);
    Value row = arith::AddIOp::create(rewriter, loc, lane.group,
                                      i32Const(rewriter, loc, place.rowOffset));
    Value col = arith::AddIOp::create(rewriter, loc, lane.scaledT,
                                      i32Const(rewriter, loc, place.colOffset));
    Value address = elementAddress(rewriter, loc, elementType, ptr, stride,
                                   /*colMajor=*/false, row, col);
    LLVM::StoreOp::create(rewriter, loc, pair, address, align);
  }
}

struct MmaSyncStoreLowering : OpConversionPattern<MmaStoreOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(MmaStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MmaFragmentType type = op.getValue().getType();
    if (!isMmaSyncFragment(type))
      return rewriter.notifyMatchFailure(op, "not an mma.sync fragment");
    auto structType = cast<LLVM::LLVMStructType>(convertMmaSyncFragment(type));
    Location loc = op.getLoc();
    auto [ptr, stride] =
        tileAddress(rewriter, loc, adaptor.getMemref(), adaptor.getIndices(),
                    adaptor.getLeadDim());
    SmallVector<Value> regs = unpack(rewriter, loc, adaptor.getValue());
    if (op.getColMajor()) {
      storeElements(rewriter, loc, type, structType, regs, ptr, stride,
                    /*colMajor=*/true);
      rewriter.eraseOp(op);
      return success();
    }
    // Pairs where every row of the tile is aligned to a pair (checked at
    // run time, once per store; it folds where LLVM can prove it).
    Type elementType = type.getElementType();
    Value aligned = isTileAligned(rewriter, loc, ptr, stride, elementType,
                                  2 * elementBytes(elementType));
    auto ifOp = scf::IfOp::create(rewriter, loc, TypeRange{}, aligned,
                                  /*withElseRegion=*/true);
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPoint(ifOp.thenBlock()->getTerminator());
      storePairs(rewriter, loc, type, structType, regs, ptr, stride);
      rewriter.setInsertionPoint(ifOp.elseBlock()->getTerminator());
      storeElements(rewriter, loc, type, structType, regs, ptr, stride,
                    /*colMajor=*/false);
    }
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void nvvm_mma::populateMmaSyncPatterns(const TypeConverter &converter,
                                       RewritePatternSet &patterns) {
  patterns
      .add<MmaSyncLoadLowering, MmaSyncComputeLowering, MmaSyncStoreLowering>(
          converter, patterns.getContext());
}
