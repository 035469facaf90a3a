// Kernelin-style kernels as kgpu's Kotlin IR frontend emits them (docs/
// kotlin.md, the launch model): the dispatch size arrives in trailing i32
// parameters named by kgpu.dispatch_params, and work-items beyond it return.
// For kgpu-run --size (test/Integration/Kotlin/kgpu-run-size.test).

// 2D, ND-range: out[x + y * width] = x + 1000 * y.
func.func @grid2d(%out: memref<?xi32> {kgpu.arg = #kgpu.arg<buffer, write>, kgpu.name = "out"},
                  %width: i32 {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.name = "width"},
                  %height: i32 {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.name = "height"})
    attributes {kgpu.kernel, kgpu.dispatch_params = ["width", "height"],
                kgpu.workgroup_size = array<i32: 8, 4, 1>} {
  %x = kgpu.global_id x
  %y = kgpu.global_id y
  %w = arith.index_cast %width : i32 to index
  %h = arith.index_cast %height : i32 to index
  %inx = arith.cmpi ult, %x, %w : index
  %iny = arith.cmpi ult, %y, %h : index
  %in = arith.andi %inx, %iny : i1
  scf.if %in {
    %row = arith.muli %y, %w : index
    %i = arith.addi %x, %row : index
    %xi = arith.index_cast %x : index to i32
    %yi = arith.index_cast %y : index to i32
    %c1000 = arith.constant 1000 : i32
    %ym = arith.muli %yi, %c1000 : i32
    %v = arith.addi %xi, %ym : i32
    memref.store %v, %out[%i] : memref<?xi32>
  }
  return
}

// 1D, ND-range with the default work-group size: out[i] = 3 * i + 1.
func.func @line(%out: memref<?xi32> {kgpu.arg = #kgpu.arg<buffer, write>, kgpu.name = "out"},
                %size: i32 {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.name = "size"})
    attributes {kgpu.kernel, kgpu.dispatch_params = ["size"]} {
  %i = kgpu.global_id x
  %n = arith.index_cast %size : i32 to index
  %in = arith.cmpi ult, %i, %n : index
  scf.if %in {
    %ii = arith.index_cast %i : index to i32
    %c3 = arith.constant 3 : i32
    %c1 = arith.constant 1 : i32
    %m = arith.muli %ii, %c3 : i32
    %v = arith.addi %m, %c1 : i32
    memref.store %v, %out[%i] : memref<?xi32>
  }
  return
}

// 3D, parallel loop over the sizes: out[x + w * (y + h * z)] = x + 10 y + 100 z.
func.func @cube(%out: memref<?xi32> {kgpu.arg = #kgpu.arg<buffer, write>, kgpu.name = "out"},
                %width: i32 {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.name = "width"},
                %height: i32 {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.name = "height"},
                %depth: i32 {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.name = "depth"})
    attributes {kgpu.kernel, kgpu.dispatch_params = ["width", "height", "depth"]} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %w = arith.index_cast %width : i32 to index
  %h = arith.index_cast %height : i32 to index
  %d = arith.index_cast %depth : i32 to index
  kgpu.parallel_for (%x, %y, %z) = (%c0, %c0, %c0) to (%w, %h, %d) step (%c1, %c1, %c1) {
    %zh = arith.muli %z, %h : index
    %yz = arith.addi %y, %zh : index
    %r = arith.muli %yz, %w : index
    %i = arith.addi %x, %r : index
    %xi = arith.index_cast %x : index to i32
    %yi = arith.index_cast %y : index to i32
    %zi = arith.index_cast %z : index to i32
    %c10 = arith.constant 10 : i32
    %c100 = arith.constant 100 : i32
    %y10 = arith.muli %yi, %c10 : i32
    %z100 = arith.muli %zi, %c100 : i32
    %s = arith.addi %xi, %y10 : i32
    %v = arith.addi %s, %z100 : i32
    memref.store %v, %out[%i] : memref<?xi32>
  }
  return
}

// Not a Kernelin-style kernel: --size is refused.
func.func @plain(%out: memref<?xi32> {kgpu.arg = #kgpu.arg<buffer, write>, kgpu.name = "out"})
    attributes {kgpu.kernel} {
  %i = kgpu.global_id x
  %c7 = arith.constant 7 : i32
  memref.store %c7, %out[%i] : memref<?xi32>
  return
}
