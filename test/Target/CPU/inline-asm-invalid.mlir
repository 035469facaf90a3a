// RUN: not kgpu-translate %s --emit=cpu -o %t.so 2>&1 | FileCheck %s

// Assembly the CPU's assembler rejects is a located error (not an abort or
// an exit from inside LLVM), at the `llvm.inline_asm` op it comes from.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%out: memref<?xi32>) kernel
        attributes {kgpu.workgroup_size = array<i32: 1, 1, 1>} {
      %c0 = arith.constant 0 : index
      %a = llvm.inline_asm "movl $$1, $0", "=r" : () -> i32
      // CHECK: inline-asm-invalid.mlir:[[@LINE+1]]:12: error: CPU target: {{.*}}invalid instruction mnemonic 'bogus_instruction'
      %b = llvm.inline_asm "bogus_instruction $0", "=r" : () -> i32
      %s = arith.addi %a, %b : i32
      memref.store %s, %out[%c0] : memref<?xi32>
      gpu.return
    }
  }
}
