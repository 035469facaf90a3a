//===- KgpuOps.cpp - kgpu operations ----------------------------*- C++ -*-===//
//
// Verifiers, custom assembly, builders and folders of the kgpu operations.
//
//===----------------------------------------------------------------------===//

#include "kgpu/Dialect/Kgpu/IR/KgpuDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/APSInt.h"

using namespace mlir;
using namespace mlir::kgpu;

//===----------------------------------------------------------------------===//
// Traits
//===----------------------------------------------------------------------===//

LogicalResult mlir::kgpu::OpTrait::verifyNotInParallelFor(Operation *op) {
  if (op->getParentOfType<ParallelForOp>())
    return op->emitOpError("cannot be used inside a 'kgpu.parallel_for': its "
                           "iterations are not work-items");
  return success();
}

//===----------------------------------------------------------------------===//
// Shared checks
//===----------------------------------------------------------------------===//

/// The number of indices must equal the memref's rank.
static LogicalResult verifyIndexCount(Operation *op, MemRefType type,
                                      size_t numIndices) {
  if (static_cast<int64_t>(numIndices) != type.getRank())
    return op->emitOpError("expects ") << type.getRank() << " indices for "
                                       << type << ", got " << numIndices;
  return success();
}

/// Atomics, reductions and tensor-core loads/stores work on global or local
/// memory, never on private memory.
static LogicalResult verifySharedMemory(Operation *op, Value memref) {
  Type type = memref.getType();
  if (!isGlobalMemRef(type) && !isLocalMemRef(type))
    return op->emitOpError("needs a memref in global memory (default memory "
                           "space) or local memory (memory space 3), got ")
           << type;
  if (memref.getDefiningOp<memref::AllocaOp>())
    return op->emitOpError("cannot operate on private memory (memref.alloca)");
  return success();
}

static LogicalResult verifyReductionKind(Operation *op, ReductionKind kind,
                                         Type type) {
  if (!isValidReductionKind(kind, type))
    return op->emitOpError("reduction '")
           << stringifyReductionKind(kind) << "' is not defined for " << type
           << "; it needs an integer";
  return success();
}

//===----------------------------------------------------------------------===//
// Work-item ids and sizes: value ranges
//===----------------------------------------------------------------------===//

namespace {
/// The most work-groups of a launch per dimension (the runtime's grid is
/// uint32_t).
constexpr uint64_t kMaxGroups = 0xffffffffu;

/// The bounds of the work-group size in `dim` of the kernel `op` is in:
/// exactly its fixed size, or 1 to 1024.
std::pair<uint64_t, uint64_t> getLocalSizeBounds(Operation *op, Dimension dim) {
  uint64_t max = KgpuDialect::kMaxWorkgroupItems;
  if (auto func = op->getParentOfType<FunctionOpInterface>())
    if (std::optional<std::array<int32_t, 3>> fixed =
            getFixedKernelWorkgroupSize(func)) {
      uint64_t size = (*fixed)[static_cast<unsigned>(dim)];
      return {size, size};
    }
  return {1, max};
}

/// Sets the range of `result` (an index) to [min, max], both non-negative.
void setRange(Value result, uint64_t min, uint64_t max,
              SetIntRangeFn setResultRange) {
  unsigned width = ConstantIntRanges::getStorageBitwidth(result.getType());
  setResultRange(result, ConstantIntRanges::fromUnsigned(APInt(width, min),
                                                         APInt(width, max)));
}
} // namespace

void GlobalIdOp::inferResultRanges(ArrayRef<ConstantIntRanges>,
                                   SetIntRangeFn setResultRange) {
  auto [minSize, maxSize] = getLocalSizeBounds(*this, getDimension());
  (void)minSize;
  setRange(getResult(), 0, kMaxGroups * maxSize - 1, setResultRange);
}

void LocalIdOp::inferResultRanges(ArrayRef<ConstantIntRanges>,
                                  SetIntRangeFn setResultRange) {
  auto [minSize, maxSize] = getLocalSizeBounds(*this, getDimension());
  (void)minSize;
  setRange(getResult(), 0, maxSize - 1, setResultRange);
}

void GroupIdOp::inferResultRanges(ArrayRef<ConstantIntRanges>,
                                  SetIntRangeFn setResultRange) {
  setRange(getResult(), 0, kMaxGroups - 1, setResultRange);
}

