// RUN: kgpu-translate %s --emit=cpu -o %t.so
// RUN: od -A n -c -N 4 %t.so | FileCheck %s

// `llvm.inline_asm` in a kernel compiles for the CPU target: the native
// target's assembly parser is initialised (it used to abort).
// CHECK: 177   E   L   F
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%out: memref<?xi32>) kernel
        attributes {kgpu.workgroup_size = array<i32: 1, 1, 1>} {
      %c0 = arith.constant 0 : index
      %v = llvm.inline_asm "movl $$42, $0", "=r" : () -> i32
      memref.store %v, %out[%c0] : memref<?xi32>
      gpu.return
    }
  }
}
