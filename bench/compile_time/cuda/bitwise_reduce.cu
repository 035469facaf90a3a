// CUDA C equivalent of test/Frontend/KGC/corpus/bitwise_reduce.kgc
// kgc's `parallel for (int i = 0; i < n; i += 2) reduce(|: bits[0],
// ^: bits[1]) reduce(*: prod[0])` written out as kgpu lowers it: grid-stride
// loop over the iterations into private accumulators, warp butterflies,
// shared-memory partials, one atomic per block and target (the 64-bit
// product through a compare-and-swap loop: there is no atomic multiply).
__device__ __forceinline__ unsigned int warp_or(unsigned int v) {
  for (int offset = 1; offset < 32; offset <<= 1)
    v |= __shfl_xor_sync(0xffffffffu, v, offset);
  return v;
}
__device__ __forceinline__ unsigned int warp_xor(unsigned int v) {
  for (int offset = 1; offset < 32; offset <<= 1)
    v ^= __shfl_xor_sync(0xffffffffu, v, offset);
  return v;
}
__device__ __forceinline__ unsigned long long warp_mul(unsigned long long v) {
  for (int offset = 1; offset < 32; offset <<= 1)
    v *= __shfl_xor_sync(0xffffffffu, v, offset);
  return v;
}
__device__ void atomic_mul_u64(unsigned long long* p, unsigned long long v) {
  unsigned long long old = *p, assumed;
  do {
    assumed = old;
    old = atomicCAS(p, assumed, assumed * v);
  } while (assumed != old);
}

extern "C" __global__ void bit_summary(const unsigned int* words,
                                       unsigned int* bits,
                                       unsigned long long* prod, int n) {
  __shared__ unsigned int por[32];
  __shared__ unsigned int pxor[32];
  __shared__ unsigned long long pmul[32];
  unsigned int accOr = 0u, accXor = 0u;
  unsigned long long accMul = 1ull;
  long long trips = n > 0 ? ((long long)n + 1) / 2 : 0;
  long long stride = (long long)gridDim.x * blockDim.x;
  for (long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
       t < trips; t += stride) {
    int i = (int)(t * 2);
    unsigned int w = words[i];
    if (w == 0u)
      continue;
    accOr |= w;
    accXor ^= w & 1u;
    accMul *= (unsigned long long)(w % 7u + 1u);
  }
  int lane = (int)(threadIdx.x & 31u), warp = (int)(threadIdx.x >> 5);
  int numWarps = (int)((blockDim.x + 31u) >> 5);
  accOr = warp_or(accOr);
  accXor = warp_xor(accXor);
  accMul = warp_mul(accMul);
  if (lane == 0) {
    por[warp] = accOr;
    pxor[warp] = accXor;
    pmul[warp] = accMul;
  }
  __syncthreads();
  if (warp == 0) {
    unsigned int a = lane < numWarps ? por[lane] : 0u;
    unsigned int b = lane < numWarps ? pxor[lane] : 0u;
    unsigned long long c = lane < numWarps ? pmul[lane] : 1ull;
    a = warp_or(a);
    b = warp_xor(b);
    c = warp_mul(c);
    if (lane == 0) {
      atomicOr(&bits[0], a);
      atomicXor(&bits[1], b);
      atomic_mul_u64(&prod[0], c);
    }
  }
}
