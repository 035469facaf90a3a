// A Boolean kernel parameter as the Kotlin IR and JVM frontends pass it: an
// i32 (0 or 1; SPIR-V has no bool parameters). For kgpu-run-bool.test.
// out[i] = flag + 2 * i
func.func @flagged(%out: memref<?xi32> {kgpu.arg = #kgpu.arg<buffer, write>, kgpu.name = "out"},
                   %flag: i32 {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.name = "flag"})
    attributes {kgpu.kernel, kgpu.workgroup_size = array<i32: 4, 1, 1>} {
  %i = kgpu.global_id x
  %ii = arith.index_cast %i : index to i32
  %c2 = arith.constant 2 : i32
  %t = arith.muli %ii, %c2 : i32
  %v = arith.addi %t, %flag : i32
  memref.store %v, %out[%i] : memref<?xi32>
  return
}
