// CUDA C equivalent of test/Frontend/KGC/corpus/atomic_cas_max.kgc
// Float maximum through an atomic compare-and-swap loop on integer keys.
__device__ int float_key(float f) {
  int k = (int)(f * 1000.0f);
  return k;
}

extern "C" __global__ void atomic_max_cas(const float* in, int* maxKey, int n) {
  int i = (int)(blockIdx.x * blockDim.x + threadIdx.x);
  if (i >= n)
    return;
  int key = float_key(in[i]);
  int old = maxKey[0];
  while (key > old) {
    int prev = atomicCAS(&maxKey[0], old, key);
    if (prev == old)
      break;
    old = prev;
  }
}
