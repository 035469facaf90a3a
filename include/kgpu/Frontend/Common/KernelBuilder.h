//===- KernelBuilder.h - kernels and device functions -----------*- C++ -*-===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//
//
// Creates the functions every kgpu frontend emits, with the attributes the
// kgpu dialect defines for them (docs/dialect.md), so that no frontend
// writes `kgpu.kernel`, `kgpu.arg`, `kgpu.name` or `kgpu.device` by hand:
//
//   func.func @saxpy(%a: f32 {kgpu.arg = #kgpu.arg<scalar, read>,
//                             kgpu.name = "a"},
//                    %x: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read>,
//                                       kgpu.name = "x"})
//       attributes {kgpu.kernel, kgpu.workgroup_size = array<i32: 64, 1, 1>}
//   func.func private @helper(...) attributes {kgpu.device}
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_FRONTEND_COMMON_KERNELBUILDER_H
#define KGPU_FRONTEND_COMMON_KERNELBUILDER_H

#include "kgpu/Dialect/Kgpu/IR/KgpuDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"

#include <array>
#include <optional>
#include <string>

namespace mlir {
namespace kgpu {

/// One kernel parameter as the source declares it.
struct KernelParam {
  /// The source name (`kgpu.name`: launches by name, the bundle manifest).
  std::string name;
  /// A memref for a buffer, an integer or float for a scalar.
  Type type;
  ArgKind kind = ArgKind::Scalar;
  /// How the kernel uses a buffer. Scalars are always read; a buffer without
  /// an access is taken as read_write (never wrong; a pass can narrow it).
  std::optional<Access> access;
};

/// Creates kernel `name` at `b`'s insertion point: `func.func` with no
/// results, `kgpu.kernel`, `kgpu.workgroup_size` when `workgroupSize` is
/// given, and `kgpu.arg` + `kgpu.name` on every argument. No body.
func::FuncOp createKernel(
    OpBuilder &b, Location loc, StringRef name, ArrayRef<KernelParam> params,
    std::optional<std::array<int32_t, 3>> workgroupSize = std::nullopt);

/// Creates a device function (callable from kernels): private,
/// `kgpu.device`. No body.
func::FuncOp createDeviceFunction(OpBuilder &b, Location loc, StringRef name,
                                  FunctionType type);

/// The element count of kernel `kernel`'s buffer argument `bufferArg`: a
/// hidden i64 scalar parameter (`kgpu.size_of = bufferArg`, named
/// `__kgpu_size_<name>`, read) that the runtime fills in from the buffer
/// given at launch, because SPIR-V has no `memref.dim` of a buffer (the CPU
/// and NVVM targets would have it). The parameter is inserted the first
/// time, at `position` (after the last argument when not given; it must be
/// after `bufferArg`); later calls for the same buffer return it. Kernels
/// only; the function keeps its body (the block argument is inserted too).
BlockArgument getOrAddBufferSizeArgument(
    func::FuncOp kernel, unsigned bufferArg,
    std::optional<unsigned> position = std::nullopt);

} // namespace kgpu
} // namespace mlir

#endif // KGPU_FRONTEND_COMMON_KERNELBUILDER_H