void GlobalSizeOp::inferResultRanges(ArrayRef<ConstantIntRanges>,
                                     SetIntRangeFn setResultRange) {
  auto [minSize, maxSize] = getLocalSizeBounds(*this, getDimension());
  setRange(getResult(), minSize, kMaxGroups * maxSize, setResultRange);
}

void LocalSizeOp::inferResultRanges(ArrayRef<ConstantIntRanges>,
                                    SetIntRangeFn setResultRange) {
  auto [minSize, maxSize] = getLocalSizeBounds(*this, getDimension());
  setRange(getResult(), minSize, maxSize, setResultRange);
}

void NumGroupsOp::inferResultRanges(ArrayRef<ConstantIntRanges>,
                                    SetIntRangeFn setResultRange) {
  setRange(getResult(), 1, kMaxGroups, setResultRange);
}

//===----------------------------------------------------------------------===//
// ParallelForOp
//===----------------------------------------------------------------------===//

SmallVector<Region *> ParallelForOp::getLoopRegions() { return {&getBody()}; }

std::optional<SmallVector<Value>> ParallelForOp::getLoopInductionVars() {
  Block::BlockArgListType ivs = getInductionVars();
  return SmallVector<Value>(ivs.begin(), ivs.end());
}

std::optional<SmallVector<OpFoldResult>> ParallelForOp::getLoopLowerBounds() {
  return getAsOpFoldResult(getLowerBound());
}

std::optional<SmallVector<OpFoldResult>> ParallelForOp::getLoopUpperBounds() {
  return getAsOpFoldResult(getUpperBound());
}

std::optional<SmallVector<OpFoldResult>> ParallelForOp::getLoopSteps() {
  return getAsOpFoldResult(getStep());
}

void ParallelForOp::build(OpBuilder &builder, OperationState &result,
                          ValueRange lowerBounds, ValueRange upperBounds,
                          ValueRange steps) {
  result.addOperands(lowerBounds);
  result.addOperands(upperBounds);
  result.addOperands(steps);
  result.getOrAddProperties<Properties>().operandSegmentSizes = {
      static_cast<int32_t>(lowerBounds.size()),
      static_cast<int32_t>(upperBounds.size()),
      static_cast<int32_t>(steps.size())};
  Region *body = result.addRegion();
  Block *block = new Block();
  body->push_back(block);
  for (size_t i = 0, e = lowerBounds.size(); i < e; ++i)
    block->addArgument(builder.getIndexType(), result.location);
  ensureTerminator(*body, builder, result.location);
}

ParseResult ParallelForOp::parse(OpAsmParser &parser, OperationState &result) {
  Builder &builder = parser.getBuilder();
  Type indexType = builder.getIndexType();
  SmallVector<OpAsmParser::Argument, 3> ivs;
  if (parser.parseArgumentList(ivs, OpAsmParser::Delimiter::Paren,
                               /*allowType=*/false))
    return failure();
  int n = static_cast<int>(ivs.size());
  SmallVector<OpAsmParser::UnresolvedOperand, 3> lbs, ubs, steps;
  if (parser.parseEqual() ||
      parser.parseOperandList(lbs, n, OpAsmParser::Delimiter::Paren) ||
      parser.resolveOperands(lbs, indexType, result.operands) ||
      parser.parseKeyword("to") ||
      parser.parseOperandList(ubs, n, OpAsmParser::Delimiter::Paren) ||
      parser.resolveOperands(ubs, indexType, result.operands) ||
      parser.parseKeyword("step") ||
      parser.parseOperandList(steps, n, OpAsmParser::Delimiter::Paren) ||
      parser.resolveOperands(steps, indexType, result.operands))
    return failure();
  for (OpAsmParser::Argument &iv : ivs)
    iv.type = indexType;
  Region *body = result.addRegion();
  if (parser.parseRegion(*body, ivs))
    return failure();
  ensureTerminator(*body, builder, result.location);
  if (parser.parseOptionalAttrDict(result.attributes))
    return failure();
  result.addAttribute("operandSegmentSizes",
                      builder.getDenseI32ArrayAttr({n, n, n}));
  return success();
}

void ParallelForOp::print(OpAsmPrinter &p) {
  p << " (" << getInductionVars() << ") = (" << getLowerBound() << ") to ("
    << getUpperBound() << ") step (" << getStep() << ") ";
  p.printRegion(getBody(), /*printEntryBlockArgs=*/false,
                /*printBlockTerminators=*/false);
  p.printOptionalAttrDict((*this)->getAttrs(),
                          /*elidedAttrs=*/{"operandSegmentSizes"});
}

