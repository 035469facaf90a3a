// CUDA C equivalent of test/Frontend/KGC/corpus/sum_reduce.kgc
// kgc's `parallel for (long i ...) reduce(+: out[0])` written out as kgpu
// lowers it: grid-stride loop, warp butterfly, shared-memory partials, one
// double atomic per block.
__device__ __forceinline__ double warp_sum(double v) {
  for (int offset = 1; offset < 32; offset <<= 1)
    v += __shfl_xor_sync(0xffffffffu, v, offset);
  return v;
}

extern "C" __global__ void sum_reduce(const double* in, double* out,
                                      long long n) {
  __shared__ double partial[32];
  double sum = 0.0;
  long long stride = (long long)gridDim.x * blockDim.x;
  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += stride)
    sum += in[i];
  int lane = (int)(threadIdx.x & 31u), warp = (int)(threadIdx.x >> 5);
  int numWarps = (int)((blockDim.x + 31u) >> 5);
  sum = warp_sum(sum);
  if (lane == 0)
    partial[warp] = sum;
  __syncthreads();
  if (warp == 0) {
    double v = lane < numWarps ? partial[lane] : 0.0;
    v = warp_sum(v);
    if (lane == 0)
      atomicAdd(&out[0], v);
  }
}
