// RUN: kgpu-opt %s --kgpu-verify-convergence | FileCheck %s

// What must stay accepted: conditions that are uniform or work-group
// uniform, flow-sensitive reuse of a counter (Rodinia's srad: SSA gives a
// re-assigned variable a new value), values read from memory at a uniform
// index, private arrays holding uniform values, and a divergent branch that
// merges back before the barrier.

// CHECK-LABEL: func.func @group_uniform
// CHECK: kgpu.barrier
func.func @group_uniform(%x: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>})
    attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %g = kgpu.group_id x
  %c = arith.cmpi eq, %g, %c0 : index
  scf.if %c {
    kgpu.barrier local
  }
  return
}

// CHECK-LABEL: func.func @srad_like
// CHECK-COUNT-2: kgpu.barrier
func.func @srad_like(%d: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>},
                     %iters: index {kgpu.arg = #kgpu.arg<scalar, read>})
    attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %one = arith.constant 1.0 : f32
  %tmp = kgpu.alloc_local : memref<64xf32, 3>
  %tx = kgpu.local_id x
  scf.for %i = %c0 to %iters step %c1 {
    %v = memref.load %d[%tx] : memref<?xf32>
    memref.store %v, %tmp[%tx] : memref<64xf32, 3>
    kgpu.barrier local
  }
  %is0 = arith.cmpi eq, %tx, %c0 : index
  scf.if %is0 {
    scf.for %i = %c0 to %c64 step %c1 {
      %v = memref.load %tmp[%i] : memref<64xf32, 3>
      memref.store %v, %d[%i] : memref<?xf32>
    }
  }
  scf.for %i = %c0 to %iters step %c1 {
    kgpu.barrier local
    %v = memref.load %tmp[%tx] : memref<64xf32, 3>
    %w = arith.addf %v, %one : f32
    memref.store %w, %tmp[%tx] : memref<64xf32, 3>
  }
  return
}

// CHECK-LABEL: func.func @uniform_load
// CHECK: kgpu.barrier
func.func @uniform_load(%d: memref<?xi32> {kgpu.arg = #kgpu.arg<buffer, read_write>})
    attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0 : i32
  %tmp = kgpu.alloc_local : memref<1xi32, 3>
  %tx = kgpu.local_id x
  %is0 = arith.cmpi eq, %tx, %c0 : index
  scf.if %is0 {
    %v = memref.load %d[%c0] : memref<?xi32>
    memref.store %v, %tmp[%c0] : memref<1xi32, 3>
  }
  kgpu.barrier local
  %flag = memref.load %tmp[%c0] : memref<1xi32, 3>
  %nz = arith.cmpi ne, %flag, %z : i32
  scf.if %nz {
    kgpu.barrier local
  }
  return
}

// CHECK-LABEL: func.func @private_uniform
// CHECK: kgpu.barrier
func.func @private_uniform(%d: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>},
                           %n: f32 {kgpu.arg = #kgpu.arg<scalar, read>})
    attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %a = memref.alloca() : memref<4xf32>
  memref.store %n, %a[%c0] : memref<4xf32>
  %v = memref.load %a[%c0] : memref<4xf32>
  %c = arith.cmpf ogt, %v, %zero : f32
  scf.if %c {
    kgpu.barrier local
  }
  return
}

// CHECK-LABEL: func.func @merged_cfg
// CHECK: kgpu.barrier
func.func @merged_cfg(%d: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>})
    attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %t = kgpu.local_id x
  %c = arith.cmpi eq, %t, %c0 : index
  cf.cond_br %c, ^then, ^join
^then:
  memref.store %one, %d[%c0] : memref<?xf32>
  cf.br ^join
^join:
  kgpu.barrier local
  return
}
