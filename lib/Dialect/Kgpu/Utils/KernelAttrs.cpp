//===- KernelAttrs.cpp - the kgpu attributes of kernel functions ----------===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//

#include "kgpu/Dialect/Kgpu/Utils/KernelAttrs.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::kgpu;

//===----------------------------------------------------------------------===//
// Function markers
//===----------------------------------------------------------------------===//

bool mlir::kgpu::isKernel(Operation *func) {
  return func->hasAttr(KgpuDialect::getKernelAttrName());
}

bool mlir::kgpu::isDeviceFunction(Operation *func) {
  return func->hasAttr(KgpuDialect::getDeviceAttrName());
}

bool mlir::kgpu::isKernelOfAnyForm(Operation *func) {
  if (auto gpuFunc = dyn_cast<gpu::GPUFuncOp>(func))
    if (gpuFunc.isKernel())
      return true;
  return isKernel(func);
}

void mlir::kgpu::setKernel(Operation *func) {
  func->setAttr(KgpuDialect::getKernelAttrName(),
                UnitAttr::get(func->getContext()));
}

void mlir::kgpu::setDeviceFunction(Operation *func) {
  func->setAttr(KgpuDialect::getDeviceAttrName(),
                UnitAttr::get(func->getContext()));
}

//===----------------------------------------------------------------------===//
// Work-group sizes
//===----------------------------------------------------------------------===//

void mlir::kgpu::setFixedWorkgroupSize(Operation *kernel,
                                       ArrayRef<int32_t> size) {
  kernel->removeAttr(KgpuDialect::getDefaultWorkgroupSizeAttrName());
  kernel->setAttr(KgpuDialect::getWorkgroupSizeAttrName(),
                  DenseI32ArrayAttr::get(kernel->getContext(), size));
}

void mlir::kgpu::setDefaultWorkgroupSize(Operation *kernel,
                                         ArrayRef<int32_t> size) {
  kernel->setAttr(KgpuDialect::getDefaultWorkgroupSizeAttrName(),
                  DenseI32ArrayAttr::get(kernel->getContext(), size));
}

bool mlir::kgpu::hasWorkgroupSizeAttr(Operation *kernel) {
  return kernel->hasAttr(KgpuDialect::getWorkgroupSizeAttrName()) ||
         kernel->hasAttr(KgpuDialect::getDefaultWorkgroupSizeAttrName());
}

//===----------------------------------------------------------------------===//
// Kernel arguments
//===----------------------------------------------------------------------===//

ArgAttr mlir::kgpu::getArgAttr(FunctionOpInterface func, unsigned index) {
  return func.getArgAttrOfType<ArgAttr>(index, KgpuDialect::getArgAttrName());
}

void mlir::kgpu::setArgAttr(FunctionOpInterface func, unsigned index,
                            ArgAttr attr) {
  func.setArgAttr(index, KgpuDialect::getArgAttrName(), attr);
}

bool mlir::kgpu::isBufferArg(FunctionOpInterface func, unsigned index) {
  ArgAttr attr = getArgAttr(func, index);
  return attr && attr.getKind() == ArgKind::Buffer;
}

StringAttr mlir::kgpu::getArgNameAttr(FunctionOpInterface func,
                                      unsigned index) {
  return func.getArgAttrOfType<StringAttr>(index,
                                           KgpuDialect::getArgNameAttrName());
}

std::string mlir::kgpu::getArgName(FunctionOpInterface func, unsigned index) {
  if (StringAttr name = getArgNameAttr(func, index))
    return name.str();
  return "arg" + std::to_string(index);
}

void mlir::kgpu::setArgName(FunctionOpInterface func, unsigned index,
                            StringRef name) {
  func.setArgAttr(index, KgpuDialect::getArgNameAttrName(),
                  StringAttr::get(func.getContext(), name));
}

NamedAttrList mlir::kgpu::makeArgAttrs(MLIRContext *context, ArgKind kind,
                                       Access access, StringRef name) {
  NamedAttrList attrs;
  attrs.set(KgpuDialect::getArgAttrName(), ArgAttr::get(context, kind, access));
  attrs.set(KgpuDialect::getArgNameAttrName(), StringAttr::get(context, name));
  return attrs;
}

//===----------------------------------------------------------------------===//
// Hidden parameters and sites of kgpu-check-bounds
//===----------------------------------------------------------------------===//

std::optional<unsigned> mlir::kgpu::getSizeOfArg(FunctionOpInterface func,
                                                 unsigned index) {
  if (auto of = func.getArgAttrOfType<IntegerAttr>(
          index, KgpuDialect::getSizeOfAttrName()))
    return static_cast<unsigned>(of.getInt());
  return std::nullopt;
}

NamedAttrList mlir::kgpu::makeSizeOfArgAttrs(MLIRContext *context,
                                             StringRef name, unsigned of) {
  NamedAttrList attrs =
      makeArgAttrs(context, ArgKind::Scalar, Access::Read, name);
  attrs.set(KgpuDialect::getSizeOfAttrName(),
            IntegerAttr::get(IntegerType::get(context, 32), of));
  return attrs;
}

bool mlir::kgpu::isBoundsStatusArg(FunctionOpInterface func, unsigned index) {
  return static_cast<bool>(
      func.getArgAttr(index, KgpuDialect::getBoundsStatusAttrName()));
}

NamedAttrList mlir::kgpu::makeBoundsStatusArgAttrs(MLIRContext *context,
                                                   StringRef name) {
  NamedAttrList attrs =
      makeArgAttrs(context, ArgKind::Buffer, Access::ReadWrite, name);
  attrs.set(KgpuDialect::getBoundsStatusAttrName(), UnitAttr::get(context));
  return attrs;
}

ArrayAttr mlir::kgpu::getBoundsSites(Operation *kernel) {
  return kernel->getAttrOfType<ArrayAttr>(
      KgpuDialect::getBoundsSitesAttrName());
}

void mlir::kgpu::setBoundsSites(Operation *kernel, ArrayAttr sites) {
  kernel->setAttr(KgpuDialect::getBoundsSitesAttrName(), sites);
}

//===----------------------------------------------------------------------===//
// gpu.func kernels
//===----------------------------------------------------------------------===//

void mlir::kgpu::setGPUKernelArgAttrs(Operation *gpuFunc,
                                      ArrayRef<Attribute> args) {
  gpuFunc->setAttr(KgpuDialect::getArgsAttrName(),
                   ArrayAttr::get(gpuFunc->getContext(), args));
}
