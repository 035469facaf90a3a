/* sgemm_tiled.kgc as C: C = alpha * A * B + beta * C (row-major, M x K
 * times K x N). */
#include "ref.h"

enum { M = 40, N = 33, K = 50 };
static const float ALPHA = 1.5f, BETA = 0.5f;
static float a[M * K], b[K * N], c[M * N];

static void inputs(void) {
  for (int i = 0; i < M * K; ++i)
    a[i] = next_unit() - 0.5f;
  for (int i = 0; i < K * N; ++i)
    b[i] = next_unit() - 0.5f;
  for (int i = 0; i < M * N; ++i)
    c[i] = next_unit();
}

static void gen(void) {
  inputs();
  write_raw("a", a, sizeof(a));
  write_raw("b", b, sizeof(b));
  write_raw("c", c, sizeof(c));
}

static int check(void) {
  inputs();
  float *got = read_raw("out", sizeof(c));
  static float want[M * N];
  for (int row = 0; row < M; ++row)
    for (int col = 0; col < N; ++col) {
      float acc = 0.0f;
      for (int k = 0; k < K; ++k)
        acc += a[row * K + k] * b[k * N + col];
      want[row * N + col] = ALPHA * acc + BETA * c[row * N + col];
    }
  return check_f32(got, want, M * N, 1e-4, 1e-5);
}
