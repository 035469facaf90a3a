//===- VectorAccess.cpp - 16-byte accesses to kernel buffers --------------===//
//
// kgpu-spirv-vector-access (on the GPU form: groups of four contiguous
// loads or stores of a kernel buffer become vector.load and vector.store),
// the conversion patterns of convert-kgpu-to-spirv that lower them through a
// vector view of the buffer's binding, and kgpu-spirv-alias-views (on the
// spirv.module: the Aliased decoration where a view is written). See the
// pass descriptions in Passes.td for why.
//
//===----------------------------------------------------------------------===//

#include "TrailingZeros.h"
#include "Utils.h"

#include "kgpu/Conversion/KgpuToSPIRV/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/SPIRV/IR/TargetAndABI.h"
#include "mlir/Dialect/SPIRV/Transforms/SPIRVConversion.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/DenseSet.h"

#include <array>

namespace mlir {
namespace kgpu {
#define GEN_PASS_DEF_KGPUSPIRVVECTORACCESS
#define GEN_PASS_DEF_KGPUSPIRVALIASVIEWS
#include "kgpu/Conversion/Passes.h.inc"
} // namespace kgpu
} // namespace mlir

using namespace mlir;
using namespace mlir::kgpu;
using namespace mlir::kgpu::spirv_detail;

/// The attribute kgpu-spirv-vector-access puts on the vector.load and
/// vector.store it makes: whether the kernel writes the buffer (the view is
/// then `aliased`).
static constexpr const char kVectorViewAttrName[] = "__kgpu_vector_view";
/// Elements of a 16-byte access (32-bit elements).
static constexpr unsigned kLanes = 4;

spirv::GlobalVariableOp spirv_detail::getBufferView(OpBuilder &b, Location loc,
                                                    Value buffer,
                                                    VectorType vectorType,
                                                    bool aliased) {
  auto arg = dyn_cast<BlockArgument>(buffer);
  if (!arg || !arg.getOwner()->isEntryBlock())
    return {};
  auto func = dyn_cast<spirv::FuncOp>(arg.getOwner()->getParentOp());
  auto module =
      func ? func->getParentOfType<spirv::ModuleOp>() : spirv::ModuleOp();
  auto ptr = dyn_cast<spirv::PointerType>(buffer.getType());
  if (!module || !ptr ||
      ptr.getStorageClass() != spirv::StorageClass::StorageBuffer)
    return {};
  auto abi = func.getArgAttrOfType<spirv::InterfaceVarABIAttr>(
      arg.getArgNumber(), spirv::getInterfaceVarABIAttrName());
  if (!abi)
    return {};
  uint32_t set = abi.getDescriptorSet(), binding = abi.getBinding();
  std::string name = ("__kgpu_vector_view_" + func.getName() + "_" +
                      Twine(set) + "_" + Twine(binding))
                         .str();
  // The tiles' view (vector<4xi32>) keeps the plain name.
  Type element = vectorType.getElementType();
  if (!element.isInteger(32)) {
    llvm::raw_string_ostream os(name);
    os << "_" << element;
  }
  auto var = module.lookupSymbol<spirv::GlobalVariableOp>(name);
  if (!var) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(module.getBody());
    auto view = spirv::StructType::get(
        {spirv::RuntimeArrayType::get(vectorType, /*stride=*/16)}, {0});
    var = spirv::GlobalVariableOp::create(
        b, loc,
        spirv::PointerType::get(view, spirv::StorageClass::StorageBuffer),
        name, set, binding);
  }
  if (aliased)
    var->setAttr("aliased", b.getUnitAttr());
  return var;
}

