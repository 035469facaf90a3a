// Float atomic min/max have no SPIR-V instruction: the memory is retyped to
// integers and the update becomes one integer atomic on the bits, unsigned
// min/max for negative values and signed max/min otherwise, with NaN
// canonicalized to the sign that wins, so that the result is IEEE-754 2019
// minimum/maximum (NaN wins, -0.0 < +0.0). A NaN of the other sign already
// in memory loses the integer comparison, so when the old value is NaN a
// second atomic puts the winning NaN back. Loads and stores of the memref
// bitcast.
// RUN: kgpu-opt %s --kgpu-spirv-attach-target --kgpu-spirv-emulate-float-atomics | FileCheck %s

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // CHECK-LABEL: gpu.func @minmax
    // CHECK-SAME: (%[[OUT:.*]]: memref<?xi32>, %[[V:.*]]: f32)
    gpu.func @minmax(%out: memref<?xf32>, %v: f32) kernel
        attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      // CHECK: %[[NAN:.*]] = arith.cmpf uno, %[[V]], %[[V]] : f32
      // CHECK: %[[NEGNAN:.*]] = arith.constant -4194304 : i32
      // CHECK: %[[BITS:.*]] = arith.bitcast %[[V]] : f32 to i32
      // CHECK: %[[SEL:.*]] = arith.select %[[NAN]], %[[NEGNAN]], %[[BITS]] : i32
      // CHECK: %[[NEG:.*]] = arith.cmpi slt, %[[SEL]], %{{.*}} : i32
      // CHECK: %[[OLD:.*]] = scf.if %[[NEG]] -> (i32) {
      // CHECK:   kgpu.atomic_rmw umax %[[SEL]], %[[OUT]][%{{.*}}] : memref<?xi32>
      // CHECK: } else {
      // CHECK:   kgpu.atomic_rmw min %[[SEL]], %[[OUT]][%{{.*}}] : memref<?xi32>
      // CHECK: }
      // CHECK: %[[OLDF:.*]] = arith.bitcast %[[OLD]] : i32 to f32
      // CHECK: %[[WASNAN:.*]] = arith.cmpf uno, %[[OLDF]], %[[OLDF]] : f32
      // CHECK: scf.if %[[WASNAN]] {
      // CHECK:   %[[NEG2:.*]] = arith.cmpi slt, %[[NEGNAN]], %{{.*}} : i32
      // CHECK:   scf.if %[[NEG2]] -> (i32) {
      // CHECK:     kgpu.atomic_rmw umax %[[NEGNAN]], %[[OUT]][%{{.*}}] : memref<?xi32>
      // CHECK:   } else {
      // CHECK:     kgpu.atomic_rmw min %[[NEGNAN]], %[[OUT]][%{{.*}}] : memref<?xi32>
      // CHECK:   }
      // CHECK: }
      %0 = kgpu.atomic_rmw min %v, %out[%c0] : memref<?xf32>
      // CHECK: arith.constant 2143289344 : i32
      // CHECK: scf.if
      // CHECK:   kgpu.atomic_rmw umin
      // CHECK: } else {
      // CHECK:   kgpu.atomic_rmw max
      %1 = kgpu.atomic_rmw max %v, %out[%c0] : memref<?xf32>
      // CHECK: %[[LOADED:.*]] = memref.load %[[OUT]][%{{.*}}] : memref<?xi32>
      // CHECK: %[[F:.*]] = arith.bitcast %[[LOADED]] : i32 to f32
      // CHECK: %[[SUM:.*]] = arith.addf %[[F]], %{{.*}} : f32
      %2 = memref.load %out[%c0] : memref<?xf32>
      %3 = arith.addf %2, %1 : f32
      // CHECK: %[[SUMBITS:.*]] = arith.bitcast %[[SUM]] : f32 to i32
      // CHECK: memref.store %[[SUMBITS]], %[[OUT]][%{{.*}}] : memref<?xi32>
      memref.store %3, %out[%c0] : memref<?xf32>
      gpu.return
    }
  }
}
