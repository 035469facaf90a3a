//===- GPUToCPU.cpp - GPU-form kernels as CPU loop nests ------------------===//
//
// Implements `convert-gpu-to-cpu` (see Passes.td for the contract). Upstream
// MLIR has no equivalent. Per kernel:
//
//  1. prepare: inline device helpers that need the work-item context, hoist
//     ids and allocations to the entry block, lower kgpu atomics;
//  2. divergence analysis: which values may differ between the work-items
//     of one work-group;
//  3. constructs that contain a barrier or subgroup op must be uniform; their
//     work-item-dependent carried values are demoted to private memory;
//  4. plan: split every work-group-uniform block into segments (run as
//     work-item loops), group-level ops and hoisted constructs;
//  5. decide which values live across segments (spill slots, remat);
//  6. emit the CPU function, then the C entry point.
//
//===----------------------------------------------------------------------===//

#include "kgpu/Conversion/GPUToCPU/Passes.h"

#include "kgpu/Analysis/Uniformity.h"
#include "kgpu/Dialect/Kgpu/IR/KgpuDialect.h"
#include "kgpu/Dialect/Kgpu/Utils/Atomics.h"
#include "kgpu/Dialect/Kgpu/Utils/Reductions.h"
#include "kgpu/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/AttrTypeSubElements.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/MathExtras.h"

namespace mlir {
namespace kgpu {
#define GEN_PASS_DEF_CONVERTGPUTOCPU
#include "kgpu/Conversion/Passes.h.inc"
} // namespace kgpu
} // namespace mlir

using namespace mlir;

namespace {

//===----------------------------------------------------------------------===//
// Op and type classification
//===----------------------------------------------------------------------===//

bool isIdOp(Operation *op) {
  return isa<gpu::ThreadIdOp, gpu::BlockIdOp, gpu::BlockDimOp, gpu::GridDimOp,
             gpu::GlobalIdOp, gpu::LaneIdOp, gpu::SubgroupIdOp,
             gpu::SubgroupSizeOp, gpu::NumSubgroupsOp>(op);
}

/// Ids whose value differs between the work-items of a work-group.
bool isVariantIdOp(Operation *op) {
  return isa<gpu::ThreadIdOp, gpu::GlobalIdOp, gpu::LaneIdOp,
             gpu::SubgroupIdOp>(op);
}

bool isCollective(Operation *op) {
  return isa<gpu::ShuffleOp, gpu::SubgroupReduceOp>(op);
}

bool isSync(Operation *op) {
  return isa<gpu::BarrierOp>(op) || isCollective(op);
}

bool isLocalMemorySpace(Attribute space) {
  if (auto i = dyn_cast_or_null<IntegerAttr>(space))
    return i.getInt() == 3;
  if (auto a = dyn_cast_or_null<gpu::AddressSpaceAttr>(space))
    return a.getValue() == gpu::AddressSpace::Workgroup;
  return false;
}

bool isLocalMemRefType(Type type) {
  auto m = dyn_cast<MemRefType>(type);
  return m && isLocalMemorySpace(m.getMemorySpace());
}

bool isLocalAlloc(Operation *op) {
  return isa<memref::AllocOp, memref::AllocaOp>(op) &&
         isLocalMemRefType(op->getResult(0).getType());
}

bool isPrivateAlloca(Operation *op) {
  auto alloca = dyn_cast<memref::AllocaOp>(op);
  return alloca && !isLocalMemRefType(alloca.getType());
}

bool isConstant(Operation *op) {
  // memref.get_global: the address of a constant global (kgc's array
  // initializers), the same for every work-item.
  return (op->hasTrait<OpTrait::ConstantLike>() ||
          isa<memref::GetGlobalOp>(op)) &&
         op->getNumOperands() == 0 && op->getNumRegions() == 0;
}

/// Ops that are not placed in a segment: they are re-created wherever they
/// are needed (constants, ids) or allocated once per function.
bool isFreeOp(Operation *op) {
  return isConstant(op) || isIdOp(op) || isLocalAlloc(op) ||
         isPrivateAlloca(op);
}

/// Types a spill slot can hold.
bool isStorable(Type type) {
  if (auto v = dyn_cast<VectorType>(type))
    type = v.getElementType();
  return isa<IntegerType, FloatType, IndexType>(type);
}

/// Bytes of one element of a private array, or 0 if unsupported.
int64_t elementBytes(Type type) {
  if (isa<IndexType>(type))
    return 8;
  if (isa<IntegerType, FloatType>(type))
    return llvm::divideCeil(type.getIntOrFloatBitWidth(), 8);
  return 0;
}

/// The identity of a subgroup reduction kind on `type`, or null if kgpu
/// does not define the kind on it (Dialect/Kgpu/Utils/Reductions.h).
TypedAttr reductionIdentity(gpu::AllReduceOperation kind, Type type) {
  std::optional<kgpu::ReductionKind> k = kgpu::getReductionKind(kind, type);
  return k ? kgpu::getReductionIdentityAttr(*k, type) : TypedAttr();
}

/// `lhs kind rhs`, or null if `kind` does not apply to the type.
Value combine(OpBuilder &b, Location loc, gpu::AllReduceOperation kind,
              Value lhs, Value rhs) {
  std::optional<kgpu::ReductionKind> k =
      kgpu::getReductionKind(kind, lhs.getType());
  return k ? kgpu::createReductionCombine(b, loc, *k, lhs, rhs) : Value();
}

/// True if `func` has to run in the work-item context (uses gpu or kgpu ops),
/// directly or through calls. `cache` memoizes; a cycle counts as true.
bool needsWorkItemContext(func::FuncOp func,
                          DenseMap<Operation *, bool> &cache) {
  auto [it, inserted] = cache.try_emplace(func, true);
  if (!inserted)
    return it->second;
  bool result = false;
  func.walk([&](Operation *op) {
    Dialect *d = op->getDialect();
    if (d && (isa<gpu::GPUDialect>(d) || isa<kgpu::KgpuDialect>(d)))
      result = true;
    else if (auto call = dyn_cast<func::CallOp>(op))
      if (auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
              call, call.getCalleeAttr()))
        result |= needsWorkItemContext(callee, cache);
    return result ? WalkResult::interrupt() : WalkResult::advance();
  });
  cache[func] = result;
  return result;
}

//===----------------------------------------------------------------------===//
// KernelConverter
//===----------------------------------------------------------------------===//

/// A run of ops that executes as one loop nest over the work-items.
struct Segment {
  /// The gpu.shuffle / gpu.subgroup_reduce the segment starts with, if any.
  Operation *collective = nullptr;
  SmallVector<Operation *> ops;
  /// In the kernel's entry block (not inside a hoisted construct).
  bool topLevel = false;
};

/// One step of a work-group-uniform block.
struct PlanItem {
  enum Kind { SegmentItem, GroupOp, Hoisted } kind;
  unsigned segment = 0;
  Operation *op = nullptr;
};

/// A value kept across segments in per-work-item or scalar storage.
struct Slot {
  bool uniform = false;
  Value memref;
};

/// Where code for one work-item (or a chosen one) is being emitted.
struct ItemContext {
  ItemContext(OpBuilder &b, Value linear) : b(b), linear(linear) {}
  OpBuilder &b;
  /// Linear work-item index in the group (x fastest).
  Value linear;
  /// Per-dimension ids, derived from `linear` on demand.
  Value tid[3];
  IRMapping map;
};

class KernelConverter {
public:
  KernelConverter(gpu::GPUFuncOp kernel, ModuleOp top, unsigned subgroupSize,
                  DenseMap<Operation *, bool> &helperCache)
      : kernel(kernel), top(top), ctx(kernel.getContext()), w(subgroupSize),
        helperCache(helperCache) {}

  LogicalResult run();

private:
  // Preparation.
  LogicalResult readWorkgroupSize();
  LogicalResult checkOps();
  LogicalResult inlineHelpers();
  LogicalResult hoistFreeOps();
  LogicalResult lowerAtomics();
  void lowerSyncSwitches();

  // Analysis.
  void collectSyncContainers();
  void computeVariance();
  bool isVariant(Value v) const { return variant.contains(v); }
  LogicalResult checkAndDemote();
  Value createPrivateSlot(Type type, Location loc);
  void demoteFor(scf::ForOp op, ArrayRef<unsigned> demoted);
  void demoteIf(scf::IfOp op, ArrayRef<unsigned> demoted);
  void demoteWhile(scf::WhileOp op, ArrayRef<unsigned> beforeDemoted,
                   ArrayRef<unsigned> afterDemoted);
  bool isGroupAvailable(Value v);
  bool canRunAtGroupLevel(Operation *op);
  LogicalResult plan(Block *block, bool topLevel);
  LogicalResult analyzeSpills();
  LogicalResult need(Value v, bool groupUse, Operation *user);

  // Emission.
  LogicalResult emit();
  LogicalResult emitBlock(Block *block, OpBuilder &b);
  LogicalResult emitSegment(Segment &segment, OpBuilder &gb);
  LogicalResult emitHoisted(Operation *op, OpBuilder &b);
  LogicalResult emitShuffle(ItemContext &ic, gpu::ShuffleOp op);
  Value emitSubgroupReduce(gpu::SubgroupReduceOp op, OpBuilder &gb);
  Value lookupItem(ItemContext &ic, Value v);
  Value lookupGroup(Value v, OpBuilder &b);
  Value threadId(ItemContext &ic, unsigned dim);
  Value privateStorage(ItemContext &ic, Operation *alloca);
  Value entryConstant(Value v);
  Value indexConst(int64_t value);
  Value slotMemRef(Value v);
  void spill(ItemContext &ic, Value original, Value emitted);
  void outlineSegments();
  LogicalResult emitEntryPoint();

