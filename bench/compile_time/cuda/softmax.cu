// CUDA C equivalent of test/Frontend/KGC/corpus/softmax.kgc
// Row-wise softmax: one block per row, max and sum reductions in shared
// memory.
constexpr int WG = 128;

extern "C" __global__ void softmax(const float* in, float* out, int cols) {
  __shared__ float red[WG];
  int row = (int)blockIdx.x;
  int lid = (int)threadIdx.x;
  long long base = (long long)row * cols;

  float m = -3.402823e38f;
  for (int c = lid; c < cols; c += WG)
    m = fmaxf(m, in[base + c]);
  red[lid] = m;
  __syncthreads();
  for (int s = WG / 2; s > 0; s >>= 1) {
    if (lid < s)
      red[lid] = fmaxf(red[lid], red[lid + s]);
    __syncthreads();
  }
  float rowMax = red[0];
  __syncthreads();

  float sum = 0.0f;
  for (int c = lid; c < cols; c += WG)
    sum += expf(in[base + c] - rowMax);
  red[lid] = sum;
  __syncthreads();
  for (int s = WG / 2; s > 0; s >>= 1) {
    if (lid < s)
      red[lid] += red[lid + s];
    __syncthreads();
  }
  float inv = 1.0f / red[0];
  for (int c = lid; c < cols; c += WG)
    out[base + c] = expf(in[base + c] - rowMax) * inv;
}
