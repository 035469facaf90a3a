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

BlockArgument
mlir::kgpu::getOrAddBufferSizeArgument(func::FuncOp kernel, unsigned bufferArg,
                                       std::optional<unsigned> position) {
  StringAttr sizeOf =
      StringAttr::get(kernel.getContext(), KgpuDialect::getSizeOfAttrName());
  for (unsigned i = 0, e = kernel.getNumArguments(); i < e; ++i)
    if (auto of = kernel.getArgAttrOfType<IntegerAttr>(i, sizeOf))
      if (of.getInt() == bufferArg)
        return kernel.getArgument(i);
  MLIRContext *ctx = kernel.getContext();
  Builder b(ctx);
  auto name = kernel.getArgAttrOfType<StringAttr>(
      bufferArg, KgpuDialect::getArgNameAttrName());
  NamedAttrList attrs;
  attrs.set(KgpuDialect::getArgAttrName(),
            ArgAttr::get(ctx, ArgKind::Scalar, Access::Read));
  attrs.set(KgpuDialect::getArgNameAttrName(),
            b.getStringAttr("__kgpu_size_" +
                            (name ? name.getValue() : StringRef("arg"))));
  attrs.set(sizeOf, b.getI32IntegerAttr(bufferArg));
  unsigned index = position.value_or(kernel.getNumArguments());
  assert(index > bufferArg && index <= kernel.getNumArguments() &&
         "the size parameter comes after its buffer");
  (void)kernel.insertArgument(index, b.getI64Type(), attrs.getDictionary(ctx),
                              kernel.getLoc());
  return kernel.getArgument(index);
}
