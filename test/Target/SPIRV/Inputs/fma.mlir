// A kernel from the JVM/Kotlin frontends' form: contraction is off by
// default for .mlir sources.
func.func @axpy(%a: f32 {kgpu.arg = #kgpu.arg<scalar, read>},
                %x: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>},
                %n: index {kgpu.arg = #kgpu.arg<scalar, read>})
    attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  kgpu.parallel_for (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %x[%i] : memref<?xf32>
    %m = arith.mulf %a, %v : f32
    %s = arith.addf %m, %v : f32
    memref.store %s, %x[%i] : memref<?xf32>
  }
  return
}
