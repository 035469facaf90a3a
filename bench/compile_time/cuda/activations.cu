// CUDA C equivalent of test/Frontend/KGC/corpus/activations.kgc
// ReLU and tanh-approximated GELU activations.
constexpr float SQRT_2_OVER_PI = 0.7978845608f;

__device__ float gelu(float x) {
  float inner = SQRT_2_OVER_PI * (x + 0.044715f * x * x * x);
  float e = expf(-2.0f * inner);
  float t = (1.0f - e) / (1.0f + e); // tanh(inner)
  return 0.5f * x * (1.0f + t);
}

extern "C" __global__ void relu(const float* in, float* out, int n) {
  int i = (int)(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n)
    out[i] = fmaxf(in[i], 0.0f);
}

extern "C" __global__ void gelu_kernel(const float* in, float* out, int n) {
  int i = (int)(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n)
    out[i] = gelu(in[i]);
}
