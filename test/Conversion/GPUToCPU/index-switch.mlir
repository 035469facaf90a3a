// RUN: kgpu-opt %s --convert-gpu-to-cpu --split-input-file --verify-diagnostics | FileCheck %s

// scf.index_switch (what lift-cf-to-scf makes of a frontend's switch): one
// holding a barrier becomes a chain of scf.if split at the barriers like
// any other; one without stays in its segment.

// CHECK-LABEL: func.func private @switch_barrier(
// CHECK-NOT:     scf.index_switch
// CHECK:         arith.cmpi eq, %{{.*}}, %c0
// CHECK:         scf.if
// CHECK:           scf.for
// CHECK:             arith.subi %c15
// CHECK:         } else {
// CHECK:           arith.cmpi eq, %{{.*}}, %c1
// CHECK:           scf.if
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @switch_barrier(%a: memref<?xf32>, %mode: index) kernel
        attributes {kgpu.workgroup_size = array<i32: 16, 1, 1>} {
      %c15 = arith.constant 15 : index
      %t = gpu.thread_id x
      %x = memref.load %a[%t] : memref<?xf32>
      %r = scf.index_switch %mode -> f32
      case 0 {
        gpu.barrier
        %m = arith.subi %c15, %t : index
        %y = memref.load %a[%m] : memref<?xf32>
        scf.yield %y : f32
      }
      case 1 {
        gpu.barrier
        scf.yield %x : f32
      }
      default {
        scf.yield %x : f32
      }
      memref.store %r, %a[%t] : memref<?xf32>
      gpu.return
    }
  }
}

// -----

// CHECK-LABEL: func.func private @switch_plain(
// CHECK:         scf.for
// CHECK:           scf.index_switch
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @switch_plain(%a: memref<?xf32>) kernel
        attributes {kgpu.workgroup_size = array<i32: 16, 1, 1>} {
      %t = gpu.thread_id x
      %x = memref.load %a[%t] : memref<?xf32>
      %r = scf.index_switch %t -> f32
      case 0 {
        %y = arith.addf %x, %x : f32
        scf.yield %y : f32
      }
      default {
        scf.yield %x : f32
      }
      memref.store %r, %a[%t] : memref<?xf32>
      gpu.return
    }
  }
}

// -----

// A switch on the work-item id with a barrier in a case: divergent.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @switch_divergent(%a: memref<?xf32>) kernel
        attributes {kgpu.workgroup_size = array<i32: 16, 1, 1>} {
      %t = gpu.thread_id x
      // expected-note @below {{the condition of this 'scf.if' depends on the work-item id}}
      scf.index_switch %t
      case 0 {
        // expected-error @below {{'gpu.barrier' op is inside control flow that depends on the work-item id}}
        gpu.barrier
        scf.yield
      }
      default {
      }
      gpu.return
    }
  }
}
