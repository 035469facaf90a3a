//===- Passes.td - kgpu GPU form to SPIR-V ------------------*- tablegen -*-===//

#ifndef KGPU_CONVERSION_KGPUTOSPIRV_PASSES_TD
#define KGPU_CONVERSION_KGPUTOSPIRV_PASSES_TD

include "mlir/Pass/PassBase.td"

def KgpuSPIRVAttachTarget
    : Pass<"kgpu-spirv-attach-target", "mlir::ModuleOp"> {
  let summary = "Attach the Vulkan SPIR-V target environment and entry-point "
                "ABI to the GPU form";
  let description = [{
    Sets `spirv.target_env` on every `gpu.module` that has none: SPIR-V 1.3
    (Vulkan 1.1), `Shader`, the `GroupNonUniform*` capabilities of subgroup
    ids, shuffles and reductions, plus the optional device features selected
    by the options (`Int64`/`Int64Atomics`, `Float64`, `Float16`,
    `AtomicFloat32AddEXT`/`AtomicFloat64AddEXT`). These are what the device
    *may* use: `spirv-update-vce` later shrinks every module's requirements
    to what it actually uses. Also sets `spirv.entry_point_abi` on every
    kernel: with its fixed `kgpu.workgroup_size`, or, for a kernel that
    accepts any size at launch, without a size (and a marker with the
    default size for kgpu-spirv-specialize-workgroup-size).

    A `gpu.module` with tensor-core ops (`kgpu.mma_*`) gets SPIR-V 1.6
    (Vulkan 1.3), `CooperativeMatrixKHR` with `SPV_KHR_cooperative_matrix`
    and the 16-bit (and 8-bit) storage of its fragments' elements (bf16
    fragments: `BFloat16TypeKHR` and `BFloat16CooperativeMatrixKHR` with
    `SPV_KHR_bfloat16`), unless `cooperative-matrix` is false (its
    tensor-core ops are then errors).
  }];
  let options = [
    Option<"subgroupSize", "subgroup-size", "unsigned", "32",
           "Default subgroup size of the target (resource limits)">,
    Option<"int64", "int64", "bool", "true",
           "The device supports 64-bit integers and 64-bit integer atomics">,
    Option<"float64", "float64", "bool", "true",
           "The device supports 64-bit floats">,
    Option<"float16", "float16", "bool", "false",
           "The device supports 16-bit floats and 16-bit storage">,
    Option<"atomicFloatAdd", "atomic-float-add", "bool", "true",
           "The device has SPV_EXT_shader_atomic_float_add (f32 add; f64 "
           "add too with float64); otherwise float atomics use CAS loops">,
    Option<"cooperativeMatrix", "cooperative-matrix", "bool", "true",
           "Lower tensor-core ops to SPIR-V cooperative matrices "
           "(SPV_KHR_cooperative_matrix, SPIR-V 1.6) in the modules that "
           "have them">
  ];
  let dependentDialects = ["mlir::spirv::SPIRVDialect"];
}

