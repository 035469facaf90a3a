// A kgpu.parallel_for with a run-time step (test/Integration/*/
// parallel_step.test): y[i] = 1 for i in [0, n) step s. A step of 0 or
// less runs no iterations.
func.func @strided_fill(
    %y: memref<?xi32> {kgpu.arg = #kgpu.arg<buffer, read_write>, kgpu.name = "y"},
    %n: i32 {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.name = "n"},
    %s: i32 {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.name = "s"})
    attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %ni = arith.index_cast %n : i32 to index
  %si = arith.index_cast %s : i32 to index
  kgpu.parallel_for (%i) = (%c0) to (%ni) step (%si) {
    memref.store %one, %y[%i] : memref<?xi32>
  }
  return
}
