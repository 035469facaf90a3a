//===- Prepare.cpp - kernel preparation for the CPU -----------------------===//
//
// Step 1 of convert-gpu-to-cpu (KernelConverter.h): reads and checks the
// work-group size and the ops, inlines the device helpers that need the
// work-item context, hoists ids and allocations to the entry block, lowers
// kgpu atomics, and turns an scf.index_switch that holds a barrier or
// subgroup op into scf.if.
//
//===----------------------------------------------------------------------===//

#include "KernelConverter.h"

#include "kgpu/Conversion/Common/AtomicCmpXchg.h"
#include "kgpu/Conversion/Common/MmaFragmentConversion.h"
#include "kgpu/Dialect/Kgpu/IR/KgpuDialect.h"
#include "kgpu/Dialect/Kgpu/Utils/Atomics.h"
#include "kgpu/Transforms/Passes.h"

#include "mlir/IR/SymbolTable.h"

using namespace mlir;
using namespace mlir::kgpu::gpu_to_cpu;

bool mlir::kgpu::gpu_to_cpu::needsWorkItemContext(
    func::FuncOp func, DenseMap<Operation *, bool> &cache) {
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
    if (kgpu::isMmaOp(op))
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
    // Compare-and-swap: one cmpxchg on the element's address (upstream's
    // memref.generic_atomic_rmw would be a retry loop and cannot lower float
    // element types). Floats compare by their bits.
    auto cas = cast<kgpu::AtomicCASOp>(op);
    cas.getResult().replaceAllUsesWith(
        kgpu::createAtomicCmpXchg(b, cas, /*addressSpace=*/0));
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
