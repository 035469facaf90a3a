//===- KgpuOpsTest.cpp - building kgpu ops through C++ ----------*- C++ -*-===//
//
// Builds every kgpu op with the generated C++ builders inside a kernel and
// checks that the module verifies; then builds invalid ones and checks that
// verification fails with the expected message.
//
//===----------------------------------------------------------------------===//

#include "kgpu/Dialect/Kgpu/IR/KgpuDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::kgpu;

namespace {

class KgpuOpsTest : public ::testing::Test {
protected:
  KgpuOpsTest() : builder(&context) {
    context.loadDialect<KgpuDialect, arith::ArithDialect, func::FuncDialect,
                        memref::MemRefDialect, gpu::GPUDialect>();
    loc = builder.getUnknownLoc();
    module = ModuleOp::create(loc);
    handler = std::make_unique<ScopedDiagnosticHandler>(
        &context, [this](Diagnostic &diag) {
          messages.push_back(diag.str());
          return success();
        });
  }

  /// Adds `func.func @name(argTypes)` with an entry block and returns it.
  /// Kernels get `kgpu.kernel` and a `kgpu.arg` per argument.
  func::FuncOp addFunction(StringRef name, TypeRange argTypes,
                           StringRef marker) {
    builder.setInsertionPointToEnd(module->getBody());
    auto func = func::FuncOp::create(builder, loc, name,
                                     builder.getFunctionType(argTypes, {}));
    if (!marker.empty())
      func->setAttr(marker, builder.getUnitAttr());
    if (marker == KgpuDialect::getKernelAttrName())
      for (unsigned i = 0; i < argTypes.size(); ++i) {
        bool buffer = isa<MemRefType>(argTypes[i]);
        func.setArgAttr(
            i, KgpuDialect::getArgAttrName(),
            ArgAttr::get(&context, buffer ? ArgKind::Buffer : ArgKind::Scalar,
                         buffer ? Access::ReadWrite : Access::Read));
      }
    Block *entry = func.addEntryBlock();
    builder.setInsertionPointToEnd(entry);
    func::ReturnOp::create(builder, loc);
    builder.setInsertionPointToStart(entry);
    return func;
  }

  Value index(int64_t v) {
    return arith::ConstantIndexOp::create(builder, loc, v);
  }

  bool verifies() {
    messages.clear();
    return succeeded(verify(*module));
  }

  bool failsWith(StringRef text) {
    messages.clear();
    if (succeeded(verify(*module)))
      return false;
    for (const std::string &m : messages)
      if (StringRef(m).contains(text))
        return true;
    for (const std::string &m : messages)
      ADD_FAILURE() << "unexpected diagnostic: " << m;
    return false;
  }

