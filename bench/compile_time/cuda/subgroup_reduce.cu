// CUDA C equivalent of test/Frontend/KGC/corpus/subgroup_reduce.kgc
// Warp reduction (xor butterfly, as kgpu lowers sub_group_reduce_add)
// followed by one atomic per warp.
__device__ __forceinline__ int lane_id() {
  unsigned int r;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(r));
  return (int)r;
}

extern "C" __global__ void subgroup_sum(const float* in, float* out, int n) {
  int i = (int)(blockIdx.x * blockDim.x + threadIdx.x);
  float v = i < n ? in[i] : 0.0f;
  float s = v;
  for (int offset = 1; offset < 32; offset <<= 1)
    s += __shfl_xor_sync(0xffffffffu, s, offset);
  if (lane_id() == 0)
    atomicAdd(&out[0], s);
}