def KgpuSPIRVEmulateFloatAtomics
    : Pass<"kgpu-spirv-emulate-float-atomics", "mlir::ModuleOp"> {
  let summary = "Rewrite float atomics SPIR-V cannot express into integer "
                "atomics on the memory reinterpreted as integers";
  let description = [{
    SPIR-V has no float compare-and-swap and no float min/max atomics, and
    float add only with SPV_EXT_shader_atomic_float_add. Vulkan's logical
    addressing also forbids reinterpreting a float pointer as an integer
    pointer. So for every float `kgpu.atomic_cas`, `kgpu.atomic_rmw`
    `min`/`max`, and `add`/`sub` when the target environment lacks
    `AtomicFloat{32,64}AddEXT`, this pass retypes the memref (a kernel
    argument or a `memref.alloc` in local memory) to the integer type of the
    same width, bitcasts every load and store of it, and rewrites its
    atomics into integer ones:

    * `atomic_cas` compares and swaps the bits;
    * `min`/`max` (NaN wins, -0.0 < +0.0, as `kgpu.reduce`) become one
      `umin`/`umax` (negative values) or signed `min`/`max` (others) on the
      bits, NaN canonicalized to the sign that wins;
    * `add`/`sub` become a compare-and-swap loop on the bits;
    * `xchg` exchanges the bits.

    The binding is unchanged for the host (same size and layout). A memref
    that is used by anything but loads, stores and atomics (a call, a view,
    ...) cannot be retyped: that is a located error. Float `xchg`, and
    `add`/`sub` with the extension, need no rewrite (see
    convert-kgpu-to-spirv). Reads the target environment, so run it after
    kgpu-spirv-attach-target.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::memref::MemRefDialect",
                           "mlir::scf::SCFDialect"];
}

def KgpuSPIRVExpandMath
    : Pass<"kgpu-spirv-expand-math", "mlir::ModuleOp"> {
  let summary = "Expand the f64 math functions and f32 atan2, which "
                "GLSL.std.450 lacks, into arithmetic SPIR-V has";
  let description = [{
    GLSL.std.450's Sin, Cos, Tan, Asin, Acos, Atan, Atan2, Exp, Exp2, Log,
    Log2, Pow, Sinh, Cosh, Tanh, Asinh, Acosh and Atanh take 16- and 32-bit
    floats only, and MLIR 22's spirv dialect has no `GL.Atan2` at all (so
    upstream's math-to-spirv leaves f32 `math.atan2` illegal). Upstream's
    polynomial approximations (`populateMathPolynomialApproximationPatterns`,
    mlir/Dialect/Math/Transforms) are for f32 only, so kgpu has its own
    expansion for f64: inside every `gpu.module`, each f64 (scalar)
    `math.sin cos tan asin acos atan atan2 sinh cosh tanh asinh acosh atanh
    exp exp2 expm1 log log2 log10 log1p powf cbrt` is rewritten into f64
    add/sub/mul/div, `math.floor`/`roundeven`/`sqrt`/`absf`/`copysign`
    (legal in f64 SPIR-V) and i64 bit operations on the float's bits
    (`Int64`): Cody-Waite range reduction with the constants split so that
    the reduction is exact, then Taylor polynomials on the reduced ranges
    (coefficients are exact rationals rounded once to double, from
    `scripts/f64-math-constants.py`). f32 `math.atan2` becomes the same
    atan series in f32 arithmetic (shortened to f32 precision; GL.Atan is
    not accurate enough on lavapipe) of the quotient of the smaller by the
    larger magnitude, plus the quadrant. The measured errors are in docs/codegen.md.

    With `f32-via-f64` (the default), the f32 functions are expanded too,
    in f64 arithmetic rounded once to f32 (within 1 ulp): Vulkan gives the
    GLSL.std.450 f32 functions only loose precision (absolute error bounds,
    or "inherited from" exp/log formulas), and drivers use it: lavapipe's
    f32 `Tanh` is 300 ulp off near 0, its `Atan` 335 ulp. Run it after
    kgpu-spirv-attach-target (an f64 op in a module whose target lacks
    `Int64` or `Float64` is left alone, for the legality checks to report).
  }];
  let options = [
    Option<"f32ViaF64", "f32-via-f64", "bool", "true",
           "Also expand the f32 functions, in f64 arithmetic rounded once "
           "to f32 (where the target has Float64 and Int64)">
  ];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::math::MathDialect"];
}

def KgpuSPIRVVectorTiles : Pass<"kgpu-spirv-vector-tiles", "mlir::ModuleOp"> {
  let summary = "Give the local tiles of tensor-core kernels 16-byte "
                "accesses on Vulkan";
  let description = [{
    Upstream has nothing like it: MLIR's SPIR-V lowering gives every local
    array its element type and makes a copy one load and one store per
    element, so a kernel that stages f16 tiles in local memory for
    cooperative-matrix loads copies them 2 bytes at a time, and the driver
    sees the tiles as arrays of halves, whose rows it cannot assume 16-byte
    aligned. NVIDIA's Vulkan driver reaches its tensor-core speed with tiles
    declared as arrays of 16-byte vectors (uvec4), loaded as cooperative
    matrices with the stride counted in vectors.

    Runs on the GPU form before kgpu-expand-async-copies. Marks (the
    `__kgpu_vector_tile` attribute) every 1-D local array (`memref.alloc`
    in memory space 3, static size a multiple of 16 bytes, 8-, 16- or
    32-bit elements) that is only written by 16-byte `kgpu.async_copy` ops
    and only read by `kgpu.mma_load`, when every such index and `lead_dim`
    is provably a multiple of 16 bytes (a known-trailing-zeros analysis of
    the index arithmetic: constants, add, sub, mul, shifts by constants,
    and, or, select, casts, and loop-carried values by induction), together
    with those copies and loads. convert-kgpu-to-spirv then declares such
    an array as `vector<4xi32>` elements, stores each copy as one vector,
    and loads the fragments from it with the stride divided by the vector's
    element count. A copy whose source index is also provably 16-byte
    aligned, from a kernel buffer the kernel only reads (marked `true`),
    reads the source through a second view of the same kernel buffer (a storage buffer variable of `vector<4xi32>`
    elements at the same descriptor binding, which Vulkan lets alias);
    otherwise it reads the elements one by one and packs them.
  }];
}

def KgpuSPIRVVectorAccess : Pass<"kgpu-spirv-vector-access", "mlir::ModuleOp"> {
  let summary = "Give contiguous accesses to kernel buffers 16-byte loads "
                "and stores on Vulkan";
  let description = [{
    Upstream has nothing like it: MLIR's SPIR-V lowering makes every
    `memref.load` and `memref.store` of a kernel buffer one access to an
    element of a runtime array of scalars, and NVIDIA's Vulkan driver does
    not merge four adjacent ones into a 128-bit access as the NVVM target
    does (on the H200 the parallel-for saxpy, four contiguous elements per
    work-item, took 0.91 ms through Vulkan against 0.77 ms through CUDA).

    Runs on the GPU form before convert-kgpu-to-spirv. In every kernel, for
    each 1-D buffer argument of 32-bit elements whose only users are
    `memref.load` and `memref.store`, it finds four loads (or four stores)
    in one block at `b`, `b + 1`, `b + 2` and `b + 3`, where `b` is provably
    a multiple of 4 (the known-trailing-zeros analysis of
    kgpu-spirv-vector-tiles; buffers are 16-byte aligned, docs/runtime.md),
    with nothing between the first and the last that touches memory (other
    than loads, between loads), and replaces them by one `vector.load` (or
    `vector.store`) of `vector<4xT>` and its `vector.extract`s (or a
    `vector.from_elements`). Such are the copies of a parallel loop's body
    that kgpu-lower-parallel-loops makes with its vector width.
    convert-kgpu-to-spirv then reads and writes them through a second view
    of the same binding, a storage buffer variable of `vector<4xT>`
    elements; where the kernel writes the buffer, kgpu-spirv-alias-views
    decorates both variables `Aliased`, so the driver keeps the order of
    the element and vector accesses.
  }];
  let dependentDialects = ["mlir::vector::VectorDialect"];
}

def KgpuSPIRVAliasViews : Pass<"kgpu-spirv-alias-views", "mlir::spirv::ModuleOp"> {
  let summary = "Decorate the buffer variables that share a binding with a "
                "written vector view Aliased";
  let description = [{
    Upstream's spirv-lower-abi-attrs makes a kernel argument's storage
    buffer variable without decorations other than its binding, and has no
    notion of a second variable at the same binding. Runs after it: every
    storage buffer variable at the descriptor set and binding of a vector
    view that convert-kgpu-to-spirv marked `aliased` (the kernel writes
    that buffer, kgpu-spirv-vector-access) is marked `aliased` too, which
    the serializer writes as the `Aliased` decoration.
  }];
}

def ConvertKgpuToSPIRV : Pass<"convert-kgpu-to-spirv", "mlir::ModuleOp"> {
  let summary = "Convert the GPU form, including kgpu atomics, to SPIR-V";
  let description = [{
    Written only because upstream has no lowering for kgpu ops
    (`kgpu.atomic_rmw`, `kgpu.atomic_cas`, `kgpu.mma_*`), and upstream
    `convert-gpu-to-spirv` cannot take extra patterns. It does what
    `convert-gpu-to-spirv` does, in one dialect conversion that also
    includes the kgpu patterns (`populateKgpuToSPIRVPatterns`) and the math
    patterns: every `gpu.module` is cloned, its memref memory spaces are
    mapped to Vulkan storage classes, and the clone is converted to a
    `spirv.module @__spv__<name>` placed before the original, which stays
    for launch ops.

    Beyond upstream: `gpu.subgroup_reduce` ignores `uniform` (its SPIR-V
    form needs the `Groups` capability, which Vulkan lacks; the
    non-uniform op computes the same) and supports the bitwise kinds,
    `gpu.shuffle` accepts
    `gpu.subgroup_size` as its width (the validity result is computed
    against the actual subgroup size), `arith.index_castui` works on `i1`,
    and kernel buffers of `index` elements become `i64` arrays (64-bit on
    every target; loads truncate to the 32-bit index, stores sign-extend).
    Constructs Vulkan cannot express (`gpu.all_reduce`, workgroup/private
    attributions, tensor-core ops, kgpu ops that should have been lowered
    earlier, index constants beyond 32 bits such as 64-bit parallel-for
    bounds, private arrays over 16 KiB per work-item) are located errors
    naming the op and the target.
  }];
  let dependentDialects = ["mlir::spirv::SPIRVDialect"];
}

def KgpuSPIRVSplitKernels
    : Pass<"kgpu-spirv-split-kernels", "mlir::ModuleOp"> {
  let summary = "Split each spirv.module into one module per kernel";
  let description = [{
    Replaces every top-level `spirv.module` that holds several entry-point
    functions (`spirv.entry_point_abi`) by one `spirv.module
    @__spv__<module>_<kernel>` per kernel, holding the kernel and only the
    functions and global variables it references. Kernel argument `i` is
    then `bind(0, i)` of its own module, so bindings of different kernels
    never collide and every binary is self-contained. Runs after
    convert-kgpu-to-spirv and before spirv-lower-abi-attrs.
  }];
  let dependentDialects = ["mlir::spirv::SPIRVDialect"];
}

def KgpuSPIRVSpecializeWorkgroupSize
    : Pass<"kgpu-spirv-specialize-workgroup-size", "mlir::spirv::ModuleOp"> {
  let summary = "Make the work-group size of a kernel that does not fix it "
                "specialization constants";
  let description = [{
    Upstream has no way to give a kernel a work-group size chosen when the
    pipeline is created. For the one kernel of the module that
    kgpu-spirv-attach-target marked as accepting any size: adds
    `spirv.SpecConstant @__kgpu_local_size_x/y/z` (`SpecId` 0, 1, 2, the
    default size as their values) and their `spirv.SpecConstantComposite
    @__kgpu_local_size`, which the binary decorates `BuiltIn WorkgroupSize`
    (`compileToSPIRV` adds the decoration after serialization: MLIR 22
    cannot express it), so the size set at pipeline creation is the one the
    dispatch runs with; every read of the WorkgroupSize built-in variable
    (upstream's lowering of `gpu.block_dim` when the entry-point ABI has no
    size) reads the specialization constants instead; and the entry-point
    ABI gets the default size (LocalSize, which the decorated constant
    overrides). Runs after kgpu-spirv-split-kernels and before
    spirv-lower-abi-attrs.
  }];
  let dependentDialects = ["mlir::spirv::SPIRVDialect"];
}

def KgpuSPIRVVulkanMemoryModel
    : Pass<"kgpu-spirv-vulkan-memory-model", "mlir::spirv::ModuleOp"> {
  let summary = "Put a module with cooperative matrices under the Vulkan "
                "memory model";
  let description = [{
    SPV_KHR_cooperative_matrix requires the `VulkanMemoryModel` capability
    in a `Shader` module, and MLIR 22's conversion always writes the GLSL450
    memory model. Upstream has no pass for this. For a module that uses
    cooperative-matrix ops, this pass sets the `Vulkan` memory model and
    keeps the meaning of the code under it: loads and stores (and
    cooperative-matrix loads and stores) of global and local memory become
    `NonPrivatePointer` (so that barriers order them between work-items),
    and barriers with acquire/release semantics also make their storage
    classes available and visible (`MakeAvailable|MakeVisible`). Other
    modules are left alone. kgpu-spirv-complete-vce adds
    `VulkanMemoryModelDeviceScope` where such a module uses device scope.
  }];
}

def KgpuSPIRVCompleteVCE
    : Pass<"kgpu-spirv-complete-vce", "mlir::spirv::ModuleOp"> {
  let summary = "Add the capabilities spirv-update-vce does not deduce";
  let description = [{
    Runs after `spirv-update-vce` and adds the capabilities that MLIR 22's
    deduction misses but spirv-val requires: `Int64Atomics` for atomics on
    64-bit integers, `AtomicFloat64AddEXT` for `spirv.EXT.AtomicFAdd` on
    f64, `VulkanMemoryModelDeviceScope` for device scope under the Vulkan
    memory model, `BFloat16CooperativeMatrixKHR` for cooperative matrices
    of bf16.
  }];
}

def KgpuSPIRVForbidContraction
    : Pass<"kgpu-spirv-forbid-contraction", "mlir::spirv::ModuleOp"> {
  let summary = "Decorate float arithmetic with NoContraction";
  let description = [{
    Written because upstream has no pass that forbids floating-point
    contraction in SPIR-V (arith-to-spirv drops `fastmath` flags, and the
    arith ops carry no contraction flag kgpu could set). Puts the
    `no_contraction` unit attribute (serialized as the `NoContraction`
    decoration; SPIRV-Cross prints `precise`) on every `spirv.FAdd`,
    `spirv.FSub`, `spirv.FMul`, `spirv.FDiv`, `spirv.FRem`, `spirv.FMod` and
    `spirv.FNegate`, so that a Vulkan driver cannot fuse a multiply and an
    add into an FMA: the SPIR-V form of `--fp-contract=off`. Explicit FMAs
    (`spirv.GL.Fma`, from `math.fma`) stay fused.

    With `exact-f32` (the device has Float64), `f32` division and square
    root are computed in `f64` and rounded once to `f32`: Vulkan lets
    `OpFDiv` be 2.5 ULP off and `Sqrt` as inexact as `1/InverseSqrt`, and
    NVIDIA's driver is (on an H200, 30 % of random `f32` quotients differed
    from the IEEE ones); an `f64` quotient or root rounded to `f32` is the
    correctly rounded `f32` result, as the CPU and CUDA give.
  }];
  let options = [
    Option<"exactF32", "exact-f32", "bool", /*default=*/"false",
           "Compute f32 division and square root in f64 (correctly rounded)">,
  ];
}