namespace {

//===----------------------------------------------------------------------===//
// kgpu-spirv-vector-access
//===----------------------------------------------------------------------===//

/// The base and lane of an index: `b + k` for a constant k from 1 to 3 is
/// (b, k); any other index v is (v, 0).
std::pair<Value, unsigned> splitIndex(Value index) {
  if (auto add = index.getDefiningOp<arith::AddIOp>()) {
    for (unsigned i = 0; i < 2; ++i) {
      APInt k;
      if (matchPattern(add->getOperand(1 - i), m_ConstantInt(&k)) &&
          !k.isZero() && k.ult(kLanes))
        return {add->getOperand(i), unsigned(k.getZExtValue())};
    }
  }
  return {index, 0};
}

/// Four accesses of one kind at base + 0 .. 3, in block order: `first`
/// opened the group, `last` completed it.
struct Group {
  Value base;
  std::array<Operation *, kLanes> lanes = {};
  Operation *first = nullptr;
  Operation *last = nullptr;
};

/// Whether `op` may touch memory (conservatively: anything not provably
/// free of memory effects, including ops with regions that access it).
bool touchesMemory(Operation *op) { return !isMemoryEffectFree(op); }

/// The complete groups of loads (`loads`) or stores of `buffer` in `block`.
/// Loads may have other loads between them, stores only ops that do not
/// touch memory; a store to another place of the buffer closes the open
/// group, as does anything else that touches memory.
SmallVector<Group> findGroups(Block &block, Value buffer, bool loads,
                              TrailingZeros &zeros) {
  SmallVector<Group> done;
  SmallVector<Group> open;
  for (Operation &op : block) {
    Value memref, index;
    if (auto load = dyn_cast<memref::LoadOp>(op); load && loads) {
      memref = load.getMemref();
      index = load.getIndices()[0];
    } else if (auto store = dyn_cast<memref::StoreOp>(op); store && !loads) {
      memref = store.getMemref();
      index = store.getIndices()[0];
    }
    if (memref != buffer) {
      // Loads of other memory may sit between the loads of a group.
      if (touchesMemory(&op) && !(loads && isa<memref::LoadOp>(op)))
        open.clear();
      continue;
    }
    auto [base, lane] = splitIndex(index);
    Group *group = nullptr;
    for (Group &g : open)
      if (g.base == base)
        group = &g;
    if (!loads && (!group || group->lanes[lane])) {
      // One store group open at a time: stores are not moved past stores
      // to other places of the same buffer.
      open.clear();
      group = nullptr;
    }
    if (group && group->lanes[lane]) {
      // The same element twice: start again from this access.
      *group = Group();
      group->base = base;
    }
    if (!group) {
      open.push_back(Group());
      group = &open.back();
      group->base = base;
    }
    if (!group->first)
      group->first = &op;
    group->lanes[lane] = &op;
    if (llvm::all_of(group->lanes, [](Operation *o) { return o; })) {
      group->last = &op;
      if (zeros.get(group->base) >= llvm::Log2_32(kLanes))
        done.push_back(*group);
      *group = open.back();
      open.pop_back();
    }
  }
  return done;
}

struct VectorAccessPass final
    : kgpu::impl::KgpuSPIRVVectorAccessBase<VectorAccessPass> {
  void runOnOperation() override {
    TrailingZeros zeros;
    getOperation().walk([&](gpu::GPUFuncOp func) {
      if (!func.isKernel() || func.getBody().empty())
        return;
      for (BlockArgument arg : func.getArguments())
        vectorize(arg, zeros);
    });
  }

  void vectorize(BlockArgument buffer, TrailingZeros &zeros) {
    auto type = dyn_cast<MemRefType>(buffer.getType());
    if (!type || type.getRank() != 1 || !type.getLayout().isIdentity() ||
        !type.getElementType().isIntOrFloat() ||
        type.getElementType().getIntOrFloatBitWidth() != 32)
      return;
    bool written = false;
    llvm::SetVector<Block *> blocks;
    for (Operation *user : buffer.getUsers()) {
      if (auto store = dyn_cast<memref::StoreOp>(user)) {
        if (store.getValueToStore() == buffer)
          return;
        written = true;
      } else if (!isa<memref::LoadOp>(user)) {
        return;
      }
      blocks.insert(user->getBlock());
    }
    OpBuilder b(buffer.getContext());
    VectorType vectorType = VectorType::get({kLanes}, type.getElementType());
    for (Block *block : blocks) {
      for (const Group &g : findGroups(*block, buffer, /*loads=*/true, zeros)) {
        b.setInsertionPoint(g.first);
        Location loc = g.first->getLoc();
        auto load =
            vector::LoadOp::create(b, loc, vectorType, buffer, g.base);
        load->setAttr(kVectorViewAttrName, b.getBoolAttr(written));
        for (unsigned k = 0; k < kLanes; ++k) {
          Value lane = vector::ExtractOp::create(b, g.lanes[k]->getLoc(), load,
                                                 ArrayRef<int64_t>{int64_t(k)});
          g.lanes[k]->getResult(0).replaceAllUsesWith(lane);
        }
        for (Operation *op : g.lanes)
          op->erase();
      }
      for (const Group &g :
           findGroups(*block, buffer, /*loads=*/false, zeros)) {
        b.setInsertionPoint(g.last);
        Location loc = g.last->getLoc();
        SmallVector<Value> values;
        for (Operation *store : g.lanes)
          values.push_back(cast<memref::StoreOp>(store).getValueToStore());
        Value vector =
            vector::FromElementsOp::create(b, loc, vectorType, values);
        auto store = vector::StoreOp::create(b, loc, vector, buffer, g.base);
        store->setAttr(kVectorViewAttrName, b.getBoolAttr(true));
        b.setInsertionPoint(store);
        for (Operation *op : g.lanes)
          op->erase();
      }
    }
  }
};

//===----------------------------------------------------------------------===//
// Conversion patterns
//===----------------------------------------------------------------------===//

/// The pointer to the vector at element `index` (a multiple of 4) of the
/// view `var`.
Value getViewElement(OpBuilder &b, Location loc, spirv::GlobalVariableOp var,
                     Value index) {
  Type type = index.getType();
  Value base = spirv::AddressOfOp::create(b, loc, var);
  Value zero =
      spirv::ConstantOp::create(b, loc, type, b.getIntegerAttr(type, 0));
  Value two =
      spirv::ConstantOp::create(b, loc, type, b.getIntegerAttr(type, 2));
  Value vector =
      spirv::ShiftRightLogicalOp::create(b, loc, type, index, two);
  return spirv::AccessChainOp::create(b, loc, base, ValueRange{zero, vector});
}

struct VectorViewLoadLowering final : OpConversionPattern<vector::LoadOp> {
  VectorViewLoadLowering(const TypeConverter &converter, MLIRContext *context)
      : OpConversionPattern(converter, context, /*benefit=*/2) {}

