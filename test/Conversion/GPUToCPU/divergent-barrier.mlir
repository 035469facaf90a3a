// RUN: kgpu-opt %s --convert-gpu-to-cpu --split-input-file --verify-diagnostics

// Barriers and subgroup operations under control flow that depends on the
// work-item id cannot be split into work-item loops.

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @divergent_if(%a: memref<?xf32>) kernel
        attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      %c32 = arith.constant 32 : index
      %t = gpu.thread_id x
      %lt = arith.cmpi ult, %t, %c32 : index
      // expected-note @below {{the condition of this 'scf.if' depends on the work-item id}}
      scf.if %lt {
        // expected-error @below {{'gpu.barrier' op is inside control flow that depends on the work-item id}}
        gpu.barrier
      }
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @divergent_loop(%a: memref<?xi32>) kernel
        attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %t = gpu.thread_id x
      %v = memref.load %a[%t] : memref<?xi32>
      %n = arith.index_cast %v : i32 to index
      // expected-note @below {{the bounds of this 'scf.for' depend on the work-item id}}
      scf.for %i = %c0 to %n step %c1 {
        // expected-error @below {{'gpu.barrier' op is inside control flow that depends on the work-item id}}
        gpu.barrier
      }
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @divergent_while(%a: memref<?xi32>, %x: f32) kernel
        attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      %c0_i32 = arith.constant 0 : i32
      %lane = gpu.lane_id
      %l = arith.index_cast %lane : index to i32
      // expected-note @below {{the condition of this 'scf.while' depends on the work-item id}}
      %r = scf.while (%i = %l) : (i32) -> i32 {
        %c = arith.cmpi sgt, %i, %c0_i32 : i32
        scf.condition(%c) %i : i32
      } do {
      ^bb0(%i: i32):
        // expected-error @below {{'gpu.subgroup_reduce' op is inside control flow that depends on the work-item id}}
        %s = gpu.subgroup_reduce add %x : (f32) -> f32
        %c1 = arith.constant 1 : i32
        %j = arith.subi %i, %c1 : i32
        scf.yield %j : i32
      }
      gpu.return
    }
  }
}