  gpu::GPUFuncOp kernel;
  ModuleOp top;
  MLIRContext *ctx;
  unsigned w;
  DenseMap<Operation *, bool> &helperCache;

  /// Whether the kernel fixes its work-group size (kgpu.workgroup_size):
  /// then the sizes below are the constants the code is specialised for;
  /// otherwise the code reads the size from the launch (dimValues) and the
  /// sizes below are the largest a launch may use.
  bool fixedSize = true;
  int64_t dims[3] = {1, 1, 1};
  int64_t numItems = 1;     // work-items per group
  int64_t numSubgroups = 1; // ceil(numItems / w)
  int64_t paddedItems = 1;  // numSubgroups * w
  // Run-time sizes of a kernel that does not fix its size (entry block of
  // the CPU function).
  Value dimValues[3];
  Value numItemsValue, numSubgroupsValue, paddedItemsValue;

  /// The work-group extent in dimension `d` (a constant if fixed).
  Value wgDim(unsigned d) {
    return fixedSize ? indexConst(dims[d]) : dimValues[d];
  }
  /// Whether dimension `d` is known to have extent 1.
  bool isUnitDim(unsigned d) const { return fixedSize && dims[d] == 1; }
  Value wgItems() { return fixedSize ? indexConst(numItems) : numItemsValue; }
  Value subgroups() {
    return fixedSize ? indexConst(numSubgroups) : numSubgroupsValue;
  }
  /// Whether the last subgroup may be partial.
  bool mayHavePartialSubgroup() const {
    return !fixedSize || numItems % w != 0;
  }
  /// A per-work-item array of `elementType` (one element per padded
  /// work-item), allocated once per call.
  Value allocPerItem(Location loc, Type elementType, int64_t perItem = 1,
                     IntegerAttr alignment = {});

  DenseSet<Operation *> syncContainers;
  DenseSet<Value> variant;

  DenseMap<Block *, SmallVector<PlanItem>> plans;
  SmallVector<Segment> segments;
  DenseMap<Operation *, unsigned> segmentOf;
  DenseSet<Block *> uniformBlocks;
  DenseSet<Value> groupValues;

  llvm::MapVector<Value, Slot> slots;
  DenseSet<Value> remat;
  DenseSet<Operation *> expandedPrivate;

  // Emission state.
  func::FuncOp impl;
  OpBuilder entryBuilder{kernel.getContext()};
  IRMapping groupMap;
  DenseMap<Value, Value> entryConstants;
  DenseMap<int64_t, Value> indexConstants;
  DenseMap<Operation *, Value> privateBuffers;
  DenseMap<Operation *, int64_t> privateStrides;
  Value blockIds[3];
  /// The outermost work-item loop of each emitted segment.
  SmallVector<Operation *> segmentLoops;
};

/// A kernel with more work-item loop nests than this (barrier-separated
/// segments) gets each of them outlined into a function of its own: LLVM's
/// loop passes (LoopRotate, LoopUnroll, LoopSimplifyCFG, IndVarSimplify)
/// take time superlinear in the number of loops of one function, so 500
/// barriers in one function took 78 s. Kernels up to it (every kernel of
/// the corpus: a parallel for with three reductions has 19) keep one
/// function, and their code is unchanged.
constexpr size_t kMaxSegmentLoopsPerFunction = 32;

LogicalResult KernelConverter::run() {
  if (failed(readWorkgroupSize()) || failed(checkOps()) ||
      failed(inlineHelpers()) || failed(checkOps()) || failed(hoistFreeOps()) ||
      failed(lowerAtomics()))
    return failure();
  lowerSyncSwitches();
  collectSyncContainers();
  computeVariance();
  if (failed(checkAndDemote()))
    return failure();
  collectSyncContainers();
  computeVariance();
  if (failed(plan(&kernel.getBody().front(), /*topLevel=*/true)) ||
      failed(analyzeSpills()) || failed(emit()))
    return failure();
  outlineSegments();
  return emitEntryPoint();
}

//===----------------------------------------------------------------------===//
// Preparation
//===----------------------------------------------------------------------===//

LogicalResult KernelConverter::readWorkgroupSize() {
  auto attr = kernel->getAttrOfType<DenseI32ArrayAttr>(
      kgpu::KgpuDialect::getWorkgroupSizeAttrName());
  fixedSize = static_cast<bool>(attr);
  if (!attr) {
    // Any size at launch: bound the storage by the dialect's limit.
    dims[0] = kgpu::KgpuDialect::kMaxWorkgroupItems;
    dims[1] = dims[2] = 1;
    numItems = dims[0];
    numSubgroups = llvm::divideCeil(numItems, static_cast<int64_t>(w));
    paddedItems = numSubgroups * w;
  } else if (attr.size() != 3) {
    return kernel.emitOpError(
        "'kgpu.workgroup_size' needs 3 entries (array<i32: x, y, z>) for the "
        "CPU target");
  }
  if (attr)
    numItems = 1;
  for (unsigned d = 0; attr && d < 3; ++d) {
    if (attr[d] < 1)
      return kernel.emitOpError("'kgpu.workgroup_size' entries must be >= 1");
    dims[d] = attr[d];
    numItems *= dims[d];
  }
  if (numItems > kgpu::KgpuDialect::kMaxWorkgroupItems)
    return kernel.emitOpError("work-group size ")
           << numItems << " exceeds " << kgpu::KgpuDialect::kMaxWorkgroupItems
           << " work-items";
  numSubgroups = llvm::divideCeil(numItems, static_cast<int64_t>(w));
  paddedItems = numSubgroups * w;
  if (!kernel.getBody().hasOneBlock())
    return kernel.emitOpError(
        "has unstructured control flow (several blocks), which the CPU "
        "target does not support; use scf ops");
  if (!kernel.getPrivateAttributions().empty())
    return kernel.emitOpError(
        "private attributions are not supported by the CPU target; use "
        "memref.alloca");
  for (BlockArgument arg : kernel.getWorkgroupAttributions()) {
    auto type = cast<MemRefType>(arg.getType());
    if (!type.hasStaticShape() || !type.getLayout().isIdentity())
      return kernel.emitOpError("workgroup attribution of type ")
             << type << " must have a static shape and identity layout";
  }
  return success();
}

