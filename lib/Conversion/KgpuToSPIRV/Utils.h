//===- Utils.h - shared helpers of the kgpu SPIR-V lowering -----*- C++ -*-===//
//
// Internal to lib/Conversion/KgpuToSPIRV: the checks that decide which GPU-form
// constructs the Vulkan target supports, shared by the passes (which report
// them as located errors up front) and the patterns (which refuse to match).
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_LIB_CONVERSION_KGPUTOSPIRV_UTILS_H
#define KGPU_LIB_CONVERSION_KGPUTOSPIRV_UTILS_H

#include "kgpu/Dialect/Kgpu/IR/KgpuDialect.h"

#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVTypes.h"
#include "mlir/Dialect/SPIRV/IR/TargetAndABI.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Operation.h"

#include <cstdint>
#include <optional>
#include <string>

namespace mlir {
namespace kgpu {
namespace spirv_detail {

/// A gpu.func (then spirv.func) attribute: the kernel accepts any work-group
/// size at launch; its value is the default size (array<i32: x, y, z>).
/// Set by kgpu-spirv-attach-target, consumed by
/// kgpu-spirv-specialize-workgroup-size.
inline constexpr const char kDynamicWorkgroupSizeAttrName[] =
    "__kgpu_dynamic_workgroup_size";

/// The specialization constants of a kernel's work-group size (SpecId
/// kLocalSizeSpecIdBase + 0, 1, 2) and their composite, decorated
/// `BuiltIn WorkgroupSize` in the binary (see markWorkgroupSizeBuiltIn).
inline constexpr const char *kLocalSizeSpecConstantNames[3] = {
    "__kgpu_local_size_x", "__kgpu_local_size_y", "__kgpu_local_size_z"};
inline constexpr const char kLocalSizeCompositeName[] = "__kgpu_local_size";
inline constexpr uint32_t kLocalSizeSpecIdBase = 0;

/// The name the diagnostics give the target.
inline constexpr const char kTargetName[] = "the Vulkan (SPIR-V) target";

/// The push-constant bytes every Vulkan device has (maxPushConstantsSize is
/// at least 128): larger scalar blocks are storage buffers.
inline constexpr unsigned kMaxPushConstantBytes = 128;

/// The largest private array (memref.alloca) of a work-item, in bytes.
/// Vulkan has no such limit, but drivers degrade badly past it: lavapipe's
/// time for a dynamically indexed private array grows faster than its size
/// (a work-group of 256: 16 KiB about a minute, 64 KiB minutes, 256 KiB no
/// end in sight; docs/codegen.md).
inline constexpr uint64_t kMaxPrivateArrayBytes = 16384;

/// Whether `env` has atomic float add for floats of `width` bits.
bool allowsAtomicFloatAdd(const spirv::TargetEnv &env, unsigned width);

/// Whether `op`, a kgpu.atomic_rmw or kgpu.atomic_cas on floats, can only be
/// expressed with integer atomics on the memory reinterpreted as integers
/// (see kgpu-spirv-emulate-float-atomics).
bool needsIntegerAccess(Operation *op, const spirv::TargetEnv &env);

/// Whether `width` (the width operand of a gpu.shuffle) is the subgroup size:
/// `gpu.subgroup_size` (through index casts) or the constant `subgroupSize`.
bool isSubgroupWidth(Value width, unsigned subgroupSize);

/// Whether `env` has SPIR-V cooperative matrices (SPV_KHR_cooperative_matrix
/// and its capability).
bool allowsCooperativeMatrix(const spirv::TargetEnv &env);

/// Whether `env` has bf16 cooperative matrices (SPV_KHR_bfloat16 with
/// BFloat16TypeKHR and BFloat16CooperativeMatrixKHR).
bool allowsBFloat16CooperativeMatrix(const spirv::TargetEnv &env);

/// The cooperative-matrix type of a tensor-core fragment (subgroup scope),
/// or std::nullopt when SPIR-V has none for its element type.
std::optional<spirv::CooperativeMatrixType>
getCooperativeMatrixType(MmaFragmentType type);

/// Why the tensor-core op `op` (kgpu.mma_*) cannot be lowered to SPIR-V
/// cooperative matrices on `env`, or std::nullopt when it can.
std::optional<std::string> getMmaUnsupportedReason(Operation *op,
                                                   const spirv::TargetEnv &env);

/// Why `op` cannot be lowered to SPIR-V for Vulkan by convert-kgpu-to-spirv,
/// or std::nullopt when it can (as far as kgpu knows: the upstream patterns
/// may still reject it, with a "failed to legalize" error).
std::optional<std::string> getUnsupportedReason(Operation *op,
                                                const spirv::TargetEnv &env);

/// The storage buffer variable that views the kernel buffer `buffer` (an
/// entry-block argument of the spirv.func being converted, with its
/// interface_var_abi) as a runtime array of `vectorType` (16 bytes), at the
/// same descriptor set and binding, created at the start of the
/// spirv.module on first use; marked `aliased` when `aliased` (the kernel
/// writes the buffer; kgpu-spirv-alias-views marks the element variable).
/// Null where `buffer` is not such an argument.
spirv::GlobalVariableOp getBufferView(OpBuilder &b, Location loc,
                                      Value buffer, VectorType vectorType,
                                      bool aliased);

} // namespace spirv_detail
} // namespace kgpu
} // namespace mlir

#endif // KGPU_LIB_CONVERSION_KGPUTOSPIRV_UTILS_H