  MLIRContext context;
  OpBuilder builder;
  Location loc = UnknownLoc::get(&context);
  OwningOpRef<ModuleOp> module;
  std::vector<std::string> messages;
  std::unique_ptr<ScopedDiagnosticHandler> handler;
};

TEST_F(KgpuOpsTest, EveryOpBuildsAndVerifies) {
  Type f32 = builder.getF32Type(), i32 = builder.getI32Type(),
       f16 = builder.getF16Type();
  auto buf = MemRefType::get({ShapedType::kDynamic}, f32);
  auto ibuf = MemRefType::get({ShapedType::kDynamic}, i32);
  auto hbuf = MemRefType::get({ShapedType::kDynamic}, f16);
  Type idx = builder.getIndexType();
  func::FuncOp kernel = addFunction("k", {buf, ibuf, hbuf, idx},
                                    KgpuDialect::getKernelAttrName());
  Value x = kernel.getArgument(0), hist = kernel.getArgument(1),
        halfs = kernel.getArgument(2), n = kernel.getArgument(3);
  Value c0 = index(0), c1 = index(1);
  Value one =
      arith::ConstantOp::create(builder, loc, builder.getF32FloatAttr(1));
  Value ione =
      arith::ConstantOp::create(builder, loc, builder.getI32IntegerAttr(1));

  for (Dimension d : {Dimension::x, Dimension::y, Dimension::z}) {
    GlobalIdOp::create(builder, loc, d);
    LocalIdOp::create(builder, loc, d);
    GroupIdOp::create(builder, loc, d);
    GlobalSizeOp::create(builder, loc, d);
    LocalSizeOp::create(builder, loc, d);
    NumGroupsOp::create(builder, loc, d);
  }
  LaneIdOp::create(builder, loc);
  SubgroupSizeOp::create(builder, loc);
  SubgroupIdOp::create(builder, loc);
  NumSubgroupsOp::create(builder, loc);

  auto tile = AllocLocalOp::create(
      builder, loc,
      MemRefType::get({16, 16}, f16, MemRefLayoutAttrInterface(),
                      builder.getI64IntegerAttr(3)));
  BarrierOp::create(builder, loc, MemFence::Local);
  BarrierOp::create(builder, loc, MemFence::All);

  auto loop = ParallelForOp::create(builder, loc, ValueRange{c0}, ValueRange{n},
                                    ValueRange{c1});
  {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(loop.getBodyBlock());
    Value iv = loop.getInductionVars()[0];
    Value v = memref::LoadOp::create(builder, loc, x, ValueRange{iv});
    ReduceOp::create(builder, loc, ReductionKind::Add, v, x, ValueRange{c0});
    ReduceOp::create(builder, loc, ReductionKind::Max, v, x, ValueRange{c0});
  }
  EXPECT_EQ(loop.getNumDims(), 1u);

  GroupReduceOp::create(builder, loc, ReductionKind::Min, one);
  SubgroupReduceOp::create(builder, loc, ReductionKind::Xor, ione);
  AtomicRMWOp::create(builder, loc, AtomicKind::Add, ione, hist,
                      ValueRange{c0});
  AtomicRMWOp::create(builder, loc, AtomicKind::Max, one, x, ValueRange{c1});
  AtomicCASOp::create(builder, loc, ione, ione, hist, ValueRange{c0});
  ShuffleOp::create(builder, loc, ShuffleMode::Down, one, ione);
  ShuffleOp::create(builder, loc, ShuffleMode::Idx, one, ione);

  auto aType =
      MmaFragmentType::get(&context, MmaShape::m16n16k16, MmaRole::A, f16);
  auto bType =
      MmaFragmentType::get(&context, MmaShape::m16n16k16, MmaRole::B, f16);
  auto cType =
      MmaFragmentType::get(&context, MmaShape::m16n16k16, MmaRole::Acc, f32);
  EXPECT_EQ(aType.getTileShape().first, 16);
  EXPECT_EQ(aType.getTileShape().second, 16);
  Value zero =
      arith::ConstantOp::create(builder, loc, builder.getF32FloatAttr(0));
  Value acc = MmaFillOp::create(builder, loc, cType, zero);
  Value a = MmaLoadOp::create(builder, loc, aType, halfs, ValueRange{c0},
                              /*leadDim=*/n, /*colMajor=*/false);
  Value b = MmaLoadOp::create(builder, loc, bType, tile, ValueRange{c0, c0},
                              /*leadDim=*/Value(), /*colMajor=*/true);
  Value d = MmaComputeOp::create(builder, loc, a, b, acc);
  MmaStoreOp::create(builder, loc, d, x, ValueRange{c0}, n, false);

  FPToSISatOp::create(builder, loc, i32, one);
  JvmMinOp::create(builder, loc, one, one);
  JvmMaxOp::create(builder, loc, one, one);
  IntDivOp::create(builder, loc, ione, ione, /*isUnsigned=*/false);
  IntRemOp::create(builder, loc, ione, ione, /*isUnsigned=*/true);
  ShiftOp::create(builder, loc, ShiftKind::ShrU, ione, ione);

  EXPECT_TRUE(verifies());
  for (const std::string &m : messages)
    ADD_FAILURE() << m;
}

TEST_F(KgpuOpsTest, BarrierOutsideKernelFails) {
  addFunction("host", {}, "");
  BarrierOp::create(builder, loc, MemFence::Local);
  EXPECT_TRUE(failsWith("must be inside a kernel or device function"));
}

TEST_F(KgpuOpsTest, IdInDeviceFunctionVerifies) {
  addFunction("helper", {}, KgpuDialect::getDeviceAttrName());
  GlobalIdOp::create(builder, loc, Dimension::y);
  EXPECT_TRUE(verifies());
}

TEST_F(KgpuOpsTest, DynamicLocalAllocationFails) {
  addFunction("k", {}, KgpuDialect::getKernelAttrName());
  AllocLocalOp::create(builder, loc,
                       MemRefType::get({ShapedType::kDynamic},
                                       builder.getF32Type(),
                                       MemRefLayoutAttrInterface(),
                                       builder.getI64IntegerAttr(3)));
  EXPECT_TRUE(failsWith("needs a static shape"));
}

TEST_F(KgpuOpsTest, BitwiseReductionOfFloatFails) {
  addFunction("d", {}, KgpuDialect::getDeviceAttrName());
  Value one =
      arith::ConstantOp::create(builder, loc, builder.getF32FloatAttr(1));
  GroupReduceOp::create(builder, loc, ReductionKind::Or, one);
  EXPECT_TRUE(failsWith("reduction 'or' is not defined for 'f32'"));
}

TEST_F(KgpuOpsTest, ParallelForDeeperThanThreeFails) {
  func::FuncOp kernel = addFunction("k", {builder.getIndexType()},
                                    KgpuDialect::getKernelAttrName());
  Value n = kernel.getArgument(0), c0 = index(0), c1 = index(1);
  auto outer =
      ParallelForOp::create(builder, loc, ValueRange{c0, c0, c0},
                            ValueRange{n, n, n}, ValueRange{c1, c1, c1});
  builder.setInsertionPointToStart(outer.getBodyBlock());
  ParallelForOp::create(builder, loc, ValueRange{c0}, ValueRange{n},
                        ValueRange{c1});
  EXPECT_TRUE(failsWith("nests parallel loops 4 dimensions deep"));
}

TEST_F(KgpuOpsTest, MmaTypeRejectsImpossibleCombinations) {
  auto emit = [&]() { return emitError(loc); };
  Type f16 = builder.getF16Type(), i8 = builder.getIntegerType(8),
       f32 = builder.getF32Type(), i32 = builder.getI32Type();
  EXPECT_FALSE(MmaFragmentType::getChecked(emit, &context, MmaShape::m16n8k32,
                                           MmaRole::A, f16));
  EXPECT_FALSE(MmaFragmentType::getChecked(emit, &context, MmaShape::m16n8k8,
                                           MmaRole::Acc, i32));
  EXPECT_TRUE(MmaFragmentType::getChecked(emit, &context, MmaShape::m16n8k32,
                                          MmaRole::B, i8));
  EXPECT_TRUE(
      MmaFragmentType::isValidCombination(MmaShape::m16n8k16, f16, f32));
  EXPECT_FALSE(
      MmaFragmentType::isValidCombination(MmaShape::m16n8k16, f16, i32));
  EXPECT_TRUE(MmaFragmentType::isValidCombination(MmaShape::m16n8k16, i8, i32));
}

TEST_F(KgpuOpsTest, KernelArgumentKindsAreChecked) {
  // A scalar marked as a buffer.
  func::FuncOp kernel = addFunction("k", {builder.getF32Type()},
                                    KgpuDialect::getKernelAttrName());
  kernel.setArgAttr(0, KgpuDialect::getArgAttrName(),
                    ArgAttr::get(&context, ArgKind::Buffer, Access::Read));
  EXPECT_TRUE(
      failsWith("buffer argument #0 must be a memref in global memory"));
}

TEST_F(KgpuOpsTest, EnumsRoundTripThroughStrings) {
  EXPECT_EQ(stringifyReductionKind(ReductionKind::Xor), "xor");
  EXPECT_EQ(symbolizeAtomicKind("xchg"), AtomicKind::Xchg);
  EXPECT_EQ(symbolizeDimension("w"), std::nullopt);
  EXPECT_EQ(stringifyMmaShape(MmaShape::m16n8k16), "m16n8k16");
}

} // namespace
