// CUDA C equivalent of test/Frontend/KGC/corpus/volume_scale_3d.kgc
// kgc's 3D `parallel for` written out as kgpu lowers it: one grid-stride
// loop over the nz x ny x nx iteration space, delinearised into (z, y, x).
extern "C" __global__ void volume_scale(float* vol, int nx, int ny, int nz,
                                        float scale) {
  long long sx = max(nx, 0), sy = max(ny, 0), sz = max(nz, 0);
  long long total = sz * sy * sx;
  long long stride = (long long)gridDim.x * blockDim.x;
  for (long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
       t < total; t += stride) {
    int x = (int)(t % sx);
    int y = (int)(t / sx % sy);
    int z = (int)(t / (sx * sy));
    long long idx = ((long long)z * ny + y) * nx + x;
    vol[idx] = vol[idx] * scale;
  }
}
