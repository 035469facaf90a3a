//===- KgpuOps.td - kgpu operations ------------------------*- tablegen -*-===//

#ifndef KGPU_DIALECT_KGPUOPS_TD
#define KGPU_DIALECT_KGPUOPS_TD

include "kgpu/Dialect/Kgpu/IR/KgpuTypes.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/Interfaces/InferIntRangeInterface.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/LoopLikeInterface.td"

//===----------------------------------------------------------------------===//
// Traits and type constraints
//===----------------------------------------------------------------------===//

// The op must be inside a kernel or device function (`kgpu.kernel`,
// `kgpu.device`, or a `gpu.func`).
def Kgpu_InKernel : NativeOpTrait<"InKernel"> {
  let cppNamespace = "::mlir::kgpu::OpTrait";
}

// The op is a work-group collective: it must not be inside a
// `kgpu.parallel_for`, whose iterations are not work-items.
def Kgpu_NotInParallelFor : NativeOpTrait<"NotInParallelFor"> {
  let cppNamespace = "::mlir::kgpu::OpTrait";
}

def Kgpu_ScalarIntOrFloat : AnyTypeOf<[AnySignlessInteger, AnyFloat],
    "signless integer or float">;
def Kgpu_ShuffleType : AnyTypeOf<[I32, I64, F16, BF16, F32, F64],
    "32/64-bit integer, f16, bf16, f32 or f64">;
def Kgpu_AtomicType : AnyTypeOf<[I32, I64, F32, F64],
    "i32, i64, f32 or f64">;

//===----------------------------------------------------------------------===//
// Work-item ids and sizes
//===----------------------------------------------------------------------===//

// `range` is the op's value range, stated in its description (the op's
// inferResultRanges implements it).
class Kgpu_IdOp<string mnemonic, string what, string source, string range>
    : Kgpu_Op<mnemonic, [Pure, Kgpu_InKernel,
        DeclareOpInterfaceMethods<InferIntRangeInterface,
                                  ["inferResultRanges"]>,
        DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = what # " in dimension x, y or z";
  let description = !strconcat("Returns ", what, [{ in the given dimension
    of the current launch, as an `index`. Only valid inside a kernel or a
    device function.

    Range (InferIntRangeInterface, for `int-range-optimizations` and the
    other integer range analyses): }], range, [{ A work-group has at most
    1024 work-items (`KgpuDialect::kMaxWorkgroupItems`) and a launch at most
    2^32 - 1 work-groups per dimension; in a kernel that fixes its
    work-group size (`kgpu.workgroup_size`), that size bounds the local ids
    and is the local size.

    Source constructs: }], source, [{.

    Example:

    ```mlir
    %i = kgpu.}], mnemonic, [{ x
    ```
  }]);
  let arguments = (ins Kgpu_DimensionAttr:$dimension);
  let results = (outs Index:$result);
  let assemblyFormat = "$dimension attr-dict";
  let extraClassDefinition = [{
    void $cppClass::getAsmResultNames(
        ::llvm::function_ref<void(::mlir::Value, ::llvm::StringRef)> setName) {
      setName(getResult(), (::llvm::Twine(getOperationName().drop_front(5)) +
                            "_" + stringifyDimension(getDimension())).str());
    }
  }];
}

def Kgpu_GlobalIdOp : Kgpu_IdOp<"global_id",
    "the global index of the work-item",
    "kgc `global_id(d)`, TornadoVM `kc.globalIdx/Idy/Idz`, Kernelin "
    "`globalId()`",
    "non-negative, below 2^32 - 1 times the largest work-group size.">;
def Kgpu_LocalIdOp : Kgpu_IdOp<"local_id",
    "the index of the work-item inside its work-group",
    "kgc `local_id(d)`, TornadoVM `kc.localIdx/Idy/Idz`",
    "from 0 to the work-group size in the dimension minus 1 (below 1024, or "
    "the fixed size).">;
def Kgpu_GroupIdOp : Kgpu_IdOp<"group_id", "the index of the work-group",
    "kgc `group_id(d)`, TornadoVM `kc.groupIdx/Idy/Idz`",
    "from 0 to 2^32 - 2.">;
def Kgpu_GlobalSizeOp : Kgpu_IdOp<"global_size",
    "the total number of work-items",
    "kgc `global_size(d)`, TornadoVM `kc.globalGroupSizeX/Y/Z`",
    "at least 1 (at least the fixed size), at most 2^32 - 1 times the "
    "largest work-group size.">;
def Kgpu_LocalSizeOp : Kgpu_IdOp<"local_size",
    "the number of work-items in a work-group",
    "kgc `local_size(d)`, TornadoVM `kc.localGroupSizeX/Y/Z`",
    "from 1 to 1024, or exactly the fixed size.">;
def Kgpu_NumGroupsOp : Kgpu_IdOp<"num_groups",
    "the number of work-groups", "kgc `num_groups(d)`",
    "from 1 to 2^32 - 1.">;

