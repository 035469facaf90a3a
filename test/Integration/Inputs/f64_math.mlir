// The f64 math functions of kgpu-spirv-expand-math, one per slice of the
// buffers (test/Integration/Vulkan/f64-math.test): out[j*n + i] =
// f_j(x[j*n + i]) for the unary functions in the order of f64_math.c's
// table, then atan2(x, y) and pow(x, y). (f64_math.c has the same table.)
func.func @f64_math(
    %x: memref<?xf64> {kgpu.arg = #kgpu.arg<buffer, read>, kgpu.name = "x"},
    %y: memref<?xf64> {kgpu.arg = #kgpu.arg<buffer, read>, kgpu.name = "y"},
    %out: memref<?xf64> {kgpu.arg = #kgpu.arg<buffer, write>, kgpu.name = "out"},
    %n: i32 {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.name = "n"})
    attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ni = arith.index_cast %n : i32 to index
  kgpu.parallel_for (%i) = (%c0) to (%ni) step (%c1) {
    %o0 = arith.constant 0 : index
    %b0 = arith.muli %o0, %ni : index
    %p0 = arith.addi %b0, %i : index
    %v0 = memref.load %x[%p0] : memref<?xf64>
    %r0 = math.sin %v0 : f64
    memref.store %r0, %out[%p0] : memref<?xf64>
    %o1 = arith.constant 1 : index
    %b1 = arith.muli %o1, %ni : index
    %p1 = arith.addi %b1, %i : index
    %v1 = memref.load %x[%p1] : memref<?xf64>
    %r1 = math.cos %v1 : f64
    memref.store %r1, %out[%p1] : memref<?xf64>
    %o2 = arith.constant 2 : index
    %b2 = arith.muli %o2, %ni : index
    %p2 = arith.addi %b2, %i : index
    %v2 = memref.load %x[%p2] : memref<?xf64>
    %r2 = math.tan %v2 : f64
    memref.store %r2, %out[%p2] : memref<?xf64>
    %o3 = arith.constant 3 : index
    %b3 = arith.muli %o3, %ni : index
    %p3 = arith.addi %b3, %i : index
    %v3 = memref.load %x[%p3] : memref<?xf64>
    %r3 = math.asin %v3 : f64
    memref.store %r3, %out[%p3] : memref<?xf64>
    %o4 = arith.constant 4 : index
    %b4 = arith.muli %o4, %ni : index
    %p4 = arith.addi %b4, %i : index
    %v4 = memref.load %x[%p4] : memref<?xf64>
    %r4 = math.acos %v4 : f64
    memref.store %r4, %out[%p4] : memref<?xf64>
    %o5 = arith.constant 5 : index
    %b5 = arith.muli %o5, %ni : index
    %p5 = arith.addi %b5, %i : index
    %v5 = memref.load %x[%p5] : memref<?xf64>
    %r5 = math.atan %v5 : f64
    memref.store %r5, %out[%p5] : memref<?xf64>
    %o6 = arith.constant 6 : index
    %b6 = arith.muli %o6, %ni : index
    %p6 = arith.addi %b6, %i : index
    %v6 = memref.load %x[%p6] : memref<?xf64>
    %r6 = math.sinh %v6 : f64
    memref.store %r6, %out[%p6] : memref<?xf64>
    %o7 = arith.constant 7 : index
    %b7 = arith.muli %o7, %ni : index
    %p7 = arith.addi %b7, %i : index
    %v7 = memref.load %x[%p7] : memref<?xf64>
    %r7 = math.cosh %v7 : f64
    memref.store %r7, %out[%p7] : memref<?xf64>
    %o8 = arith.constant 8 : index
    %b8 = arith.muli %o8, %ni : index
    %p8 = arith.addi %b8, %i : index
    %v8 = memref.load %x[%p8] : memref<?xf64>
    %r8 = math.tanh %v8 : f64
    memref.store %r8, %out[%p8] : memref<?xf64>
    %o9 = arith.constant 9 : index
    %b9 = arith.muli %o9, %ni : index
    %p9 = arith.addi %b9, %i : index
    %v9 = memref.load %x[%p9] : memref<?xf64>
    %r9 = math.asinh %v9 : f64
    memref.store %r9, %out[%p9] : memref<?xf64>
    %o10 = arith.constant 10 : index
    %b10 = arith.muli %o10, %ni : index
    %p10 = arith.addi %b10, %i : index
    %v10 = memref.load %x[%p10] : memref<?xf64>
    %r10 = math.acosh %v10 : f64
    memref.store %r10, %out[%p10] : memref<?xf64>
    %o11 = arith.constant 11 : index
    %b11 = arith.muli %o11, %ni : index
    %p11 = arith.addi %b11, %i : index
    %v11 = memref.load %x[%p11] : memref<?xf64>
    %r11 = math.atanh %v11 : f64
    memref.store %r11, %out[%p11] : memref<?xf64>
    %o12 = arith.constant 12 : index
    %b12 = arith.muli %o12, %ni : index
    %p12 = arith.addi %b12, %i : index
    %v12 = memref.load %x[%p12] : memref<?xf64>
    %r12 = math.exp %v12 : f64
    memref.store %r12, %out[%p12] : memref<?xf64>
    %o13 = arith.constant 13 : index
    %b13 = arith.muli %o13, %ni : index
    %p13 = arith.addi %b13, %i : index
    %v13 = memref.load %x[%p13] : memref<?xf64>
    %r13 = math.exp2 %v13 : f64
    memref.store %r13, %out[%p13] : memref<?xf64>
    %o14 = arith.constant 14 : index
    %b14 = arith.muli %o14, %ni : index
    %p14 = arith.addi %b14, %i : index
    %v14 = memref.load %x[%p14] : memref<?xf64>
    %r14 = math.expm1 %v14 : f64
    memref.store %r14, %out[%p14] : memref<?xf64>
    %o15 = arith.constant 15 : index
    %b15 = arith.muli %o15, %ni : index
    %p15 = arith.addi %b15, %i : index
    %v15 = memref.load %x[%p15] : memref<?xf64>
    %r15 = math.log %v15 : f64
    memref.store %r15, %out[%p15] : memref<?xf64>
    %o16 = arith.constant 16 : index
    %b16 = arith.muli %o16, %ni : index
    %p16 = arith.addi %b16, %i : index
    %v16 = memref.load %x[%p16] : memref<?xf64>
    %r16 = math.log2 %v16 : f64
    memref.store %r16, %out[%p16] : memref<?xf64>
    %o17 = arith.constant 17 : index
    %b17 = arith.muli %o17, %ni : index
    %p17 = arith.addi %b17, %i : index
    %v17 = memref.load %x[%p17] : memref<?xf64>
    %r17 = math.log10 %v17 : f64
    memref.store %r17, %out[%p17] : memref<?xf64>
    %o18 = arith.constant 18 : index
    %b18 = arith.muli %o18, %ni : index
    %p18 = arith.addi %b18, %i : index
    %v18 = memref.load %x[%p18] : memref<?xf64>
    %r18 = math.log1p %v18 : f64
    memref.store %r18, %out[%p18] : memref<?xf64>
    %o19 = arith.constant 19 : index
    %b19 = arith.muli %o19, %ni : index
    %p19 = arith.addi %b19, %i : index
    %v19 = memref.load %x[%p19] : memref<?xf64>
    %r19 = math.cbrt %v19 : f64
    memref.store %r19, %out[%p19] : memref<?xf64>
    %o20 = arith.constant 20 : index
    %b20 = arith.muli %o20, %ni : index
    %p20 = arith.addi %b20, %i : index
    %v20 = memref.load %x[%p20] : memref<?xf64>
    %w20 = memref.load %y[%p20] : memref<?xf64>
    %r20 = math.atan2 %v20, %w20 : f64
    memref.store %r20, %out[%p20] : memref<?xf64>
    %o21 = arith.constant 21 : index
    %b21 = arith.muli %o21, %ni : index
    %p21 = arith.addi %b21, %i : index
    %v21 = memref.load %x[%p21] : memref<?xf64>
    %w21 = memref.load %y[%p21] : memref<?xf64>
    %r21 = math.powf %v21, %w21 : f64
    memref.store %r21, %out[%p21] : memref<?xf64>
  }
  return
}

// f32 atan2 (math.atan of the smaller over the larger magnitude):
// out[i] = atan2(y[i], x[i]).
func.func @f32_atan2(
    %y: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read>, kgpu.name = "y"},
    %x: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read>, kgpu.name = "x"},
    %out: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, write>, kgpu.name = "out"},
    %n: i32 {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.name = "n"})
    attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ni = arith.index_cast %n : i32 to index
  kgpu.parallel_for (%i) = (%c0) to (%ni) step (%c1) {
    %a = memref.load %y[%i] : memref<?xf32>
    %b = memref.load %x[%i] : memref<?xf32>
    %r = math.atan2 %a, %b : f32
    memref.store %r, %out[%i] : memref<?xf32>
  }
  return
}
