//===- KernelBuilder.cpp - kernels and device functions -------------------===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//

#include "kgpu/Frontend/Common/KernelBuilder.h"

#include "kgpu/Dialect/Kgpu/Utils/KernelAttrs.h"

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
  setKernel(func);
  if (workgroupSize)
    setFixedWorkgroupSize(func, *workgroupSize);
  for (auto [i, p] : llvm::enumerate(params)) {
    Access access = p.kind == ArgKind::Scalar
                        ? Access::Read
                        : p.access.value_or(Access::ReadWrite);
    setArgName(func, i, p.name);
    setArgAttr(func, i, ArgAttr::get(b.getContext(), p.kind, access));
  }
  return func;
}

func::FuncOp mlir::kgpu::createDeviceFunction(OpBuilder &b, Location loc,
                                              StringRef name,
                                              FunctionType type) {
  auto func = func::FuncOp::create(b, loc, name, type);
  setDeviceFunction(func);
  func.setPrivate();
  return func;
}