LogicalResult ParallelForOp::verify() {
  unsigned n = getLowerBound().size();
  if (n < 1 || n > 3)
    return emitOpError("expects 1 to 3 dimensions, got ") << n;
  if (getUpperBound().size() != n || getStep().size() != n)
    return emitOpError("expects as many upper bounds and steps as lower "
                       "bounds (")
           << n << "), got " << getUpperBound().size() << " and "
           << getStep().size();
  Block &body = getBody().front();
  if (body.getNumArguments() != n)
    return emitOpError("expects ")
           << n << " induction variables, got " << body.getNumArguments();
  for (BlockArgument arg : body.getArguments())
    if (!arg.getType().isIndex())
      return emitOpError("induction variables must be of index type, got ")
             << arg.getType();
  for (Value step : getStep()) {
    APInt value;
    if (matchPattern(step, m_ConstantInt(&value)) &&
        !value.isStrictlyPositive())
      return emitOpError("steps must be positive, got ")
             << value.getSExtValue();
  }
  unsigned depth = n;
  for (auto parent = (*this)->getParentOfType<ParallelForOp>(); parent;
       parent = parent->getParentOfType<ParallelForOp>())
    depth += parent.getNumDims();
  if (depth > 3)
    return emitOpError("nests parallel loops ")
           << depth << " dimensions deep; at most 3 are allowed";
  return success();
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

LogicalResult ReduceOp::verify() {
  if (!(*this)->getParentOfType<ParallelForOp>())
    return emitOpError("must be inside a 'kgpu.parallel_for'");
  if (failed(verifyIndexCount(*this, getOutput().getType(),
                              getIndices().size())) ||
      failed(verifySharedMemory(*this, getOutput())))
    return failure();
  return verifyReductionKind(*this, getKind(), getValue().getType());
}

LogicalResult GroupReduceOp::verify() {
  return verifyReductionKind(*this, getKind(), getValue().getType());
}

LogicalResult SubgroupReduceOp::verify() {
  return verifyReductionKind(*this, getKind(), getValue().getType());
}

//===----------------------------------------------------------------------===//
// AllocLocalOp
//===----------------------------------------------------------------------===//

LogicalResult AllocLocalOp::verify() {
  MemRefType type = getResult().getType();
  if (!type.hasStaticShape())
    return emitOpError("needs a static shape; local memory of dynamic size "
                       "is not supported, got ")
           << type;
  if (!isLocalMemRef(type))
    return emitOpError("must allocate in local memory (memory space ")
           << KgpuDialect::kLocalMemorySpace << "), got " << type;
  if (!type.getLayout().isIdentity())
    return emitOpError("needs the identity layout, got ") << type;
  if (!type.getElementType().isIntOrFloat())
    return emitOpError("needs integer or float elements, got ")
           << type.getElementType();
  if (!isInKernelFunction(*this))
    return emitOpError("is only allowed in a kernel function, not in a "
                       "device function");
  return success();
}

//===----------------------------------------------------------------------===//
// Warp-group MMA
//===----------------------------------------------------------------------===//

LogicalResult WgmmaFillOp::verify() {
  Type elementType = getResult().getType().getElementType();
  if (getValue().getType() != elementType)
    return emitOpError("fill value of type ")
           << getValue().getType() << " does not match the accumulator "
           << "element type " << elementType;
  return success();
}

/// A descriptor byte offset: a multiple of 16 that fits 14 bits after >> 4.
static LogicalResult verifyWgmmaOffset(Operation *op, StringRef name,
                                       int64_t bytes) {
  if (bytes % 16 != 0 || bytes >= (int64_t(1) << 18))
    return op->emitOpError("'")
           << name << "' must be a multiple of 16 bytes below 262144, got "
           << bytes;
  return success();
}

LogicalResult WgmmaOp::verify() {
  for (auto [name, value] : {std::pair<StringRef, Value>{"A", getA()},
                             std::pair<StringRef, Value>{"B", getB()}}) {
    auto type = cast<MemRefType>(value.getType());
    if (!isLocalMemRef(type))
      return emitOpError("reads ")
             << name << " from local memory (memory space "
             << KgpuDialect::kLocalMemorySpace << "), got " << type;
    if (!type.getLayout().isIdentity())
      return emitOpError("needs the identity layout for ")
             << name << ", got " << type;
  }
  Type aElement = getA().getType().getElementType();
  if (aElement != getB().getType().getElementType())
    return emitOpError("needs A and B of one element type, got ")
           << aElement << " and " << getB().getType().getElementType();
  if (failed(verifyWgmmaOffset(*this, "stride", getAStride())) ||
      failed(verifyWgmmaOffset(*this, "stride", getBStride())) ||
      (getBLead() && failed(verifyWgmmaOffset(*this, "lead", *getBLead()))))
    return failure();
  return success();
}

LogicalResult WgmmaStoreOp::verify() {
  auto type = cast<MemRefType>(getMemref().getType());
  Type elementType = getValue().getType().getElementType();
  if (type.getElementType() != elementType)
    return emitOpError("memref element type ")
           << type.getElementType()
           << " does not match the accumulator element type " << elementType;
  if (type.getRank() != 1 && type.getRank() != 2)
    return emitOpError("needs a 1-D or 2-D memref, got ") << type;
  if (failed(verifyIndexCount(*this, type, getIndices().size())) ||
      failed(verifySharedMemory(*this, getMemref())))
    return failure();
  if (type.getRank() == 1 && !getLeadDim())
    return emitOpError("needs 'lead_dim' (the distance between rows) with a "
                       "1-D memref");
  if (type.getRank() == 2 && getLeadDim())
    return emitOpError("takes no 'lead_dim' with a 2-D memref: the row "
                       "stride of the memref is the leading dimension");
  APInt value;
  if (getLeadDim() && matchPattern(getLeadDim(), m_ConstantInt(&value)) &&
      !value.isStrictlyPositive())
    return emitOpError("'lead_dim' must be positive, got ")
           << value.getSExtValue();
  return success();
}

//===----------------------------------------------------------------------===//
// Atomics
//===----------------------------------------------------------------------===//

LogicalResult AtomicRMWOp::verify() {
  if (failed(verifyIndexCount(*this, getMemref().getType(),
                              getIndices().size())) ||
      failed(verifySharedMemory(*this, getMemref())))
    return failure();
  Type type = getValue().getType();
  switch (getKind()) {
  case AtomicKind::UMin:
  case AtomicKind::UMax:
  case AtomicKind::And:
  case AtomicKind::Or:
  case AtomicKind::Xor:
    if (!type.isSignlessInteger())
      return emitOpError("atomic '")
             << stringifyAtomicKind(getKind()) << "' is not defined for "
             << type << "; it needs an integer";
    break;
  default:
    break;
  }
  return success();
}

LogicalResult AtomicCASOp::verify() {
  if (failed(
          verifyIndexCount(*this, getMemref().getType(), getIndices().size())))
    return failure();
  return verifySharedMemory(*this, getMemref());
}

//===----------------------------------------------------------------------===//
// Tensor cores
//===----------------------------------------------------------------------===//

LogicalResult MmaFillOp::verify() {
  Type elementType = getResult().getType().getElementType();
  if (getValue().getType() != elementType)
    return emitOpError("fill value of type ")
           << getValue().getType() << " does not match the fragment element "
           << "type " << elementType;
  return success();
}

/// Checks the memory operand of mma_load/mma_store.
static LogicalResult verifyMmaMemory(Operation *op, Value memref,
                                     size_t numIndices, Value leadDim,
                                     MmaFragmentType fragment) {
  auto type = cast<MemRefType>(memref.getType());
  if (type.getElementType() != fragment.getElementType())
    return op->emitOpError("memref element type ")
           << type.getElementType() << " does not match the fragment element "
           << "type " << fragment.getElementType();
  if (type.getRank() != 1 && type.getRank() != 2)
    return op->emitOpError("needs a 1-D or 2-D memref, got ") << type;
  if (failed(verifyIndexCount(op, type, numIndices)) ||
      failed(verifySharedMemory(op, memref)))
    return failure();
  if (type.getRank() == 1 && !leadDim)
    return op->emitOpError("needs 'lead_dim' (the distance between rows) "
                           "with a 1-D memref");
  if (type.getRank() == 2 && leadDim)
    return op->emitOpError("takes no 'lead_dim' with a 2-D memref: the row "
                           "stride of the memref is the leading dimension");
  APInt value;
  if (leadDim && matchPattern(leadDim, m_ConstantInt(&value)) &&
      !value.isStrictlyPositive())
    return op->emitOpError("'lead_dim' must be positive, got ")
           << value.getSExtValue();
  return success();
}

LogicalResult MmaLoadOp::verify() {
  return verifyMmaMemory(*this, getMemref(), getIndices().size(), getLeadDim(),
                         getResult().getType());
}

LogicalResult MmaStoreOp::verify() {
  MmaFragmentType type = getValue().getType();
  if (type.getRole() != MmaRole::Acc)
    return emitOpError("stores only 'acc' fragments, got ") << type;
  return verifyMmaMemory(*this, getMemref(), getIndices().size(), getLeadDim(),
                         type);
}

LogicalResult MmaComputeOp::verify() {
  MmaFragmentType a = getA().getType(), b = getB().getType(),
                  c = getC().getType();
  if (a.getRole() != MmaRole::A || b.getRole() != MmaRole::B ||
      c.getRole() != MmaRole::Acc)
    return emitOpError("expects fragments with roles 'a', 'b' and 'acc', got '")
           << stringifyMmaRole(a.getRole()) << "', '"
           << stringifyMmaRole(b.getRole()) << "' and '"
           << stringifyMmaRole(c.getRole()) << "'";
  if (a.getShape() != b.getShape() || a.getShape() != c.getShape())
    return emitOpError("fragments have different shapes: ")
           << stringifyMmaShape(a.getShape()) << ", "
           << stringifyMmaShape(b.getShape()) << " and "
           << stringifyMmaShape(c.getShape());
  if (a.getElementType() != b.getElementType())
    return emitOpError("'a' and 'b' element types differ: ")
           << a.getElementType() << " and " << b.getElementType();
  if (!MmaFragmentType::isValidCombination(a.getShape(), a.getElementType(),
                                           c.getElementType()))
    return emitOpError("no tensor core accumulates ")
           << a.getElementType() << " products into " << c.getElementType()
           << " with " << stringifyMmaShape(a.getShape());
  return success();
}

LogicalResult AsyncCopyOp::verify() {
  MemRefType src = getSrc().getType(), dst = getDst().getType();
  if (!isGlobalMemRef(src))
    return emitOpError("copies from global memory (the default memory "
                       "space), got ")
           << src;
  if (!isLocalMemRef(dst))
    return emitOpError("copies to local memory (memory space ")
           << KgpuDialect::kLocalMemorySpace << "), got " << dst;
  if (src.getElementType() != dst.getElementType())
    return emitOpError("source and destination element types differ: ")
           << src.getElementType() << " and " << dst.getElementType();
  if (!src.getElementType().isIntOrFloat())
    return emitOpError("needs integer or float elements, got ")
           << src.getElementType();
  if (failed(verifyIndexCount(*this, src, getSrcIndices().size())) ||
      failed(verifyIndexCount(*this, dst, getDstIndices().size())))
    return failure();
  int64_t bytes = getByteCount();
  if (bytes != 4 && bytes != 8 && bytes != 16)
    return emitOpError("copies 4, 8 or 16 bytes, got ")
           << getCount() << " x " << src.getElementType() << " (" << bytes
           << " bytes)";
  return success();
}

//===----------------------------------------------------------------------===//
// Exact semantics
//===----------------------------------------------------------------------===//

LogicalResult FPToSISatOp::verify() {
  if (getOut().getType().getIntOrFloatBitWidth() < 8)
    return emitOpError("needs an integer result of at least 8 bits, got ")
           << getOut().getType();
  return success();
}

#define GET_OP_CLASSES
#include "kgpu/Dialect/Kgpu/IR/KgpuOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Folders of the exact-semantics ops (Java's results for constant operands)
//===----------------------------------------------------------------------===//

Operation *KgpuDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                            Type type, Location loc) {
  if (auto typed = dyn_cast<TypedAttr>(value))
    if (arith::ConstantOp::isBuildableWith(typed, type))
      return arith::ConstantOp::create(builder, loc, type, typed);
  return nullptr;
}

