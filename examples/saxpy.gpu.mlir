// saxpy in the upstream gpu dialect, with the grid-stride loop that
// kgpu.parallel_for lowers to.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @saxpy(%a: f32, %x: memref<?xf32>, %y: memref<?xf32>, %n: index) kernel {
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %gdim = gpu.grid_dim x
      %t0 = arith.muli %bid, %bdim : index
      %start = arith.addi %t0, %tid : index
      %stride = arith.muli %gdim, %bdim : index
      scf.for %i = %start to %n step %stride {
        %xv = memref.load %x[%i] : memref<?xf32>
        %yv = memref.load %y[%i] : memref<?xf32>
        %ax = arith.mulf %a, %xv : f32
        %r = arith.addf %ax, %yv : f32
        memref.store %r, %y[%i] : memref<?xf32>
      }
      gpu.return
    }
  }
}