LogicalResult KernelConverter::checkOps() {
  WalkResult result = kernel.walk([&](Operation *op) -> WalkResult {
    if (op == kernel.getOperation())
      return WalkResult::advance();
    Dialect *dialect = op->getDialect();
    if (isa<kgpu::MmaFillOp, kgpu::MmaLoadOp, kgpu::MmaComputeOp,
            kgpu::MmaStoreOp>(op))
      return op->emitOpError("must be lowered by convert-kgpu-mma-to-loops "
                             "before the CPU target");
    if (dialect && isa<kgpu::KgpuDialect>(dialect) &&
        !isa<kgpu::AtomicRMWOp, kgpu::AtomicCASOp>(op))
      return op->emitOpError("is not part of the GPU form; run the kgpu "
                             "lowering passes before the CPU target");
    if (dialect && isa<gpu::GPUDialect>(dialect) && !isIdOp(op) &&
        !isSync(op) && !isa<gpu::ReturnOp>(op))
      return op->emitOpError("is not supported by the CPU target");
    if (auto reduce = dyn_cast<gpu::SubgroupReduceOp>(op))
      if (!isa<IntegerType, FloatType>(reduce.getType()))
        return op->emitOpError(
            "on a non-scalar type is not supported by the CPU target");
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

LogicalResult KernelConverter::inlineHelpers() {
  for (unsigned round = 0;; ++round) {
    SmallVector<std::pair<func::CallOp, func::FuncOp>> calls;
    kernel.walk([&](func::CallOp call) {
      auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
          call, call.getCalleeAttr());
      if (callee && needsWorkItemContext(callee, helperCache))
        calls.emplace_back(call, callee);
    });
    if (calls.empty())
      return success();
    if (round == 64)
      return calls.front().first.emitOpError(
          "recursive device functions that use ids, barriers or kgpu ops "
          "cannot be inlined for the CPU target");
    for (auto [call, callee] : calls) {
      if (callee.isExternal() || !callee.getBody().hasOneBlock())
        return call.emitOpError("calls '")
               << callee.getName()
               << "', which uses ids, barriers or kgpu ops and must be a "
                  "single-block function to be inlined for the CPU target";
      Block &body = callee.getBody().front();
      IRMapping map;
      map.map(body.getArguments(), call.getOperands());
      OpBuilder b(call);
      for (Operation &op : body.without_terminator())
        b.clone(op, map);
      for (auto [result, returned] :
           llvm::zip(call.getResults(), body.getTerminator()->getOperands()))
        result.replaceAllUsesWith(map.lookupOrDefault(returned));
      call.erase();
    }
  }
}

LogicalResult KernelConverter::hoistFreeOps() {
  Block &entry = kernel.getBody().front();
  SmallVector<Operation *> hoist;
  SmallVector<Operation *> deallocs;
  WalkResult result = kernel.walk([&](Operation *op) -> WalkResult {
    if (auto dealloc = dyn_cast<memref::DeallocOp>(op)) {
      if (isLocalMemRefType(dealloc.getMemref().getType()))
        deallocs.push_back(op);
      return WalkResult::advance();
    }
    if (!isIdOp(op) && !isLocalAlloc(op) && !isPrivateAlloca(op))
      return WalkResult::advance();
    if (isIdOp(op)) {
      hoist.push_back(op);
      return WalkResult::advance();
    }
    auto type = cast<MemRefType>(op->getResult(0).getType());
    if (op->getNumOperands() != 0 || !type.hasStaticShape())
      return op->emitOpError("dynamically sized ")
             << (isLocalAlloc(op) ? "local" : "private")
             << " memory is not supported by the CPU target";
    if (!type.getLayout().isIdentity())
      return op->emitOpError(
          "non-identity layouts are not supported by the CPU target");
    if (isPrivateAlloca(op) && elementBytes(type.getElementType()) == 0)
      return op->emitOpError("private arrays of ")
             << type.getElementType() << " are not supported by the CPU target";
    hoist.push_back(op);
    return WalkResult::advance();
  });
  if (result.wasInterrupted())
    return failure();
  for (Operation *op : deallocs)
    op->erase();
  for (Operation *op : llvm::reverse(hoist))
    op->moveBefore(&entry, entry.begin());
  return success();
}

/// The address of `memref[indices]` as an `!llvm.ptr`.
Value elementPointer(OpBuilder &b, Location loc, Value memref,
                     ValueRange indices) {
  auto type = cast<MemRefType>(memref.getType());
  auto meta = memref::ExtractStridedMetadataOp::create(b, loc, memref);
  Value linear = meta.getOffset();
  for (auto [index, stride] : llvm::zip(indices, meta.getStrides()))
    linear = arith::AddIOp::create(
        b, loc, linear, arith::MulIOp::create(b, loc, index, stride));
  Value base = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, memref);
  Value bytes = arith::ConstantIndexOp::create(
      b, loc, elementBytes(type.getElementType()));
  Value address = arith::AddIOp::create(
      b, loc, base, arith::MulIOp::create(b, loc, linear, bytes));
  Value address64 = arith::IndexCastOp::create(b, loc, b.getI64Type(), address);
  return LLVM::IntToPtrOp::create(
      b, loc, LLVM::LLVMPointerType::get(b.getContext()), address64);
}

LogicalResult KernelConverter::lowerAtomics() {
  SmallVector<Operation *> atomics;
  kernel.walk([&](Operation *op) {
    if (isa<kgpu::AtomicRMWOp, kgpu::AtomicCASOp>(op))
      atomics.push_back(op);
  });
  for (Operation *op : atomics) {
    OpBuilder b(op);
    Location loc = op->getLoc();
    if (auto rmw = dyn_cast<kgpu::AtomicRMWOp>(op)) {
      rmw.getResult().replaceAllUsesWith(kgpu::createMemRefAtomicRMW(b, rmw));
      rmw.erase();
      continue;
    }
    // Compare-and-swap: one cmpxchg on the element's address. (Upstream's
    // memref.generic_atomic_rmw would be a retry loop and cannot lower float
    // element types.) Floats compare by their bits.
    auto cas = cast<kgpu::AtomicCASOp>(op);
    Type type = cas.getResult().getType();
    Type bitsType = b.getIntegerType(type.getIntOrFloatBitWidth());
    auto toBits = [&](Value v) -> Value {
      return isa<FloatType>(type)
                 ? arith::BitcastOp::create(b, loc, bitsType, v)
                 : v;
    };
    Value ptr = elementPointer(b, loc, cas.getMemref(), cas.getIndices());
    auto cmpxchg = LLVM::AtomicCmpXchgOp::create(
        b, loc, ptr, toBits(cas.getCmp()), toBits(cas.getValue()),
        LLVM::AtomicOrdering::acq_rel, LLVM::AtomicOrdering::monotonic);
    Value old =
        LLVM::ExtractValueOp::create(b, loc, cmpxchg, ArrayRef<int64_t>{0});
    if (isa<FloatType>(type))
      old = arith::BitcastOp::create(b, loc, type, old);
    cas.getResult().replaceAllUsesWith(old);
    cas.erase();
  }
  return success();
}

/// An scf.index_switch that holds a barrier or subgroup operation (what
/// lift-cf-to-scf makes of a frontend's switch) becomes a chain of scf.if,
/// which the planner splits like any other (a switch without one stays in
/// its segment as it is).
void KernelConverter::lowerSyncSwitches() {
  SmallVector<scf::IndexSwitchOp> switches;
  kernel.walk([&](scf::IndexSwitchOp op) {
    if (op->walk([](Operation *nested) {
            return isSync(nested) ? WalkResult::interrupt()
                                  : WalkResult::advance();
          }).wasInterrupted())
      switches.push_back(op);
  });
  for (scf::IndexSwitchOp op : switches) {
    IRRewriter rewriter(op);
    kgpu::lowerIndexSwitchToIf(rewriter, op);
  }
}

//===----------------------------------------------------------------------===//
// Analysis
//===----------------------------------------------------------------------===//

void KernelConverter::collectSyncContainers() {
  syncContainers.clear();
  kernel.walk([&](Operation *op) {
    if (!isSync(op))
      return;
    for (Operation *p = op->getParentOp(); p && p != kernel.getOperation();
         p = p->getParentOp())
      syncContainers.insert(p);
  });
}

void KernelConverter::computeVariance() {
  // kgpu's uniformity analysis, with each private array varying (every
  // work-item has its own copy in the work-item loops).
  variant.clear();
  kgpu::UniformityOptions options;
  options.privateAllocasVary = true;
  kgpu::UniformityInfo info(kernel, options);
  kernel.walk([&](Operation *op) {
    for (Value result : op->getResults())
      if (info.isVarying(result))
        variant.insert(result);
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          if (info.isVarying(arg))
            variant.insert(arg);
  });
}

Operation *firstSyncOp(Operation *op) {
  Operation *found = nullptr;
  op->walk<WalkOrder::PreOrder>([&](Operation *nested) {
    if (!isSync(nested))
      return WalkResult::advance();
    found = nested;
    return WalkResult::interrupt();
  });
  return found;
}

LogicalResult KernelConverter::checkAndDemote() {
  SmallVector<Operation *> containers;
  kernel.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (syncContainers.contains(op))
      containers.push_back(op);
  });
  auto divergent = [&](Operation *op, StringRef what) {
    Operation *sync = firstSyncOp(op);
    InFlightDiagnostic diag =
        sync->emitOpError("is inside control flow that depends on the "
                          "work-item id; the CPU target requires barriers and "
                          "subgroup operations under work-group-uniform "
                          "control flow");
    diag.attachNote(op->getLoc())
        << "the " << what << " of this '" << op->getName() << "' depend"
        << (what == "bounds" ? "" : "s") << " on the work-item id";
    return diag;
  };
  for (Operation *op : containers) {
    if (auto forOp = dyn_cast<scf::ForOp>(op)) {
      if (isVariant(forOp.getLowerBound()) ||
          isVariant(forOp.getUpperBound()) || isVariant(forOp.getStep()))
        return divergent(op, "bounds");
    } else if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
      if (isVariant(ifOp.getCondition()))
        return divergent(op, "condition");
    } else if (auto whileOp = dyn_cast<scf::WhileOp>(op)) {
      if (isVariant(whileOp.getConditionOp().getCondition()))
        return divergent(op, "condition");
    } else {
      Operation *sync = firstSyncOp(op);
      InFlightDiagnostic diag = sync->emitOpError(
          "is inside an op the CPU target cannot split at barriers");
      diag.attachNote(op->getLoc())
          << "only scf.for, scf.if and scf.while may contain barriers and "
             "subgroup operations";
      return diag;
    }
  }
  for (Operation *op : containers) {
    if (auto forOp = dyn_cast<scf::ForOp>(op)) {
      SmallVector<unsigned> demoted;
      for (unsigned i = 0, e = forOp.getNumResults(); i < e; ++i)
        if (isVariant(forOp.getRegionIterArgs()[i]))
          demoted.push_back(i);
      if (!demoted.empty())
        demoteFor(forOp, demoted);
    } else if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
      SmallVector<unsigned> demoted;
      for (unsigned i = 0, e = ifOp.getNumResults(); i < e; ++i)
        if (isVariant(ifOp.getResult(i)))
          demoted.push_back(i);
      if (!demoted.empty())
        demoteIf(ifOp, demoted);
    } else if (auto whileOp = dyn_cast<scf::WhileOp>(op)) {
      SmallVector<unsigned> before, after;
      for (auto [i, arg] : llvm::enumerate(whileOp.getBeforeArguments()))
        if (isVariant(arg))
          before.push_back(i);
      for (auto [i, arg] : llvm::enumerate(whileOp.getAfterArguments()))
        if (isVariant(arg))
          after.push_back(i);
      if (!before.empty() || !after.empty())
        demoteWhile(whileOp, before, after);
    }
  }
  return success();
}

Value KernelConverter::createPrivateSlot(Type type, Location loc) {
  Block &entry = kernel.getBody().front();
  OpBuilder b = OpBuilder::atBlockBegin(&entry);
  return memref::AllocaOp::create(b, loc, MemRefType::get({}, type));
}