OpFoldResult FPToSISatOp::fold(FoldAdaptor adaptor) {
  auto in = dyn_cast_if_present<FloatAttr>(adaptor.getIn());
  if (!in)
    return {};
  Type type = getOut().getType();
  unsigned width = type.getIntOrFloatBitWidth();
  const APFloat &value = in.getValue();
  if (value.isNaN())
    return IntegerAttr::get(type, APInt::getZero(width));
  // Rounds toward zero; out of range (and ±inf) saturates to MIN or MAX.
  APSInt result(width, /*isUnsigned=*/false);
  bool isExact = false;
  (void)value.convertToInteger(result, APFloat::rmTowardZero, &isExact);
  return IntegerAttr::get(type, result);
}

OpFoldResult JvmMinOp::fold(FoldAdaptor adaptor) {
  auto lhs = dyn_cast_if_present<FloatAttr>(adaptor.getLhs());
  auto rhs = dyn_cast_if_present<FloatAttr>(adaptor.getRhs());
  if (!lhs || !rhs)
    return {};
  return FloatAttr::get(getType(),
                        llvm::minimum(lhs.getValue(), rhs.getValue()));
}

OpFoldResult JvmMaxOp::fold(FoldAdaptor adaptor) {
  auto lhs = dyn_cast_if_present<FloatAttr>(adaptor.getLhs());
  auto rhs = dyn_cast_if_present<FloatAttr>(adaptor.getRhs());
  if (!lhs || !rhs)
    return {};
  return FloatAttr::get(getType(),
                        llvm::maximum(lhs.getValue(), rhs.getValue()));
}

