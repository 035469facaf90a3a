//===- Passes.td - conversion passes shared by targets ------*- tablegen -*-===//

#ifndef KGPU_CONVERSION_COMMON_PASSES_TD
#define KGPU_CONVERSION_COMMON_PASSES_TD

include "mlir/Pass/PassBase.td"

def KgpuExpandAsyncCopies
    : Pass<"kgpu-expand-async-copies", "::mlir::ModuleOp"> {
  let summary = "Asynchronous copies as plain copies, for targets without them";
  let description = [{
    Upstream has no target-independent asynchronous copy (nvgpu's
    device_async_copy is CUDA's). On the CPU, Vulkan and CUDA chips before
    sm_80, `kgpu.async_copy` becomes a plain copy of its elements (a load
    and a store each), done when the op executes, and `kgpu.async_commit`
    and `kgpu.async_wait` are erased: the copies are complete by then, and
    the barrier that a kernel needs after `async_wait` anyway orders them
    across work-items. Copies that kgpu-spirv-vector-tiles marked
    (`__kgpu_vector_tile`) stay: convert-kgpu-to-spirv makes each one a
    16-byte load and store.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect"
  ];
}

#endif // KGPU_CONVERSION_COMMON_PASSES_TD
