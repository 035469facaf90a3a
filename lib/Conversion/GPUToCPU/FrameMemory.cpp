//===- FrameMemory.cpp - bounded stack frames on the CPU --------*- C++ -*-===//
//
// Implements `kgpu-cpu-check-private-memory` and
// `kgpu-cpu-allocate-heap-frames` (see Passes.td). A CPU function keeps its
// arrays in its stack frame; a large private array, or per-work-item copies
// of one across barriers, would overflow the worker thread's stack. The first
// pass bounds the private memory of a work-item at compile time; the second
// keeps at most kStackBudget bytes of each function's arrays on the stack and
// puts the rest into one heap block per call.
//
//===----------------------------------------------------------------------===//

#include "kgpu/Conversion/GPUToCPU/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/SymbolTable.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/Support/MathExtras.h"

namespace mlir {
namespace kgpu {
#define GEN_PASS_DEF_KGPUCPUCHECKPRIVATEMEMORY
#define GEN_PASS_DEF_KGPUCPUALLOCATEHEAPFRAMES
#include "kgpu/Conversion/Passes.h.inc"
} // namespace kgpu
} // namespace mlir

using namespace mlir;

namespace {

/// Bytes of one element of a CPU array, or 0 if unknown.
uint64_t elementBytes(Type type) {
  if (auto vector = dyn_cast<VectorType>(type)) {
    if (vector.isScalable())
      return 0;
    uint64_t element = elementBytes(vector.getElementType());
    return llvm::PowerOf2Ceil(element * vector.getNumElements());
  }
  if (isa<IndexType>(type))
    return 8;
  if (isa<IntegerType, FloatType>(type))
    return llvm::PowerOf2Ceil(
        llvm::divideCeil(type.getIntOrFloatBitWidth(), 8));
  return 0;
}

/// Bytes of a statically shaped memref (saturating), or nullopt.
std::optional<uint64_t> staticBytes(MemRefType type) {
  if (!type.hasStaticShape())
    return std::nullopt;
  uint64_t bytes = elementBytes(type.getElementType());
  if (bytes == 0)
    return std::nullopt;
  for (int64_t size : type.getShape())
    bytes = llvm::SaturatingMultiply<uint64_t>(bytes, uint64_t(size));
  return bytes;
}

bool isLocalSpace(Attribute space) {
  if (auto i = dyn_cast_or_null<IntegerAttr>(space))
    return i.getInt() == 3;
  if (auto a = dyn_cast_or_null<gpu::AddressSpaceAttr>(space))
    return a.getValue() == gpu::AddressSpace::Workgroup;
  return false;
}

std::string formatBytes(uint64_t bytes) {
  if (bytes >= (1u << 20) && bytes % (1u << 20) == 0)
    return std::to_string(bytes >> 20) + " MiB";
  if (bytes >= (1u << 10) && bytes % (1u << 10) == 0)
    return std::to_string(bytes >> 10) + " KiB";
  return std::to_string(bytes) + " bytes";
}

//===----------------------------------------------------------------------===//
// kgpu-cpu-check-private-memory
//===----------------------------------------------------------------------===//

struct KgpuCPUCheckPrivateMemoryPass
    : public kgpu::impl::KgpuCPUCheckPrivateMemoryBase<
          KgpuCPUCheckPrivateMemoryPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp top = getOperation();
    bool failed = false;
    top.walk([&](gpu::GPUFuncOp kernel) {
      if (!kernel.isKernel())
        return;
      // The kernel and every device function it may call, each once.
      llvm::SetVector<Operation *> functions;
      functions.insert(kernel);
      for (unsigned i = 0; i < functions.size(); ++i)
        functions[i]->walk([&](func::CallOp call) {
          if (auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
                  call, call.getCalleeAttr()))
            functions.insert(callee);
        });
      uint64_t total = 0, largestBytes = 0;
      memref::AllocaOp largest;
      for (Operation *function : functions)
        function->walk([&](memref::AllocaOp alloca) {
          MemRefType type = alloca.getType();
          if (isLocalSpace(type.getMemorySpace()))
            return;
          std::optional<uint64_t> bytes = staticBytes(type);
          if (!bytes)
            return;
          total = llvm::SaturatingAdd(total, *bytes);
          if (*bytes > largestBytes) {
            largestBytes = *bytes;
            largest = alloca;
          }
        });
      if (total <= limit)
        return;
      InFlightDiagnostic diag =
          emitError(largest.getLoc())
          << "this private array (" << largestBytes << " bytes) is part of "
          << total << " bytes of private memory per work-item of kernel '"
          << kernel.getName() << "', more than the CPU target's limit of "
          << formatBytes(limit);
      diag.attachNote(kernel.getLoc()) << "kernel defined here";
      failed = true;
    });
    if (failed)
      signalPassFailure();
  }
};

//===----------------------------------------------------------------------===//
// kgpu-cpu-allocate-heap-frames
//===----------------------------------------------------------------------===//

