// RUN: kgpu-opt %s --convert-gpu-to-cpu --canonicalize | FileCheck %s

// A 1-D kernel without barriers: one work-item loop inside the loop over the
// work-groups [begin, end); ids become loop variables and launch arguments;
// work-group-uniform arithmetic runs once per group, outside the work-items.

// CHECK-LABEL: func.func private @ids(
// CHECK-SAME:    %[[OUT:.*]]: memref<?xindex>, %[[GX:.*]]: index, %[[GY:.*]]: index, %[[GZ:.*]]: index, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %[[BEGIN:.*]]: index, %[[END:.*]]: index)
// CHECK-SAME:    llvm.linkage = #llvm.linkage<internal>
// CHECK-DAG:     %[[C64:.*]] = arith.constant 64 : index
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK:         scf.for %[[G:.*]] = %[[BEGIN]] to %[[END]] step %[[C1]] {
// CHECK:           %[[BX:.*]] = arith.remui %[[G]], %[[GX]] : index
// CHECK:           %[[BASE:.*]] = arith.muli %[[BX]], %[[C64]] : index
// CHECK:           %[[GS:.*]] = arith.muli %[[GX]], %[[C64]] : index
// CHECK:           scf.for %[[T:.*]] = %[[C0]] to %[[C64]] step %[[C1]] {
// CHECK:             %[[GID:.*]] = arith.addi %[[BASE]], %[[T]] : index
// CHECK:             %[[V:.*]] = arith.addi %[[GS]], %[[GID]] : index
// CHECK:             memref.store %[[V]], %[[OUT]][%[[GID]]] : memref<?xindex>
// CHECK:           }
// CHECK:         }
// CHECK:         return

// CHECK-NOT:   gpu.module
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @ids(%out: memref<?xindex>) kernel
        attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %gdim = gpu.grid_dim x
      %base = arith.muli %bid, %bdim : index
      %gid = arith.addi %base, %tid : index
      %size = arith.muli %gdim, %bdim : index
      %v = arith.addi %size, %gid : index
      memref.store %v, %out[%gid] : memref<?xindex>
      gpu.return
    }
  }
}
