/* examples/hgemm/hgemm.kgc as C: C = A x B with half inputs (small multiples
 * of 1/4, exact in half) and float accumulation; every partial sum is
 * exact in float, so the tensor-core kernel must match exactly on every
 * target. M, N and K come from the compiler (-DM=... -DN=... -DK=...). */
#include "ref.h"

static _Float16 a[M * K], b[K * N];

static void inputs(void) {
  for (int i = 0; i < M * K; ++i)
    a[i] = (_Float16)((float)((int)(next_u32() % 9) - 4) * 0.25f);
  for (int i = 0; i < K * N; ++i)
    b[i] = (_Float16)((float)((int)(next_u32() % 9) - 4) * 0.25f);
}

static _Float16 bt[N * K];

static void gen(void) {
  inputs();
  write_raw("a", a, sizeof(a));
  write_raw("b", b, sizeof(b));
  /* B transposed (N x K), for the kernels that take B K-major. */
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < N; ++j)
      bt[j * K + k] = b[k * N + j];
  write_raw("bt", bt, sizeof(bt));
}

static float want[M * N];

static int check(void) {
  inputs();
  float *got = read_raw("out", M * N * sizeof(float));
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      float s = 0.0f;
      for (int k = 0; k < K; ++k)
        s += (float)a[i * K + k] * (float)b[k * N + j];
      want[i * N + j] = s;
    }
  return check_f32(got, want, M * N, 0.0, 0.0);
}
