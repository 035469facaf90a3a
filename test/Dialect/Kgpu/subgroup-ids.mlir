// RUN: kgpu-opt %s | kgpu-opt | FileCheck %s
// RUN: kgpu-opt -mlir-print-op-generic %s | kgpu-opt | FileCheck %s

// CHECK-LABEL: func.func @subgroup_ids
func.func @subgroup_ids() attributes {kgpu.kernel} {
  // CHECK: kgpu.lane_id
  %0 = kgpu.lane_id
  // CHECK: kgpu.subgroup_size
  %1 = kgpu.subgroup_size
  // CHECK: kgpu.subgroup_id
  %2 = kgpu.subgroup_id
  // CHECK: kgpu.num_subgroups
  %3 = kgpu.num_subgroups
  return
}
