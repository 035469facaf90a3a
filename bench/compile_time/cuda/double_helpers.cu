// CUDA C equivalent of test/Frontend/KGC/corpus/double_helpers.kgc
// Double-precision helpers: Horner polynomial and a Newton square root.
__device__ double horner(double x, double c0, double c1, double c2,
                         double c3) {
  return ((c3 * x + c2) * x + c1) * x + c0;
}

__device__ double newton_sqrt(double a) {
  if (a <= 0.0)
    return 0.0;
  double x = a > 1.0 ? a : 1.0;
  for (int it = 0; it < 32; it++) {
    double next = 0.5 * (x + a / x);
    if (fabs(next - x) < 1e-15 * x)
      break;
    x = next;
  }
  return x;
}

extern "C" __global__ void eval_poly(const double* xs, double* ys,
                                     double* roots, int n) {
  int i = (int)(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) {
    double x = xs[i];
    ys[i] = horner(x, 1.0, -2.0, 0.5, 0.25);
    roots[i] = newton_sqrt(fabs(x));
  }
}
