//===- FrontendCommonTest.cpp - the shared frontend layer -----------------===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//
//
// KernelBuilder, Intrinsics and Locations (lib/Frontend/Common), and kgc's
// adapter from its diagnostics to MLIR's (MLIRDiagnosticConsumer).
//
//===----------------------------------------------------------------------===//

#include "kgpu/Frontend/Common/Intrinsics.h"
#include "kgpu/Frontend/Common/KernelBuilder.h"
#include "kgpu/Frontend/Common/Locations.h"
#include "kgpu/Frontend/KGC/MLIRDiagnostics.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::kgpu;

namespace {

class FrontendCommon : public testing::Test {
protected:
  FrontendCommon() : b(&context) {
    context.loadDialect<KgpuDialect, arith::ArithDialect, func::FuncDialect,
                        memref::MemRefDialect>();
    module = ModuleOp::create(b.getUnknownLoc());
    b.setInsertionPointToEnd(module->getBody());
  }
  MLIRContext context;
  OpBuilder b;
  OwningOpRef<ModuleOp> module;
};

TEST_F(FrontendCommon, KernelAttributes) {
  Type buf = MemRefType::get({ShapedType::kDynamic}, b.getF32Type());
  func::FuncOp k =
      createKernel(b, b.getUnknownLoc(), "k",
                   {{"n", b.getI32Type(), ArgKind::Scalar, Access::Write},
                    {"in", buf, ArgKind::Buffer, Access::Read},
                    {"out", buf, ArgKind::Buffer, std::nullopt}},
                   std::array<int32_t, 3>{64, 2, 1});
  EXPECT_TRUE(k->hasAttr(KgpuDialect::getKernelAttrName()));
  EXPECT_EQ(k.getNumResults(), 0u);
  auto wg = k->getAttrOfType<DenseI32ArrayAttr>(
      KgpuDialect::getWorkgroupSizeAttrName());
  ASSERT_TRUE(wg);
  EXPECT_EQ(wg.asArrayRef(), ArrayRef<int32_t>({64, 2, 1}));
  auto arg = [&](unsigned i) {
    return k.getArgAttrOfType<ArgAttr>(i, KgpuDialect::getArgAttrName());
  };
  // A scalar is always read; a buffer without an access is read_write.
  EXPECT_EQ(arg(0).getKind(), ArgKind::Scalar);
  EXPECT_EQ(arg(0).getAccess(), Access::Read);
  EXPECT_EQ(arg(1).getAccess(), Access::Read);
  EXPECT_EQ(arg(2).getAccess(), Access::ReadWrite);
  EXPECT_EQ(k.getArgAttrOfType<StringAttr>(2, KgpuDialect::getArgNameAttrName())
                .getValue(),
            "out");

  func::FuncOp d = createDeviceFunction(b, b.getUnknownLoc(), "d",
                                        b.getFunctionType({}, {}));
  EXPECT_TRUE(d->hasAttr(KgpuDialect::getDeviceAttrName()));
  EXPECT_TRUE(d.isPrivate());
}

TEST_F(FrontendCommon, SignednessPicksTheKind) {
  EXPECT_EQ(getAtomicKind(SourceAtomic::Min, Signedness::Signed),
            AtomicKind::Min);
  EXPECT_EQ(getAtomicKind(SourceAtomic::Min, Signedness::Unsigned),
            AtomicKind::UMin);
  EXPECT_EQ(getAtomicKind(SourceAtomic::Max, Signedness::Unsigned),
            AtomicKind::UMax);
  EXPECT_EQ(getAtomicKind(SourceAtomic::Add, Signedness::Unsigned),
            AtomicKind::Add);
  EXPECT_EQ(getReductionKind(SourceReduction::Max, Signedness::Unsigned),
            ReductionKind::UMax);
  EXPECT_EQ(getReductionKind(SourceReduction::Min, Signedness::Signed),
            ReductionKind::Min);
}

TEST_F(FrontendCommon, ShuffleOffsetIsI32) {
  Location loc = b.getUnknownLoc();
  Value v = arith::ConstantFloatOp::create(b, loc, b.getF32Type(),
                                           llvm::APFloat(1.0f));
  Value wide = arith::ConstantIntOp::create(b, loc, 3, 64);
  Value narrow = arith::ConstantIntOp::create(b, loc, 3, 16);
  auto s1 = emitShuffle(b, loc, ShuffleMode::Down, v, wide)
                .getDefiningOp<ShuffleOp>();
  ASSERT_TRUE(s1);
  EXPECT_TRUE(s1->getOperand(1).getDefiningOp<arith::TruncIOp>());
  auto s2 =
      emitShuffle(b, loc, ShuffleMode::Xor, v, narrow, Signedness::Unsigned)
          .getDefiningOp<ShuffleOp>();
  ASSERT_TRUE(s2);
  EXPECT_TRUE(s2->getOperand(1).getDefiningOp<arith::ExtUIOp>());
  EXPECT_TRUE(s2->getOperand(1).getType().isInteger(32));
}

TEST_F(FrontendCommon, IndexCastsFollowSignedness) {
  Location loc = b.getUnknownLoc();
  Value x = arith::ConstantIntOp::create(b, loc, 7, 32);
  EXPECT_TRUE(toIndex(b, loc, x, Signedness::Unsigned)
                  .getDefiningOp<arith::IndexCastUIOp>());
  Value i = toIndex(b, loc, x, Signedness::Signed);
  EXPECT_TRUE(i.getDefiningOp<arith::IndexCastOp>());
  Value back = fromIndex(b, loc, i, b.getI64Type(), Signedness::Unsigned);
  EXPECT_TRUE(back.getDefiningOp<arith::IndexCastUIOp>());
  EXPECT_TRUE(back.getType().isInteger(64));
}

TEST_F(FrontendCommon, Locations) {
  auto file = dyn_cast<FileLineColLoc>(getSourceLoc(&context, "a.kgc", 3, 7));
  ASSERT_TRUE(file);
  EXPECT_EQ(file.getLine(), 3u);
  EXPECT_EQ(file.getColumn(), 7u);
  EXPECT_TRUE(isa<UnknownLoc>(getSourceLoc(&context, "a.kgc", 0, 0)));

  auto fused = dyn_cast<FusedLoc>(
      getBytecodeLoc(&context, "Saxpy.run", "Saxpy.java", 12));
  ASSERT_TRUE(fused);
  ASSERT_EQ(fused.getLocations().size(), 2u);
  auto name = dyn_cast<NameLoc>(fused.getLocations()[0]);
  ASSERT_TRUE(name);
  EXPECT_EQ(name.getName().getValue(), "Saxpy.run");
  auto line = dyn_cast<FileLineColLoc>(fused.getLocations()[1]);
  ASSERT_TRUE(line);
  EXPECT_EQ(line.getFilename().getValue(), "Saxpy.java");
  EXPECT_EQ(line.getLine(), 12u);
  EXPECT_TRUE(isa<NameLoc>(getBytecodeLoc(&context, "Saxpy.run", "", 0)));
}

TEST(KGCDiagnostics, NotesAttachToTheirErrorAtFileLineColLocs) {
  MLIRContext context;
  llvm::SourceMgr sm;
  sm.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy("\xEF\xBB\xBF"
                                                             "ab\rcd\n",
                                                             "t.kgc"),
                        llvm::SMLoc());
  const char *start = sm.getMemoryBuffer(1)->getBufferStart();
  std::vector<Diagnostic> seen;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    seen.push_back(std::move(diag));
    return success();
  });
  {
    ::kgpu::kgc::MLIRDiagnosticConsumer consumer(context);
    ::kgpu::kgc::DiagnosticEngine diags(sm, consumer);
    // 'd' (line 2 after a lone "\r"), 'b' (column 2: the BOM is no column).
    diags.error(llvm::SMLoc::getFromPointer(start + 7), "first");
    diags.note(llvm::SMLoc::getFromPointer(start + 4), "its note");
    diags.warning(llvm::SMLoc::getFromPointer(start + 3), "second");
    EXPECT_EQ(seen.size(), 1u); // the warning waits for its notes
  }
  ASSERT_EQ(seen.size(), 2u);
  EXPECT_EQ(seen[0].getSeverity(), DiagnosticSeverity::Error);
  EXPECT_EQ(seen[0].str(), "first");
  auto loc = dyn_cast<FileLineColLoc>(seen[0].getLocation());
  ASSERT_TRUE(loc);
  EXPECT_EQ(loc.getFilename().getValue(), "t.kgc");
  EXPECT_EQ(loc.getLine(), 2u);
  EXPECT_EQ(loc.getColumn(), 2u);
  ASSERT_EQ(llvm::range_size(seen[0].getNotes()), 1u);
  const Diagnostic &note = *seen[0].getNotes().begin();
  EXPECT_EQ(note.str(), "its note");
  auto noteLoc = dyn_cast<FileLineColLoc>(note.getLocation());
  ASSERT_TRUE(noteLoc);
  EXPECT_EQ(noteLoc.getLine(), 1u);
  EXPECT_EQ(noteLoc.getColumn(), 2u);
  EXPECT_EQ(seen[1].getSeverity(), DiagnosticSeverity::Warning);
}

} // namespace
