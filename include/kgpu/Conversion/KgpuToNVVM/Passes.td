//===- Passes.td - GPU form to NVVM conversions -------------*- tablegen -*-===//
//
// The conversions of the NVVM (CUDA) path: the GPU form (docs/codegen.md)
// to what upstream's NVVM lowering accepts, and that lowering with PTX
// instructions for the math PTX has. lib/Target/NVVM only serializes.
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_CONVERSION_KGPUTONVVM_PASSES_TD
#define KGPU_CONVERSION_KGPUTONVVM_PASSES_TD

include "mlir/Pass/PassBase.td"

def KgpuNVVMAttributeLocalMemory
    : Pass<"kgpu-nvvm-attribute-local-memory", "mlir::gpu::GPUModuleOp"> {
  let summary = "Work-group memory allocations of kernels to gpu.func "
                "workgroup attributions";
  let description = [{
    The GPU form holds a kernel's local (work-group) memory as `memref.alloc`
    in memory space 3, which the SPIR-V and CPU paths take as it is.
    Upstream's `convert-gpu-to-nvvm` lowers only workgroup attributions of a
    `gpu.func` to `.shared` variables (a `memref.alloc` would become a call to
    `malloc`), and upstream has no pass that turns one into the other, so this
    one does: every `memref.alloc` of a static shape in memory space 3 inside
    a `gpu.func` kernel becomes a workgroup attribution of that kernel. It is
    the first step of the NVVM lowering, so that one GPU form serves every
    target.

    ```mlir
    gpu.func @k() kernel {
      %t = memref.alloc() : memref<64xf32, 3>
    ```
    becomes
    ```mlir
    gpu.func @k() workgroup(%t : memref<64xf32, 3>) kernel {
    ```

    A kernel whose work-group memory exceeds CUDA's 48 KiB of static shared
    memory per block instead gets all its local arrays as `memref.view`s of
    `gpu.dynamic_shared_memory` (PTX `.extern .shared`), each at a 16-byte
    aligned offset in allocation order (the rule is shared with the bundle
    manifest, `kgpu/Conversion/KgpuToNVVM/SharedMemory.h`, whose
    `cuda.dynamic_shared_memory_bytes` the runtime launches with):
    ```mlir
    %0 = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %1 = memref.memory_space_cast %0 : memref<?xi8, #gpu.address_space<workgroup>> to memref<?xi8, 3>
    %t = memref.view %1[%c0][] : memref<?xi8, 3> to memref<40960xf16, 3>
    ```
  }];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::gpu::GPUDialect",
                           "mlir::memref::MemRefDialect"];
}

def KgpuNVVMApplyFPContract
    : Pass<"kgpu-nvvm-apply-fp-contract", "mlir::gpu::GPUModuleOp"> {
  let summary = "Mark float arithmetic contractible as the source language "
                "or --fp-contract asks";
  let description = [{
    Floating-point contraction (fusing `a * b + c` into one FMA) is a
    property of the source language (kgc: on, as in C; JVM and Kotlin:
    off) or of `--fp-contract`. On the NVVM path it travels as IR: with
    `on` or `fast` this pass adds the `contract` fast-math flag to every
    `arith.addf`, `subf`, `mulf`, `negf` and `math.fma`; the flags lower to
    LLVM's `contract` and NVPTX fuses exactly those operations. With `off`
    nothing is marked, and NVPTX fuses nothing (LLVM's default
    `-fp-contract` for a target machine is "standard", which fuses only
    contract-marked operations). Upstream has no pass that sets fast-math
    flags; process-wide LLVM options (`-nvptx-fma-level`) would leak from
    one compilation into the next in the same process.

    `mode` empty takes the mode from the module's `kgpu.source_language`
    attribute (`fp_contract`), and marks nothing when there is none.
  }];
  let options = [
    Option<"mode", "mode", "std::string", "\"\"",
           "off, on or fast; empty: the module's kgpu.source_language">,
  ];
  let dependentDialects = ["mlir::arith::ArithDialect"];
}

