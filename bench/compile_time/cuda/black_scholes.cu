// CUDA C equivalent of test/Frontend/KGC/corpus/black_scholes.kgc
// Black-Scholes European option pricing with a helper CND function.
constexpr float A1 = 0.31938153f;
constexpr float A2 = -0.356563782f;
constexpr float A3 = 1.781477937f;
constexpr float A4 = -1.821255978f;
constexpr float A5 = 1.330274429f;
constexpr float RSQRT2PI = 0.39894228040143267793994605993438f;

__device__ float cnd(float d) {
  float k = 1.0f / (1.0f + 0.2316419f * fabsf(d));
  float c = RSQRT2PI * expf(-0.5f * d * d) *
            (k * (A1 + k * (A2 + k * (A3 + k * (A4 + k * A5)))));
  if (d > 0)
    c = 1.0f - c;
  return c;
}

extern "C" __global__ void black_scholes(float* call, float* put,
                                         const float* S, const float* X,
                                         const float* T, float R, float V,
                                         int n) {
  int i = (int)(blockIdx.x * blockDim.x + threadIdx.x);
  if (i >= n)
    return;
  float s = S[i], x = X[i], t = T[i];
  float sqrtT = sqrtf(t);
  float d1 = (logf(s / x) + (R + 0.5f * V * V) * t) / (V * sqrtT);
  float d2 = d1 - V * sqrtT;
  float expRT = expf(-R * t);
  call[i] = s * cnd(d1) - x * expRT * cnd(d2);
  put[i] = x * expRT * (1.0f - cnd(d2)) - s * (1.0f - cnd(d1));
}
