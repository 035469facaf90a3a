//===- KgpuDialect.h - kgpu dialect -----------------------------*- C++ -*-===//
//
// The kgpu dialect: its attributes, types, operations and traits.
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_DIALECT_IR_KGPUDIALECT_H
#define KGPU_DIALECT_IR_KGPUDIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferIntRangeInterface.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include <array>
#include <optional>

#include "kgpu/Dialect/Kgpu/IR/KgpuDialect.h.inc"
#include "kgpu/Dialect/Kgpu/IR/KgpuEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "kgpu/Dialect/Kgpu/IR/KgpuAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "kgpu/Dialect/Kgpu/IR/KgpuTypes.h.inc"

namespace mlir {
namespace kgpu {

/// True if `op` is nested in a function that kernel code runs in: a function
/// with `kgpu.kernel` or `kgpu.device`, or a `gpu.func`.
bool isInKernelContext(Operation *op);

/// True if `op` is nested in a kernel entry point (`kgpu.kernel` or a
/// `gpu.func` kernel), not merely in a device function.
bool isInKernelFunction(Operation *op);

/// True if `type` is a memref in work-group (local) memory.
bool isLocalMemRef(Type type);

/// True if `type` is a memref in global memory (the default memory space).
bool isGlobalMemRef(Type type);

/// Whether `kind` is meaningful for `elementType`: bitwise and unsigned
/// kinds need integers.
bool isValidReductionKind(ReductionKind kind, Type elementType);

/// The work-group size a kernel launches with when the launch gives none:
/// its fixed `kgpu.workgroup_size`, else its `kgpu.default_workgroup_size`
/// (both padded to 3 entries), else 256x1x1, 16x16x1 or 8x8x4 by the
/// highest dimension its ids use.
std::array<int32_t, 3> getKernelWorkgroupSize(Operation *kernel);

/// The kernel's fixed work-group size (`kgpu.workgroup_size`, padded to 3
/// entries), or none when the kernel accepts any size at launch.
std::optional<std::array<int32_t, 3>>
getFixedKernelWorkgroupSize(Operation *kernel);

/// Whether the kernel fixes its work-group size (`kgpu.workgroup_size`).
bool isKernelWorkgroupSizeFixed(Operation *kernel);

/// The most work-items a work-group of this kernel can have: the fixed
/// size's, else KgpuDialect::kMaxWorkgroupItems. Scratch local memory is
/// sized by it.
int64_t getMaxKernelWorkItems(Operation *kernel);

namespace OpTrait {

template <typename ConcreteType>
class InKernel : public mlir::OpTrait::TraitBase<ConcreteType, InKernel> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    if (isInKernelContext(op))
      return success();
    return op->emitOpError(
        "must be inside a kernel or device function (a function with the "
        "'kgpu.kernel' or 'kgpu.device' attribute, or a gpu.func)");
  }
};

/// Implemented out of line: walks the parents.
LogicalResult verifyNotInParallelFor(Operation *op);

template <typename ConcreteType>
class NotInParallelFor
    : public mlir::OpTrait::TraitBase<ConcreteType, NotInParallelFor> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return verifyNotInParallelFor(op);
  }
};

} // namespace OpTrait
} // namespace kgpu
} // namespace mlir

#define GET_OP_CLASSES
#include "kgpu/Dialect/Kgpu/IR/KgpuOps.h.inc"

#endif // KGPU_DIALECT_IR_KGPUDIALECT_H
