// CUDA C equivalent of test/Frontend/KGC/corpus/histogram_local.kgc
// Histogram privatised in shared memory, merged with global atomics.
constexpr int BINS = 256;

extern "C" __global__ void histogram_local(const unsigned int* data, int n,
                                           unsigned int* hist) {
  __shared__ unsigned int lhist[BINS];
  int lid = (int)threadIdx.x;
  int lsize = (int)blockDim.x;
  for (int b = lid; b < BINS; b += lsize)
    lhist[b] = 0u;
  __syncthreads();
  for (int i = (int)(blockIdx.x * blockDim.x + threadIdx.x); i < n;
       i += (int)(gridDim.x * blockDim.x))
    atomicAdd(&lhist[data[i] % BINS], 1u);
  __syncthreads();
  for (int b = lid; b < BINS; b += lsize) {
    unsigned int count = lhist[b];
    if (count != 0)
      atomicAdd(&hist[b], count);
  }
}
