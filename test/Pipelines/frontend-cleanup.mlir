// RUN: kgpu-opt %S/../Integration/Inputs/cfg_kernels.mlir --kgpu-frontend-cleanup | FileCheck %s

// kgpu-frontend-cleanup on CFG-form kernels with one memref.alloca per
// local slot: mem2reg builds SSA, lift-cf-to-scf the structure, the
// buffer access is inferred (the kernels declare read_write everywhere).
// (Executed on the CPU and Vulkan by Integration/*/cfg_kernels.test.)

// CHECK-NOT: cf.br
// CHECK-NOT: cf.cond_br
// CHECK-NOT: cf.switch
// CHECK-NOT: memref.alloca()

// A loop with a break and an early return: one scf.while; the value each
// exit stores is carried out of the loop, so the two exits' stores fold
// into one store after it (the canonicalizer merges the scf.index_switch
// that tells the exits apart).
// CHECK-LABEL: func.func @cfg_search(
// CHECK-SAME:    #kgpu.arg<buffer, read>
// CHECK-SAME:    #kgpu.arg<buffer, write>
// CHECK:         %[[W:.*]]:3 = scf.while
// CHECK:           scf.if
// CHECK:             memref.load
// CHECK:           scf.condition
// CHECK:         memref.store %[[W]]#2
// CHECK-NEXT:    return

// Nested loops with a continue: two nested scf.while.
// CHECK-LABEL: func.func @cfg_nested(
// CHECK-SAME:    #kgpu.arg<buffer, write>
// CHECK:         scf.while
// CHECK:           scf.while
// CHECK:             scf.if
// CHECK:             scf.condition
// CHECK:           scf.condition
// CHECK:         memref.store

// cf.switch becomes scf.index_switch with a result.
// CHECK-LABEL: func.func @cfg_switch(
// CHECK:         %[[R:.*]] = scf.index_switch %{{.*}} -> i32
// CHECK:         case 0 {
// CHECK:         case 1 {
// CHECK:         case 2 {
// CHECK:         default {
// CHECK:         memref.store %[[R]]

// CHECK-LABEL: func.func @cfg_switch_barrier(
// CHECK:         scf.index_switch
// CHECK:           kgpu.barrier
// CHECK:           kgpu.barrier
