//===- Passes.td - kgpu-level transformations ---------------*- tablegen -*-===//

#ifndef KGPU_TRANSFORMS_PASSES_TD
#define KGPU_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def KgpuVerifyABI : Pass<"kgpu-verify-abi", "mlir::ModuleOp"> {
  let summary = "Reject kernels that no kgpu target or bundle can represent";
  let description = [{
    Checks, before any target runs, what every target's ABI, the bundle
    manifest and the runtime need (upstream has no such check; each target
    would otherwise fail in its own way, some by aborting in the backend):

    * kernel names and parameter names (`kgpu.name`) are C identifiers
      (`[A-Za-z_][A-Za-z0-9_]*`): they become PTX, SPIR-V and ELF symbols
      and manifest keys; parameter names are unique;
    * every value in the module has a type the targets lower: `i1`, `i8`,
      `i16`, `i32`, `i64`, `index`, `f16`, `bf16`, `f32`, `f64`, memrefs of
      those of rank 1 to 8 (0 to 8 inside kernels), and kgpu's own types
      (tensor-core fragments); no vectors, complex numbers or other widths
      (`i7`, `i128`, `f80`, `f128`, ...);
    * buffer parameters have rank 1 to 8, the identity layout, positive
      static extents, and a dynamic extent only when 1-D (what the runtime
      binds).

    Errors are at the offending kernel, parameter or operation.
  }];
}

def KgpuLowerParallelLoops : Pass<"kgpu-lower-parallel-loops", "mlir::ModuleOp"> {
  let summary = "Distribute kgpu.parallel_for over the launch; lower kgpu.reduce";
  let description = [{
    Upstream has no equivalent: `scf.parallel` lowering to the GPU maps one
    iteration per work-item and has no reductions into memory.

    The outermost `kgpu.parallel_for` of a nest becomes one grid-stride
    `scf.for` over its linearised iteration space: work-item `g` of `G`
    (linear global id and size over all three dimensions) runs iterations
    `g, g + G, …`, so any launch size is correct. Nested parallel loops run
    sequentially inside the work-item.

    `kgpu.reduce` into an element whose memref and indices are defined
    outside the loop accumulates into a private per-work-item value
    (starting from the operator's identity). After the loop the work-group
    combines the partial values with `kgpu.group_reduce`, and the first
    work-item of the group folds the result into the output with one atomic
    (`kgpu.atomic_rmw`, or an `kgpu.atomic_cas` loop for `mul`). This
    needs the loop under work-group-uniform control flow (directly in the
    kernel body); otherwise, and for outputs indexed by the iteration, every
    contribution is an atomic.

    Before:
    ```mlir
    kgpu.parallel_for (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %x[%i] : memref<?xf32>
      kgpu.reduce add %v, %out[%c0] : memref<?xf32>
    }
    ```
    After (sketch):
    ```mlir
    %acc = memref.alloca() : memref<f32>    // identity 0.0
    scf.for %l = %gid to %n step %gsize { ... acc += x[l] ... }
    %r = kgpu.group_reduce add %partial : f32
    scf.if %first_in_group { kgpu.atomic_rmw add %r, %out[%c0] }
    ```

    For bandwidth, a 1-D loop of constant step 1 whose body has no loop
    runs `vector-width` contiguous iterations per work-item and step
    (`W*v … W*v + W-1` for `v = g, g + G, …` below `n / W`, the body
    unrolled `W` times), then a plain grid-stride loop over the `n % W`
    iterations left. The copies' loads are adjacent and independent, so
    the NVVM target merges them into 128-bit accesses (buffers are 16-byte
    aligned, docs/runtime.md), and each lane has its own accumulator; the
    lanes are combined before the work-group reduction. Float reductions
    are thereby reassociated (as they already are across work-items). Each
    work-group's partial is deterministic for a fixed device, launch size
    and input; the order in which the groups' atomics land is not, so a
    float add or mul may differ between runs in its last bits (integer
    operators, min and max are exact).
  }];
  let options = [
    Option<"vectorWidth", "vector-width", "unsigned", /*default=*/"4",
           "Contiguous iterations per work-item and step of eligible 1-D "
           "loops (1: one iteration per step)">,
  ];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::scf::SCFDialect",
                           "mlir::memref::MemRefDialect"];
}

