// CUDA C equivalent of test/Frontend/KGC/corpus/layernorm.kgc
// Layer normalisation over the last dimension, one row per thread.
extern "C" __global__ void layernorm(const float* x, const float* gamma,
                                     const float* beta, float* y, int rows,
                                     int cols, float eps) {
  int r = (int)(blockIdx.x * blockDim.x + threadIdx.x);
  if (r >= rows)
    return;
  float mean = 0.0f;
  for (int c = 0; c < cols; ++c)
    mean += x[r * cols + c];
  mean /= cols;
  float var = 0.0f;
  for (int c = 0; c < cols; ++c) {
    float d = x[r * cols + c] - mean;
    var += d * d;
  }
  var /= cols;
  float inv = rsqrtf(var + eps);
  for (int c = 0; c < cols; ++c)
    y[r * cols + c] = (x[r * cols + c] - mean) * inv * gamma[c] + beta[c];
}
