// CUDA C equivalent of test/Frontend/KGC/corpus/saxpy.kgc
// SAXPY: y = a * x + y
extern "C" __global__ void saxpy(int n, float a, const float* __restrict__ x,
                                 float* __restrict__ y) {
  int i = (int)(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n)
    y[i] = a * x[i] + y[i];
}
