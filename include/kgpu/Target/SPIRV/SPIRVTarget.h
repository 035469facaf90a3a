//===- SPIRVTarget.h - GPU form to SPIR-V binaries --------------*- C++ -*-===//
//
// The C++ API drivers call to compile the GPU form (docs/codegen.md) for
// Vulkan, with the target's SPIRVOptions (kgpu/Pipelines/Options.h): one
// self-contained SPIR-V binary per kernel, its spirv-dialect form, and
// cross-compilation of a binary to GLSL, MSL or HLSL with SPIRV-Cross. The
// binding ABI of the binaries is documented in docs/codegen.md
// ("SPIR-V ABI").
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_TARGET_SPIRV_SPIRVTARGET_H
#define KGPU_TARGET_SPIRV_SPIRVTARGET_H

#include "kgpu/Pipelines/Options.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Support/LLVM.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace mlir {
namespace kgpu {

/// Where the scalar arguments of a kernel are ("SPIR-V ABI" in
/// docs/codegen.md): one block holding all of them.
struct SPIRVScalarBlock {
  enum class Storage { None, PushConstant, StorageBuffer };
  /// None when the kernel has no scalar argument.
  Storage storage = Storage::None;
  /// The binding in descriptor set 0 (StorageBuffer only).
  uint32_t binding = 0;
  /// The block's size in bytes.
  uint32_t size = 0;
  /// (argument index, byte offset) of every scalar argument, in order.
  std::vector<std::pair<uint32_t, uint32_t>> members;
};

/// One kernel compiled to SPIR-V.
struct SPIRVKernel {
  /// The kernel's name, also the name of the binary's only entry point.
  std::string name;
  /// The SPIR-V binary.
  std::vector<uint32_t> words;
  /// The work-group size of the shader's LocalSize: the fixed size, or the
  /// default of a kernel that accepts any size.
  std::array<int32_t, 3> workgroupSize;
  /// The kernel accepts any work-group size: the binary's WorkgroupSize
  /// built-in is the composite of the specialization constants SpecId 0, 1,
  /// 2 (x, y, z; 32-bit), set at pipeline creation.
  bool dynamicWorkgroupSize = false;
  /// The kernel's scalar arguments.
  SPIRVScalarBlock scalars;
};

/// Runs the SPIR-V pipeline on a GPU-form module (a clone; the input is
/// unchanged) and returns one self-contained SPIR-V binary per kernel (one
/// spirv.module per kernel, so bindings never collide), in the order of the
/// kernels in the input. Errors are reported as located diagnostics through
/// the module's context.
FailureOr<SmallVector<SPIRVKernel>> compileToSPIRV(ModuleOp gpuForm,
                                                   const SPIRVOptions &opts);

/// The spirv-dialect form of the same: a module holding one spirv.module per
/// kernel (for --emit=spirv-asm and debugging).
FailureOr<OwningOpRef<ModuleOp>> lowerToSPIRVDialect(ModuleOp gpuForm,
                                                     const SPIRVOptions &opts);

enum class ShadingLanguage { GLSL, MSL, HLSL };

/// Cross-compiles one binary with the SPIRV-Cross C API: GLSL 450 with
/// Vulkan semantics, MSL 2.1 (macOS), or HLSL shader model 6.0 (needed for
/// subgroup operations). `entryPoint` selects the kernel (every binary of
/// compileToSPIRV has exactly one). On failure, returns failure and sets
/// `error` to SPIRV-Cross's message.
FailureOr<std::string> crossCompile(ArrayRef<uint32_t> words,
                                    StringRef entryPoint, ShadingLanguage lang,
                                    std::string &error);

/// Parses "glsl", "msl" or "hlsl".
std::optional<ShadingLanguage> parseShadingLanguage(StringRef name);

} // namespace kgpu
} // namespace mlir

#endif // KGPU_TARGET_SPIRV_SPIRVTARGET_H
