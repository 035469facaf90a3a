//===- Passes.td - kgpu to gpu conversion -------------------*- tablegen -*-===//

#ifndef KGPU_CONVERSION_KGPUTOGPU_PASSES_TD
#define KGPU_CONVERSION_KGPUTOGPU_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertKgpuToGPU : Pass<"convert-kgpu-to-gpu", "mlir::ModuleOp"> {
  let summary = "Outline kgpu kernels into a gpu.module and convert kgpu ops to gpu";
  let description = [{
    Upstream has no kgpu lowering. Produces the "GPU form" of
    docs/codegen.md: every `kgpu.kernel` function becomes a `gpu.func`
    kernel in `gpu.module @kernels` (device helpers move into the module as
    `func.func`), with `kgpu.args` and either `kgpu.workgroup_size` (3
    entries; the kernel fixed its size) or `kgpu.default_workgroup_size` (3
    entries; the kernel accepts any size at launch, this is the default).
    Ids become gpu ids (`global_id = block_id * block_dim + thread_id`),
    barriers `gpu.barrier`, shuffles `gpu.shuffle` (an out-of-range lane
    yields its own value), subgroup reductions `gpu.subgroup_reduce`, local
    allocations `memref.alloc` in memory space 3 or workgroup attributions.
    Atomics and MMA ops stay for the target lowerings. Run the kgpu-level
    passes (parallel loops, group reductions, exact semantics) first.
  }];
  let options = [
    Option<"localMemory", "local-memory", "std::string", "\"alloc\"",
           "How local memory is represented: 'alloc' (memref.alloc in "
           "memory space 3: SPIR-V, CPU) or 'attribution' (gpu.func "
           "workgroup attribution: NVVM)">,
    Option<"moduleName", "module-name", "std::string", "\"kernels\"",
           "Name of the gpu.module holding the kernels">
  ];
  let dependentDialects = ["mlir::gpu::GPUDialect", "mlir::arith::ArithDialect",
                           "mlir::memref::MemRefDialect"];
}

#endif // KGPU_CONVERSION_KGPUTOGPU_PASSES_TD