/// Erases the block arguments at `indices` (which must have no uses).
static void eraseArguments(Block *block, ArrayRef<unsigned> indices,
                           unsigned offset = 0) {
  for (unsigned i : llvm::reverse(indices))
    block->eraseArgument(offset + i);
}

template <typename Range>
static SmallVector<Value> without(Range values, ArrayRef<unsigned> indices) {
  SmallVector<Value> kept;
  for (auto [i, v] : llvm::enumerate(values))
    if (!llvm::is_contained(indices, i))
      kept.push_back(v);
  return kept;
}

void KernelConverter::demoteFor(scf::ForOp op, ArrayRef<unsigned> demoted) {
  Location loc = op.getLoc();
  OpBuilder b(op);
  Block *body = op.getBody();
  auto yield = cast<scf::YieldOp>(body->getTerminator());
  OpBuilder bodyBuilder = OpBuilder::atBlockBegin(body);
  OpBuilder yieldBuilder(yield);
  SmallVector<Value> slotsForResults;
  for (unsigned i : demoted) {
    Value slot = createPrivateSlot(op.getResult(i).getType(), loc);
    slotsForResults.push_back(slot);
    memref::StoreOp::create(b, loc, op.getInitArgs()[i], slot);
    Value current = memref::LoadOp::create(bodyBuilder, loc, slot);
    op.getRegionIterArgs()[i].replaceAllUsesWith(current);
    memref::StoreOp::create(yieldBuilder, loc, yield.getOperand(i), slot);
  }
  yield->setOperands(without(yield.getOperands(), demoted));
  auto newFor =
      scf::ForOp::create(b, loc, op.getLowerBound(), op.getUpperBound(),
                         op.getStep(), without(op.getInitArgs(), demoted));
  newFor.getRegion().takeBody(op.getRegion());
  eraseArguments(newFor.getBody(), demoted, /*offset=*/1);
  b.setInsertionPointAfter(newFor);
  unsigned kept = 0;
  for (unsigned i = 0, e = op.getNumResults(); i < e; ++i) {
    auto it = llvm::find(demoted, i);
    if (it == demoted.end()) {
      op.getResult(i).replaceAllUsesWith(newFor.getResult(kept++));
      continue;
    }
    Value slot = slotsForResults[it - demoted.begin()];
    op.getResult(i).replaceAllUsesWith(memref::LoadOp::create(b, loc, slot));
  }
  op.erase();
}

void KernelConverter::demoteIf(scf::IfOp op, ArrayRef<unsigned> demoted) {
  Location loc = op.getLoc();
  OpBuilder b(op);
  SmallVector<Value> slotList;
  for (unsigned i : demoted)
    slotList.push_back(createPrivateSlot(op.getResult(i).getType(), loc));
  for (scf::YieldOp yield : {op.thenYield(), op.elseYield()}) {
    OpBuilder yb(yield);
    for (auto [i, slot] : llvm::zip(demoted, slotList))
      memref::StoreOp::create(yb, loc, yield.getOperand(i), slot);
    yield->setOperands(without(yield.getOperands(), demoted));
  }
  SmallVector<Type> types;
  for (Value v : without(op.getResults(), demoted))
    types.push_back(v.getType());
  auto newIf =
      scf::IfOp::create(b, loc, types, op.getCondition(),
                        /*addThenBlock=*/false, /*addElseBlock=*/false);
  newIf.getThenRegion().takeBody(op.getThenRegion());
  newIf.getElseRegion().takeBody(op.getElseRegion());
  b.setInsertionPointAfter(newIf);
  unsigned kept = 0;
  for (unsigned i = 0, e = op.getNumResults(); i < e; ++i) {
    auto it = llvm::find(demoted, i);
    if (it == demoted.end()) {
      op.getResult(i).replaceAllUsesWith(newIf.getResult(kept++));
      continue;
    }
    Value slot = slotList[it - demoted.begin()];
    op.getResult(i).replaceAllUsesWith(memref::LoadOp::create(b, loc, slot));
  }
  op.erase();
}

void KernelConverter::demoteWhile(scf::WhileOp op,
                                  ArrayRef<unsigned> beforeDemoted,
                                  ArrayRef<unsigned> afterDemoted) {
  Location loc = op.getLoc();
  OpBuilder b(op);
  Block *before = op.getBeforeBody();
  Block *after = op.getAfterBody();
  scf::ConditionOp cond = op.getConditionOp();
  scf::YieldOp yield = op.getYieldOp();

  // Loop-carried values (before-region arguments).
  OpBuilder beforeBuilder = OpBuilder::atBlockBegin(before);
  OpBuilder yieldBuilder(yield);
  for (unsigned i : beforeDemoted) {
    Value slot = createPrivateSlot(before->getArgument(i).getType(), loc);
    memref::StoreOp::create(b, loc, op.getInits()[i], slot);
    before->getArgument(i).replaceAllUsesWith(
        memref::LoadOp::create(beforeBuilder, loc, slot));
    memref::StoreOp::create(yieldBuilder, loc, yield.getOperand(i), slot);
  }
  yield->setOperands(without(yield.getOperands(), beforeDemoted));

  // Values forwarded by scf.condition (after-region arguments and results).
  OpBuilder condBuilder(cond);
  OpBuilder afterBuilder = OpBuilder::atBlockBegin(after);
  SmallVector<Value> resultSlots;
  for (unsigned i : afterDemoted) {
    Value slot = createPrivateSlot(after->getArgument(i).getType(), loc);
    resultSlots.push_back(slot);
    memref::StoreOp::create(condBuilder, loc, cond.getArgs()[i], slot);
    after->getArgument(i).replaceAllUsesWith(
        memref::LoadOp::create(afterBuilder, loc, slot));
  }
  SmallVector<Value> condOperands = {cond.getCondition()};
  llvm::append_range(condOperands, without(cond.getArgs(), afterDemoted));
  cond->setOperands(condOperands);

  SmallVector<Type> types;
  for (Value v : without(op.getResults(), afterDemoted))
    types.push_back(v.getType());
  auto newWhile = scf::WhileOp::create(b, loc, types,
                                       without(op.getInits(), beforeDemoted));
  newWhile.getBefore().takeBody(op.getBefore());
  newWhile.getAfter().takeBody(op.getAfter());
  eraseArguments(newWhile.getBeforeBody(), beforeDemoted);
  eraseArguments(newWhile.getAfterBody(), afterDemoted);
  b.setInsertionPointAfter(newWhile);
  unsigned kept = 0;
  for (unsigned i = 0, e = op.getNumResults(); i < e; ++i) {
    auto it = llvm::find(afterDemoted, i);
    if (it == afterDemoted.end()) {
      op.getResult(i).replaceAllUsesWith(newWhile.getResult(kept++));
      continue;
    }
    Value slot = resultSlots[it - afterDemoted.begin()];
    op.getResult(i).replaceAllUsesWith(memref::LoadOp::create(b, loc, slot));
  }
  op.erase();
}

bool KernelConverter::isGroupAvailable(Value v) {
  if (auto arg = dyn_cast<BlockArgument>(v))
    return arg.getOwner() == &kernel.getBody().front() ||
           groupValues.contains(v);
  Operation *def = v.getDefiningOp();
  if (isFreeOp(def))
    return !isVariantIdOp(def) && !isPrivateAlloca(def);
  return groupValues.contains(v);
}

/// Pure computations on work-group-level values run once per group.
bool KernelConverter::canRunAtGroupLevel(Operation *op) {
  return op->getNumRegions() == 0 && op->getNumResults() != 0 &&
         isMemoryEffectFree(op) &&
         llvm::all_of(op->getOperands(),
                      [&](Value v) { return isGroupAvailable(v); });
}

LogicalResult KernelConverter::plan(Block *block, bool topLevel) {
  uniformBlocks.insert(block);
  SmallVector<PlanItem> items;
  int open = -1; // index in `items` of the open segment
  auto newSegment = [&](Operation *collective) {
    segments.push_back(Segment{collective, {}, topLevel});
    items.push_back(
        {PlanItem::SegmentItem, unsigned(segments.size() - 1), nullptr});
    open = items.size() - 1;
    if (collective)
      segmentOf[collective] = segments.size() - 1;
  };
  for (Operation &op : *block) {
    if (isFreeOp(&op) || op.hasTrait<OpTrait::IsTerminator>())
      continue;
    if (isa<gpu::BarrierOp>(op)) {
      open = -1;
      continue;
    }
    if (isCollective(&op)) {
      newSegment(&op);
      continue;
    }
    if (syncContainers.contains(&op)) {
      open = -1;
      items.push_back({PlanItem::Hoisted, 0, &op});
      for (Value r : op.getResults())
        groupValues.insert(r);
      for (Region &region : op.getRegions())
        for (Block &nested : region) {
          for (BlockArgument arg : nested.getArguments())
            groupValues.insert(arg);
          if (failed(plan(&nested, /*topLevel=*/false)))
            return failure();
        }
      continue;
    }
    if (canRunAtGroupLevel(&op)) {
      PlanItem item{PlanItem::GroupOp, 0, &op};
      if (open >= 0)
        items.insert(items.begin() + open++, item);
      else
        items.push_back(item);
      for (Value r : op.getResults())
        groupValues.insert(r);
      continue;
    }
    if (open < 0)
      newSegment(nullptr);
    unsigned id = items[open].segment;
    segments[id].ops.push_back(&op);
    segmentOf[&op] = id;
  }
  plans[block] = std::move(items);
  return success();
}

