// RUN: kgpu-opt %s | kgpu-opt | FileCheck %s
// RUN: kgpu-opt -mlir-print-op-generic %s | kgpu-opt | FileCheck %s

// CHECK-LABEL: func.func @ids
func.func @ids() attributes {kgpu.kernel} {
  // CHECK: %global_id_x = kgpu.global_id x
  %0 = kgpu.global_id x
  // CHECK: %local_id_y = kgpu.local_id y
  %1 = kgpu.local_id y
  // CHECK: %group_id_z = kgpu.group_id z
  %2 = kgpu.group_id z
  // CHECK: %global_size_x = kgpu.global_size x
  %3 = kgpu.global_size x
  // CHECK: %local_size_y = kgpu.local_size y
  %4 = kgpu.local_size y
  // CHECK: %num_groups_z = kgpu.num_groups z
  %5 = kgpu.num_groups z
  return
}

// Ids are also valid in device (helper) functions and in gpu.func kernels.
// CHECK-LABEL: func.func @helper
func.func @helper() -> index attributes {kgpu.device} {
  // CHECK: kgpu.global_id x
  %0 = kgpu.global_id x
  return %0 : index
}

module attributes {gpu.container_module} {
  gpu.module @m {
    // CHECK-LABEL: gpu.func @k
    gpu.func @k() kernel {
      // CHECK: kgpu.local_id x
      %0 = kgpu.local_id x
      gpu.return
    }
  }
}