class Kgpu_SubgroupQueryOp<string mnemonic, string what, string source>
    : Kgpu_Op<mnemonic, [Pure, Kgpu_InKernel]> {
  let summary = what;
  let description = !strconcat("Returns ", what, [{ as an `index`. The
    subgroup size is a property of the device (32 on NVIDIA GPUs, 8 on
    lavapipe, the emulated width on the CPU); kernels must not assume it.

    Source constructs: }], source, [{.

    ```mlir
    %v = kgpu.}], mnemonic, "\n    ```\n  ");
  let results = (outs Index:$result);
  let assemblyFormat = "attr-dict";
}

def Kgpu_LaneIdOp : Kgpu_SubgroupQueryOp<"lane_id",
    "the index of the work-item inside its subgroup",
    "kgc `sub_group_local_id()`">;
def Kgpu_SubgroupSizeOp : Kgpu_SubgroupQueryOp<"subgroup_size",
    "the number of work-items in a subgroup", "kgc `sub_group_size()`">;
def Kgpu_SubgroupIdOp : Kgpu_SubgroupQueryOp<"subgroup_id",
    "the index of the subgroup inside its work-group",
    "kgc `sub_group_id()`">;
def Kgpu_NumSubgroupsOp : Kgpu_SubgroupQueryOp<"num_subgroups",
    "the number of subgroups in a work-group", "kgc `num_sub_groups()`">;

//===----------------------------------------------------------------------===//
// Data-parallel loops and reductions
//===----------------------------------------------------------------------===//

def Kgpu_ParallelForOp : Kgpu_Op<"parallel_for", [
    Kgpu_InKernel, AttrSizedOperandSegments, RecursiveMemoryEffects,
    SingleBlockImplicitTerminator<"YieldOp">,
    DeclareOpInterfaceMethods<LoopLikeOpInterface, [
        "getLoopInductionVars", "getLoopLowerBounds", "getLoopUpperBounds",
        "getLoopSteps"]>]> {
  let summary = "a data-parallel loop nest of 1 to 3 dimensions";
  let description = [{
    Runs the body once for every point of the iteration space
    `[lb, ub)` with the given positive steps, in each of 1 to 3 dimensions,
    in any order and concurrently. The iterations are independent; they may
    communicate only through `kgpu.reduce` and atomics. Nested
    `parallel_for`s may hold at most 3 dimensions in total.

    The lowering distributes iterations over all work-items of the launch
    with grid-stride loops, so the result does not depend on the launch
    size.

    It is a `LoopLikeOpInterface` loop (one region, an induction variable,
    lower bound, upper bound and step per dimension), so upstream
    `loop-invariant-code-motion` hoists invariant, speculatable ops out of
    it and the integer range analyses bound its induction variables by
    `[lb, ub)`.

    Source constructs: TornadoVM `@Parallel` loops, kgc `parallel for`.

    ```mlir
    kgpu.parallel_for (%i, %j) = (%c0, %c0) to (%n, %m) step (%c1, %c1) {
      ...
    }
    ```
  }];
  let arguments = (ins Variadic<Index>:$lowerBound,
                       Variadic<Index>:$upperBound,
                       Variadic<Index>:$step);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins "::mlir::ValueRange":$lowerBounds,
                   "::mlir::ValueRange":$upperBounds,
                   "::mlir::ValueRange":$steps)>
  ];
  let extraClassDeclaration = [{
    unsigned getNumDims() { return getLowerBound().size(); }
    ::mlir::Block *getBodyBlock() { return &getBody().front(); }
    ::mlir::Block::BlockArgListType getInductionVars() {
      return getBodyBlock()->getArguments();
    }
  }];
}

def Kgpu_YieldOp : Kgpu_Op<"yield", [Pure, ReturnLike, Terminator,
                                     HasParent<"ParallelForOp">]> {
  let summary = "terminates the body of a kgpu.parallel_for";
  let description = [{
    Ends an iteration of `kgpu.parallel_for`. It is implicit in the custom
    assembly form.
  }];
  let assemblyFormat = "attr-dict";
}

def Kgpu_ReduceOp : Kgpu_Op<"reduce", [Kgpu_InKernel,
    TypesMatchWith<"value type matches the element type of the output",
                   "output", "value",
                   "::llvm::cast<::mlir::MemRefType>($_self).getElementType()">]> {
  let summary = "contributes a value to a reduction into memory";
  let description = [{
    Inside a `kgpu.parallel_for`, contributes `value` to the reduction of all
    iterations' contributions into `output[indices]`: when the enclosing
    parallel loop has finished, the element holds `kind` applied to its
    previous value and every contribution, in an unspecified order.

    `min` and `max` on floats are IEEE-754 2019 `minimum`/`maximum`
    (`arith.minimumf`/`maximumf`): if any contribution or the previous value
    is NaN the result is NaN, and -0.0 < +0.0, as Java's `Math.min`/
    `Math.max`, on every target. On integers they are signed, `umin`/`umax`
    are unsigned. `and`, `or`, `xor`, `umin` and `umax` need integers. A
    float `add` or `mul` is evaluated in an unspecified order, so its
    rounding may differ between targets and runs.

    Source constructs: TornadoVM `@Reduce` outputs, kgc `reduce(op: x)`.

    ```mlir
    kgpu.reduce add %v, %sum[%c0] : memref<1xf32>
    ```
  }];
  let arguments = (ins Kgpu_ReductionKindAttr:$kind,
                       Kgpu_ScalarIntOrFloat:$value,
                       Arg<AnyMemRef, "the reduction output",
                           [MemRead, MemWrite]>:$output,
                       Variadic<Index>:$indices);
  let assemblyFormat = [{
    $kind $value `,` $output `[` $indices `]` attr-dict `:` type($output)
  }];
  let hasVerifier = 1;
}

class Kgpu_CollectiveReduceOp<string mnemonic, string scope, string source>
    : Kgpu_Op<mnemonic, [Kgpu_InKernel, Kgpu_NotInParallelFor,
                         SameOperandsAndResultType]> {
  let summary = "reduces a value over the " # scope;
  let description = !strconcat([{
    Applies `kind` to `value` of every work-item of the }], scope, [{ and
    gives the result to all of them. Every work-item of the }], scope, [{
    must reach it (uniform control flow). Kinds and element types follow
    `kgpu.reduce`.

    Source constructs: }], source, [{.

    ```mlir
    %s = kgpu.}], mnemonic, [{ add %v : f32
    ```
  }]);
  let arguments = (ins Kgpu_ReductionKindAttr:$kind,
                       Kgpu_ScalarIntOrFloat:$value);
  let results = (outs Kgpu_ScalarIntOrFloat:$result);
  let assemblyFormat = "$kind $value attr-dict `:` type($value)";
  let hasVerifier = 1;
}

def Kgpu_GroupReduceOp : Kgpu_CollectiveReduceOp<"group_reduce",
    "work-group", "kgc `work_group_reduce_add(v)`">;
def Kgpu_SubgroupReduceOp : Kgpu_CollectiveReduceOp<"subgroup_reduce",
    "subgroup", "kgc `sub_group_reduce_add(v)`, Kotlin `simdSum`">;

//===----------------------------------------------------------------------===//
// Synchronisation and memory
//===----------------------------------------------------------------------===//

def Kgpu_BarrierOp : Kgpu_Op<"barrier", [Kgpu_InKernel,
                                         Kgpu_NotInParallelFor]> {
  let summary = "work-group barrier with a memory fence";
  let description = [{
    Waits until every work-item of the work-group has reached this barrier,
    and makes the writes to `local` (work-group) memory, `global` memory or
    `all` memory before it visible to the work-group after it. Every
    work-item of the work-group must reach the same barrier (uniform control
    flow).

    Source constructs: kgc `barrier()` / `barrier_global()`, TornadoVM
    `kc.localBarrier()` / `kc.globalBarrier()`.

    ```mlir
    kgpu.barrier local
    ```
  }];
  let arguments = (ins Kgpu_MemFenceAttr:$fence);
  let assemblyFormat = "$fence attr-dict";
}

def Kgpu_AllocLocalOp : Kgpu_Op<"alloc_local", [Kgpu_InKernel,
                                                Kgpu_NotInParallelFor]> {
  let summary = "work-group (local) memory of a static size";
  let description = [{
    Allocates a statically shaped array in work-group memory (memory space
    3), shared by all work-items of a work-group and live for the whole
    kernel. Only allowed in a kernel function.

    Source constructs: kgc `local float tile[16][16];`, TornadoVM
    `kc.allocateFloatLocalArray(256)`.

    ```mlir
    %tile = kgpu.alloc_local : memref<16x16xf32, 3>
    ```
  }];
  let results = (outs Res<AnyMemRef, "the work-group array",
                          [MemAlloc<DefaultResource>]>:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Atomics
//===----------------------------------------------------------------------===//

def Kgpu_AtomicRMWOp : Kgpu_Op<"atomic_rmw", [Kgpu_InKernel,
    TypesMatchWith<"result type matches the element type of the memref",
                   "memref", "result",
                   "::llvm::cast<::mlir::MemRefType>($_self).getElementType()">,
    TypesMatchWith<"value type matches the element type of the memref",
                   "memref", "value",
                   "::llvm::cast<::mlir::MemRefType>($_self).getElementType()">]> {
  let summary = "atomic read-modify-write on global or local memory";
  let description = [{
    Atomically replaces `memref[indices]` by `kind(old, value)` and returns
    `old`, at device scope for global memory and work-group scope for local
    memory. `xchg` stores `value`. `min`/`max` are signed on integers,
    `umin`/`umax` unsigned; `and`, `or`, `xor`, `umin` and `umax` need
    integers. On floats, `min`/`max` are IEEE-754 2019 `minimum`/`maximum`
    (`arith.minimumf`/`maximumf`) on every target: if the old value or
    `value` is NaN the new value is NaN (of any bit pattern), and -0.0 is
    below +0.0. Targets without such an atomic use a compare-and-swap loop
    (the CPU and NVVM through LLVM's `atomicrmw fminimum`); SPIR-V uses
    integer atomics on the bits (docs/dialect.md). Private memory (`memref.alloca`) is not allowed.

    Source constructs: kgc `atomic_add(&p[i], v)`, TornadoVM
    `atomicAdd`, Kernelin `atomicAdd`.

    ```mlir
    %old = kgpu.atomic_rmw add %v, %hist[%bin] : memref<?xi32>
    ```
  }];
  let arguments = (ins Kgpu_AtomicKindAttr:$kind,
                       Kgpu_AtomicType:$value,
                       Arg<AnyMemRef, "the memory to update",
                           [MemRead, MemWrite]>:$memref,
                       Variadic<Index>:$indices);
  let results = (outs Kgpu_AtomicType:$result);
  let assemblyFormat = [{
    $kind $value `,` $memref `[` $indices `]` attr-dict `:` type($memref)
  }];
  let hasVerifier = 1;
}

def Kgpu_AtomicCASOp : Kgpu_Op<"atomic_cas", [Kgpu_InKernel,
    TypesMatchWith<"compared type matches the element type of the memref",
                   "memref", "cmp",
                   "::llvm::cast<::mlir::MemRefType>($_self).getElementType()">,
    TypesMatchWith<"value type matches the element type of the memref",
                   "memref", "value",
                   "::llvm::cast<::mlir::MemRefType>($_self).getElementType()">,
    TypesMatchWith<"result type matches the element type of the memref",
                   "memref", "result",
                   "::llvm::cast<::mlir::MemRefType>($_self).getElementType()">]> {
  let summary = "atomic compare-and-swap on global or local memory";
  let description = [{
    Atomically stores `value` into `memref[indices]` if it holds `cmp`, and
    returns the value it held. Floats are compared by their bits.

    Source constructs: kgc `atomic_cas(&p[i], cmp, v)`, TornadoVM
    `atomicCAS`.

    ```mlir
    %old = kgpu.atomic_cas %cmp, %new, %buf[%i] : memref<?xi32>
    ```
  }];
  let arguments = (ins Kgpu_AtomicType:$cmp, Kgpu_AtomicType:$value,
                       Arg<AnyMemRef, "the memory to update",
                           [MemRead, MemWrite]>:$memref,
                       Variadic<Index>:$indices);
  let results = (outs Kgpu_AtomicType:$result);
  let assemblyFormat = [{
    $cmp `,` $value `,` $memref `[` $indices `]` attr-dict `:` type($memref)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Subgroups
//===----------------------------------------------------------------------===//

def Kgpu_ShuffleOp : Kgpu_Op<"shuffle", [Kgpu_InKernel, Kgpu_NotInParallelFor,
    AllTypesMatch<["value", "result"]>]> {
  let summary = "exchanges a value between the lanes of a subgroup";
  let description = [{
    Returns the `value` of another lane of the subgroup: lane `id + offset`
    (`down`), `id - offset` (`up`), `id ^ offset` (`xor`) or `offset`
    (`idx`). When that lane is outside the subgroup the work-item gets its
    own `value`. All lanes of the subgroup must reach the shuffle.

    Source constructs: kgc `sub_group_shuffle_down(v, d)` etc., Kotlin
    `simdShuffleDown`.

    ```mlir
    %r = kgpu.shuffle down %v, %c1 : f32
    ```
  }];
  let arguments = (ins Kgpu_ShuffleModeAttr:$mode, Kgpu_ShuffleType:$value,
                       I32:$offset);
  let results = (outs Kgpu_ShuffleType:$result);
  let assemblyFormat = "$mode $value `,` $offset attr-dict `:` type($value)";
}

//===----------------------------------------------------------------------===//
// Tensor cores
//===----------------------------------------------------------------------===//

def Kgpu_MmaFillOp : Kgpu_Op<"mma_fill", [Pure, Kgpu_InKernel]> {
  let summary = "a fragment with every element set to one value";
  let description = [{
    Returns a fragment whose elements all equal `value`, typically a zero
    accumulator. All lanes of the subgroup must execute it.

    ```mlir
    %c = kgpu.mma_fill %zero : f32 -> !kgpu.mma<m16n16k16, acc, f32>
    ```
  }];
  let arguments = (ins AnyType:$value);
  let results = (outs Kgpu_MmaFragmentType:$result);
  let assemblyFormat = [{
    $value attr-dict `:` type($value) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def Kgpu_MmaLoadOp : Kgpu_Op<"mma_load", [Kgpu_InKernel,
                                          AttrSizedOperandSegments]> {
  let summary = "loads a fragment of a matrix tile from memory";
  let description = [{
    The subgroup loads the tile whose top-left element is
    `memref[indices]` into a fragment. For a 2-D memref the rows are the
    memref's rows; for a 1-D memref the distance between rows is
    `lead_dim` elements, which is then required. With `col_major`
    the tile is stored column by column instead.

    ```mlir
    %a = kgpu.mma_load %A[%r, %c] : memref<64x64xf16, 3>
           -> !kgpu.mma<m16n16k16, a, f16>
    %b = kgpu.mma_load %B[%off] lead_dim %n : memref<?xf16>
           -> !kgpu.mma<m16n16k16, b, f16>
    ```
  }];
  let arguments = (ins Arg<AnyMemRef, "the matrix", [MemRead]>:$memref,
                       Variadic<Index>:$indices,
                       Optional<Index>:$leadDim, UnitAttr:$colMajor);
  let results = (outs Kgpu_MmaFragmentType:$result);
  let assemblyFormat = [{
    $memref `[` $indices `]` (`lead_dim` $leadDim^)? (`col_major` $colMajor^)?
    attr-dict `:` type($memref) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def Kgpu_MmaComputeOp : Kgpu_Op<"mma_compute", [Pure, Kgpu_InKernel,
    AllTypesMatch<["c", "result"]>]> {
  let summary = "tensor-core multiply-accumulate: a × b + c";
  let description = [{
    Computes `a × b + c` for the fragments of one tile. The three fragments
    must have the same shape, roles `a`, `b` and `acc`, equal input element
    types and an accumulator type that the shape allows for them.

    Source constructs: kgc `mma_compute(a, b, c)`, Kotlin `mma`.

    ```mlir
    %d = kgpu.mma_compute %a, %b, %c : !kgpu.mma<m16n16k16, a, f16>,
           !kgpu.mma<m16n16k16, b, f16> -> !kgpu.mma<m16n16k16, acc, f32>
    ```
  }];
  let arguments = (ins Kgpu_MmaFragmentType:$a, Kgpu_MmaFragmentType:$b,
                       Kgpu_MmaFragmentType:$c);
  let results = (outs Kgpu_MmaFragmentType:$result);
  let assemblyFormat = [{
    $a `,` $b `,` $c attr-dict `:` qualified(type($a)) `,` qualified(type($b))
    `->` qualified(type($c))
  }];
  let hasVerifier = 1;
}

def Kgpu_MmaStoreOp : Kgpu_Op<"mma_store", [Kgpu_InKernel,
                                            AttrSizedOperandSegments]> {
  let summary = "stores an accumulator fragment to memory";
  let description = [{
    The subgroup stores the tile held by an `acc` fragment with its top-left
    element at `memref[indices]`; `lead_dim` and `col_major` as for
    `kgpu.mma_load`.

    ```mlir
    kgpu.mma_store %d, %C[%r, %c] : !kgpu.mma<m16n16k16, acc, f32>,
                                     memref<64x64xf32>
    ```
  }];
  let arguments = (ins Kgpu_MmaFragmentType:$value,
                       Arg<AnyMemRef, "the matrix", [MemWrite]>:$memref,
                       Variadic<Index>:$indices,
                       Optional<Index>:$leadDim, UnitAttr:$colMajor);
  let assemblyFormat = [{
    $value `,` $memref `[` $indices `]` (`lead_dim` $leadDim^)?
    (`col_major` $colMajor^)? attr-dict `:` qualified(type($value)) `,`
    type($memref)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Warp-group MMA (Hopper wgmma)
//===----------------------------------------------------------------------===//

def Kgpu_WgmmaFillOp : Kgpu_Op<"wgmma_fill", [Pure, Kgpu_InKernel]> {
  let summary = "a warp-group MMA accumulator with every element set";
  let description = [{
    Returns a `64 × N` accumulator whose elements all equal `value`,
    typically zero. All work-items of the warp group must execute it.

    Source construct: kgc `mma_fill(v)` into an `mma<m64nNk16, acc, float>`.

    ```mlir
    %c = kgpu.wgmma_fill %zero : f32 -> !kgpu.wgmma_acc<m64n128k16, f32>
    ```
  }];
  let arguments = (ins AnyFloat:$value);
  let results = (outs Kgpu_WgmmaAccType:$result);
  let assemblyFormat = [{
    $value attr-dict `:` type($value) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def Kgpu_WgmmaOp : Kgpu_Op<"wgmma", [Kgpu_InKernel,
    AllTypesMatch<["acc", "result"]>]> {
  let summary = "warp-group MMA from local memory: acc + A × B (m64nNk16)";
  let description = [{
    The warp group (128 work-items: 4 consecutive sub-groups of 32, the
    first a multiple of 4) computes `acc + A × B` for a `64 × 16` tile A and
    a `16 × N` tile B, both read from local memory (memory space 3, 1-D,
    f16 or bf16 elements) in the 128-byte-swizzled layouts below. On CUDA
    (sm_90a) this is one `wgmma.mma_async.sync.aligned.m64nNk16.f32`: it
    runs asynchronously, the result may be read only after a
    `kgpu.wgmma_commit` and a `kgpu.wgmma_wait` that covers it (chained
    `kgpu.wgmma`s on one accumulator need neither), and the local tiles
    must stay unchanged until then. `kgpu.wgmma_fence` must come before the
    first `kgpu.wgmma` and after anything else touched the accumulator.

    **Layouts** (byte offsets `o` from the start of the memref, which the
    compiler aligns to 1024 bytes; `sw(o) = o ^ (((o >> 7) & 7) << 4)`, the
    128-byte swizzle: the 16-byte chunk `(o >> 4) & 7` of each 128-byte row
    is XORed with the row's index within its 1024-byte block; `s` is the
    byte offset of `memref[index]`):

    - A (K-major, always) and B without `n_major` (K-major: B stored as
      its transpose, N rows of K): element `(r, k)` (r the row: M for A, N
      for B; k = 0 .. 15) is at `sw(s + (r / 8) * stride + (r % 8) * 128 +
      2 k)`. Rows are 128 bytes (64 halves of K) apart within a group of 8;
      `stride` is the distance of the groups of 8 rows (1024 when dense).
      Successive k16 steps of a 64-wide K panel start 32 bytes apart.
    - B with `n_major` (B stored K rows of N): element `(k, n)` is at
      `sw(s + (k / 8) * stride + (k % 8) * 128 + (n / 64) * lead +
      2 (n % 64))`: 8 rows of 64 N-values make a 1024-byte block, `lead`
      is the distance of blocks along N, `stride` of blocks along K.

    `stride` and `lead` are multiples of 16 below 2^18; `s` of an operand
    whose layout is swizzled this way must be such that the 1024-byte
    blocks are 1024-aligned (K-major: `s % 1024` in {0, 32, 64, 96}; N-major:
    `s % 1024 == 0`). These are the layouts of PTX's shared-memory matrix
    descriptors with 128-byte swizzling (start address, leading and stride
    byte offsets).

    Source constructs: kgc `wgmma(c, A, ai, B, bi)` (N-major B) and
    `wgmma_bt(c, A, ai, B, bi)` (K-major B).

    ```mlir
    %d = kgpu.wgmma %A[%ia] stride 1024, %B[%ib] stride 2048 n_major lead 1024,
           %c : memref<16384xf16, 3>, memref<8192xf16, 3>
           -> !kgpu.wgmma_acc<m64n128k16, f32>
    ```
  }];
  let arguments = (ins Arg<MemRefRankOf<[F16, BF16], [1]>, "A (local)",
                           [MemRead]>:$a,
                       Index:$aIndex,
                       ConfinedAttr<I64Attr, [IntPositive]>:$aStride,
                       Arg<MemRefRankOf<[F16, BF16], [1]>, "B (local)",
                           [MemRead]>:$b,
                       Index:$bIndex,
                       ConfinedAttr<I64Attr, [IntPositive]>:$bStride,
                       OptionalAttr<ConfinedAttr<I64Attr, [IntPositive]>>:$bLead,
                       Kgpu_WgmmaAccType:$acc);
  let results = (outs Kgpu_WgmmaAccType:$result);
  let assemblyFormat = [{
    $a `[` $aIndex `]` `stride` $aStride `,` $b `[` $bIndex `]` `stride`
    $bStride (`n_major` `lead` $bLead^)? `,` $acc attr-dict `:`
    type($a) `,` type($b) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// Whether B is stored N-major (K rows of N; `lead` given).
    bool isBNMajor() { return getBLead().has_value(); }
  }];
}

def Kgpu_WgmmaFenceOp : Kgpu_Op<"wgmma_fence", [Kgpu_InKernel]> {
  let summary = "orders register and local-memory accesses before kgpu.wgmma";
  let description = [{
    Makes the work-item's earlier writes of local memory (including
    completed `kgpu.async_copy`s) and of accumulators visible to the
    `kgpu.wgmma`s that follow. Every work-item of the warp group executes
    it before its first `kgpu.wgmma`, and again after other operations
    touched an accumulator or, before the barrier that publishes them,
    after writing operand tiles. CUDA: `fence.proxy.async.shared::cta` and
    `wgmma.fence.sync.aligned`; nothing elsewhere.

    Source construct: kgc `wgmma_fence()`.

    ```mlir
    kgpu.wgmma_fence
    ```
  }];
  let assemblyFormat = "attr-dict";
}

def Kgpu_WgmmaCommitOp : Kgpu_Op<"wgmma_commit", [Kgpu_InKernel]> {
  let summary = "closes the warp group's current group of kgpu.wgmma";
  let description = [{
    The `kgpu.wgmma`s the warp group issued since its last commit form one
    group; `kgpu.wgmma_wait` waits for groups in commit order. CUDA:
    `wgmma.commit_group.sync.aligned`; nothing elsewhere.

    Source construct: kgc `wgmma_commit()`.

    ```mlir
    kgpu.wgmma_commit
    ```
  }];
  let assemblyFormat = "attr-dict";
}

def Kgpu_WgmmaWaitOp : Kgpu_Op<"wgmma_wait", [Kgpu_InKernel]> {
  let summary = "waits until at most `pending` kgpu.wgmma groups are running";
  let description = [{
    Blocks until all but the `pending` most recently committed groups of
    the warp group's `kgpu.wgmma`s are complete (`0`: all): their results
    may be read and their local tiles overwritten. CUDA:
    `wgmma.wait_group.sync.aligned`; nothing elsewhere.

    Source construct: kgc `wgmma_wait(n)`.

    ```mlir
    kgpu.wgmma_wait 1
    ```
  }];
  let arguments = (ins ConfinedAttr<I32Attr, [IntNonNegative,
                                              IntMaxValue<7>]>:$pending);
  let assemblyFormat = "$pending attr-dict";
}

def Kgpu_WgmmaStoreOp : Kgpu_Op<"wgmma_store", [Kgpu_InKernel,
                                                AttrSizedOperandSegments]> {
  let summary = "stores a warp-group MMA accumulator to memory";
  let description = [{
    The warp group stores its `64 × N` accumulator, row-major, with element
    (0, 0) at `memref[indices]` and rows `lead_dim` elements apart (1-D
    memref; a 2-D memref's rows are its own). Global or local memory.
    Every kgpu.wgmma that produced the value must be complete (CUDA waits
    for all of the warp group's groups first). CUDA: each work-item stores
    its elements (the layout of `!kgpu.wgmma_acc`) as pairs of adjacent
    columns (`st.v2.f32`) where every row is 8-byte aligned, else one by
    one.

    Source construct: kgc `wgmma_store(C, row, col, ld, c)`.

    ```mlir
    kgpu.wgmma_store %d, %C[%off] lead_dim %n
        : !kgpu.wgmma_acc<m64n128k16, f32>, memref<?xf32>
    ```
  }];
  let arguments = (ins Kgpu_WgmmaAccType:$value,
                       Arg<AnyMemRef, "the matrix", [MemWrite]>:$memref,
                       Variadic<Index>:$indices, Optional<Index>:$leadDim);
  let assemblyFormat = [{
    $value `,` $memref `[` $indices `]` (`lead_dim` $leadDim^)? attr-dict
    `:` qualified(type($value)) `,` type($memref)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Asynchronous copies global -> local memory
//===----------------------------------------------------------------------===//

def Kgpu_AsyncCopyOp : Kgpu_Op<"async_copy", [Kgpu_InKernel,
                                              AttrSizedOperandSegments]> {
  let summary = "starts a copy of a few elements from global to local memory";
  let description = [{
    Each work-item that executes it starts copying `count` consecutive
    elements from `src[srcIndices]` (global memory) to `dst[dstIndices]`
    (local memory, memory space 3); `count` elements are 4, 8 or 16 bytes,
    and both addresses must be aligned to that size. The copy belongs to the
    work-item's current copy group (`kgpu.async_commit` closes it); the
    destination may be read only after a `kgpu.async_wait` that covers the
    group (and, for other work-items' copies, a barrier after it).

    CUDA (sm_80 and newer): `cp.async.ca/cg.shared.global`; elsewhere (the
    CPU, Vulkan, older chips) a plain copy, done when the op executes.

    Source constructs: kgc `async_copy(dst, di, src, si, count)`, TornadoVM
    `kc.asyncCopyToLocal`.

    ```mlir
    kgpu.async_copy %A[%g], %tile[%l], 8 : memref<?xf16>, memref<1024xf16, 3>
    ```
  }];
  let arguments = (ins Arg<AnyMemRef, "the source (global)", [MemRead]>:$src,
                       Variadic<Index>:$srcIndices,
                       Arg<AnyMemRef, "the destination (local)",
                           [MemWrite]>:$dst,
                       Variadic<Index>:$dstIndices,
                       ConfinedAttr<I64Attr, [IntPositive]>:$count);
  let assemblyFormat = [{
    $src `[` $srcIndices `]` `,` $dst `[` $dstIndices `]` `,` $count attr-dict
    `:` type($src) `,` type($dst)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The number of bytes one work-item copies.
    int64_t getByteCount() {
      return getCount() *
             ((getSrc().getType().getElementTypeBitWidth() + 7) / 8);
    }
  }];
}

def Kgpu_AsyncCommitOp : Kgpu_Op<"async_commit", [Kgpu_InKernel]> {
  let summary = "closes the work-item's current group of asynchronous copies";
  let description = [{
    The `kgpu.async_copy` ops the work-item started since its last commit
    form one group; `kgpu.async_wait` waits for groups in commit order.
    Nothing on targets whose copies are synchronous.

    Source constructs: kgc `async_commit()`, TornadoVM `kc.asyncCopyCommit()`.

    ```mlir
    kgpu.async_commit
    ```
  }];
  let assemblyFormat = "attr-dict";
}

def Kgpu_AsyncWaitOp : Kgpu_Op<"async_wait", [Kgpu_InKernel]> {
  let summary = "waits until at most `pending` copy groups are in flight";
  let description = [{
    Blocks the work-item until all but the `pending` most recently committed
    groups of its asynchronous copies are complete (`0`: all of them). It
    orders only the work-item's own copies: follow it with `kgpu.barrier`
    before reading what other work-items copied. Nothing on targets whose
    copies are synchronous.

    Source constructs: kgc `async_wait(n)`, TornadoVM
    `kc.asyncCopyWaitGroup(n)`.

    ```mlir
    kgpu.async_wait 1
    ```
  }];
  let arguments = (ins ConfinedAttr<I32Attr, [IntNonNegative]>:$pending);
  let assemblyFormat = "$pending attr-dict";
}

//===----------------------------------------------------------------------===//
// Exact source-language semantics
//===----------------------------------------------------------------------===//

def Kgpu_FPToSISatOp : Kgpu_Op<"fptosi_sat", [Pure]> {
  let summary = "float to signed integer, saturating, NaN to 0";
  let description = [{
    Converts a float to a signed integer rounding toward zero; values below
    or above the integer's range give its minimum or maximum, NaN gives 0.
    These are Java's `f2i`, `f2l`, `d2i` and `d2l` and Kotlin's `toInt()`.
    (`arith.fptosi` is undefined out of range.) Folds for a constant operand.

    ```mlir
    %i = kgpu.fptosi_sat %x : f32 to i32
    ```
  }];
  let arguments = (ins AnyFloat:$in);
  let results = (outs AnySignlessInteger:$out);
  let assemblyFormat = "$in attr-dict `:` type($in) `to` type($out)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

class Kgpu_JvmMinMaxOp<string mnemonic, string fn>
    : Kgpu_Op<mnemonic, [Pure, Commutative, SameOperandsAndResultType]> {
  let summary = "Java's `Math." # fn # "` on floats";
  let description = !strconcat([{
    The }], fn, [{imum of two floats with Java's rules: if either operand is
    NaN the result is NaN, and -0.0 is smaller than +0.0. (C's `fmin`/`fmax`
    return the non-NaN operand instead.) That is IEEE-754 2019 `}], fn,
    [{imum`, and the op lowers to `arith.}], fn, [{imumf`, which every kgpu
    target implements exactly. Used by the JVM and Kotlin frontends for
    `Math.}], fn, [{`, `kotlin.math.}], fn, [{` and
    `coerceAtLeast`/`coerceAtMost` on floats. Folds for constant operands.

    ```mlir
    %r = kgpu.}], mnemonic, [{ %a, %b : f32
    ```
  }]);
  let arguments = (ins AnyFloat:$lhs, AnyFloat:$rhs);
  let results = (outs AnyFloat:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($result)";
  let hasFolder = 1;
}

def Kgpu_JvmMinOp : Kgpu_JvmMinMaxOp<"jvm_min", "min">;
def Kgpu_JvmMaxOp : Kgpu_JvmMinMaxOp<"jvm_max", "max">;

class Kgpu_IntDivRemOp<string mnemonic, string what, string zeroResult>
    : Kgpu_Op<mnemonic, [Pure, SameOperandsAndResultType]> {
  let summary = "integer " # what # " with a defined result for every input";
  let description = !strconcat([{
    Integer }], what, [{ rounding toward zero, signed unless `unsigned` is
    given. Unlike `arith`, no input is undefined: a zero divisor gives }],
    zeroResult, [{, and the signed overflow `MIN / -1` wraps (quotient `MIN`,
    remainder 0), as in Java. JVM and Kotlin kernels cannot throw
    `ArithmeticException` on a GPU; this is the documented replacement.
    Folds for constant operands, and for a constant divisor of 1 (`x`, 0)
    or 0 (0, `x`: the results above, not an error).

    ```mlir
    %q = kgpu.}], mnemonic, [{ %a, %b : i32
    %u = kgpu.}], mnemonic, [{ unsigned %a, %b : i64
    ```
  }]);
  let arguments = (ins AnySignlessInteger:$lhs, AnySignlessInteger:$rhs,
                       UnitAttr:$isUnsigned);
  let results = (outs AnySignlessInteger:$result);
  let assemblyFormat = [{
    (`unsigned` $isUnsigned^)? $lhs `,` $rhs attr-dict `:` type($result)
  }];
  let hasFolder = 1;
}

def Kgpu_IntDivOp : Kgpu_IntDivRemOp<"int_div", "division",
                                     "a quotient of 0">;
def Kgpu_IntRemOp : Kgpu_IntDivRemOp<"int_rem", "remainder",
                                     "the dividend as remainder">;

def Kgpu_ShiftOp : Kgpu_Op<"shift", [Pure, SameOperandsAndResultType]> {
  let summary = "shift with the count masked to the bit width";
  let description = [{
    Shifts left (`shl`), right arithmetically (`shrs`) or right logically
    (`shru`) by `amount & (bitwidth - 1)`, as Java's and Kotlin's `<<`,
    `>>` and `>>>`. (`arith.shli` gives poison for counts ≥ the width.)
    A negative count is masked the same way (`x << -1` shifts by 31 on
    `i32`). Folds for constant operands, and to `lhs` when the masked
    count is a constant 0.

    ```mlir
    %r = kgpu.shift shru %x, %n : i32
    ```
  }];
  let arguments = (ins Kgpu_ShiftKindAttr:$kind, AnySignlessInteger:$lhs,
                       AnySignlessInteger:$amount);
  let results = (outs AnySignlessInteger:$result);
  let assemblyFormat = "$kind $lhs `,` $amount attr-dict `:` type($result)";
  let hasFolder = 1;
}

#endif // KGPU_DIALECT_KGPUOPS_TD
