//===- Manifest.h - the bundle manifest of a kgpu module --------*- C++ -*-===//

#ifndef KGPU_TARGET_BUNDLE_MANIFEST_H
#define KGPU_TARGET_BUNDLE_MANIFEST_H

#include "kgpu/ABI/CPU.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/JSON.h"

namespace mlir {
namespace kgpu {

/// Describes every kernel of `kgpuLevel` (the module as the frontend
/// produced it: kgpu.kernel functions) for the bundle manifest: name, source
/// location, parameters (name, kind, element type, access), launch model,
/// work-group size, reductions and subgroup use; local memory comes from
/// the corresponding gpu.func of `gpuForm`. `targets` are the targets with
/// a payload. `vulkan` maps a kernel name to the "vulkan" object of its
/// entry (the binding of its scalar arguments, docs/bundle.md). With a "cpu"
/// target, `cpuSubgroupSize` is the subgroup size the CPU payload emulates
/// (CPUOptions::subgroupSize), recorded as cpu.subgroup_size for the
/// runtime. The names are those of kgpu/ABI/Manifest.h.
llvm::json::Object
buildManifest(ModuleOp kgpuLevel, ModuleOp gpuForm, StringRef sourceFile,
              StringRef language, ArrayRef<std::string> targets,
              const llvm::StringMap<llvm::json::Object> &vulkan = {},
              unsigned cpuSubgroupSize = KGPU_CPU_DEFAULT_SUBGROUP_SIZE);

} // namespace kgpu
} // namespace mlir

#endif // KGPU_TARGET_BUNDLE_MANIFEST_H
