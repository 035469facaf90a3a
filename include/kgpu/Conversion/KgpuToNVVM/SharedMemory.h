//===- SharedMemory.h - a CUDA kernel's static or dynamic shared memory ---===//
//
// The one rule that kgpu-nvvm-attribute-local-memory (which lays the memory
// out) and the bundle manifest (which tells the runtime how many bytes of
// dynamic shared memory to launch with) both follow, so that they agree.
//
// A kernel whose work-group memory fits in CUDA's 48 KiB of static shared
// memory per block keeps one static `.shared` array per local array. One that
// does not puts all its local arrays (`memref.alloc` in memory space 3) into
// the block's dynamic shared memory (`gpu.dynamic_shared_memory`, PTX
// `.extern .shared`), each at an offset aligned to 16 bytes, in the order of
// the allocations; the launch passes the total (sharedMemBytes) after opting
// in to it (CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES). Workgroup
// attributions that an earlier pass made (the scratch of work-group
// reductions) stay static.
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_CONVERSION_KGPUTONVVM_SHAREDMEMORY_H
#define KGPU_CONVERSION_KGPUTONVVM_SHAREDMEMORY_H

#include "kgpu/Dialect/Kgpu/IR/KgpuDialect.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/Support/MathExtras.h"

namespace mlir {
namespace kgpu {

/// CUDA's static shared memory per block (and the dynamic shared memory a
/// kernel gets without opting in).
constexpr int64_t kCUDAStaticSharedMemoryLimit = 48 * 1024;
/// The alignment of each local array in dynamic shared memory: what
/// ldmatrix rows, 16-byte cp.async and vector accesses need.
constexpr int64_t kCUDASharedMemoryAlignment = 16;
/// The alignment of a local array that a kgpu.wgmma reads: its 128-byte
/// swizzle repeats every 1024 bytes, from a 1024-byte boundary (the
/// dynamic shared memory itself is declared that aligned).
constexpr int64_t kCUDAWgmmaSharedMemoryAlignment = 1024;

/// The alignment of the local array `alloc` in shared memory.
inline int64_t getSharedMemoryAlignment(Operation *alloc) {
  for (Operation *user : alloc->getResult(0).getUsers())
    if (isa<WgmmaOp>(user))
      return kCUDAWgmmaSharedMemoryAlignment;
  return kCUDASharedMemoryAlignment;
}

inline bool isWorkgroupMemRef(MemRefType type) {
  Attribute space = type.getMemorySpace();
  if (auto integer = dyn_cast_or_null<IntegerAttr>(space))
    return integer.getInt() == KgpuDialect::kLocalMemorySpace;
  if (auto gpuSpace = dyn_cast_or_null<gpu::AddressSpaceAttr>(space))
    return gpuSpace.getValue() == gpu::AddressSpace::Workgroup;
  return false;
}

inline int64_t getSharedMemoryBytes(MemRefType type) {
  if (!type.hasStaticShape())
    return 0;
  return type.getNumElements() * ((type.getElementTypeBitWidth() + 7) / 8);
}

/// The layout of a kernel's local arrays in dynamic shared memory: the byte
/// offset of each `memref.alloc` in memory space 3 (in walk order) and the
/// total. `dynamicBytes` is 0 when the kernel's work-group memory fits in
/// static shared memory (then `offsets` is empty).
struct CUDASharedMemoryLayout {
  SmallVector<std::pair<memref::AllocOp, int64_t>> offsets;
  int64_t dynamicBytes = 0;
};

inline CUDASharedMemoryLayout getCUDASharedMemoryLayout(gpu::GPUFuncOp func) {
  CUDASharedMemoryLayout layout;
  int64_t staticBytes = 0;
  for (BlockArgument arg : func.getWorkgroupAttributions())
    staticBytes += getSharedMemoryBytes(cast<MemRefType>(arg.getType()));
  int64_t end = 0;
  func.walk([&](memref::AllocOp alloc) {
    if (!isWorkgroupMemRef(alloc.getType()) ||
        !alloc.getType().hasStaticShape())
      return;
    int64_t offset = llvm::alignTo(end, getSharedMemoryAlignment(alloc));
    layout.offsets.push_back({alloc, offset});
    end = offset + getSharedMemoryBytes(alloc.getType());
  });
  end = llvm::alignTo(end, kCUDASharedMemoryAlignment);
  if (staticBytes + end <= kCUDAStaticSharedMemoryLimit) {
    layout.offsets.clear();
    return layout;
  }
  layout.dynamicBytes = end;
  return layout;
}

} // namespace kgpu
} // namespace mlir

#endif // KGPU_CONVERSION_KGPUTONVVM_SHAREDMEMORY_H
