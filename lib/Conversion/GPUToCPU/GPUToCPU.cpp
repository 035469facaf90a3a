//===- GPUToCPU.cpp - GPU-form kernels as CPU loop nests ------------------===//
//
// Implements `convert-gpu-to-cpu` (see Passes.td for the contract). Upstream
// MLIR has no equivalent. Per kernel, a KernelConverter (KernelConverter.h,
// which names the file of each step):
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
// Then the pass moves the device helpers and globals to the top-level
// module and makes local memory ordinary memory.
//
//===----------------------------------------------------------------------===//

#include "KernelConverter.h"

#include "kgpu/Dialect/Kgpu/Utils/GridStride.h"

#include "mlir/IR/AttrTypeSubElements.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir {
namespace kgpu {
#define GEN_PASS_DEF_CONVERTGPUTOCPU
#include "kgpu/Conversion/Passes.h.inc"
} // namespace kgpu
} // namespace mlir

using namespace mlir;
using namespace mlir::kgpu::gpu_to_cpu;

namespace {

/// The grid-stride loops of kgpu-lower-parallel-loops (`kgpu.grid_stride`:
/// `for i = base + g; i < n; i += G`, g the linear global id and G the
/// global size) give work-item g the iterations g, g + G, ... On the CPU the
/// work-items of a group run one after the other, so each of them would
/// stride through memory G elements at a time (and share every cache line
/// with the others at different times). The iterations of a parallel loop
/// are independent, so each work-item takes a contiguous block of them
/// instead: `for i = base + g * c; i < min(base + (g + 1) * c, n); i += 1`,
/// c = ceil((n - base) / G). The same iterations run, once each; the loop
/// is sequential in memory, so it streams and vectorises (a reduction's lane
/// accumulators stay in registers). Loops with a barrier or subgroup op
/// inside (never made by the lowering) are left alone.
void blockGridStrideLoops(gpu::GPUFuncOp kernel) {
  SmallVector<scf::ForOp> loops;
  kernel.walk([&](scf::ForOp loop) {
    if (loop->removeAttr(kgpu::kGridStrideAttrName))
      loops.push_back(loop);
  });
  for (scf::ForOp loop : loops) {
    bool sync = loop.getBody()
                    ->walk([](Operation *op) {
                      return isa<gpu::BarrierOp, gpu::ShuffleOp,
                                 gpu::SubgroupReduceOp>(op)
                                 ? WalkResult::interrupt()
                                 : WalkResult::advance();
                    })
                    .wasInterrupted();
    if (sync || loop.getNumRegionIterArgs())
      continue;
    OpBuilder b(loop);
    Location loc = loop.getLoc();
    // The linear id and size exactly as the lowering computes them.
    Value id, size;
    for (gpu::Dimension d :
         {gpu::Dimension::z, gpu::Dimension::y, gpu::Dimension::x}) {
      Value dim = gpu::BlockDimOp::create(b, loc, d);
      Value gid = arith::AddIOp::create(
          b, loc,
          arith::MulIOp::create(b, loc, gpu::BlockIdOp::create(b, loc, d),
                                dim),
          gpu::ThreadIdOp::create(b, loc, d));
      Value gsize =
          arith::MulIOp::create(b, loc, gpu::GridDimOp::create(b, loc, d), dim);
      if (!id) {
        id = gid;
        size = gsize;
        continue;
      }
      id = arith::AddIOp::create(
          b, loc, arith::MulIOp::create(b, loc, id, gsize), gid);
      size = arith::MulIOp::create(b, loc, size, gsize);
    }
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    Value one = arith::ConstantIndexOp::create(b, loc, 1);
    Value upper = loop.getUpperBound();
    Value base = arith::SubIOp::create(b, loc, loop.getLowerBound(), id);
    Value count = arith::MaxSIOp::create(
        b, loc, arith::SubIOp::create(b, loc, upper, base), zero);
    // size >= 1 (every grid and group extent is), so no division traps.
    Value chunk = arith::DivUIOp::create(
        b, loc,
        arith::SubIOp::create(b, loc, arith::AddIOp::create(b, loc, count, size),
                              one),
        size);
    Value begin = arith::AddIOp::create(
        b, loc, base, arith::MulIOp::create(b, loc, id, chunk));
    Value end = arith::MinSIOp::create(
        b, loc, arith::AddIOp::create(b, loc, begin, chunk), upper);
    loop.setLowerBound(begin);
    loop.setUpperBound(end);
    loop.setStep(one);
  }
}

} // namespace

LogicalResult KernelConverter::run() {
  blockGridStrideLoops(kernel);
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
// The pass
//===----------------------------------------------------------------------===//

namespace {

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