def KgpuSPIRVPackScalars
    : Pass<"kgpu-spirv-pack-scalars", "mlir::spirv::ModuleOp"> {
  let summary = "Pack the scalar kernel arguments into one push-constant "
                "block (or one storage buffer)";
  let description = [{
    Written because upstream's entry-point ABI (`spirv-lower-abi-attrs`)
    makes every scalar argument its own storage buffer, which spends one
    descriptor per scalar: a kernel with more parameters than the device's
    `maxPerStageDescriptorStorageBuffers` (32 on lavapipe) cannot run.
    Runs after `spirv-lower-abi-attrs`: the scalar argument variables
    (`bind(0, i)` storage buffers holding one integer or float) are replaced
    by the members of one block, in argument order, each at the next offset
    aligned to its slot (8 bytes for 64-bit types, 4 for the others). The
    block is a `PushConstant` variable when it holds at most 128 bytes (what
    Vulkan guarantees) and only 32- and 64-bit members; otherwise it is the
    storage buffer `bind(0, B)`, B one past the highest binding of a buffer
    argument. Buffer arguments keep `bind(0, i)`. The "SPIR-V ABI" of
    docs/codegen.md describes the result.
  }];
}

#endif // KGPU_CONVERSION_KGPUTOSPIRV_PASSES_TD
