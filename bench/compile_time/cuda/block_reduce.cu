// CUDA C equivalent of test/Frontend/KGC/corpus/block_reduce.kgc
// Work-group tree reduction in shared memory.
constexpr int BLOCK = 256;

extern "C" __global__ void block_reduce(const float* in, float* partial, int n) {
  __shared__ float scratch[BLOCK];
  int lid = (int)threadIdx.x;
  int gid = (int)(blockIdx.x * blockDim.x + threadIdx.x);
  scratch[lid] = gid < n ? in[gid] : 0.0f;
  __syncthreads();
  for (int s = (int)blockDim.x / 2; s > 0; s >>= 1) {
    if (lid < s)
      scratch[lid] += scratch[lid + s];
    __syncthreads();
  }
  if (lid == 0)
    partial[blockIdx.x] = scratch[0];
}