def KgpuPrepareNVVM : Pass<"kgpu-prepare-nvvm", "mlir::ModuleOp"> {
  let summary = "Lower what the GPU form still holds so convert-gpu-to-nvvm accepts it";
  let description = [{
    Upstream's `convert-gpu-to-nvvm` does not lower kgpu ops, f32
    `gpu.subgroup_reduce`, `gpu.subgroup_size`, `gpu.subgroup_id` or
    `gpu.num_subgroups`. This pass rewrites them with upstream ops:
    `kgpu.atomic_rmw` → `memref.atomic_rmw` (`sub` adds the negation,
    `xchg` assigns, float min/max are IEEE minimum/maximum),
    `kgpu.atomic_cas` → `memref.generic_atomic_rmw` for integers, and for
    floats one `llvm.cmpxchg` of the bits on the element's address
    (upstream lowers a generic atomic of a float to a `cmpxchg` of the
    float type, which LLVM rejects), subgroup queries for a warp of 32, and subgroup reductions
    → `gpu.shuffle` butterflies (upstream's
    `populateGpuLowerSubgroupReduceToShufflePatterns`), and tensor-core ops
    → `nvvm.wmma.*` (upstream's `gpu.subgroup_mma_*` needs a constant
    leading dimension; kgpu's is a value), or for m16n8k16 →
    `nvvm.mma.sync` with `nvvm.ldmatrix` loads from local memory, and
    asynchronous copies → `nvvm.cp.async.*` on sm_80 and newer (plain copies
    before).
  }];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::gpu::GPUDialect",
                           "mlir::scf::SCFDialect",
                           "mlir::memref::MemRefDialect",
                           "mlir::LLVM::LLVMDialect", "mlir::NVVM::NVVMDialect"];
}

def KgpuConvertGPUToNVVM
    : Pass<"kgpu-convert-gpu-to-nvvm", "mlir::gpu::GPUModuleOp"> {
  let summary = "convert-gpu-to-nvvm, with PTX instructions instead of "
                "libdevice calls where PTX has them";
  let description = [{
    Upstream's `convert-gpu-to-nvvm` (the same patterns, type conversion and
    legality), except for the math operations that PTX has an instruction
    for. Upstream lowers every `math` op and `arith.minnumf`/`maxnumf` to a
    libdevice call (`__nv_fabsf`, ...; `populateLibDeviceConversionPatterns`
    at benefit 10) and declares `llvm.intr.fabs`, `sqrt`, `floor`, `ceil`,
    `copysign`, `roundeven` and `round` illegal, so a prior
    `convert-math-to-llvm` cannot help and a kernel using `fabs` needs
    libdevice. Here these lower, at benefit 20, to LLVM intrinsics that
    NVPTX selects to instructions:

    | op | intrinsic | PTX |
    |---|---|---|
    | `math.absf` | `llvm.fabs` | `abs.f32/f64` |
    | `math.fma` | `llvm.fma` | `fma.rn.f32/f64` |
    | `math.sqrt` | `llvm.sqrt` | `sqrt.rn.f32/f64` (IEEE) |
    | `arith.minnumf`, `maxnumf` | `llvm.minnum`, `maxnum` | `min/max.f32/f64` (NaN-ignoring, C's `fmin`/`fmax`) |
    | `math.copysign` | `llvm.copysign` | `copysign.f32/f64` |
    | `math.floor`, `ceil`, `trunc`, `roundeven` | `llvm.floor`, ... | `cvt.rmi/rpi/rzi/rni` |
    | `math.round` | `llvm.round` | a short sequence (half away from zero) |
    | `math.absi` | `llvm.abs` | `abs.s32/s64` |

    Fast-math flags carry over (`afn` on `math.sqrt` gives `sqrt.approx`).
    Everything else (`sin`, `exp`, `pow`, `rsqrt`, ...) is still a libdevice
    call.
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect", "mlir::NVVM::NVVMDialect"];
}

#endif // KGPU_CONVERSION_KGPUTONVVM_PASSES_TD
