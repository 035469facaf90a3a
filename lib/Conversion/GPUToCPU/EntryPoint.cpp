//===- EntryPoint.cpp - the C entry point of a CPU kernel -----------------===//
//
// The exported C entry point `kgpu_cpu_<kernel>(args, launch, begin, end)`
// of a kernel converted by convert-gpu-to-cpu (KernelConverter.h): unpacks
// the argument array of the CPU ABI (kgpu/ABI/CPU.h; a buffer is
// { T *data; int64_t count; }, a scalar its C value) into memref descriptors
// and scalars, reads the launch sizes, and calls the CPU function for the
// work-groups [begin, end).
//
//===----------------------------------------------------------------------===//

#include "KernelConverter.h"

using namespace mlir;
using namespace mlir::kgpu::gpu_to_cpu;

LogicalResult KernelConverter::emitEntryPoint() {
  Location loc = kernel.getLoc();
  auto ptrType = LLVM::LLVMPointerType::get(ctx);
  Type i64 = IntegerType::get(ctx, 64);
  OpBuilder mb = OpBuilder::atBlockEnd(top.getBody());
  std::string name = (kgpu::kCPUEntryPrefix + kernel.getName()).str();
  auto entry = func::FuncOp::create(
      mb, loc, name, FunctionType::get(ctx, {ptrType, ptrType, i64, i64}, {}));
  Block *block = entry.addEntryBlock();
  OpBuilder b = OpBuilder::atBlockEnd(block);
  Value args = block->getArgument(0);
  Value launch = block->getArgument(1);
  auto loadAt = [&](Value base, Type elementType, int32_t index,
                    Type loaded) -> Value {
    Value address = LLVM::GEPOp::create(b, loc, ptrType, elementType, base,
                                        ArrayRef<LLVM::GEPArg>{index});
    return LLVM::LoadOp::create(b, loc, loaded, address);
  };
  SmallVector<Value> operands;
  for (auto [i, type] : llvm::enumerate(kernel.getArgumentTypes())) {
    Value arg = loadAt(args, ptrType, i, ptrType);
    if (auto memrefType = dyn_cast<MemRefType>(type)) {
      int64_t rank = memrefType.getRank();
      if (!memrefType.getLayout().isIdentity() ||
          (memrefType.getNumDynamicDims() != 0 &&
           (rank != 1 || !memrefType.isDynamicDim(0))))
        return kernel.emitOpError("argument ")
               << i << " of type " << type
               << " is not supported by the CPU ABI (use memref<?xT> or a "
                  "static identity-layout memref)";
      // args[i] points to { T *data; int64_t count; }.
      Value data = LLVM::LoadOp::create(b, loc, ptrType, arg);
      Value count = loadAt(arg, i64, 1, i64);
      SmallVector<Type> fields = {ptrType, ptrType, i64};
      if (rank != 0) {
        fields.push_back(LLVM::LLVMArrayType::get(i64, rank));
        fields.push_back(LLVM::LLVMArrayType::get(i64, rank));
      }
      auto descType = LLVM::LLVMStructType::getLiteral(ctx, fields);
      Value desc = LLVM::PoisonOp::create(b, loc, descType);
      desc =
          LLVM::InsertValueOp::create(b, loc, desc, data, ArrayRef<int64_t>{0});
      desc =
          LLVM::InsertValueOp::create(b, loc, desc, data, ArrayRef<int64_t>{1});
      auto i64Const = [&](int64_t v) -> Value {
        return LLVM::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(v));
      };
      desc = LLVM::InsertValueOp::create(b, loc, desc, i64Const(0),
                                         ArrayRef<int64_t>{2});
      int64_t stride = 1;
      for (int64_t d = rank - 1; d >= 0; --d) {
        Value size = memrefType.isDynamicDim(d)
                         ? count
                         : i64Const(memrefType.getDimSize(d));
        desc = LLVM::InsertValueOp::create(b, loc, desc, size,
                                           ArrayRef<int64_t>{3, d});
        desc = LLVM::InsertValueOp::create(b, loc, desc, i64Const(stride),
                                           ArrayRef<int64_t>{4, d});
        if (!memrefType.isDynamicDim(d))
          stride *= memrefType.getDimSize(d);
      }
      operands.push_back(
          UnrealizedConversionCastOp::create(b, loc, type, desc).getResult(0));
    } else if (isa<IndexType>(type)) {
      Value v = LLVM::LoadOp::create(b, loc, i64, arg);
      operands.push_back(arith::IndexCastOp::create(b, loc, type, v));
    } else if (type.isInteger(1)) {
      Value v = LLVM::LoadOp::create(b, loc, IntegerType::get(ctx, 8), arg);
      operands.push_back(arith::TruncIOp::create(b, loc, type, v));
    } else if (isa<IntegerType, FloatType>(type)) {
      operands.push_back(LLVM::LoadOp::create(b, loc, type, arg));
    } else {
      return kernel.emitOpError("argument ")
             << i << " of type " << type << " is not supported by the CPU ABI";
    }
  }
  Type indexType = b.getIndexType();
  // launch = grid x, y, z, then the work-group size x, y, z.
  for (int32_t d = 0; d < 6; ++d)
    operands.push_back(arith::IndexCastOp::create(b, loc, indexType,
                                                  loadAt(launch, i64, d, i64)));
  operands.push_back(
      arith::IndexCastOp::create(b, loc, indexType, block->getArgument(2)));
  operands.push_back(
      arith::IndexCastOp::create(b, loc, indexType, block->getArgument(3)));
  func::CallOp::create(b, loc, impl, operands);
  func::ReturnOp::create(b, loc);
  return success();
}
