//===- Passes.td - GPU form to CPU loop nests --------------*- tablegen -*-===//
//
// The CPU target's conversion pass: GPU-form kernels become CPU functions
// that run a range of work-groups.
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_CONVERSION_GPUTOCPU_PASSES
#define KGPU_CONVERSION_GPUTOCPU_PASSES

include "mlir/Pass/PassBase.td"

def KgpuGPUToCPUPass : Pass<"kgpu-gpu-to-cpu", "::mlir::ModuleOp"> {
  let summary = "Turns GPU-form kernels into CPU functions that run "
                "work-groups as loop nests (loop fission at barriers)";
  let description = [{
    Upstream MLIR has no equivalent: `gpu-to-llvm` only emits calls into GPU
    runtimes, and the `scf.parallel` route cannot express local memory or
    barriers.

    Every `gpu.func ... kernel` of every `gpu.module` (the GPU form of
    docs/codegen.md) becomes

    * `func.func private @<kernel>(<kernel arguments>, %gridX, %gridY,
      %gridZ, %localX, %localY, %localZ, %groupBegin, %groupEnd : index)`,
      which runs the work-groups
      `[groupBegin, groupEnd)` in linear order (x fastest) one after the
      other, and
    * `func.func @kgpu_cpu_<kernel>(!llvm.ptr, !llvm.ptr, i64, i64)`, the
      C entry point of the "CPU ABI" section of docs/codegen.md.

    Inside a work-group the kernel body is split at every `gpu.barrier` and
    before every subgroup operation; each piece runs as a loop nest over the
    work-items of the group: constant bounds for a kernel with a fixed
    `kgpu.workgroup_size`, else the launch's work-group size (arguments of
    the CPU function; at most 1024 work-items). Values live across a split
    are spilled to per-work-item `memref.alloca` storage (statically sized
    for a fixed size, else sized for the launch's work-group; work-group-
    uniform values to one scalar slot); constants and ids are
    rematerialised. An `scf.for`, `scf.if` or `scf.while` that contains a
    barrier or subgroup operation must be work-group-uniform: it is hoisted
    out of the work-item loops and its body is split recursively; its
    work-item-dependent loop-carried values and results are demoted to
    per-work-item memory first. Such a construct whose condition or bounds
    depend on the work-item id is rejected with an error.

    Subgroups are emulated with `subgroup-size` lanes: lanes are consecutive
    work-items in x-major linear order. `gpu.shuffle` and
    `gpu.subgroup_reduce` (xor-butterfly order, like the upstream GPU
    lowering) give the results of a GPU with that subgroup size.

    Local memory (`memref.alloc` in memory space 3, or workgroup
    attributions) becomes one buffer per work-group; private
    `memref.alloca`s become per-work-item storage when they live across a
    split. `kgpu.atomic_rmw` becomes `memref.atomic_rmw` (`sub` as an add of
    the negation, float `min`/`max` as `minnumf`/`maxnumf`) and
    `kgpu.atomic_cas` an `llvm.cmpxchg` on the element's address, so that
    work-groups may run on several threads. Device helpers that use ids,
    barriers or kgpu ops are inlined; the others move to the top-level
    module. Tensor-core (`kgpu.mma_*`) ops must have been lowered by
    `kgpu-mma-to-loops` first.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect"
  ];
  let options = [
    Option<"subgroupSize", "subgroup-size", "unsigned", /*default=*/"8",
           "Emulated subgroup size (a power of two from 1 to 64); the "
           "bundle manifest records it for the runtime">
  ];
}

def KgpuMMAToLoopsPass : Pass<"kgpu-mma-to-loops", "::mlir::ModuleOp"> {
  let summary = "Tensor-core ops as loops over whole tiles, for the CPU";
  let description = [{
    Upstream has no CPU lowering of matrix fragments. On the CPU a fragment
    is the whole tile in private memory (`memref<R x C x T>` allocated at
    the function entry), held by every work-item: `kgpu.mma_fill`, `load`,
    `compute` and `store` become loops over the tile that each lane of the
    subgroup runs in full (the stores write identical values). Products are
    summed in the accumulator type (f32 for f16 accumulators, rounded once
    per element); fragments carried by scf ops are converted structurally.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect"
  ];
}

#endif // KGPU_CONVERSION_GPUTOCPU_PASSES