/// `lhs / rhs` or `lhs % rhs` with kgpu.int_div/int_rem's results for every
/// input: a zero divisor gives 0 (div) or `lhs` (rem); signed MIN / -1
/// gives MIN (div) or 0 (rem).
static APInt foldIntDivRem(const APInt &lhs, const APInt &rhs, bool isUnsigned,
                           bool isDiv) {
  unsigned width = lhs.getBitWidth();
  if (rhs.isZero())
    return isDiv ? APInt::getZero(width) : lhs;
  if (!isUnsigned && lhs.isMinSignedValue() && rhs.isAllOnes())
    return isDiv ? lhs : APInt::getZero(width);
  if (isDiv)
    return isUnsigned ? lhs.udiv(rhs) : lhs.sdiv(rhs);
  return isUnsigned ? lhs.urem(rhs) : lhs.srem(rhs);
}

template <typename OpTy>
static OpFoldResult foldIntDivRemOp(OpTy op, Attribute lhsAttr,
                                    Attribute rhsAttr, bool isDiv) {
  auto rhs = dyn_cast_if_present<IntegerAttr>(rhsAttr);
  if (!rhs)
    return {};
  // For every x: x / 1 = x, x % 1 = 0, x / 0 = 0, x % 0 = x.
  const APInt &divisor = rhs.getValue();
  if (divisor.isOne() || divisor.isZero()) {
    bool identity = divisor.isOne() == isDiv;
    return identity ? OpFoldResult(op.getLhs())
                    : OpFoldResult(IntegerAttr::get(
                          op.getType(), APInt::getZero(divisor.getBitWidth())));
  }
  auto lhs = dyn_cast_if_present<IntegerAttr>(lhsAttr);
  if (!lhs)
    return {};
  return IntegerAttr::get(
      op.getType(),
      foldIntDivRem(lhs.getValue(), rhs.getValue(), op.getIsUnsigned(), isDiv));
}

