// CUDA C equivalent of test/Frontend/KGC/corpus/mandelbrot.kgc
// Mandelbrot set escape-time iteration counts.
extern "C" __global__ void mandelbrot(int* out, int width, int height, float x0,
                                      float y0, float dx, float dy,
                                      int maxIter) {
  int px = (int)(blockIdx.x * blockDim.x + threadIdx.x);
  int py = (int)(blockIdx.y * blockDim.y + threadIdx.y);
  if (px >= width || py >= height)
    return;
  float cr = x0 + px * dx;
  float ci = y0 + py * dy;
  float zr = 0.0f, zi = 0.0f;
  int iter = 0;
  while (iter < maxIter && zr * zr + zi * zi <= 4.0f) {
    float t = zr * zr - zi * zi + cr;
    zi = 2.0f * zr * zi + ci;
    zr = t;
    iter++;
  }
  out[py * width + px] = iter;
}