LogicalResult KernelConverter::need(Value v, bool groupUse, Operation *user) {
  Operation *def = v.getDefiningOp();
  if (!def) // block arguments of the kernel or of hoisted constructs
    return success();
  if (isPrivateAlloca(def)) {
    if (groupUse)
      return user->emitOpError(
          "needs private memory at work-group level (internal error)");
    expandedPrivate.insert(def);
    return success();
  }
  if (!segmentOf.contains(def))
    return success();
  if (groupUse && isVariant(v))
    return user->emitOpError("uses a value that depends on the work-item id "
                             "in work-group-uniform code");
  if (isStorable(v.getType())) {
    Slot &slot = slots[v];
    slot.uniform = !isVariant(v);
    return success();
  }
  if (def->getNumRegions() == 0 && isMemoryEffectFree(def)) {
    if (!remat.insert(v).second)
      return success();
    for (Value operand : def->getOperands())
      if (failed(need(operand, groupUse, user)))
        return failure();
    return success();
  }
  InFlightDiagnostic diag = def->emitOpError("result of type ")
                            << v.getType()
                            << " is used across a barrier or subgroup "
                               "operation, which the CPU target cannot do";
  diag.attachNote(user->getLoc()) << "used here";
  return diag;
}

LogicalResult KernelConverter::analyzeSpills() {
  for (auto [id, segment] : llvm::enumerate(segments)) {
    SmallVector<Operation *> ops;
    if (segment.collective)
      ops.push_back(segment.collective);
    llvm::append_range(ops, segment.ops);
    for (Operation *op : ops) {
      Block *block = op->getBlock();
      for (Value result : op->getResults()) {
        for (OpOperand &use : result.getUses()) {
          Operation *user = use.getOwner();
          Operation *ancestor = block->findAncestorOpInBlock(*user);
          auto it = segmentOf.find(ancestor);
          if (it != segmentOf.end() && it->second == id)
            continue;
          bool groupUse = syncContainers.contains(user) ||
                          (user->hasTrait<OpTrait::IsTerminator>() &&
                           uniformBlocks.contains(user->getBlock()));
          if (failed(need(result, groupUse, user)))
            return failure();
        }
      }
    }
    // Operands of collectives are read for other lanes.
    if (segment.collective)
      for (Value operand : segment.collective->getOperands())
        if (failed(need(operand, /*groupUse=*/false, segment.collective)))
          return failure();
  }
  // Private arrays used by several segments, or inside hoisted constructs
  // (where one work-item's data must survive the other work-items' turns),
  // need storage per work-item.
  Block &entry = kernel.getBody().front();
  for (Operation &op : entry) {
    if (!isPrivateAlloca(&op))
      continue;
    std::optional<unsigned> only;
    for (Operation *user : op.getUsers()) {
      Operation *ancestor = entry.findAncestorOpInBlock(*user);
      auto it = segmentOf.find(ancestor);
      if (it == segmentOf.end() || !segments[it->second].topLevel ||
          (only && *only != it->second)) {
        expandedPrivate.insert(&op);
        break;
      }
      only = it->second;
    }
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Emission
//===----------------------------------------------------------------------===//

Value KernelConverter::indexConst(int64_t value) {
  Value &c = indexConstants[value];
  if (!c)
    c = arith::ConstantIndexOp::create(entryBuilder, kernel.getLoc(), value);
  return c;
}

Value KernelConverter::entryConstant(Value v) {
  Value &c = entryConstants[v];
  if (!c) {
    Operation *clone = entryBuilder.clone(*v.getDefiningOp());
    c = clone->getResult(cast<OpResult>(v).getResultNumber());
  }
  return c;
}

Value KernelConverter::slotMemRef(Value v) {
  Slot &slot = slots[v];
  if (!slot.memref)
    slot.memref =
        slot.uniform
            ? memref::AllocaOp::create(entryBuilder, v.getLoc(),
                                       MemRefType::get({}, v.getType()))
                  .getResult()
            : allocPerItem(v.getLoc(), v.getType());
  return slot.memref;
}

Value KernelConverter::allocPerItem(Location loc, Type elementType,
                                    int64_t perItem, IntegerAttr alignment) {
  // Statically sized: for the fixed size, or for the largest work-group a
  // kernel that does not fix its size may get (kMaxWorkgroupItems, which the
  // runtime checks), so that kgpu-cpu-allocate-heap-frames can move large
  // storage to the heap.
  return memref::AllocaOp::create(
      entryBuilder, loc, MemRefType::get({paddedItems * perItem}, elementType),
      ValueRange{}, alignment);
}

void KernelConverter::spill(ItemContext &ic, Value original, Value emitted) {
  auto it = slots.find(original);
  if (it == slots.end())
    return;
  Value mem = slotMemRef(original);
  if (it->second.uniform)
    memref::StoreOp::create(ic.b, original.getLoc(), emitted, mem);
  else
    memref::StoreOp::create(ic.b, original.getLoc(), emitted, mem,
                            ValueRange{ic.linear});
}

Value KernelConverter::threadId(ItemContext &ic, unsigned dim) {
  if (ic.tid[dim])
    return ic.tid[dim];
  OpBuilder &b = ic.b;
  Location loc = kernel.getLoc();
  Value id;
  if (isUnitDim(dim))
    id = indexConst(0);
  else if (dim == 0)
    id = arith::RemUIOp::create(b, loc, ic.linear, wgDim(0));
  else if (dim == 1)
    id = arith::RemUIOp::create(
        b, loc, arith::DivUIOp::create(b, loc, ic.linear, wgDim(0)), wgDim(1));
  else
    id = arith::DivUIOp::create(
        b, loc, ic.linear,
        fixedSize
            ? indexConst(dims[0] * dims[1])
            : arith::MulIOp::create(b, loc, wgDim(0), wgDim(1)).getResult());
  ic.tid[dim] = id;
  return id;
}

Value KernelConverter::privateStorage(ItemContext &ic, Operation *alloca) {
  auto type = cast<MemRefType>(alloca->getResult(0).getType());
  Value &buffer = privateBuffers[alloca];
  if (!expandedPrivate.contains(alloca)) {
    if (!buffer)
      buffer = entryBuilder.clone(*alloca)->getResult(0);
    return buffer;
  }
  if (!buffer) {
    int64_t bytes = type.getNumElements() * elementBytes(type.getElementType());
    int64_t align = std::min<int64_t>(16, llvm::PowerOf2Ceil(bytes));
    int64_t stride = llvm::alignTo(bytes, std::max<int64_t>(align, 1));
    privateStrides[alloca] = stride;
    buffer = allocPerItem(alloca->getLoc(), IntegerType::get(ctx, 8), stride,
                          entryBuilder.getI64IntegerAttr(64));
  }
  Location loc = alloca->getLoc();
  Value offset = arith::MulIOp::create(ic.b, loc, ic.linear,
                                       indexConst(privateStrides[alloca]));
  return memref::ViewOp::create(ic.b, loc, type, buffer, offset, ValueRange{});
}

Value KernelConverter::lookupItem(ItemContext &ic, Value v) {
  if (Value mapped = ic.map.lookupOrNull(v))
    return mapped;
  Value result;
  Operation *def = v.getDefiningOp();
  Location loc = v.getLoc();
  OpBuilder &b = ic.b;
  if (Value g = groupMap.lookupOrNull(v)) {
    result = g;
  } else if (def && isConstant(def)) {
    result = entryConstant(v);
  } else if (def && isVariantIdOp(def)) {
    if (auto op = dyn_cast<gpu::ThreadIdOp>(def)) {
      result = threadId(ic, static_cast<unsigned>(op.getDimension()));
    } else if (auto op = dyn_cast<gpu::GlobalIdOp>(def)) {
      unsigned d = static_cast<unsigned>(op.getDimension());
      result = arith::AddIOp::create(
          b, loc, arith::MulIOp::create(b, loc, blockIds[d], wgDim(d)),
          threadId(ic, d));
    } else if (isa<gpu::LaneIdOp>(def)) {
      result = arith::RemUIOp::create(b, loc, ic.linear, indexConst(w));
    } else {
      result = arith::DivUIOp::create(b, loc, ic.linear, indexConst(w));
    }
  } else if (def && isPrivateAlloca(def)) {
    result = privateStorage(ic, def);
  } else if (auto it = slots.find(v); it != slots.end()) {
    Value mem = slotMemRef(v);
    result = it->second.uniform
                 ? memref::LoadOp::create(b, loc, mem).getResult()
                 : memref::LoadOp::create(b, loc, mem, ValueRange{ic.linear})
                       .getResult();
  } else if (remat.contains(v)) {
    IRMapping map;
    for (Value operand : def->getOperands()) {
      Value mapped = lookupItem(ic, operand);
      if (!mapped)
        return {};
      map.map(operand, mapped);
    }
    Operation *clone = b.clone(*def, map);
    for (auto [orig, cloned] :
         llvm::zip(def->getResults(), clone->getResults()))
      ic.map.map(orig, cloned);
    return ic.map.lookup(v);
  } else {
    emitError(loc) << "value is not available in the work-item loop "
                      "(internal error of the CPU target)";
    return {};
  }
  ic.map.map(v, result);
  return result;
}

Value KernelConverter::lookupGroup(Value v, OpBuilder &b) {
  if (Value g = groupMap.lookupOrNull(v))
    return g;
  Operation *def = v.getDefiningOp();
  if (def && isConstant(def))
    return entryConstant(v);
  auto it = slots.find(v);
  if (it != slots.end() && it->second.uniform)
    return memref::LoadOp::create(b, v.getLoc(), slotMemRef(v));
  if (remat.contains(v) && !isVariant(v)) {
    IRMapping map;
    for (Value operand : def->getOperands()) {
      Value mapped = lookupGroup(operand, b);
      if (!mapped)
        return {};
      map.map(operand, mapped);
    }
    Operation *clone = b.clone(*def, map);
    return clone->getResult(cast<OpResult>(v).getResultNumber());
  }
  emitError(v.getLoc()) << "value that depends on the work-item id is needed "
                           "by work-group-uniform code";
  return {};
}

LogicalResult KernelConverter::emit() {
  Location loc = kernel.getLoc();
  SmallVector<Type> argTypes(kernel.getArgumentTypes());
  unsigned numArgs = argTypes.size();
  IndexType indexType = IndexType::get(ctx);
  // grid x, y, z, work-group size x, y, z, group begin, group end
  argTypes.append(8, indexType);
  OpBuilder mb = OpBuilder::atBlockEnd(top.getBody());
  impl = func::FuncOp::create(mb, loc, kernel.getName(),
                              FunctionType::get(ctx, argTypes, {}));
  impl.setPrivate();
  impl->setAttr("llvm.linkage",
                LLVM::LinkageAttr::get(ctx, LLVM::Linkage::Internal));
  Block *entry = impl.addEntryBlock();
  OpBuilder b = OpBuilder::atBlockEnd(entry);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  indexConstants[1] = one;
  if (!fixedSize) {
    for (unsigned d = 0; d < 3; ++d)
      dimValues[d] = entry->getArgument(numArgs + 3 + d);
    numItemsValue = arith::MulIOp::create(
        b, loc, arith::MulIOp::create(b, loc, dimValues[0], dimValues[1]),
        dimValues[2]);
    Value wm1 = arith::ConstantIndexOp::create(b, loc, w - 1);
    Value wc = arith::ConstantIndexOp::create(b, loc, w);
    numSubgroupsValue = arith::DivUIOp::create(
        b, loc, arith::AddIOp::create(b, loc, numItemsValue, wm1), wc);
    paddedItemsValue = arith::MulIOp::create(b, loc, numSubgroupsValue, wc);
  }
  auto groupLoop = scf::ForOp::create(b, loc, entry->getArgument(numArgs + 6),
                                      entry->getArgument(numArgs + 7), one);
  func::ReturnOp::create(b, loc);
  entryBuilder.setInsertionPoint(groupLoop);

  OpBuilder gb(groupLoop.getBody()->getTerminator());
  Value g = groupLoop.getInductionVar();
  Value grid[3] = {entry->getArgument(numArgs), entry->getArgument(numArgs + 1),
                   entry->getArgument(numArgs + 2)};
  Value q = arith::DivUIOp::create(gb, loc, g, grid[0]);
  blockIds[0] = arith::RemUIOp::create(gb, loc, g, grid[0]);
  blockIds[1] = arith::RemUIOp::create(gb, loc, q, grid[1]);
  blockIds[2] = arith::DivUIOp::create(gb, loc, q, grid[1]);

  Block &body = kernel.getBody().front();
  for (unsigned i = 0; i < numArgs; ++i)
    groupMap.map(body.getArgument(i), entry->getArgument(i));
  for (BlockArgument attribution : kernel.getWorkgroupAttributions())
    groupMap.map(attribution,
                 memref::AllocaOp::create(
                     entryBuilder, attribution.getLoc(),
                     cast<MemRefType>(attribution.getType()), ValueRange{},
                     entryBuilder.getI64IntegerAttr(64)));
  for (Operation &op : body) {
    if (isLocalAlloc(&op)) {
      groupMap.map(op.getResult(0),
                   memref::AllocaOp::create(
                       entryBuilder, op.getLoc(),
                       cast<MemRefType>(op.getResult(0).getType()),
                       ValueRange{}, entryBuilder.getI64IntegerAttr(64)));
      continue;
    }
    Value id;
    if (auto o = dyn_cast<gpu::BlockIdOp>(op))
      id = blockIds[static_cast<unsigned>(o.getDimension())];
    else if (auto o = dyn_cast<gpu::GridDimOp>(op))
      id = grid[static_cast<unsigned>(o.getDimension())];
    else if (auto o = dyn_cast<gpu::BlockDimOp>(op))
      id = wgDim(static_cast<unsigned>(o.getDimension()));
    else if (isa<gpu::SubgroupSizeOp>(op))
      id = indexConst(w);
    else if (isa<gpu::NumSubgroupsOp>(op))
      id = subgroups();
    if (id)
      groupMap.map(op.getResult(0), id);
  }
  return emitBlock(&body, gb);
}

LogicalResult KernelConverter::emitBlock(Block *block, OpBuilder &b) {
  for (PlanItem &item : plans[block]) {
    switch (item.kind) {
    case PlanItem::GroupOp: {
      IRMapping map;
      for (Value operand : item.op->getOperands()) {
        Value mapped = lookupGroup(operand, b);
        if (!mapped)
          return failure();
        map.map(operand, mapped);
      }
      Operation *clone = b.clone(*item.op, map);
      groupMap.map(item.op->getResults(), clone->getResults());
      break;
    }
    case PlanItem::SegmentItem:
      if (failed(emitSegment(segments[item.segment], b)))
        return failure();
      break;
    case PlanItem::Hoisted:
      if (failed(emitHoisted(item.op, b)))
        return failure();
      break;
    }
  }
  return success();
}

/// Removes the terminator a builder may have put into `block`.
static void dropTerminator(Block *block) {
  if (!block->empty() && block->back().hasTrait<OpTrait::IsTerminator>())
    block->back().erase();
}

LogicalResult KernelConverter::emitHoisted(Operation *op, OpBuilder &b) {
  Location loc = op->getLoc();
  auto groupValuesOf = [&](ValueRange values,
                           SmallVectorImpl<Value> &out) -> LogicalResult {
    for (Value v : values) {
      Value mapped = lookupGroup(v, b);
      if (!mapped)
        return failure();
      out.push_back(mapped);
    }
    return success();
  };
  auto emitNested = [&](Block *from, Block *to) -> LogicalResult {
    OpBuilder nb = OpBuilder::atBlockEnd(to);
    if (failed(emitBlock(from, nb)))
      return failure();
    Operation *terminator = from->getTerminator();
    SmallVector<Value> operands;
    for (Value v : terminator->getOperands()) {
      Value mapped = lookupGroup(v, nb);
      if (!mapped)
        return failure();
      operands.push_back(mapped);
    }
    IRMapping map;
    map.map(terminator->getOperands(), operands);
    nb.clone(*terminator, map);
    return success();
  };

  if (auto forOp = dyn_cast<scf::ForOp>(op)) {
    SmallVector<Value> bounds, inits;
    if (failed(groupValuesOf(
            {forOp.getLowerBound(), forOp.getUpperBound(), forOp.getStep()},
            bounds)) ||
        failed(groupValuesOf(forOp.getInitArgs(), inits)))
      return failure();
    auto newFor =
        scf::ForOp::create(b, loc, bounds[0], bounds[1], bounds[2], inits);
    dropTerminator(newFor.getBody());
    groupMap.map(forOp.getBody()->getArguments(),
                 newFor.getBody()->getArguments());
    if (failed(emitNested(forOp.getBody(), newFor.getBody())))
      return failure();
    groupMap.map(forOp.getResults(), newFor.getResults());
    return success();
  }
  if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
    Value cond = lookupGroup(ifOp.getCondition(), b);
    if (!cond)
      return failure();
    bool hasElse = !ifOp.getElseRegion().empty();
    auto newIf = scf::IfOp::create(b, loc, ifOp.getResultTypes(), cond,
                                   /*addThenBlock=*/true, hasElse);
    dropTerminator(newIf.thenBlock());
    if (failed(emitNested(ifOp.thenBlock(), newIf.thenBlock())))
      return failure();
    if (hasElse) {
      dropTerminator(newIf.elseBlock());
      if (failed(emitNested(ifOp.elseBlock(), newIf.elseBlock())))
        return failure();
    }
    groupMap.map(ifOp.getResults(), newIf.getResults());
    return success();
  }
  auto whileOp = cast<scf::WhileOp>(op);
  SmallVector<Value> inits;
  if (failed(groupValuesOf(whileOp.getInits(), inits)))
    return failure();
  auto newWhile = scf::WhileOp::create(b, loc, whileOp.getResultTypes(), inits);
  auto addBlock = [&](Region &region, Block *like) {
    auto *block = new Block();
    region.push_back(block);
    for (BlockArgument arg : like->getArguments())
      block->addArgument(arg.getType(), arg.getLoc());
    return block;
  };
  Block *before = addBlock(newWhile.getBefore(), whileOp.getBeforeBody());
  Block *after = addBlock(newWhile.getAfter(), whileOp.getAfterBody());
  groupMap.map(whileOp.getBeforeArguments(), before->getArguments());
  groupMap.map(whileOp.getAfterArguments(), after->getArguments());
  if (failed(emitNested(whileOp.getBeforeBody(), before)) ||
      failed(emitNested(whileOp.getAfterBody(), after)))
    return failure();
  groupMap.map(whileOp.getResults(), newWhile.getResults());
  return success();
}

LogicalResult KernelConverter::emitSegment(Segment &segment, OpBuilder &gb) {
  Operation *first =
      segment.collective ? segment.collective : segment.ops.front();
  Location loc = first->getLoc();
  Value reduced;
  if (auto reduce =
          dyn_cast_or_null<gpu::SubgroupReduceOp>(segment.collective)) {
    reduced = emitSubgroupReduce(reduce, gb);
    if (!reduced)
      return failure();
  }

  // The work-item loops, z outermost, x innermost (unit extents omitted).
  OpBuilder b = gb;
  Value tid[3];
  for (int d = 2; d >= 0; --d) {
    if (isUnitDim(d)) {
      tid[d] = indexConst(0);
      continue;
    }
    auto loop =
        scf::ForOp::create(b, loc, indexConst(0), wgDim(d), indexConst(1));
    if (b.getInsertionBlock() == gb.getInsertionBlock())
      segmentLoops.push_back(loop);
    b.setInsertionPoint(loop.getBody()->getTerminator());
    tid[d] = loop.getInductionVar();
  }
  Value linear = tid[0];
  if (!isUnitDim(1) || !isUnitDim(2)) {
    Value yz = tid[1];
    if (!isUnitDim(2))
      yz = arith::AddIOp::create(
          b, loc, arith::MulIOp::create(b, loc, tid[2], wgDim(1)), tid[1]);
    linear = arith::AddIOp::create(
        b, loc, arith::MulIOp::create(b, loc, yz, wgDim(0)), tid[0]);
  }
  ItemContext ic(b, linear);
  for (unsigned d = 0; d < 3; ++d)
    ic.tid[d] = tid[d];

  if (auto shuffle = dyn_cast_or_null<gpu::ShuffleOp>(segment.collective)) {
    if (failed(emitShuffle(ic, shuffle)))
      return failure();
  } else if (auto reduce =
                 dyn_cast_or_null<gpu::SubgroupReduceOp>(segment.collective)) {
    // The per-lane results already are a per-work-item slot.
    auto slot = slots.find(reduce.getResult());
    if (slot != slots.end() && !slot->second.uniform && !slot->second.memref)
      slot->second.memref = reduced;
    else if (slot != slots.end())
      spill(ic, reduce.getResult(),
            memref::LoadOp::create(b, loc, reduced, ValueRange{linear}));
    if (!segment.ops.empty())
      ic.map.map(reduce.getResult(),
                 memref::LoadOp::create(b, loc, reduced, ValueRange{linear}));
  }

  for (Operation *op : segment.ops) {
    llvm::SetVector<Value> external;
    external.insert(op->operand_begin(), op->operand_end());
    getUsedValuesDefinedAbove(op->getRegions(), external);
    for (Value v : external)
      if (!lookupItem(ic, v))
        return failure();
    Operation *clone = b.clone(*op, ic.map);
    for (auto [orig, cloned] : llvm::zip(op->getResults(), clone->getResults()))
      spill(ic, orig, cloned);
  }
  return success();
}

void KernelConverter::outlineSegments() {
  if (segmentLoops.size() <= kMaxSegmentLoopsPerFunction)
    return;
  OpBuilder mb(ctx);
  mb.setInsertionPointAfter(impl);
  unsigned index = 0;
  for (Operation *loop : segmentLoops) {
    // The values the loop nest uses from the function: constants (and
    // global addresses) are re-created in the new function, so that its
    // loop bounds stay constants; the rest become arguments.
    llvm::SetVector<Value> captures;
    captures.insert(loop->operand_begin(), loop->operand_end());
    getUsedValuesDefinedAbove(loop->getRegions(), captures);
    SmallVector<Value> args;
    SmallVector<Type> types;
    for (Value v : captures) {
      Operation *def = v.getDefiningOp();
      if (def && isConstant(def))
        continue;
      args.push_back(v);
      types.push_back(v.getType());
    }
    std::string name;
    do {
      name = (impl.getName() + "_segment" + Twine(index++)).str();
    } while (SymbolTable::lookupSymbolIn(top, name));
    Location loc = loop->getLoc();
    auto func =
        func::FuncOp::create(mb, loc, name, FunctionType::get(ctx, types, {}));
    func.setPrivate();
    func->setAttr("llvm.linkage",
                  LLVM::LinkageAttr::get(ctx, LLVM::Linkage::Internal));
    // LLVM would inline each function back into its only caller.
    // (func-to-llvm keeps `passthrough`, the LLVM function attributes.)
    func->setAttr("passthrough",
                  ArrayAttr::get(ctx, {StringAttr::get(ctx, "noinline")}));
    mb.setInsertionPointAfter(func);
    Block *entry = func.addEntryBlock();
    OpBuilder fb = OpBuilder::atBlockEnd(entry);
    IRMapping map;
    for (Value v : captures)
      if (Operation *def = v.getDefiningOp(); def && isConstant(def))
        map.map(v,
                fb.clone(*def)->getResult(cast<OpResult>(v).getResultNumber()));
    map.map(args, entry->getArguments());
    fb.clone(*loop, map);
    func::ReturnOp::create(fb, loc);
    OpBuilder cb(loop);
    func::CallOp::create(cb, loc, func, args);
    loop->erase();
  }
  segmentLoops.clear();
}

LogicalResult KernelConverter::emitShuffle(ItemContext &ic, gpu::ShuffleOp op) {
  OpBuilder &b = ic.b;
  Location loc = op.getLoc();
  Type i32 = b.getI32Type();
  Value offset = lookupItem(ic, op.getOffset());
  Value width = lookupItem(ic, op.getWidth());
  if (!offset || !width)
    return failure();
  Value lane = arith::RemUIOp::create(b, loc, ic.linear, indexConst(w));
  Value lane32 = arith::IndexCastOp::create(b, loc, i32, lane);
  Value src;
  switch (op.getMode()) {
  case gpu::ShuffleMode::DOWN:
    src = arith::AddIOp::create(b, loc, lane32, offset);
    break;
  case gpu::ShuffleMode::UP:
    src = arith::SubIOp::create(b, loc, lane32, offset);
    break;
  case gpu::ShuffleMode::XOR:
    src = arith::XOrIOp::create(b, loc, lane32, offset);
    break;
  case gpu::ShuffleMode::IDX:
    src = offset;
    break;
  }
  Value w32 = arith::ConstantIntOp::create(b, loc, i32, w);
  Value valid = arith::AndIOp::create(
      b, loc,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, src, width),
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, src, w32));
  Value base = arith::SubIOp::create(b, loc, ic.linear, lane);
  Value srcItem = arith::AddIOp::create(
      b, loc, base, arith::IndexCastOp::create(b, loc, b.getIndexType(), src));
  if (mayHavePartialSubgroup())
    valid = arith::AndIOp::create(
        b, loc, valid,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, srcItem,
                              wgItems()));
  Value item = arith::SelectOp::create(b, loc, valid, srcItem, ic.linear);
  ItemContext source(b, item);
  Value value = lookupItem(source, op.getValue());
  if (!value)
    return failure();
  ic.map.map(op.getShuffleResult(), value);
  ic.map.map(op.getValid(), valid);
  spill(ic, op.getShuffleResult(), value);
  spill(ic, op.getValid(), valid);
  return success();
}

