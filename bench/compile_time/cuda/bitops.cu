// CUDA C equivalent of test/Frontend/KGC/corpus/bitops.kgc
// Population count and bit reversal with shifts and masks.
__device__ unsigned int popcount32(unsigned int v) {
  v = v - ((v >> 1) & 0x55555555u);
  v = (v & 0x33333333u) + ((v >> 2) & 0x33333333u);
  v = (v + (v >> 4)) & 0x0F0F0F0Fu;
  return (v * 0x01010101u) >> 24;
}

__device__ unsigned int reverse32(unsigned int v) {
  unsigned int r = 0;
  for (int i = 0; i < 32; ++i) {
    r = (r << 1) | (v & 1u);
    v >>= 1;
  }
  return r;
}

extern "C" __global__ void bitops(const unsigned int* in, unsigned int* pop,
                                  unsigned int* rev, unsigned long long* mix,
                                  int n) {
  int i = (int)(blockIdx.x * blockDim.x + threadIdx.x);
  if (i >= n)
    return;
  unsigned int v = in[i];
  pop[i] = popcount32(v);
  rev[i] = reverse32(v);
  unsigned long long wide = ((unsigned long long)v << 32) | ~v;
  mix[i] = wide ^ (wide >> 7) ^ 0x9E3779B97F4A7C15ull;
}
