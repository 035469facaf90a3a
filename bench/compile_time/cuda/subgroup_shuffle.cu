// CUDA C equivalent of test/Frontend/KGC/corpus/subgroup_shuffle.kgc
// Warp reduction with explicit shuffle-down steps.
__device__ __forceinline__ int lane_id() {
  unsigned int r;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(r));
  return (int)r;
}

extern "C" __global__ void shuffle_sum(const int* in, int* out, int n) {
  int i = (int)(blockIdx.x * blockDim.x + threadIdx.x);
  int v = i < n ? in[i] : 0;
  for (int delta = warpSize / 2; delta > 0; delta /= 2)
    v += __shfl_down_sync(0xffffffffu, v, delta);
  int first = __shfl_sync(0xffffffffu, v, 0);
  if (lane_id() == 0)
    atomicAdd(&out[0], first);
}
