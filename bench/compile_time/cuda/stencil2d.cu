// CUDA C equivalent of test/Frontend/KGC/corpus/stencil2d.kgc
// 5-point Jacobi stencil on a 2D grid.
extern "C" __global__ void stencil5(const float* in, float* out, int nx,
                                    int ny) {
  int x = (int)(blockIdx.x * blockDim.x + threadIdx.x);
  int y = (int)(blockIdx.y * blockDim.y + threadIdx.y);
  if (x <= 0 || y <= 0 || x >= nx - 1 || y >= ny - 1)
    return;
  int c = y * nx + x;
  out[c] = 0.2f * (in[c] + in[c - 1] + in[c + 1] + in[c - nx] + in[c + nx]);
}
