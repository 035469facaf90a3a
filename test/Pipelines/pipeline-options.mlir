// The registered pipelines take their target's options struct
// (include/kgpu/Pipelines/Options.h) as pass pipeline options:
// CPUOptions' subgroup-size sets the emulated subgroup size (the kernel
// stores subgroup_size * 1000 + 7), SPIRVOptions' fp-contract=off marks
// every float op NoContraction.
// RUN: kgpu-opt %s --pass-pipeline='builtin.module(kgpu-to-cpu{subgroup-size=4})' | FileCheck %s --check-prefix=CPU4
// RUN: kgpu-opt %s --pass-pipeline='builtin.module(kgpu-to-cpu)' | FileCheck %s --check-prefix=CPU8
// RUN: kgpu-opt %s --pass-pipeline='builtin.module(kgpu-to-spirv{fp-contract=off})' | FileCheck %s --check-prefix=EXACT
// RUN: kgpu-opt %s --pass-pipeline='builtin.module(kgpu-to-spirv)' | FileCheck %s --check-prefix=CONTRACT
// RUN: kgpu-opt %s --pass-pipeline='builtin.module(kgpu-to-gpu)' -o %t.mlir
// RUN: kgpu-opt %t.mlir --pass-pipeline='builtin.module(kgpu-gpu-to-cpu-llvm{subgroup-size=16})' | FileCheck %s --check-prefix=CPU16
// RUN: kgpu-opt %t.mlir --pass-pipeline='builtin.module(kgpu-gpu-to-spirv{fp-contract=off float64=0})' | FileCheck %s --check-prefix=EXACT

// CPU4: llvm.func internal @k(
// CPU4: llvm.mlir.constant(4007 : i32)
// CPU4: llvm.func @kgpu_cpu_k(
// CPU8: llvm.func internal @k(
// CPU8: llvm.mlir.constant(8007 : i32)
// CPU8: llvm.func @kgpu_cpu_k(
// CPU16: llvm.func internal @k(
// CPU16: llvm.mlir.constant(16007 : i32)
// CPU16: llvm.func @kgpu_cpu_k(
// EXACT: spirv.FMul {{.*}} {no_contraction} : f32
// CONTRACT: spirv.FMul
// CONTRACT-NOT: no_contraction
func.func @k(%x: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>},
             %ids: memref<?xi32> {kgpu.arg = #kgpu.arg<buffer, write>})
    attributes {kgpu.kernel} {
  %i = kgpu.global_id x
  %v = memref.load %x[%i] : memref<?xf32>
  %p = arith.mulf %v, %v : f32
  %s = arith.addf %p, %v : f32
  memref.store %s, %x[%i] : memref<?xf32>
  %w = kgpu.subgroup_size
  %c1000 = arith.constant 1000 : index
  %c7 = arith.constant 7 : index
  %m = arith.muli %w, %c1000 : index
  %r = arith.addi %m, %c7 : index
  %r32 = arith.index_cast %r : index to i32
  memref.store %r32, %ids[%i] : memref<?xi32>
  return
}
