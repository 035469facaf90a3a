// CUDA C equivalent of test/Frontend/KGC/corpus/conv1d.kgc
// 1D convolution with a small filter.
extern "C" __global__ void conv1d(const float* in, const float* filter,
                                  float* out, int n, int radius) {
  int i = (int)(blockIdx.x * blockDim.x + threadIdx.x);
  if (i >= n)
    return;
  float acc = 0.0f;
  for (int k = -radius; k <= radius; k++) {
    int j = min(max(i + k, 0), n - 1); // clamp(i + k, 0, n - 1)
    acc += in[j] * filter[k + radius];
  }
  out[i] = acc;
}
