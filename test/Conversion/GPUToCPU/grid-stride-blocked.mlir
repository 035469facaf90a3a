// RUN: kgpu-opt %s --convert-gpu-to-cpu | FileCheck %s

// The grid-stride loops of kgpu-lower-parallel-loops (kgpu.grid_stride) give
// each work-item a contiguous block of iterations on the CPU, where the
// work-items of a group run one after the other: [base + g*c, min(base +
// (g+1)*c, n)) in steps of 1, c = ceil((n - base) / G), base = lb - g (the
// lowering's lb is base + g). Untagged loops keep their bounds and step.

// CHECK-LABEL: func.func private @blocked(
// CHECK-SAME:    %[[X:[^:]*]]: memref<?xf32>, %[[N:[^:]*]]: index, %[[LB:[^:]*]]: index
// CHECK:         scf.for %[[T:.*]] = %c0 to %c64 step %c1
// CHECK:           %[[BASE:.*]] = arith.subi %[[LB]], %[[ID:.*]] : index
// CHECK:           %[[D:.*]] = arith.subi %[[N]], %[[BASE]] : index
// CHECK:           %[[COUNT:.*]] = arith.maxsi %[[D]], %{{.*}} : index
// CHECK:           %[[CS:.*]] = arith.addi %[[COUNT]], %[[SIZE:.*]] : index
// CHECK:           %[[CS1:.*]] = arith.subi %[[CS]], %{{.*}} : index
// CHECK:           %[[CHUNK:.*]] = arith.divui %[[CS1]], %[[SIZE]] : index
// CHECK:           %[[OFF:.*]] = arith.muli %[[ID]], %[[CHUNK]] : index
// CHECK:           %[[BEGIN:.*]] = arith.addi %[[BASE]], %[[OFF]] : index
// CHECK:           %[[E:.*]] = arith.addi %[[BEGIN]], %[[CHUNK]] : index
// CHECK:           %[[END:.*]] = arith.minsi %[[E]], %[[N]] : index
// CHECK:           scf.for %[[I:.*]] = %[[BEGIN]] to %[[END]] step %{{.*}} {
// CHECK:             memref.store %{{.*}}, %[[X]][%[[I]]]
// CHECK-NOT:       kgpu.grid_stride
// CHECK:           scf.for %[[J:.*]] = %[[LB]] to %[[N]] step %[[STRIDE:.*]] {
// CHECK:             memref.store %{{.*}}, %[[X]][%[[J]]]
// CHECK-NOT:     kgpu.grid_stride
// CHECK:         return
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @blocked(%x: memref<?xf32>, %n: index, %lb: index) kernel
        attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      %one = arith.constant 1.0 : f32
      %gx = gpu.grid_dim x
      %bx = gpu.block_dim x
      %stride = arith.muli %gx, %bx : index
      scf.for %i = %lb to %n step %stride {
        memref.store %one, %x[%i] : memref<?xf32>
      } {kgpu.grid_stride}
      scf.for %j = %lb to %n step %stride {
        memref.store %one, %x[%j] : memref<?xf32>
      }
      gpu.return
    }
  }
}
