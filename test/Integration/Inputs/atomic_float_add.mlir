// Float atomic add into one element (test/Integration/Vulkan/
// atomic-float-add-variants.test): out[0] += in[i] for i in [0, n), in f64
// and f32. With atomic-float-add (the default) each kernel's bundle holds
// the native SPIR-V (AtomicFloat{64,32}AddEXT) and a compare-and-swap
// variant; the runtime takes the first one the device can run.
func.func @sum_f64(
    %in: memref<?xf64> {kgpu.arg = #kgpu.arg<buffer, read>, kgpu.name = "in"},
    %out: memref<?xf64> {kgpu.arg = #kgpu.arg<buffer, read_write>, kgpu.name = "out"},
    %n: i32 {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.name = "n"})
    attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ni = arith.index_cast %n : i32 to index
  kgpu.parallel_for (%i) = (%c0) to (%ni) step (%c1) {
    %v = memref.load %in[%i] : memref<?xf64>
    %old = kgpu.atomic_rmw add %v, %out[%c0] : memref<?xf64>
  }
  return
}

func.func @sum_f32(
    %in: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read>, kgpu.name = "in"},
    %out: memref<?xf32> {kgpu.arg = #kgpu.arg<buffer, read_write>, kgpu.name = "out"},
    %n: i32 {kgpu.arg = #kgpu.arg<scalar, read>, kgpu.name = "n"})
    attributes {kgpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ni = arith.index_cast %n : i32 to index
  kgpu.parallel_for (%i) = (%c0) to (%ni) step (%c1) {
    %v = memref.load %in[%i] : memref<?xf32>
    %old = kgpu.atomic_rmw add %v, %out[%c0] : memref<?xf32>
  }
  return
}