struct KgpuCPUAllocateHeapFramesPass
    : public kgpu::impl::KgpuCPUAllocateHeapFramesBase<
          KgpuCPUAllocateHeapFramesPass> {
  using Base::Base;

  void runOnOperation() override {
    for (auto func : getOperation().getOps<func::FuncOp>())
      if (!func.isExternal() && failed(runOnFunction(func)))
        return signalPassFailure();
  }

  LogicalResult runOnFunction(func::FuncOp func);
};

LogicalResult KgpuCPUAllocateHeapFramesPass::runOnFunction(func::FuncOp func) {
  Block &entry = func.getBody().front();
  // Entry-block allocas in order; those that do not fit the remaining stack
  // budget move to the heap block.
  struct Moved {
    memref::AllocaOp alloca;
    uint64_t offset;
  };
  SmallVector<Moved> moved;
  uint64_t stack = 0, heap = 0, total = 0;
  memref::AllocaOp largest;
  uint64_t largestBytes = 0;
  for (auto alloca : entry.getOps<memref::AllocaOp>()) {
    MemRefType type = alloca.getType();
    std::optional<uint64_t> bytes = staticBytes(type);
    if (!bytes || !type.getLayout().isIdentity() ||
        type.getMemorySpace() != nullptr)
      continue;
    total = llvm::SaturatingAdd(total, *bytes);
    if (*bytes > largestBytes) {
      largestBytes = *bytes;
      largest = alloca;
    }
    if (stack + *bytes <= stackBudget) {
      stack += *bytes;
      continue;
    }
    uint64_t align = std::max<uint64_t>(alloca.getAlignment().value_or(0), 64);
    heap = llvm::alignTo(heap, align);
    moved.push_back({alloca, heap});
    heap = llvm::SaturatingAdd(heap, *bytes);
  }
  if (total > frameLimit) {
    InFlightDiagnostic diag =
        emitError(largest.getLoc())
        << "this array is part of " << total
        << " bytes of storage per call of the CPU function '" << func.getName()
        << "' (local memory, private arrays and values kept across barriers, "
           "per work-item where they must survive other work-items' turns), "
           "more than the CPU target's limit of "
        << formatBytes(frameLimit)
        << "; use smaller private arrays or a smaller work-group";
    diag.attachNote(func.getLoc()) << "in this function";
    return diag;
  }
  if (moved.empty())
    return success();

  // One heap block for the whole call, freed at every return; the moved
  // allocas become views of it, all at the top of the entry block.
  OpBuilder b = OpBuilder::atBlockBegin(&entry);
  Location loc = func.getLoc();
  // A multiple of the alignment, as aligned_alloc wants.
  heap = llvm::alignTo(heap, 64);
  auto blockType = MemRefType::get({int64_t(heap)}, b.getI8Type());
  Value block = memref::AllocOp::create(b, loc, blockType, ValueRange{},
                                        b.getI64IntegerAttr(64));
  DenseSet<Operation *> prologue;
  prologue.insert(block.getDefiningOp());
  for (Moved &m : moved) {
    Location l = m.alloca.getLoc();
    Value shift = arith::ConstantIndexOp::create(b, l, int64_t(m.offset));
    Value view = memref::ViewOp::create(b, l, m.alloca.getType(), block, shift,
                                        ValueRange{});
    prologue.insert(shift.getDefiningOp());
    prologue.insert(view.getDefiningOp());
    m.alloca.replaceAllUsesWith(view);
    m.alloca.erase();
  }

  // An allocation failure skips the call's work instead of crashing the
  // host, in functions without results whose body is one block (the kernel
  // functions): everything but operand-free allocas and constants (which
  // stay in the entry block, where LLVM promotes them) moves under
  // `scf.if (block != null)`.
  if (func.getNumResults() == 0 && func.getBody().hasOneBlock()) {
    Operation *terminator = entry.getTerminator();
    SmallVector<Operation *> work;
    for (Operation &op : entry) {
      if (&op == terminator || prologue.contains(&op))
        continue;
      bool operandFree = op.getNumOperands() == 0 && op.getNumRegions() == 0;
      if (operandFree &&
          (isa<memref::AllocaOp>(op) || op.hasTrait<OpTrait::ConstantLike>()))
        continue;
      work.push_back(&op);
    }
    if (!work.empty()) {
      b.setInsertionPoint(terminator);
      Value address =
          memref::ExtractAlignedPointerAsIndexOp::create(b, loc, block);
      Value ok =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, address,
                                arith::ConstantIndexOp::create(b, loc, 0));
      auto guard = scf::IfOp::create(b, loc, ok, /*withElseRegion=*/false);
      Operation *yield = guard.thenBlock()->getTerminator();
      for (Operation *op : work)
        op->moveBefore(yield);
    }
  }
  func.walk([&](func::ReturnOp ret) {
    OpBuilder rb(ret);
    memref::DeallocOp::create(rb, ret.getLoc(), block);
  });
  return success();
}

} // namespace
