/* saxpy, a float sum (OpenMP reduction) and Mandelbrot in C, the CPU baseline of the benchmark:
 *   gcc -O3 -march=x86-64 -fopenmp cpu_ref.c -o cpu_ref && ./cpu_ref
 * Same algorithms and sizes as the kgpu runs (saxpy 256 M floats, Mandelbrot
 * 3840x3200 with 1000 iterations); prints the median wall time of 5 runs. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

int main(void) {
  const long n = 256L << 20;
  float *x = malloc(n * sizeof(float)), *y = malloc(n * sizeof(float));
#pragma omp parallel for
  for (long i = 0; i < n; ++i) {
    x[i] = (float)(i % 1000) * 0.001f;
    y[i] = 1.0f;
  }
  double t[5];
  for (int r = 0; r < 5; ++r) {
    double s = omp_get_wtime();
#pragma omp parallel for
    for (long i = 0; i < n; ++i)
      y[i] = 2.0f * x[i] + y[i];
    t[r] = (omp_get_wtime() - s) * 1e3;
  }
  qsort(t, 5, sizeof(double), cmp);
  printf("gcc saxpy n=%ld threads=%d median_ms=%.3f\n", n,
         omp_get_max_threads(), t[2]);

  for (int r = 0; r < 5; ++r) {
    double s = omp_get_wtime();
    float sum = 0.0f;
#pragma omp parallel for reduction(+ : sum)
    for (long i = 0; i < n; ++i)
      sum += x[i];
    t[r] = (omp_get_wtime() - s) * 1e3;
    if (r == 4)
      printf("gcc sum_f32 n=%ld value=%.6g", n, sum);
  }
  qsort(t, 5, sizeof(double), cmp);
  printf(" median_ms=%.3f\n", t[2]);

  const int w = 3840, h = 3200, iters = 1000;
  const float x0 = -2.0f, y0 = -1.25f, dx = 3.0f / w, dy = 2.5f / h;
  int *out = malloc((size_t)w * h * sizeof(int));
  for (int r = 0; r < 5; ++r) {
    double s = omp_get_wtime();
#pragma omp parallel for schedule(dynamic, 8)
    for (int py = 0; py < h; ++py)
      for (int px = 0; px < w; ++px) {
        float cr = x0 + px * dx, ci = y0 + py * dy, zr = 0.0f, zi = 0.0f;
        int it = 0;
        while (it < iters && zr * zr + zi * zi <= 4.0f) {
          float tt = zr * zr - zi * zi + cr;
          zi = 2.0f * zr * zi + ci;
          zr = tt;
          it++;
        }
        out[py * w + px] = it;
      }
    t[r] = (omp_get_wtime() - s) * 1e3;
  }
  qsort(t, 5, sizeof(double), cmp);
  printf("gcc mandelbrot %dx%d iters=%d median_ms=%.3f\n", w, h, iters, t[2]);
  free(x);
  free(y);
  free(out);
  return 0;
}
