//===- Manifest.h - the bundle manifest of a kgpu module --------*- C++ -*-===//

#ifndef KGPU_TARGET_BUNDLE_MANIFEST_H
#define KGPU_TARGET_BUNDLE_MANIFEST_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/JSON.h"

namespace mlir {
namespace kgpu {

/// Describes every kernel of `kgpuLevel` (the module as the frontend
/// produced it: kgpu.kernel functions) for the bundle manifest: name, source
/// location, parameters (name, kind, element type, access), launch model,
/// work-group size, reductions and subgroup use; local memory comes from
/// the corresponding gpu.func of `gpuForm`. `targets` are the targets with
/// a payload.
llvm::json::Object buildManifest(ModuleOp kgpuLevel, ModuleOp gpuForm,
                                 StringRef sourceFile, StringRef language,
                                 ArrayRef<std::string> targets);

} // namespace kgpu
} // namespace mlir

#endif // KGPU_TARGET_BUNDLE_MANIFEST_H
