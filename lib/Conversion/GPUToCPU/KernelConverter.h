//===- KernelConverter.h - convert-gpu-to-cpu internals ---------*- C++ -*-===//
//
// Internal to lib/Conversion/GPUToCPU: the per-kernel converter of
// `convert-gpu-to-cpu` and the op classification its phases share. One
// KernelConverter turns one gpu.func kernel into a CPU function and its C
// entry point; its phases live in one file each:
//
//   Prepare.cpp            1. inline device helpers that need the work-item
//                          context, hoist ids and allocations to the entry
//                          block, lower kgpu atomics and index switches
//   Divergence.cpp         2.-3. which values differ between the work-items
//                          of a work-group; constructs that hold a barrier or
//                          subgroup op must be uniform, their varying carried
//                          values are demoted to private memory
//   BarrierFission.cpp     4.-5. split the work-group-uniform blocks into
//                          segments, group-level ops and hoisted constructs;
//                          decide what lives across segments (spills, remat)
//   WorkItemLoops.cpp      6. emit the CPU function: the work-group loop,
//                          one work-item loop nest per segment
//   SubgroupEmulation.cpp  gpu.shuffle and gpu.subgroup_reduce over the
//                          emulated subgroup
//   EntryPoint.cpp         the exported C entry point (the CPU ABI)
//   GPUToCPU.cpp           the pass, which runs a converter per kernel
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_LIB_CONVERSION_GPUTOCPU_KERNELCONVERTER_H
#define KGPU_LIB_CONVERSION_GPUTOCPU_KERNELCONVERTER_H

#include "kgpu/Conversion/GPUToCPU/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/IRMapping.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/MathExtras.h"

namespace mlir {
namespace kgpu {
namespace gpu_to_cpu {

//===----------------------------------------------------------------------===//
// Op and type classification
//===----------------------------------------------------------------------===//

inline bool isIdOp(Operation *op) {
  return isa<gpu::ThreadIdOp, gpu::BlockIdOp, gpu::BlockDimOp, gpu::GridDimOp,
             gpu::GlobalIdOp, gpu::LaneIdOp, gpu::SubgroupIdOp,
             gpu::SubgroupSizeOp, gpu::NumSubgroupsOp>(op);
}

/// Ids whose value differs between the work-items of a work-group.
inline bool isVariantIdOp(Operation *op) {
  return isa<gpu::ThreadIdOp, gpu::GlobalIdOp, gpu::LaneIdOp,
             gpu::SubgroupIdOp>(op);
}

inline bool isCollective(Operation *op) {
  return isa<gpu::ShuffleOp, gpu::SubgroupReduceOp>(op);
}

inline bool isSync(Operation *op) {
  return isa<gpu::BarrierOp>(op) || isCollective(op);
}

inline bool isLocalMemorySpace(Attribute space) {
  if (auto i = dyn_cast_or_null<IntegerAttr>(space))
    return i.getInt() == 3;
  if (auto a = dyn_cast_or_null<gpu::AddressSpaceAttr>(space))
    return a.getValue() == gpu::AddressSpace::Workgroup;
  return false;
}

inline bool isLocalMemRefType(Type type) {
  auto m = dyn_cast<MemRefType>(type);
  return m && isLocalMemorySpace(m.getMemorySpace());
}

inline bool isLocalAlloc(Operation *op) {
  return isa<memref::AllocOp, memref::AllocaOp>(op) &&
         isLocalMemRefType(op->getResult(0).getType());
}

inline bool isPrivateAlloca(Operation *op) {
  auto alloca = dyn_cast<memref::AllocaOp>(op);
  return alloca && !isLocalMemRefType(alloca.getType());
}

inline bool isConstant(Operation *op) {
  // memref.get_global: the address of a constant global (kgc's array
  // initializers), the same for every work-item.
  return (op->hasTrait<OpTrait::ConstantLike>() ||
          isa<memref::GetGlobalOp>(op)) &&
         op->getNumOperands() == 0 && op->getNumRegions() == 0;
}

/// Ops that are not placed in a segment: they are re-created wherever they
/// are needed (constants, ids) or allocated once per function.
inline bool isFreeOp(Operation *op) {
  return isConstant(op) || isIdOp(op) || isLocalAlloc(op) ||
         isPrivateAlloca(op);
}

/// Bytes of one element of a private array, or 0 if unsupported.
inline int64_t elementBytes(Type type) {
  if (isa<IndexType>(type))
    return 8;
  if (isa<IntegerType, FloatType>(type))
    return llvm::divideCeil(type.getIntOrFloatBitWidth(), 8);
  return 0;
}

/// True if `func` has to run in the work-item context (uses gpu or kgpu ops),
/// directly or through calls. `cache` memoizes; a cycle counts as true.
bool needsWorkItemContext(func::FuncOp func,
                          DenseMap<Operation *, bool> &cache);

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

} // namespace gpu_to_cpu
} // namespace kgpu
} // namespace mlir

#endif // KGPU_LIB_CONVERSION_GPUTOCPU_KERNELCONVERTER_H