OpFoldResult IntDivOp::fold(FoldAdaptor adaptor) {
  return foldIntDivRemOp(*this, adaptor.getLhs(), adaptor.getRhs(),
                         /*isDiv=*/true);
}

OpFoldResult IntRemOp::fold(FoldAdaptor adaptor) {
  return foldIntDivRemOp(*this, adaptor.getLhs(), adaptor.getRhs(),
                         /*isDiv=*/false);
}

OpFoldResult ShiftOp::fold(FoldAdaptor adaptor) {
  auto amount = dyn_cast_if_present<IntegerAttr>(adaptor.getAmount());
  if (!amount)
    return {};
  unsigned width = amount.getValue().getBitWidth();
  // Java masks the count to the low log2(width) bits (width is 32 or 64 for
  // Java; any power of two here, as the lowering's `& (width - 1)`).
  uint64_t count = (amount.getValue() & APInt(width, width - 1)).getZExtValue();
  if (count == 0)
    return getLhs();
  auto lhs = dyn_cast_if_present<IntegerAttr>(adaptor.getLhs());
  if (!lhs)
    return {};
  const APInt &value = lhs.getValue();
  switch (getKind()) {
  case ShiftKind::Shl:
    return IntegerAttr::get(getType(), value.shl(count));
  case ShiftKind::ShrS:
    return IntegerAttr::get(getType(), value.ashr(count));
  case ShiftKind::ShrU:
    return IntegerAttr::get(getType(), value.lshr(count));
  }
  return {};
}
