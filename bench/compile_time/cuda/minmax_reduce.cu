// CUDA C equivalent of test/Frontend/KGC/corpus/minmax_reduce.kgc
// kgc's `parallel for ... reduce(min: out[0], max: out[1])` written out as
// kgpu lowers it: grid-stride loop into private accumulators (+inf/-inf),
// warp butterflies, shared-memory partials, and one float atomic min/max per
// block (a compare-and-swap loop: CUDA, like PTX, has no float atomicMin/Max).
__device__ __forceinline__ float warp_min(float v) {
  for (int offset = 1; offset < 32; offset <<= 1)
    v = fminf(v, __shfl_xor_sync(0xffffffffu, v, offset));
  return v;
}
__device__ __forceinline__ float warp_max(float v) {
  for (int offset = 1; offset < 32; offset <<= 1)
    v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, offset));
  return v;
}
__device__ void atomic_min_float(float* p, float v) {
  int* ip = (int*)p;
  int old = *ip, assumed;
  do {
    assumed = old;
    old = atomicCAS(ip, assumed,
                    __float_as_int(fminf(__int_as_float(assumed), v)));
  } while (assumed != old);
}
__device__ void atomic_max_float(float* p, float v) {
  int* ip = (int*)p;
  int old = *ip, assumed;
  do {
    assumed = old;
    old = atomicCAS(ip, assumed,
                    __float_as_int(fmaxf(__int_as_float(assumed), v)));
  } while (assumed != old);
}

extern "C" __global__ void minmax(const float* in, float* out, int n) {
  __shared__ float pmin[32];
  __shared__ float pmax[32];
  float lo = __int_as_float(0x7f800000);  // +inf
  float hi = __int_as_float(0xff800000);  // -inf
  long long stride = (long long)gridDim.x * blockDim.x;
  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += stride) {
    float v = in[i];
    lo = fminf(lo, v);
    hi = fmaxf(v, hi);
  }
  int lane = (int)(threadIdx.x & 31u), warp = (int)(threadIdx.x >> 5);
  int numWarps = (int)((blockDim.x + 31u) >> 5);
  lo = warp_min(lo);
  hi = warp_max(hi);
  if (lane == 0) {
    pmin[warp] = lo;
    pmax[warp] = hi;
  }
  __syncthreads();
  if (warp == 0) {
    float a = lane < numWarps ? pmin[lane] : __int_as_float(0x7f800000);
    float b = lane < numWarps ? pmax[lane] : __int_as_float(0xff800000);
    a = warp_min(a);
    b = warp_max(b);
    if (lane == 0) {
      atomic_min_float(&out[0], a);
      atomic_max_float(&out[1], b);
    }
  }
}
