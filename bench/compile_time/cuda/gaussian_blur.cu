// CUDA C equivalent of test/Frontend/KGC/corpus/gaussian_blur.kgc
// 2D 5x5 Gaussian blur with clamped borders and a private weight table.
extern "C" __global__ void gaussian_blur(const float* img, float* out,
                                         int width, int height) {
  float w[5] = {0.0625f, 0.25f, 0.375f, 0.25f, 0.0625f};
  int x = (int)(blockIdx.x * blockDim.x + threadIdx.x);
  int y = (int)(blockIdx.y * blockDim.y + threadIdx.y);
  if (x >= width || y >= height)
    return;
  float acc = 0.0f;
  for (int dy = -2; dy <= 2; ++dy) {
    for (int dx = -2; dx <= 2; ++dx) {
      int sx = min(max(x + dx, 0), width - 1);
      int sy = min(max(y + dy, 0), height - 1);
      acc += w[dx + 2] * w[dy + 2] * img[sy * width + sx];
    }
  }
  out[y * width + x] = acc;
}
