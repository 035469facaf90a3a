//===- ExpandAsyncCopies.cpp - asynchronous copies as plain copies --------===//
//
// kgpu-expand-async-copies (kgpu/Conversion/Common/Passes.td).
//
//===----------------------------------------------------------------------===//

#include "kgpu/Conversion/Common/Passes.h"
#include "kgpu/Dialect/Kgpu/IR/KgpuDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"

namespace mlir {
namespace kgpu {
#define GEN_PASS_DEF_KGPUEXPANDASYNCCOPIES
#include "kgpu/Conversion/Passes.h.inc"
} // namespace kgpu
} // namespace mlir

using namespace mlir;
using namespace mlir::kgpu;

/// `indices` with `offset` added to the innermost one.
static SmallVector<Value> offsetIndices(OpBuilder &b, Location loc,
                                        ValueRange indices, Value offset) {
  SmallVector<Value> result(indices.begin(), indices.end());
  result.back() = arith::AddIOp::create(b, loc, result.back(), offset);
  return result;
}

void mlir::kgpu::expandAsyncCopies(Operation *root) {
  SmallVector<Operation *> ops;
  root->walk([&](Operation *op) {
    if (isa<AsyncCopyOp, AsyncCommitOp, AsyncWaitOp>(op))
      ops.push_back(op);
  });
  for (Operation *op : ops) {
    if (auto copy = dyn_cast<AsyncCopyOp>(op)) {
      // A 16-byte copy convert-kgpu-to-spirv lowers (kgpu-spirv-vector-tiles).
      if (copy->hasAttr(kVectorTileAttrName))
        continue;
      OpBuilder b(copy);
      Location loc = copy.getLoc();
      for (int64_t i = 0; i < copy.getCount(); ++i) {
        Value offset = arith::ConstantIndexOp::create(b, loc, i);
        Value v = memref::LoadOp::create(
            b, loc, copy.getSrc(),
            offsetIndices(b, loc, copy.getSrcIndices(), offset));
        memref::StoreOp::create(
            b, loc, v, copy.getDst(),
            offsetIndices(b, loc, copy.getDstIndices(), offset));
      }
    }
    op->erase();
  }
}

namespace {
struct ExpandAsyncCopiesPass
    : mlir::kgpu::impl::KgpuExpandAsyncCopiesBase<ExpandAsyncCopiesPass> {
  void runOnOperation() override { expandAsyncCopies(getOperation()); }
};
} // namespace
