// CUDA C equivalent of test/Frontend/KGC/corpus/histogram_global.kgc
// 256-bin histogram with global atomics.
extern "C" __global__ void histogram(const unsigned int* data, int n,
                                     unsigned int* hist) {
  int i = (int)(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) {
    unsigned int bin = data[i] & 0xFFu;
    atomicAdd(&hist[bin], 1u);
  }
}
