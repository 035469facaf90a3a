//===- BufferSizeArguments.cpp - array lengths as size parameters ---------===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//
//
// kgpu-jvm-buffer-size-arguments: the length of an array that reaches a
// kernel's buffer parameter, read in the kernel or in a device function
// (Passes.td says what it does and why upstream has no equivalent).
//
//===----------------------------------------------------------------------===//

#include "kgpu/Frontend/Common/KernelBuilder.h"
#include "kgpu/Frontend/JVM/Passes.h"
#include "kgpu/Dialect/Kgpu/Utils/KernelAttrs.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/SymbolTable.h"

#include <map>
#include <set>

namespace mlir {
namespace kgpu {
#define GEN_PASS_DEF_KGPUJVMBUFFERSIZEARGUMENTS
#include "kgpu/Frontend/JVM/Passes.h.inc"
} // namespace kgpu
} // namespace mlir

using namespace mlir;
using namespace mlir::kgpu;

namespace {

struct BufferSizeArguments
    : kgpu::impl::KgpuJVMBufferSizeArgumentsBase<BufferSizeArguments> {
  /// The i64 size parameter of argument `argNo` of `func` (a kernel's
  /// hidden kgpu.size_of parameter, or a device function's extra trailing
  /// parameter, which every call passes), or null when a caller cannot be
  /// found (the function's address is taken).
  Value getSize(func::FuncOp func, unsigned argNo) {
    if (isKernel(func))
      return getOrAddBufferSizeArgument(func, argNo);
    auto key = std::make_pair(func.getOperation(), argNo);
    auto it = deviceSizes.find(key);
    if (it != deviceSizes.end())
      return func.getArgument(it->second);
    if (active.count(key))
      return nullptr; // recursion (the frontend rejects it before)
    std::optional<SymbolTable::UseRange> uses =
        SymbolTable::getSymbolUses(func, module);
    if (!uses)
      return nullptr;
    SmallVector<func::CallOp> calls;
    for (const SymbolTable::SymbolUse &use : *uses) {
      auto call = dyn_cast<func::CallOp>(use.getUser());
      if (!call || call.getCallee() != func.getSymName())
        return nullptr;
      calls.push_back(call);
    }
    active.insert(key);
    unsigned index = func.getNumArguments();
    Builder b(func.getContext());
    (void)func.insertArgument(index, b.getI64Type(), DictionaryAttr(),
                              func.getLoc());
    deviceSizes[key] = index;
    for (func::CallOp call : calls) {
      Value size = sizeAt(call, call.getOperand(argNo));
      if (!size) {
        active.erase(key);
        return nullptr;
      }
      call->insertOperands(call->getNumOperands(), size);
    }
    active.erase(key);
    return func.getArgument(index);
  }

  /// The element count (i64) of `array` at `call`.
  Value sizeAt(func::CallOp call, Value array) {
    OpBuilder b(call);
    if (auto arg = dyn_cast<BlockArgument>(array)) {
      auto caller = dyn_cast<func::FuncOp>(arg.getOwner()->getParentOp());
      if (caller && arg.getOwner()->isEntryBlock())
        return getSize(caller, arg.getArgNumber());
    }
    Value dim = memref::DimOp::create(b, call.getLoc(), array, 0);
    return arith::IndexCastOp::create(b, call.getLoc(), b.getI64Type(), dim);
  }

  void runOnOperation() override {
    module = getOperation();
    // memref.dim of a function's buffer argument, in kernels and device
    // functions (static shapes are constants after canonicalization).
    SmallVector<memref::DimOp> dims;
    module.walk([&](memref::DimOp dim) {
      auto arg = dyn_cast<BlockArgument>(dim.getSource());
      std::optional<int64_t> index = getConstantIntValue(dim.getIndex());
      auto type = arg ? dyn_cast<MemRefType>(arg.getType()) : MemRefType();
      if (type && type.getRank() >= 1 && type.isDynamicDim(0) && index &&
          *index == 0 && arg.getOwner()->isEntryBlock() &&
          isa<func::FuncOp>(arg.getOwner()->getParentOp()))
        dims.push_back(dim);
    });
    for (memref::DimOp dim : dims) {
      auto arg = cast<BlockArgument>(dim.getSource());
      auto func = cast<func::FuncOp>(arg.getOwner()->getParentOp());
      Value size = getSize(func, arg.getArgNumber());
      if (!size)
        continue; // left as memref.dim: a target without it says so
      OpBuilder b(dim);
      dim.replaceAllUsesWith(arith::IndexCastOp::create(
          b, dim.getLoc(), b.getIndexType(), size)
                                 .getResult());
      dim.erase();
    }
  }

  ModuleOp module;
  std::map<std::pair<Operation *, unsigned>, unsigned> deviceSizes;
  std::set<std::pair<Operation *, unsigned>> active;
};

} // namespace
