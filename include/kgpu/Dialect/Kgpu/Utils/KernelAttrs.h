//===- KernelAttrs.h - the kgpu attributes of kernel functions --*- C++ -*-===//
//
// Typed accessors of the discardable attributes kgpu puts on functions and
// their arguments (docs/dialect.md, KgpuBase.td): the kernel and device
// markers, the fixed and default work-group sizes, `kgpu.arg` (kind and
// access) and `kgpu.name` on kernel arguments, `kgpu.args` on outlined
// gpu.func kernels, and the hidden parameters and sites of
// kgpu-check-bounds. Passes, conversions, frontends, the manifest and the
// driver read and write kernels through these instead of spelling the
// attribute names; the names themselves are KgpuDialect::get*AttrName().
//
// Reading the work-group size (getKernelWorkgroupSize,
// getFixedKernelWorkgroupSize, isKernelWorkgroupSizeFixed,
// getMaxKernelWorkItems) is declared in KgpuDialect.h, which this header
// includes: the dialect's verifiers and the id ops' range inference use it.
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_DIALECT_KGPU_UTILS_KERNELATTRS_H
#define KGPU_DIALECT_KGPU_UTILS_KERNELATTRS_H

#include "kgpu/Dialect/Kgpu/IR/KgpuDialect.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include <optional>
#include <string>

namespace mlir {
namespace kgpu {

/// On a buffer parameter that receives reductions: the initial values of
/// its reduced elements, `[[element : i64, value], ...]`, which the kernel
/// sets before its parallel loops (TornadoVM's `result[0] = 0.0f;`). The
/// manifest gives them as the reductions' `init`; the runtime stores them
/// into the output before each launch (docs/bundle.md).
inline constexpr llvm::StringLiteral kReduceInitAttrName = "kgpu.reduce_init";

//===----------------------------------------------------------------------===//
// Function markers
//===----------------------------------------------------------------------===//

/// Whether `func` is a kgpu-level kernel (`kgpu.kernel`).
bool isKernel(Operation *func);

/// Whether `func` is a device function callable from kernels
/// (`kgpu.device`).
bool isDeviceFunction(Operation *func);

/// Whether `func` is a kernel at the kgpu level (`kgpu.kernel`) or in the
/// GPU form (a gpu.func kernel).
bool isKernelOfAnyForm(Operation *func);

/// Marks `func` as a kernel (`kgpu.kernel`).
void setKernel(Operation *func);

/// Marks `func` as a device function (`kgpu.device`).
void setDeviceFunction(Operation *func);

//===----------------------------------------------------------------------===//
// Work-group sizes
//===----------------------------------------------------------------------===//

/// Fixes the work-group size of `kernel` (`kgpu.workgroup_size`; 1 to 3
/// entries) and drops its default size, which a fixed size replaces.
void setFixedWorkgroupSize(Operation *kernel, ArrayRef<int32_t> size);

/// Sets the size a launch of `kernel` uses when it gives none
/// (`kgpu.default_workgroup_size`); the kernel must not fix its size.
void setDefaultWorkgroupSize(Operation *kernel, ArrayRef<int32_t> size);

/// Whether `kernel` has a fixed or a default work-group size.
bool hasWorkgroupSizeAttr(Operation *kernel);

//===----------------------------------------------------------------------===//
// Kernel arguments
//===----------------------------------------------------------------------===//

/// `kgpu.arg` of argument `index` (kind and access), or null.
ArgAttr getArgAttr(FunctionOpInterface func, unsigned index);

/// Sets `kgpu.arg` of argument `index`.
void setArgAttr(FunctionOpInterface func, unsigned index, ArgAttr attr);

/// Whether argument `index` is a `buffer` argument.
bool isBufferArg(FunctionOpInterface func, unsigned index);

/// The source name of argument `index` (`kgpu.name`), or null.
StringAttr getArgNameAttr(FunctionOpInterface func, unsigned index);

/// The source name of argument `index`, or "arg<index>" when it has none
/// (what the manifest and diagnostics call it).
std::string getArgName(FunctionOpInterface func, unsigned index);

/// Sets the source name of argument `index` (`kgpu.name`).
void setArgName(FunctionOpInterface func, unsigned index, StringRef name);

/// The attributes of a new kernel argument: `kgpu.arg = #kgpu.arg<kind,
/// access>` and `kgpu.name = name`.
NamedAttrList makeArgAttrs(MLIRContext *context, ArgKind kind, Access access,
                           StringRef name);

//===----------------------------------------------------------------------===//
// Hidden parameters and sites of kgpu-check-bounds
//===----------------------------------------------------------------------===//

/// On a hidden scalar parameter: the buffer parameter whose element count
/// the runtime passes in it (`kgpu.size_of`), or none.
std::optional<unsigned> getSizeOfArg(FunctionOpInterface func, unsigned index);

/// The attributes of a hidden scalar parameter `name` that holds the
/// element count of buffer parameter `of`: a read scalar with
/// `kgpu.size_of = of`.
NamedAttrList makeSizeOfArgAttrs(MLIRContext *context, StringRef name,
                                 unsigned of);

/// Whether argument `index` is the hidden bounds-check status buffer
/// (`kgpu.bounds_status`).
bool isBoundsStatusArg(FunctionOpInterface func, unsigned index);

/// The attributes of the hidden status buffer `name`: a read_write buffer
/// with `kgpu.bounds_status`.
NamedAttrList makeBoundsStatusArgAttrs(MLIRContext *context, StringRef name);

/// The checked accesses of a bounds-checked kernel, in site order
/// (`kgpu.bounds_sites`: dictionaries {what = "buffer 'x'", loc = ...}), or
/// null.
ArrayAttr getBoundsSites(Operation *kernel);

/// Sets the checked accesses of `kernel`.
void setBoundsSites(Operation *kernel, ArrayAttr sites);

//===----------------------------------------------------------------------===//
// gpu.func kernels (the GPU form)
//===----------------------------------------------------------------------===//

/// Sets `kgpu.args` of the outlined kernel `gpuFunc`: what `kgpu.arg` said
/// on each argument of the kernel it was outlined from.
void setGPUKernelArgAttrs(Operation *gpuFunc, ArrayRef<Attribute> args);

} // namespace kgpu
} // namespace mlir

#endif // KGPU_DIALECT_KGPU_UTILS_KERNELATTRS_H
