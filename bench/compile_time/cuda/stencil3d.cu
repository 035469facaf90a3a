// CUDA C equivalent of test/Frontend/KGC/corpus/stencil3d.kgc
// 7-point stencil on a 3D grid.
extern "C" __global__ void stencil7(const float* in, float* out, int nx,
                                    int ny, int nz, float c0, float c1) {
  int i = (int)(blockIdx.x * blockDim.x + threadIdx.x);
  int j = (int)(blockIdx.y * blockDim.y + threadIdx.y);
  int k = (int)(blockIdx.z * blockDim.z + threadIdx.z);
  if (i < 1 || j < 1 || k < 1 || i >= nx - 1 || j >= ny - 1 || k >= nz - 1)
    return;
  long long plane = (long long)nx * ny;
  long long idx = k * plane + j * nx + i;
  out[idx] = c0 * in[idx] +
             c1 * (in[idx - 1] + in[idx + 1] + in[idx - nx] + in[idx + nx] +
                   in[idx - plane] + in[idx + plane]);
}