def KgpuExpandGroupReduce : Pass<"kgpu-expand-group-reduce", "mlir::ModuleOp"> {
  let summary = "Expand kgpu.group_reduce into subgroup reductions, local memory and barriers";
  let description = [{
    Upstream's `gpu.all_reduce` is illegal in Vulkan SPIR-V and has no CPU
    lowering, and assumes full subgroups, so work-group reductions are
    expanded portably, for any work-group size, with a work-group-uniform
    choice between two paths:

    * when the x extent of the work-group is a multiple of the subgroup size
      (subgroups are then full runs of consecutive work-items): each
      subgroup reduces its values (`kgpu.subgroup_reduce`), lane 0 stores its
      partial into a local array, a barrier, then every work-item folds all
      partials in order and a final barrier makes the scratch reusable;
    * otherwise (a partial last subgroup, or rows shorter than a subgroup,
      which devices may split into subgroups with colliding ids: Mesa's
      lavapipe does): a tree in local memory over the linear work-item
      index, ceil(log2(max work-items)) rounds with a barrier each.

    Every work-item receives the same result. The local array has one slot
    per work-item of the kernel's fixed work-group size, or 1024 slots for a
    kernel that accepts any size at launch.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::scf::SCFDialect",
                           "mlir::memref::MemRefDialect"];
}

def KgpuLowerExactSemantics : Pass<"kgpu-lower-exact-semantics", "mlir::ModuleOp"> {
  let summary = "Lower the exact-semantics ops to arith sequences";
  let description = [{
    `arith` has no ops with Java's semantics, so each op becomes a short,
    branch-free arith sequence that every target lowers identically:
    `kgpu.fptosi_sat` (NaN → 0, saturation), `kgpu.jvm_min/max` (NaN wins,
    -0.0 < +0.0), `kgpu.int_div/rem` (zero divisor: quotient 0, remainder the
    dividend; `MIN / -1` wraps) and `kgpu.shift` (count masked to the width).
  }];
  let dependentDialects = ["mlir::arith::ArithDialect"];
}

def KgpuCheckBounds : Pass<"kgpu-check-bounds", "mlir::ModuleOp"> {
  let summary = "Check every memory access of a kernel against the size of what it accesses (kgpu-translate --check-bounds)";
  let description = [{
    Upstream has no equivalent: `memref` accesses out of bounds are undefined
    behaviour, and upstream's runtime checks (`generate-runtime-verification`)
    abort the process, which a GPU cannot do. This pass is what
    compute-sanitizer gives CUDA users, on every target: run it on the kgpu
    level (after inlining device functions) and every `memref.load`,
    `memref.store`, `kgpu.atomic_rmw`, `kgpu.atomic_cas` and `kgpu.reduce`
    of a kernel is checked, index by index, against the extent of the
    memref it accesses: for kernel buffers, the buffer's element count,
    which the runtime passes in a hidden scalar parameter (`kgpu.size_of`,
    appended to the kernel's parameters; the runtime fills it in), so that
    the check needs no buffer-size query on any target; for local and
    private arrays, their static shape.

    An access out of bounds does not happen (a load yields the value of
    element 0, or zero; a store, an atomic or a reduction is dropped), and
    the first violation of the launch is recorded in a hidden status buffer
    (`kgpu.bounds_status`, appended too: site + 1, dimension, index and
    extent as 32-bit words), which the runtime reads after the launch and
    reports as `KGPU_ERROR_BOUNDS` with the kernel, the source location of
    the access and the index. The sites (what is accessed, and where) are
    listed in the kernel's `kgpu.bounds_sites` attribute, which the manifest
    carries. Tensor-core loads and stores (`kgpu.mma_load/store`) are not
    checked.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::scf::SCFDialect",
                           "mlir::memref::MemRefDialect"];
}

def KgpuVerifyConvergence : Pass<"kgpu-verify-convergence", "mlir::ModuleOp"> {
  let summary = "Reject barriers, collectives and local allocations under divergent control flow";
  let description = [{
    Every work-item of a work-group must reach a `kgpu.barrier`, a work-group
    or subgroup collective (`kgpu.group_reduce`, `kgpu.subgroup_reduce`,
    `kgpu.shuffle`, the `kgpu.mma_*` ops and their `gpu` dialect
    counterparts) and a local allocation (`kgpu.alloc_local`, a
    `memref.alloc`/`alloca` in local memory), or the kernel hangs or
    computes garbage on a GPU. This pass runs kgpu's uniformity analysis
    (`include/kgpu/Analysis/Uniformity.h`: uniform / work-group-uniform /
    varying, with control dependence) and reports each such op that sits
    under control flow whose decision varies between the work-items of a
    work-group: an error at the op, with a note at the outermost divergent
    branch (`scf.if`, `scf.for`, `scf.while`, `scf.index_switch`, or a `cf`
    branch up to its post-dominator, e.g. after an early return). A call to
    a function that executes one of them counts as one. A
    `kgpu.parallel_for` needs more: its iterations are distributed over the
    whole grid, so it may not sit under control flow that differs even
    between work-groups.

    It runs on the kgpu level (and on the GPU form) of every frontend and
    target. Upstream MLIR has no such check.

    ```mlir
    %t = kgpu.local_id x
    %c = arith.cmpi ult, %t, %c16 : index
    scf.if %c {        // note: the condition of this 'scf.if' varies ...
      kgpu.barrier local   // error: barrier under divergent control flow
    }
    ```
  }];
}

def KgpuInferArgAccess : Pass<"kgpu-infer-arg-access", "mlir::ModuleOp"> {
  let summary = "Compute the access (read / write / read_write) of each kernel buffer from its uses";
  let description = [{
    The access in `#kgpu.arg<buffer, access>` on a kernel argument says how
    much a frontend allows (`read` for a `const` buffer, `read_write` when
    the language says nothing). This pass computes what the kernel does
    with the memref: reads by `memref.load`, `kgpu.mma_load` and anything
    else whose memory effects read it, writes by `memref.store`,
    `kgpu.mma_store`, both by the atomics; through view-like ops and block
    arguments; and across calls to `kgpu.device` functions
    (interprocedurally, each function once). A use it cannot follow counts
    as both. The argument's access becomes the computed one (`read` for a
    buffer that is not used at all); a use the declared access does not
    cover, e.g. a store into a `const` buffer, is an error at the use, with
    a note at the kernel.

    Upstream has no equivalent (the access is a kgpu ABI attribute). kgc
    and any other frontend leave the inference to this pass.

    ```mlir
    func.func @k(%x: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>})
        attributes {kgpu.kernel} {
      %v = memref.load %x[%c0] : memref<?xf32>   // only reads: becomes `read`
      ...
    }
    ```
  }];
}

def KgpuVerifyStructured : Pass<"kgpu-verify-structured", "mlir::ModuleOp"> {
  let summary = "Reject kernels and device functions that still have unstructured control flow";
  let description = [{
    The last step of `kgpu-frontend-cleanup`: after `lift-cf-to-scf`, every
    region of a kernel or device function must be a single block (`scf`
    control flow only), which the CPU target's barrier fission and the
    uniformity analysis's note locations rely on. Where a frontend's CFG
    could not be lifted (`lift-cf-to-scf` leaves a `cf` switch when a
    region returns through different kinds of return ops), this is a
    located error at the first branch. Upstream has no such check.
  }];
}

def KgpuLowerIndexSwitch : Pass<"kgpu-lower-index-switch", "mlir::ModuleOp"> {
  let summary = "Rewrite scf.index_switch as a chain of scf.if";
  let description = [{
    `lift-cf-to-scf` (in `kgpu-frontend-cleanup`) turns a frontend's
    multi-way branches into `scf.index_switch`, which upstream's SCF to
    SPIR-V conversion cannot lower. This pass (upstream has none) rewrites
    each switch as `scf.if (arg == case0) {...} else if (arg == case1) ...
    else {default}`, with the same results; the Vulkan pipeline runs it,
    and the CPU conversion uses the same rewrite for switches that hold a
    barrier.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::scf::SCFDialect"];
}

#endif // KGPU_TRANSFORMS_PASSES_TD
