// RUN: kgpu-opt %s --kgpu-verify-convergence --verify-diagnostics

// A private array that holds a work-item id is varying, and so is what is
// loaded from it.
func.func @private_varying(%d: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>})
    attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %t = kgpu.local_id x
  %a = memref.alloca() : memref<4xindex>
  memref.store %t, %a[%c0] : memref<4xindex>
  %v = memref.load %a[%c0] : memref<4xindex>
  %c = arith.cmpi eq, %v, %c0 : index
  // expected-note @below {{the condition of this 'scf.if' varies}}
  scf.if %c {
    // expected-error @below {{barrier under divergent control flow}}
    kgpu.barrier local
  }
  return
}
