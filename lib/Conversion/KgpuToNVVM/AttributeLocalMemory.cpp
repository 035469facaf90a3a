//===- AttributeLocalMemory.cpp - local allocs to attributions ---------===//
//
// kgpu-nvvm-attribute-local-memory: the first step of the NVVM lowering. The
// GPU form keeps work-group memory as memref.alloc in memory space 3 (what
// SPIR-V and the CPU take); NVVM needs gpu.func workgroup attributions.
//
//===----------------------------------------------------------------------===//

#include "kgpu/Conversion/KgpuToNVVM/Passes.h"
#include "kgpu/Dialect/Kgpu/IR/KgpuDialect.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace mlir {
namespace kgpu {
#define GEN_PASS_DEF_KGPUNVVMATTRIBUTELOCALMEMORY
#include "kgpu/Conversion/Passes.h.inc"
} // namespace kgpu
} // namespace mlir

using namespace mlir;
using namespace mlir::kgpu;

namespace {

bool isWorkgroupMemory(MemRefType type) {
  Attribute space = type.getMemorySpace();
  if (auto integer = dyn_cast_or_null<IntegerAttr>(space))
    return integer.getInt() == KgpuDialect::kLocalMemorySpace;
  if (auto gpuSpace = dyn_cast_or_null<gpu::AddressSpaceAttr>(space))
    return gpuSpace.getValue() == gpu::AddressSpace::Workgroup;
  return false;
}

struct AttributeLocalMemoryPass
    : mlir::kgpu::impl::KgpuNVVMAttributeLocalMemoryBase<
          AttributeLocalMemoryPass> {
  void runOnOperation() override {
    for (auto func : getOperation().getOps<gpu::GPUFuncOp>()) {
      if (!func.isKernel())
        continue;
      SmallVector<memref::AllocOp> allocs;
      func.walk([&](memref::AllocOp alloc) {
        if (isWorkgroupMemory(alloc.getType()))
          allocs.push_back(alloc);
      });
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
        // fold the alignment checks of the tensor-core loads.
        func.setWorkgroupAttributionAttr(
            func.getNumWorkgroupAttributions() - 1,
            LLVM::LLVMDialect::getAlignAttrName(),
            IntegerAttr::get(IntegerType::get(func.getContext(), 64), 16));
        alloc.getResult().replaceAllUsesWith(attribution);
        alloc.erase();
      }
    }
  }
};

} // namespace
