// RUN: kgpu-opt %s --convert-gpu-to-cpu="subgroup-size=4" --canonicalize | FileCheck %s

// Subgroups of 4 lanes (consecutive work-items). The shuffle operand is
// spilled for all work-items, then each work-item reads its source lane's
// slot (its own when the source lane is out of range). gpu.subgroup_reduce
// runs once per subgroup in xor-butterfly order (offsets 1, 2) and stores
// every lane's result; lane_id, subgroup_id, subgroup_size and num_subgroups
// follow from the linear work-item index. 10 work-items: the last subgroup
// has 2 lanes, missing lanes count as the identity (-0.0 for add).

// CHECK-LABEL: func.func private @subgroups(
// CHECK-SAME:    %[[A:[^:]*]]: memref<?xf32>, %[[B:[^:]*]]: memref<?xf32>, %[[IDS:[^:]*]]: memref<?xindex>
// CHECK-DAG:     %[[NEG0:.*]] = arith.constant -0.000000e+00 : f32
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG:     %[[C4I:.*]] = arith.constant 4 : i32
// CHECK-DAG:     %[[OPND:.*]] = memref.alloca() : memref<12xf32>
// CHECK-DAG:     %[[RED:.*]] = memref.alloca() : memref<12xf32>
// CHECK:         scf.for
//                  Work-items before the shuffle: spill its operand.
// CHECK:           scf.for %[[T:.*]] = %c0 to %c10
// CHECK:             %[[X:.*]] = memref.load %[[A]][%[[T]]]
// CHECK:             memref.store %[[X]], %[[OPND]][%[[T]]]
//                  The subgroup reduction, once per subgroup.
// CHECK:           scf.for %[[SG:.*]] = %c0 to %c3
// CHECK:             %[[BASE:.*]] = arith.muli %[[SG]], %[[C4]]
// CHECK:             %[[L0:.*]] = memref.load %[[OPND]][%[[BASE]]]
// CHECK:             arith.cmpi ult, %{{.*}}, %c10
// CHECK:             arith.select %{{.*}}, %{{.*}}, %[[NEG0]]
// CHECK-COUNT-8:     arith.addf
// CHECK-COUNT-4:     memref.store %{{.*}}, %[[RED]]
//                  The shuffle and everything after it.
// CHECK:           scf.for %[[T2:.*]] = %c0 to %c10
// CHECK:             %[[LANE:.*]] = arith.remui %[[T2]], %[[C4]]
// CHECK:             %[[LANE32:.*]] = arith.index_cast %[[LANE]] : index to i32
// CHECK:             %[[SRC:.*]] = arith.xori %[[LANE32]], %c1_i32
// CHECK:             %[[V1:.*]] = arith.cmpi ult, %[[SRC]], %[[C4I]]
// CHECK:             %[[FIRST:.*]] = arith.subi %[[T2]], %[[LANE]]
// CHECK:             %[[SRCIDX:.*]] = arith.addi %[[FIRST]]
// CHECK:             %[[V2:.*]] = arith.cmpi ult, %[[SRCIDX]], %c10
// CHECK:             %[[VALID:.*]] = arith.andi
// CHECK:             %[[ITEM:.*]] = arith.select %[[VALID]], %[[SRCIDX]], %[[T2]]
// CHECK:             %[[SH:.*]] = memref.load %[[OPND]][%[[ITEM]]]
// CHECK:             %[[R:.*]] = memref.load %[[RED]][%[[T2]]]
// CHECK:             arith.addf %[[R]], %[[SH]]
// CHECK:             %[[SGID:.*]] = arith.divui %[[T2]], %[[C4]]
// CHECK:             arith.muli %[[SGID]], %c100
// CHECK:             arith.addi %{{.*}}, %c7
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @subgroups(%a: memref<?xf32>, %b: memref<?xf32>,
                        %ids: memref<?xindex>) kernel
        attributes {kgpu.workgroup_size = array<i32: 10, 1, 1>} {
      %c1_i32 = arith.constant 1 : i32
      %c100 = arith.constant 100 : index
      %t = gpu.thread_id x
      %x = memref.load %a[%t] : memref<?xf32>
      %sum = gpu.subgroup_reduce add %x : (f32) -> f32
      %w = gpu.subgroup_size : index
      %w32 = arith.index_cast %w : index to i32
      %sh, %valid = gpu.shuffle xor %x, %c1_i32, %w32 : f32
      %y = arith.addf %sum, %sh : f32
      memref.store %y, %b[%t] : memref<?xf32>
      %lane = gpu.lane_id
      %sg = gpu.subgroup_id : index
      %nsg = gpu.num_subgroups : index
      %i0 = arith.muli %sg, %c100 : index
      %i1 = arith.addi %i0, %lane : index
      %i2 = arith.addi %i1, %nsg : index
      %i3 = arith.addi %i2, %w : index
      memref.store %i3, %ids[%t] : memref<?xindex>
      gpu.return
    }
  }
}