Value KernelConverter::emitSubgroupReduce(gpu::SubgroupReduceOp op,
                                          OpBuilder &gb) {
  Location loc = op.getLoc();
  Type type = op.getType();
  gpu::AllReduceOperation kind = op.getOp();
  unsigned clusterSize = op.getClusterSize().value_or(w);
  unsigned clusterStride = op.getClusterStride();
  if (!llvm::isPowerOf2_32(clusterSize) ||
      !llvm::isPowerOf2_32(clusterStride) || clusterSize * clusterStride > w) {
    op.emitOpError("cluster of size ")
        << clusterSize << " and stride " << clusterStride
        << " does not fit the emulated subgroup size " << w;
    return {};
  }
  TypedAttr identity = reductionIdentity(kind, type);
  if (!identity) {
    op.emitOpError("reduction '") << gpu::stringifyAllReduceOperation(kind)
                                  << "' does not apply to " << type;
    return {};
  }
  Value results = allocPerItem(loc, type);

  // One iteration per subgroup: read the W lane values, combine them in the
  // xor-butterfly order of the GPU lowering, write every lane's result.
  auto loop =
      scf::ForOp::create(gb, loc, indexConst(0), subgroups(), indexConst(1));
  OpBuilder b(loop.getBody()->getTerminator());
  Value base =
      arith::MulIOp::create(b, loc, loop.getInductionVar(), indexConst(w));
  Value identityValue = arith::ConstantOp::create(b, loc, identity);
  SmallVector<Value> items, values;
  for (unsigned l = 0; l < w; ++l) {
    Value item = arith::AddIOp::create(b, loc, base, indexConst(l));
    ItemContext ic(b, item);
    Value v = lookupItem(ic, op.getValue());
    if (!v)
      return {};
    if (mayHavePartialSubgroup()) {
      Value active = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                           item, wgItems());
      v = arith::SelectOp::create(b, loc, active, v, identityValue);
    }
    items.push_back(item);
    values.push_back(v);
  }
  for (unsigned offset = clusterStride; offset < clusterStride * clusterSize;
       offset <<= 1) {
    SmallVector<Value> next;
    for (unsigned l = 0; l < w; ++l)
      next.push_back(combine(b, loc, kind, values[l], values[l ^ offset]));
    values = std::move(next);
  }
  for (unsigned l = 0; l < w; ++l)
    memref::StoreOp::create(b, loc, values[l], results, ValueRange{items[l]});
  return results;
}