  LogicalResult
  matchAndRewrite(vector::LoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto written = op->getAttrOfType<BoolAttr>(kVectorViewAttrName);
    if (!written || adaptor.getIndices().size() != 1)
      return rewriter.notifyMatchFailure(op, "not a vector view access");
    spirv::GlobalVariableOp var =
        getBufferView(rewriter, op.getLoc(), adaptor.getBase(),
                      op.getVectorType(), written.getValue());
    if (!var)
      return rewriter.notifyMatchFailure(op, "not a kernel buffer");
    Value ptr = getViewElement(rewriter, op.getLoc(), var,
                               adaptor.getIndices()[0]);
    rewriter.replaceOpWithNewOp<spirv::LoadOp>(op, ptr);
    return success();
  }
};

struct VectorViewStoreLowering final : OpConversionPattern<vector::StoreOp> {
  VectorViewStoreLowering(const TypeConverter &converter, MLIRContext *context)
      : OpConversionPattern(converter, context, /*benefit=*/2) {}

  LogicalResult
  matchAndRewrite(vector::StoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!op->hasAttr(kVectorViewAttrName) || adaptor.getIndices().size() != 1)
      return rewriter.notifyMatchFailure(op, "not a vector view access");
    spirv::GlobalVariableOp var =
        getBufferView(rewriter, op.getLoc(), adaptor.getBase(),
                      op.getVectorType(), /*aliased=*/true);
    if (!var)
      return rewriter.notifyMatchFailure(op, "not a kernel buffer");
    Value ptr = getViewElement(rewriter, op.getLoc(), var,
                               adaptor.getIndices()[0]);
    rewriter.replaceOpWithNewOp<spirv::StoreOp>(op, ptr,
                                                adaptor.getValueToStore());
    return success();
  }
};

/// The lanes of the vector views' values (kgpu makes no other vectors).
struct VectorExtractLowering final : OpConversionPattern<vector::ExtractOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(vector::ExtractOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!op.getDynamicPosition().empty() ||
        op.getStaticPosition().size() != 1 ||
        op.getSourceVectorType().getRank() != 1)
      return rewriter.notifyMatchFailure(op, "not a constant lane");
    rewriter.replaceOpWithNewOp<spirv::CompositeExtractOp>(
        op, adaptor.getSource(),
        ArrayRef<int32_t>{int32_t(op.getStaticPosition()[0])});
    return success();
  }
};

struct VectorFromElementsLowering final
    : OpConversionPattern<vector::FromElementsOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(vector::FromElementsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getType().getRank() != 1)
      return rewriter.notifyMatchFailure(op, "not a 1-D vector");
    rewriter.replaceOpWithNewOp<spirv::CompositeConstructOp>(
        op, op.getType(), adaptor.getElements());
    return success();
  }
};

//===----------------------------------------------------------------------===//
// kgpu-spirv-alias-views
//===----------------------------------------------------------------------===//

struct AliasViewsPass final
    : kgpu::impl::KgpuSPIRVAliasViewsBase<AliasViewsPass> {
  void runOnOperation() override {
    spirv::ModuleOp module = getOperation();
    auto bindingOf = [](spirv::GlobalVariableOp var)
        -> std::optional<std::pair<uint32_t, uint32_t>> {
      auto set = var.getDescriptorSet();
      auto binding = var.getBinding();
      if (!set || !binding)
        return std::nullopt;
      return std::make_pair(*set, *binding);
    };
    llvm::DenseSet<std::pair<uint32_t, uint32_t>> aliased;
    module.walk([&](spirv::GlobalVariableOp var) {
      if (var->hasAttr("aliased"))
        if (auto at = bindingOf(var))
          aliased.insert(*at);
    });
    if (aliased.empty())
      return;
    module.walk([&](spirv::GlobalVariableOp var) {
      auto at = bindingOf(var);
      if (at && aliased.contains(*at))
        var->setAttr("aliased", UnitAttr::get(&getContext()));
    });
  }
};

} // namespace

void mlir::kgpu::populateVectorAccessPatterns(SPIRVTypeConverter &typeConverter,
                                              RewritePatternSet &patterns) {
  patterns.add<VectorViewLoadLowering, VectorViewStoreLowering,
               VectorExtractLowering, VectorFromElementsLowering>(
      typeConverter, patterns.getContext());
}
