// CUDA C equivalent of test/Frontend/KGC/corpus/half_precision.kgc
// Half-precision scaling with float accumulation and a do-while refinement.
//
// kgc promotes half arithmetic to float (half * half is float) and converts
// back to half on assignment, so this version stores halves as their 16-bit
// patterns and converts with the PTX cvt instructions that cuda_fp16.h's
// __half2float/__float2half use. (cuda_fp16.h itself needs CCCL's
// <nv/target>, which the nvidia-cuda-nvcc wheel does not ship; not including
// it also makes nvcc's front end a little faster, i.e. it favours nvcc.)
typedef unsigned short half_bits;

__device__ __forceinline__ float h2f(half_bits h) {
  float f;
  asm("cvt.f32.f16 %0, %1;" : "=f"(f) : "h"(h));
  return f;
}
__device__ __forceinline__ half_bits f2h(float f) {
  half_bits h;
  asm("cvt.rn.f16.f32 %0, %1;" : "=h"(h) : "f"(f));
  return h;
}

__device__ half_bits scale_half(half_bits x, half_bits s) {
  return f2h(h2f(x) * h2f(s));
}

extern "C" __global__ void half_norm(const half_bits* in, half_bits* out,
                                     int n, float target) {
  int i = (int)(blockIdx.x * blockDim.x + threadIdx.x);
  if (i >= n)
    return;
  half_bits v = in[i];
  float mag = fabsf(h2f(v));
  int steps = 0;
  do {
    mag = mag > target ? mag * 0.5f : mag;
    steps++;
  } while (mag > target && steps < 8);
  half_bits s = f2h(steps > 0 ? 1.0f / (float)(1 << steps) : 1.0f);
  half_bits root = f2h(sqrtf(h2f(f2h(0.25f)))); // sqrt(0.25h)
  out[i] = f2h(h2f(scale_half(v, s)) + h2f(root));
}