//===----------------------------------------------------------------------===//
// The C entry point
//===----------------------------------------------------------------------===//

LogicalResult KernelConverter::emitEntryPoint() {
  Location loc = kernel.getLoc();
  auto ptrType = LLVM::LLVMPointerType::get(ctx);
  Type i64 = IntegerType::get(ctx, 64);
  OpBuilder mb = OpBuilder::atBlockEnd(top.getBody());
  std::string name = (kgpu::kCPUEntryPrefix + kernel.getName()).str();
  auto entry = func::FuncOp::create(
      mb, loc, name, FunctionType::get(ctx, {ptrType, ptrType, i64, i64}, {}));
  Block *block = entry.addEntryBlock();
  OpBuilder b = OpBuilder::atBlockEnd(block);
  Value args = block->getArgument(0);
  Value launch = block->getArgument(1);
  auto loadAt = [&](Value base, Type elementType, int32_t index,
                    Type loaded) -> Value {
    Value address = LLVM::GEPOp::create(b, loc, ptrType, elementType, base,
                                        ArrayRef<LLVM::GEPArg>{index});
    return LLVM::LoadOp::create(b, loc, loaded, address);
  };
  SmallVector<Value> operands;
  for (auto [i, type] : llvm::enumerate(kernel.getArgumentTypes())) {
    Value arg = loadAt(args, ptrType, i, ptrType);
    if (auto memrefType = dyn_cast<MemRefType>(type)) {
      int64_t rank = memrefType.getRank();
      if (!memrefType.getLayout().isIdentity() ||
          (memrefType.getNumDynamicDims() != 0 &&
           (rank != 1 || !memrefType.isDynamicDim(0))))
        return kernel.emitOpError("argument ")
               << i << " of type " << type
               << " is not supported by the CPU ABI (use memref<?xT> or a "
                  "static identity-layout memref)";
      // args[i] points to { T *data; int64_t count; }.
      Value data = LLVM::LoadOp::create(b, loc, ptrType, arg);
      Value count = loadAt(arg, i64, 1, i64);
      SmallVector<Type> fields = {ptrType, ptrType, i64};
      if (rank != 0) {
        fields.push_back(LLVM::LLVMArrayType::get(i64, rank));
        fields.push_back(LLVM::LLVMArrayType::get(i64, rank));
      }
      auto descType = LLVM::LLVMStructType::getLiteral(ctx, fields);
      Value desc = LLVM::PoisonOp::create(b, loc, descType);
      desc =
          LLVM::InsertValueOp::create(b, loc, desc, data, ArrayRef<int64_t>{0});
      desc =
          LLVM::InsertValueOp::create(b, loc, desc, data, ArrayRef<int64_t>{1});
      auto i64Const = [&](int64_t v) -> Value {
        return LLVM::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(v));
      };
      desc = LLVM::InsertValueOp::create(b, loc, desc, i64Const(0),
                                         ArrayRef<int64_t>{2});
      int64_t stride = 1;
      for (int64_t d = rank - 1; d >= 0; --d) {
        Value size = memrefType.isDynamicDim(d)
                         ? count
                         : i64Const(memrefType.getDimSize(d));
        desc = LLVM::InsertValueOp::create(b, loc, desc, size,
                                           ArrayRef<int64_t>{3, d});
        desc = LLVM::InsertValueOp::create(b, loc, desc, i64Const(stride),
                                           ArrayRef<int64_t>{4, d});
        if (!memrefType.isDynamicDim(d))
          stride *= memrefType.getDimSize(d);
      }
      operands.push_back(
          UnrealizedConversionCastOp::create(b, loc, type, desc).getResult(0));
    } else if (isa<IndexType>(type)) {
      Value v = LLVM::LoadOp::create(b, loc, i64, arg);
      operands.push_back(arith::IndexCastOp::create(b, loc, type, v));
    } else if (type.isInteger(1)) {
      Value v = LLVM::LoadOp::create(b, loc, IntegerType::get(ctx, 8), arg);
      operands.push_back(arith::TruncIOp::create(b, loc, type, v));
    } else if (isa<IntegerType, FloatType>(type)) {
      operands.push_back(LLVM::LoadOp::create(b, loc, type, arg));
    } else {
      return kernel.emitOpError("argument ")
             << i << " of type " << type << " is not supported by the CPU ABI";
    }
  }
  Type indexType = b.getIndexType();
  // launch = grid x, y, z, then the work-group size x, y, z.
  for (int32_t d = 0; d < 6; ++d)
    operands.push_back(arith::IndexCastOp::create(b, loc, indexType,
                                                  loadAt(launch, i64, d, i64)));
  operands.push_back(
      arith::IndexCastOp::create(b, loc, indexType, block->getArgument(2)));
  operands.push_back(
      arith::IndexCastOp::create(b, loc, indexType, block->getArgument(3)));
  func::CallOp::create(b, loc, impl, operands);
  func::ReturnOp::create(b, loc);
  return success();
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

