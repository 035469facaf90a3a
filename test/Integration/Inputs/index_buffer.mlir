// Buffers of `index` elements hold int64_t on every target
// (docs/codegen.md): out[i] = in[i] * 3 - 5 - i, for i < n.
func.func @index_buffer(%in: memref<?xindex> {kgpu.arg = #kgpu.arg<buffer, read>},
                        %out: memref<?xindex> {kgpu.arg = #kgpu.arg<buffer, write>},
                        %n: index {kgpu.arg = #kgpu.arg<scalar, read>})
    attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  kgpu.parallel_for (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %in[%i] : memref<?xindex>
    %m = arith.muli %v, %c3 : index
    %s = arith.subi %m, %c5 : index
    %r = arith.subi %s, %i : index
    memref.store %r, %out[%i] : memref<?xindex>
  }
  return
}
