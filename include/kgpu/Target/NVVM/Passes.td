//===- Passes.td - kgpu NVVM target passes ------------------*- tablegen -*-===//

#ifndef KGPU_TARGET_NVVM_PASSES_TD
#define KGPU_TARGET_NVVM_PASSES_TD

include "mlir/Pass/PassBase.td"

def KgpuPrepareNVVM : Pass<"kgpu-prepare-nvvm", "mlir::ModuleOp"> {
  let summary = "Lower what the GPU form still holds so convert-gpu-to-nvvm accepts it";
  let description = [{
    Upstream's `convert-gpu-to-nvvm` does not lower kgpu ops, f32
    `gpu.subgroup_reduce`, `gpu.subgroup_size`, `gpu.subgroup_id` or
    `gpu.num_subgroups`. This pass rewrites them with upstream ops:
    `kgpu.atomic_rmw` → `memref.atomic_rmw` (`sub` adds the negation,
    `xchg` assigns, float min/max are IEEE minimum/maximum),
    `kgpu.atomic_cas` → `memref.generic_atomic_rmw` (bitwise comparison
    for floats), subgroup queries for a warp of 32, and subgroup reductions
    → `gpu.shuffle` butterflies (upstream's
    `populateGpuLowerSubgroupReduceToShufflePatterns`), and tensor-core ops
    → `nvvm.wmma.*` (upstream's `gpu.subgroup_mma_*` needs a constant
    leading dimension; kgpu's is a value).
  }];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::gpu::GPUDialect",
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

#endif // KGPU_TARGET_NVVM_PASSES_TD
