// kgpu.group_reduce in a kernel that accepts any work-group size: every
// work-item writes the sum and the max of its work-group's inputs at its
// linear global index (test/Integration/{CPU,Vulkan}/workgroup_sizes.test,
// checked by workgroup_sizes.c).
func.func @group_reduce(%in: memref<?xi32> {kgpu.arg = #kgpu.arg<buffer, read>, kgpu.name = "in"},
                        %out: memref<?xi32> {kgpu.arg = #kgpu.arg<buffer, write>, kgpu.name = "out"})
    attributes {kgpu.kernel} {
  %x = kgpu.global_id x
  %y = kgpu.global_id y
  %z = kgpu.global_id z
  %sx = kgpu.global_size x
  %sy = kgpu.global_size y
  %zy = arith.muli %sy, %z : index
  %yz = arith.addi %y, %zy : index
  %r = arith.muli %sx, %yz : index
  %i = arith.addi %x, %r : index
  %v = memref.load %in[%i] : memref<?xi32>
  %sum = kgpu.group_reduce add %v : i32
  %max = kgpu.group_reduce max %v : i32
  %c2 = arith.constant 2 : index
  %c1 = arith.constant 1 : index
  %o = arith.muli %i, %c2 : index
  %o1 = arith.addi %o, %c1 : index
  memref.store %sum, %out[%o] : memref<?xi32>
  memref.store %max, %out[%o1] : memref<?xi32>
  return
}
