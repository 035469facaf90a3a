//===- CPUTarget.h - GPU-form modules to native CPU code --------*- C++ -*-===//
//
// The CPU target: lowers a GPU-form module (docs/codegen.md) with the
// `kgpu-gpu-to-cpu-llvm` pipeline, optimizes it with LLVM in process and
// emits an ELF object or a dlopen-able shared library whose exported
// functions follow the "CPU ABI" of docs/codegen.md.
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_TARGET_CPU_CPUTARGET_H
#define KGPU_TARGET_CPU_CPUTARGET_H

#include "kgpu/ABI/CPU.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Support/LLVM.h"

#include <string>

namespace mlir {
namespace kgpu {

struct CPUTargetOptions {
  /// Emulated subgroup size (power of two, KGPU_CPU_MIN_SUBGROUP_SIZE to
  /// KGPU_CPU_MAX_SUBGROUP_SIZE). The bundle manifest records it
  /// (buildManifest's cpuSubgroupSize: cpu.subgroup_size) so that the
  /// runtime and host code agree with the kernels.
  unsigned subgroupSize = KGPU_CPU_DEFAULT_SUBGROUP_SIZE;
  /// Target triple; empty means the host's default triple.
  std::string triple;
  /// Target CPU. The default is the portable x86-64 baseline (SSE2), so
  /// that a library built on one machine runs on any x86-64 machine (CI
  /// included); "native" uses the host CPU and all its features. On other
  /// architectures, use "generic" or a CPU of that architecture.
  std::string cpu = "x86-64";
  /// Extra LLVM target features, e.g. "+avx2" (ignored with "native").
  std::string features;
  /// LLVM optimization level (0 to 3). Loop and SLP vectorization are on
  /// from 2. Floating point is never relaxed: no fast-math flags and no
  /// FMA contraction, so + - * / and sqrt round like the GPUs.
  unsigned optLevel = 3;
};

/// Lowers a GPU-form module to the LLVM dialect. Works on a clone: `gpuForm`
/// is unchanged. Errors are reported through the context's diagnostics.
FailureOr<OwningOpRef<ModuleOp>>
lowerToLLVMDialect(ModuleOp gpuForm, const CPUTargetOptions &options);

/// Lowers, optimizes and compiles a GPU-form module to an ELF relocatable
/// object (position-independent code). Returns its bytes.
FailureOr<std::string> compileToObject(ModuleOp gpuForm,
                                       const CPUTargetOptions &options);

/// As compileToObject, then links the object with the system C compiler
/// driver (`cc -shared`, found on PATH) into a shared library that needs
/// only libc and libm. Returns the library's bytes.
FailureOr<std::string> compileToSharedObject(ModuleOp gpuForm,
                                             const CPUTargetOptions &options);

} // namespace kgpu
} // namespace mlir

#endif // KGPU_TARGET_CPU_CPUTARGET_H
