// CUDA C equivalent of test/Frontend/KGC/corpus/grayscale.kgc
// RGB (packed 0x00RRGGBB) to 8-bit grayscale.
extern "C" __global__ void grayscale(const unsigned int* rgb,
                                     unsigned int* gray, int width,
                                     int height) {
  int x = (int)(blockIdx.x * blockDim.x + threadIdx.x);
  int y = (int)(blockIdx.y * blockDim.y + threadIdx.y);
  if (x >= width || y >= height)
    return;
  unsigned int p = rgb[y * width + x];
  unsigned int r = (p >> 16) & 0xFF;
  unsigned int g = (p >> 8) & 0xFFu;
  unsigned int b = p & 255u;
  float l = 0.299f * r + 0.587f * g + 0.114f * b;
  gray[y * width + x] = (unsigned int)(l + 0.5f);
}
