// CUDA C equivalent of test/Frontend/KGC/corpus/vector_add.kgc
// Element-wise vector addition with a grid-stride loop.
extern "C" __global__ void vector_add(const float* a, const float* b, float* c,
                                      int n) {
  int stride = (int)(gridDim.x * blockDim.x);
  for (int i = (int)(blockIdx.x * blockDim.x + threadIdx.x); i < n; i += stride)
    c[i] = a[i] + b[i];
}
