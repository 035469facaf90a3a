// RUN: kgpu-opt %s --convert-kgpu-to-gpu | FileCheck %s --check-prefix=ALLOC
// RUN: kgpu-opt %s --convert-kgpu-to-gpu=local-memory=attribution | FileCheck %s --check-prefix=ATTR
// RUN: not kgpu-opt %s --convert-kgpu-to-gpu=local-memory=shared 2>&1 | FileCheck %s --check-prefix=BAD

// ALLOC: gpu.func @k
// ALLOC: %[[T:.*]] = memref.alloc() : memref<64xf32, 3>
// ALLOC: gpu.barrier
// ALLOC: memref.load %[[T]]

// ATTR: gpu.func @k(%{{.*}}: memref<?xf32>) workgroup(%[[T:.*]] : memref<64xf32, 3>) kernel
// ATTR-NOT: memref.alloc
// ATTR: memref.load %[[T]]

// BAD: error: convert-kgpu-to-gpu: local-memory must be 'alloc' or 'attribution', got 'shared'
func.func @k(%x: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>}) attributes {kgpu.kernel} {
  %t = kgpu.alloc_local : memref<64xf32, 3>
  %l = kgpu.local_id x
  %g = kgpu.global_id x
  %v = memref.load %x[%g] : memref<?xf32>
  memref.store %v, %t[%l] : memref<64xf32, 3>
  kgpu.barrier local
  %w = memref.load %t[%l] : memref<64xf32, 3>
  memref.store %w, %x[%g] : memref<?xf32>
  return
}
