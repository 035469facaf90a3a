// saxpy in the kgpu dialect, as the frontends produce it: y = a * x + y.
func.func @saxpy(%a: f32 {kgpu.arg = #kgpu.arg<scalar, read>},
                 %x: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read>},
                 %y: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>},
                 %n: index {kgpu.arg = #kgpu.arg<scalar, read>})
    attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  kgpu.parallel_for (%i) = (%c0) to (%n) step (%c1) {
    %xv = memref.load %x[%i] : memref<?xf32>
    %yv = memref.load %y[%i] : memref<?xf32>
    %ax = arith.mulf %a, %xv : f32
    %r = arith.addf %ax, %yv : f32
    memref.store %r, %y[%i] : memref<?xf32>
  }
  return
}