struct ConvertGPUToCPUPass
    : public kgpu::impl::ConvertGPUToCPUBase<ConvertGPUToCPUPass> {
  using Base::Base;

  void runOnOperation() override;
};

void ConvertGPUToCPUPass::runOnOperation() {
  ModuleOp top = getOperation();
  if (!kgpu_cpu_subgroup_size_is_valid(subgroupSize)) {
    top.emitError("subgroup-size must be a power of two from 1 to 64, got ")
        << subgroupSize;
    return signalPassFailure();
  }
  SmallVector<gpu::GPUModuleOp> gpuModules(top.getOps<gpu::GPUModuleOp>());
  for (gpu::GPUModuleOp gpuModule : gpuModules) {
    DenseMap<Operation *, bool> helperCache;
    SmallVector<gpu::GPUFuncOp> kernels;
    for (auto func : gpuModule.getOps<gpu::GPUFuncOp>()) {
      if (!func.isKernel()) {
        func.emitOpError("non-kernel gpu.func is not part of the GPU form; "
                         "device helpers are func.func");
        return signalPassFailure();
      }
      kernels.push_back(func);
    }
    for (gpu::GPUFuncOp kernel : kernels) {
      std::string entryName = (kgpu::kCPUEntryPrefix + kernel.getName()).str();
      for (StringRef name : {kernel.getName(), StringRef(entryName)}) {
        Operation *existing = SymbolTable::lookupSymbolIn(top, name);
        if (existing && !isa<gpu::GPUModuleOp>(existing)) {
          kernel.emitOpError("the CPU function '")
              << name << "' clashes with a symbol of the top-level module";
          return signalPassFailure();
        }
      }
      KernelConverter converter(kernel, top, subgroupSize, helperCache);
      if (failed(converter.run()))
        return signalPassFailure();
    }
    // Device helpers that need no work-item context move to the top-level
    // module; the others were inlined into every kernel that calls them.
    for (auto helper :
         llvm::make_early_inc_range(gpuModule.getOps<func::FuncOp>())) {
      if (needsWorkItemContext(helper, helperCache))
        continue;
      if (SymbolTable::lookupSymbolIn(top, helper.getName())) {
        helper.emitOpError("the device function clashes with a symbol of "
                           "the top-level module");
        return signalPassFailure();
      }
      helper->remove();
      top.push_back(helper);
      if (!helper.isExternal()) {
        helper.setPrivate();
        helper->setAttr(
            "llvm.linkage",
            LLVM::LinkageAttr::get(&getContext(), LLVM::Linkage::Internal));
      }
    }
  }
  // Globals (constant array initializers) move to the top-level module.
  for (gpu::GPUModuleOp gpuModule : gpuModules)
    for (auto global :
         llvm::make_early_inc_range(gpuModule.getOps<memref::GlobalOp>())) {
      if (SymbolTable::lookupSymbolIn(top, global.getSymName())) {
        global.emitOpError("clashes with a symbol of the top-level module");
        return signalPassFailure();
      }
      global->remove();
      top.push_back(global);
    }
  for (gpu::GPUModuleOp gpuModule : gpuModules)
    gpuModule.erase();
  top->removeAttr(gpu::GPUDialect::getContainerModuleAttrName());

  // Local memory is ordinary (stack) memory on the CPU.
  AttrTypeReplacer replacer;
  replacer.addReplacement([](MemRefType type) -> std::optional<Type> {
    if (!isLocalMemorySpace(type.getMemorySpace()))
      return std::nullopt;
    return MemRefType::get(type.getShape(), type.getElementType(),
                           type.getLayout());
  });
  replacer.recursivelyReplaceElementsIn(top, /*replaceAttrs=*/true,
                                        /*replaceLocs=*/false,
                                        /*replaceTypes=*/true);
}

} // namespace
