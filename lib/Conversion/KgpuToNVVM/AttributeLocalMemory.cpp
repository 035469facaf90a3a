//===- AttributeLocalMemory.cpp - local allocs to attributions ---------===//
//
// kgpu-nvvm-attribute-local-memory: the first step of the NVVM lowering. The
// GPU form keeps work-group memory as memref.alloc in memory space 3 (what
// SPIR-V and the CPU take); NVVM needs gpu.func workgroup attributions.
//
//===----------------------------------------------------------------------===//

#include "kgpu/Conversion/KgpuToNVVM/Passes.h"
#include "kgpu/Conversion/KgpuToNVVM/SharedMemory.h"
#include "kgpu/Dialect/Kgpu/IR/KgpuDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"

namespace mlir {
namespace kgpu {
#define GEN_PASS_DEF_KGPUNVVMATTRIBUTELOCALMEMORY
#include "kgpu/Conversion/Passes.h.inc"
} // namespace kgpu
} // namespace mlir

using namespace mlir;
using namespace mlir::kgpu;

namespace {

struct AttributeLocalMemoryPass
    : mlir::kgpu::impl::KgpuNVVMAttributeLocalMemoryBase<
          AttributeLocalMemoryPass> {
  void runOnOperation() override {
    for (auto func : getOperation().getOps<gpu::GPUFuncOp>()) {
      if (!func.isKernel())
        continue;
      SmallVector<memref::AllocOp> allocs;
      func.walk([&](memref::AllocOp alloc) {
        if (isWorkgroupMemRef(alloc.getType()))
          allocs.push_back(alloc);
      });
      // More than static shared memory holds: every local array becomes a
      // view into the block's dynamic shared memory (SharedMemory.h).
      CUDASharedMemoryLayout layout = getCUDASharedMemoryLayout(func);
      if (layout.dynamicBytes > 0) {
        if (failed(placeInDynamicSharedMemory(func, layout)))
          return signalPassFailure();
        continue;
      }
      for (memref::AllocOp alloc : allocs) {
        if (!alloc.getType().hasStaticShape() ||
            !alloc.getDynamicSizes().empty()) {
          alloc.emitError("work-group memory of a dynamic size is not "
                          "supported on the CUDA (NVVM) target");
          return signalPassFailure();
        }
        BlockArgument attribution =
            func.addWorkgroupAttribution(alloc.getType(), alloc.getLoc());
        // 16-byte aligned (the .shared array's .align): what ldmatrix rows,
        // 16-byte cp.async and vector accesses need, and what lets LLVM
        // fold the alignment checks of the tensor-core loads; 1024 for the
        // operands of kgpu.wgmma (their swizzle).
        func.setWorkgroupAttributionAttr(
            func.getNumWorkgroupAttributions() - 1,
            LLVM::LLVMDialect::getAlignAttrName(),
            IntegerAttr::get(IntegerType::get(func.getContext(), 64),
                             getSharedMemoryAlignment(alloc)));
        alloc.getResult().replaceAllUsesWith(attribution);
        alloc.erase();
      }
    }
  }

  LogicalResult placeInDynamicSharedMemory(gpu::GPUFuncOp func,
                                           const CUDASharedMemoryLayout &layout) {
    // Allocations of a dynamic size are not in the layout.
    bool dynamicSize = false;
    func.walk([&](memref::AllocOp alloc) {
      if (isWorkgroupMemRef(alloc.getType()) &&
          (!alloc.getType().hasStaticShape() ||
           !alloc.getDynamicSizes().empty())) {
        alloc.emitError("work-group memory of a dynamic size is not "
                        "supported on the CUDA (NVVM) target");
        dynamicSize = true;
      }
    });
    if (dynamicSize)
      return failure();
    OpBuilder builder(func.getContext());
    for (auto [alloc, offset] : layout.offsets) {
      // In place of the allocation, which dominates its uses.
      builder.setInsertionPoint(alloc);
      MemRefType type = alloc.getType();
      if (!type.getLayout().isIdentity())
        return alloc.emitError("work-group memory with a non-identity layout "
                               "does not fit in static shared memory on the "
                               "CUDA (NVVM) target");
      Location loc = alloc.getLoc();
      // gpu.dynamic_shared_memory takes #gpu.address_space<workgroup>
      // only, memref.view keeps the space: an allocation in space 3 views a
      // cast of it (both are LLVM address space 3; the cast folds away).
      auto workgroup = gpu::AddressSpaceAttr::get(func.getContext(),
                                                  gpu::AddressSpace::Workgroup);
      auto bytes = MemRefType::get({ShapedType::kDynamic}, builder.getI8Type(),
                                   MemRefLayoutAttrInterface(), workgroup);
      Value base = gpu::DynamicSharedMemoryOp::create(builder, loc, bytes);
      if (type.getMemorySpace() != workgroup)
        base = memref::MemorySpaceCastOp::create(
            builder, loc,
            MemRefType::get({ShapedType::kDynamic}, builder.getI8Type(),
                            MemRefLayoutAttrInterface(),
                            type.getMemorySpace()),
            base);
      Value shift = arith::ConstantIndexOp::create(builder, loc, offset);
      Value view = memref::ViewOp::create(builder, loc, type, base, shift,
                                          ValueRange());
      alloc.getResult().replaceAllUsesWith(view);
      alloc.erase();
    }
    return success();
  }
};

} // namespace
