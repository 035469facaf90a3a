// cuprobe-mem: the CUDA side of bench/gpu/vkprobe-mem.cpp, same sizes and
// kernel (saxpy, one element per thread, 256-thread blocks) plus
// cudaMemcpyAsync device to device; events around each, median of 10.
//   nvcc -O3 -arch=sm_90a bench/gpu/cuprobe-mem.cu -o cuprobe-mem
#include <algorithm>
#include <cstdio>
#include <vector>

__global__ void saxpy(unsigned n, float a, const float *x, float *y) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}

int main() {
  cudaEvent_t e0, e1;
  cudaEventCreate(&e0);
  cudaEventCreate(&e1);
  for (unsigned n : {64u << 20, 128u << 20, 256u << 20}) {
    float *x, *y;
    size_t bytes = size_t(n) * 4;
    cudaMalloc(&x, bytes);
    cudaMalloc(&y, bytes);
    cudaMemset(x, 0, bytes);
    cudaMemset(y, 0, bytes);
    std::vector<float> s, b2b, c;
    for (int r = 0; r < 11; ++r) {
      cudaEventRecord(e0);
      saxpy<<<(n + 255) / 256, 256>>>(n, 2.0f, x, y);
      cudaEventRecord(e1);
      cudaEventSynchronize(e1);
      float ms;
      cudaEventElapsedTime(&ms, e0, e1);
      if (r) s.push_back(ms);
    }
    for (int r = 0; r < 11; ++r) {
      cudaEventRecord(e0);
      cudaMemcpyAsync(y, x, bytes, cudaMemcpyDeviceToDevice);
      cudaEventRecord(e1);
      cudaEventSynchronize(e1);
      float ms;
      cudaEventElapsedTime(&ms, e0, e1);
      if (r) c.push_back(ms);
    }
    std::sort(s.begin(), s.end());
    std::sort(c.begin(), c.end());
    std::printf("cuda n=%3uM saxpy med %.3f ms (min %.3f, %.2f TB/s) | "
                "memcpy DtoD med %.3f ms (%.0f GB/s)\n",
                n >> 20, s[5], s[0], 3.0 * bytes / s[5] * 1e-9, c[5],
                2.0 * bytes / c[5] * 1e-6);
    cudaFree(x);
    cudaFree(y);
  }
  return 0;
}
