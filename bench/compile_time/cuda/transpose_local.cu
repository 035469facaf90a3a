// CUDA C equivalent of test/Frontend/KGC/corpus/transpose_local.kgc
// Matrix transpose through a padded shared-memory tile.
constexpr int TILE = 16;

extern "C" __global__ void transpose(const float* in, float* out, int width,
                                     int height) {
  __shared__ float tile[TILE][TILE + 1];
  int x = (int)blockIdx.x * TILE + (int)threadIdx.x;
  int y = (int)blockIdx.y * TILE + (int)threadIdx.y;
  if (x < width && y < height)
    tile[threadIdx.y][threadIdx.x] = in[y * width + x];
  __syncthreads();
  int tx = (int)blockIdx.y * TILE + (int)threadIdx.x;
  int ty = (int)blockIdx.x * TILE + (int)threadIdx.y;
  if (tx < height && ty < width)
    out[ty * height + tx] = tile[threadIdx.x][threadIdx.y];
}
