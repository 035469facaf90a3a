// RUN: kgpu-opt %s --int-range-optimizations --split-input-file | FileCheck %s

// The value ranges of the id and size ops (InferIntRangeInterface): a local
// id is below 1024, the other ids are non-negative and the sizes positive,
// so int-range-optimizations folds these comparisons to true.

// CHECK-LABEL: func.func @any_size
// CHECK-NOT: arith.cmpi
// CHECK-COUNT-7: memref.store %true
// CHECK-NOT: arith.cmpi
func.func @any_size(%out: memref<7xi1> {kgpu.arg = #kgpu.arg<buffer, write>})
    attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c1024 = arith.constant 1024 : index
  %lid = kgpu.local_id x
  %a = arith.cmpi ult, %lid, %c1024 : index
  memref.store %a, %out[%c0] : memref<7xi1>
  %gid = kgpu.global_id y
  %b = arith.cmpi sge, %gid, %c0 : index
  memref.store %b, %out[%c1] : memref<7xi1>
  %grp = kgpu.group_id z
  %c = arith.cmpi sge, %grp, %c0 : index
  memref.store %c, %out[%c2] : memref<7xi1>
  %lsz = kgpu.local_size x
  %d = arith.cmpi ule, %lsz, %c1024 : index
  memref.store %d, %out[%c3] : memref<7xi1>
  %e = arith.cmpi sge, %lsz, %c1 : index
  memref.store %e, %out[%c4] : memref<7xi1>
  %ng = kgpu.num_groups x
  %f = arith.cmpi sge, %ng, %c1 : index
  memref.store %f, %out[%c5] : memref<7xi1>
  %gsz = kgpu.global_size x
  %g = arith.cmpi sgt, %gsz, %c0 : index
  memref.store %g, %out[%c6] : memref<7xi1>
  return
}

// -----

// What the ranges do not give: a local id may reach 1023, a global id 1024.
// CHECK-LABEL: func.func @not_folded
// CHECK-COUNT-2: arith.cmpi
func.func @not_folded(%out: memref<2xi1> {kgpu.arg = #kgpu.arg<buffer, write>})
    attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1023 = arith.constant 1023 : index
  %c1024 = arith.constant 1024 : index
  %lid = kgpu.local_id x
  %a = arith.cmpi ult, %lid, %c1023 : index
  memref.store %a, %out[%c0] : memref<2xi1>
  %gid = kgpu.global_id x
  %b = arith.cmpi ult, %gid, %c1024 : index
  memref.store %b, %out[%c1] : memref<2xi1>
  return
}

// -----

// A kernel that fixes its work-group size: the local ids are below it and
// the local sizes are constants.
// CHECK-LABEL: func.func @fixed_size
// CHECK-NOT: arith.cmpi
// CHECK-NOT: kgpu.local_size
// CHECK-DAG: memref.store %true{{.*}}, %arg0[%c0
// CHECK-DAG: memref.store %true{{.*}}, %arg0[%c1
// CHECK-DAG: memref.store %c64{{.*}}, %arg1[%c0
// CHECK-DAG: memref.store %c4{{.*}}, %arg1[%c1
// CHECK-NOT: arith.cmpi
// CHECK-NOT: kgpu.local_size
func.func @fixed_size(%flags: memref<2xi1> {kgpu.arg = #kgpu.arg<buffer, write>},
                      %sizes: memref<2xindex> {kgpu.arg = #kgpu.arg<buffer, write>})
    attributes {kgpu.kernel, kgpu.workgroup_size = array<i32: 64, 4, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %x = kgpu.local_id x
  %a = arith.cmpi ult, %x, %c64 : index
  memref.store %a, %flags[%c0] : memref<2xi1>
  %y = kgpu.local_id y
  %b = arith.cmpi ult, %y, %c4 : index
  memref.store %b, %flags[%c1] : memref<2xi1>
  %sx = kgpu.local_size x
  memref.store %sx, %sizes[%c0] : memref<2xindex>
  %sy = kgpu.local_size y
  memref.store %sy, %sizes[%c1] : memref<2xindex>
  return
}
