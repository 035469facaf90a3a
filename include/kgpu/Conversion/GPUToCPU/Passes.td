//===- Passes.td - GPU form to CPU loop nests --------------*- tablegen -*-===//
//
// The CPU target's conversion pass: GPU-form kernels become CPU functions
// that run a range of work-groups.
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_CONVERSION_GPUTOCPU_PASSES
#define KGPU_CONVERSION_GPUTOCPU_PASSES

include "mlir/Pass/PassBase.td"

def ConvertGPUToCPU : Pass<"convert-gpu-to-cpu", "::mlir::ModuleOp"> {
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
    `convert-kgpu-mma-to-loops` first.
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
           "Emulated subgroup size (a power of two from 1 to 64; the "
           "default is KGPU_CPU_DEFAULT_SUBGROUP_SIZE of kgpu/ABI/CPU.h); "
           "the bundle manifest records it (cpu.subgroup_size) for the "
           "runtime">
  ];
}

def ConvertKgpuMMAToLoops
    : Pass<"convert-kgpu-mma-to-loops", "::mlir::ModuleOp"> {
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

def KgpuCPUDefineDivision
    : Pass<"kgpu-cpu-define-division", "::mlir::ModuleOp"> {
  let summary = "Integer division and remainder that never trap, with the "
                "results NVIDIA GPUs give";
  let description = [{
    Upstream has no pass that makes integer division total. `arith.divsi`,
    `divui`, `remsi` and `remui` are undefined for a zero divisor (and the
    signed ones for `MIN / -1`); x86's `div`/`idiv` raise SIGFPE there and
    would kill the host, while GPUs produce a value. Each such op whose
    divisor is not a constant known to be safe divides by a safe divisor
    (`select(unsafe, 1, rhs)`) and selects the defined result:

    * `x / 0` and `x % 0` are all ones (-1 signed, the maximum unsigned) for
      every `x`, signed and unsigned, as measured on an NVIDIA H200 for PTX
      `div`/`rem` `.s32/.u32/.s64/.u64` (PTX leaves them unspecified);
    * `MIN / -1` is `MIN` (wrapping) and `MIN % -1` is 0.

    `arith.ceildivsi`, `ceildivui` and `floordivsi` are first expanded with
    upstream's patterns. Scalars, `index` and vectors are handled. The
    Vulkan and CUDA pipelines run it too: SPIR-V leaves these divisions
    undefined, and LLVM treats a division by zero as undefined behaviour
    before the NVPTX backend sees it (the hardware's values are lost).
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def KgpuCPUCheckPrivateMemory
    : Pass<"kgpu-cpu-check-private-memory", "::mlir::ModuleOp"> {
  let summary = "Bounds the private memory of a work-item for the CPU target";
  let description = [{
    A kgpu-specific limit (upstream has no such check). Sums the statically
    sized private `memref.alloca`s of every GPU-form kernel and of the
    device functions it may call (each once); a total over `limit` bytes is
    an error at the largest of them. Together with the per-call bound of
    `kgpu-cpu-allocate-heap-frames` this keeps every CPU kernel's memory
    finite and known at compile time.
  }];
  let options = [
    Option<"limit", "limit", "uint64_t", /*default=*/"256u << 20",
           "Most bytes of private memory per work-item (default 256 MiB)">
  ];
}

def KgpuCPUAllocateHeapFrames
    : Pass<"kgpu-cpu-allocate-heap-frames", "::mlir::ModuleOp"> {
  let summary = "Moves the large arrays of CPU functions from the stack to "
                "one heap block per call";
  let description = [{
    Upstream's memref lowering puts every `memref.alloca` in the stack frame;
    large private arrays, local memory and the per-work-item storage of
    values kept across barriers (all entry-block allocas after
    `convert-gpu-to-cpu`) would overflow the worker thread's stack. For each
    `func.func`, the statically sized entry-block allocas stay on the stack
    while they fit in `stack-budget` bytes (in order); the others become
    `memref.view`s of one `memref.alloc` (64-byte aligned offsets) made at
    the function entry and freed before every `func.return`. In functions
    without results and with one block (the kernel functions), the work of
    the call is guarded by `scf.if` on the block being non-null, so that an
    allocation failure skips the work-groups instead of crashing the host.
    A function whose entry-block arrays total more than `frame-limit` bytes
    is a located error at its largest array.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect"
  ];
  let options = [
    Option<"stackBudget", "stack-budget", "uint64_t",
           /*default=*/"256u << 10",
           "Bytes of arrays a function keeps on the stack (default 256 KiB)">,
    Option<"frameLimit", "frame-limit", "uint64_t", /*default=*/"1u << 30",
           "Most bytes of arrays per call of a function (default 1 GiB)">
  ];
}

#endif // KGPU_CONVERSION_GPUTOCPU_PASSES
