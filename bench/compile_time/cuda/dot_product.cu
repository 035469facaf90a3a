// CUDA C equivalent of test/Frontend/KGC/corpus/dot_product.kgc
// kgc's `parallel for ... reduce(+: result[0])` written out as kgpu lowers it
// (docs/codegen.md): a grid-stride loop into a private accumulator, a warp
// xor-butterfly, per-warp partials in shared memory, a second warp
// reduction, and one atomic per block into result[0] (which keeps its
// previous value: the host zeroes it).
__device__ __forceinline__ float warp_sum(float v) {
  for (int offset = 1; offset < 32; offset <<= 1)
    v += __shfl_xor_sync(0xffffffffu, v, offset);
  return v;
}

extern "C" __global__ void dot_product(const float* x, const float* y,
                                       float* result, int n) {
  __shared__ float partial[32];
  float sum = 0.0f;
  long long stride = (long long)gridDim.x * blockDim.x;
  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += stride)
    sum += x[i] * y[i];
  int lane = (int)(threadIdx.x & 31u), warp = (int)(threadIdx.x >> 5);
  int numWarps = (int)((blockDim.x + 31u) >> 5);
  sum = warp_sum(sum);
  if (lane == 0)
    partial[warp] = sum;
  __syncthreads();
  if (warp == 0) {
    float v = lane < numWarps ? partial[lane] : 0.0f;
    v = warp_sum(v);
    if (lane == 0)
      atomicAdd(&result[0], v);
  }
}
