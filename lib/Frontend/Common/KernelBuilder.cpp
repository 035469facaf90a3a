//===- KernelBuilder.cpp - kernels and device functions -------------------===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//

#include "kgpu/Frontend/Common/KernelBuilder.h"

using namespace mlir;
using namespace mlir::kgpu;

func::FuncOp
mlir::kgpu::createKernel(OpBuilder &b, Location loc, StringRef name,
                         ArrayRef<KernelParam> params,
                         std::optional<std::array<int32_t, 3>> workgroupSize) {
  SmallVector<Type> argTypes;
  for (const KernelParam &p : params)
    argTypes.push_back(p.type);
  auto func =
      func::FuncOp::create(b, loc, name, b.getFunctionType(argTypes, {}));
  func->setAttr(KgpuDialect::getKernelAttrName(), b.getUnitAttr());
  if (workgroupSize)
    func->setAttr(KgpuDialect::getWorkgroupSizeAttrName(),
                  b.getDenseI32ArrayAttr(*workgroupSize));
  for (auto [i, p] : llvm::enumerate(params)) {
    Access access = p.kind == ArgKind::Scalar
                        ? Access::Read
                        : p.access.value_or(Access::ReadWrite);
    func.setArgAttr(i, KgpuDialect::getArgNameAttrName(),
                    b.getStringAttr(p.name));
    func.setArgAttr(i, KgpuDialect::getArgAttrName(),
                    ArgAttr::get(b.getContext(), p.kind, access));
  }
  return func;
}

func::FuncOp mlir::kgpu::createDeviceFunction(OpBuilder &b, Location loc,
                                              StringRef name,
                                              FunctionType type) {
  auto func = func::FuncOp::create(b, loc, name, type);
  func->setAttr(KgpuDialect::getDeviceAttrName(), b.getUnitAttr());
  func.setPrivate();
  return func;
}
