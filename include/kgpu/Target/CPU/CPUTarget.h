//===- CPUTarget.h - GPU-form modules to native CPU code --------*- C++ -*-===//
//
// The CPU target: lowers a GPU-form module (docs/codegen.md) with the
// `kgpu-gpu-to-cpu-llvm` pipeline and the target's CPUOptions
// (kgpu/Pipelines/Options.h), optimizes it with LLVM in process and
// emits an ELF object or a dlopen-able shared library whose exported
// functions follow the "CPU ABI" of docs/codegen.md.
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_TARGET_CPU_CPUTARGET_H
#define KGPU_TARGET_CPU_CPUTARGET_H

#include "kgpu/Pipelines/Options.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Support/LLVM.h"

#include <string>

namespace mlir {
namespace kgpu {

/// Lowers a GPU-form module to the LLVM dialect. Works on a clone: `gpuForm`
/// is unchanged. Errors are reported through the context's diagnostics.
FailureOr<OwningOpRef<ModuleOp>> lowerToLLVMDialect(ModuleOp gpuForm,
                                                    const CPUOptions &options);

/// Lowers, optimizes and compiles a GPU-form module to an ELF relocatable
/// object (position-independent code). Returns its bytes.
FailureOr<std::string> compileToObject(ModuleOp gpuForm,
                                       const CPUOptions &options);

/// As compileToObject, then links the object with the system C compiler
/// driver (`cc -shared`, found on PATH) into a shared library that needs
/// only libc and libm. Returns the library's bytes.
FailureOr<std::string> compileToSharedObject(ModuleOp gpuForm,
                                             const CPUOptions &options);

} // namespace kgpu
} // namespace mlir

#endif // KGPU_TARGET_CPU_CPUTARGET_H
