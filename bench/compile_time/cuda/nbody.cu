// CUDA C equivalent of test/Frontend/KGC/corpus/nbody.kgc
// All-pairs n-body force computation with separate x/y/z arrays.
constexpr float SOFTENING = 1e-9f;

extern "C" __global__ void nbody_step(const float* px, const float* py,
                                      const float* pz, float* vx, float* vy,
                                      float* vz, float dt, int n) {
  int i = (int)(blockIdx.x * blockDim.x + threadIdx.x);
  if (i >= n)
    return;
  float fx = 0.0f, fy = 0.0f, fz = 0.0f;
  float xi = px[i], yi = py[i], zi = pz[i];
  for (int j = 0; j < n; j++) {
    float dx = px[j] - xi;
    float dy = py[j] - yi;
    float dz = pz[j] - zi;
    float d2 = dx * dx + dy * dy + dz * dz + SOFTENING;
    float inv = rsqrtf(d2);
    float inv3 = inv * inv * inv;
    fx += dx * inv3;
    fy += dy * inv3;
    fz += dz * inv3;
  }
  vx[i] += dt * fx;
  vy[i] += dt * fy;
  vz[i] += dt * fz;
}
