// CUDA C equivalent of test/Frontend/KGC/corpus/prefix_sum.kgc
// Block inclusive scan (Hillis-Steele) with double buffering.
constexpr int N = 512;

extern "C" __global__ void scan_block(const int* in, int* out, int* blockSums) {
  __shared__ int buf[2][N];
  int lid = (int)threadIdx.x;
  int gid = (int)(blockIdx.x * blockDim.x + threadIdx.x);
  int pout = 0, pin = 1;
  buf[pout][lid] = in[gid];
  __syncthreads();
  for (int offset = 1; offset < N; offset *= 2) {
    pout = 1 - pout;
    pin = 1 - pout;
    if (lid >= offset)
      buf[pout][lid] = buf[pin][lid] + buf[pin][lid - offset];
    else
      buf[pout][lid] = buf[pin][lid];
    __syncthreads();
  }
  out[gid] = buf[pout][lid];
  if (lid == N - 1)
    blockSums[blockIdx.x] = buf[pout][lid];
}
