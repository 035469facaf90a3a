/* test/Integration/Inputs/mma_gemm_bf16.mlir as C: C = A x B with bf16
 * inputs (small multiples of 1/4, exact in bf16: the upper 16 bits of the
 * float) and float accumulation; every partial sum is exact in float, so
 * the tensor-core kernel must match exactly on every target. M, N and K
 * come from the compiler (-DM=... -DN=... -DK=...). */
#include "ref.h"

#include <stdint.h>
#include <string.h>

static float a[M * K], b[K * N];
static uint16_t abits[M * K], bbits[K * N];

static uint16_t bf16(float x) {
  uint32_t u;
  memcpy(&u, &x, 4);
  return (uint16_t)(u >> 16);
}

static void inputs(void) {
  for (int i = 0; i < M * K; ++i) {
    a[i] = (float)((int)(next_u32() % 9) - 4) * 0.25f;
    abits[i] = bf16(a[i]);
  }
  for (int i = 0; i < K * N; ++i) {
    b[i] = (float)((int)(next_u32() % 9) - 4) * 0.25f;
    bbits[i] = bf16(b[i]);
  }
}

static void gen(void) {
  inputs();
  write_raw("a", abits, sizeof(abits));
  write_raw("b", bbits, sizeof(bbits));
}

static float want[M * N];

static int check(void) {
  inputs();
  float *got = read_raw("out", M * N * sizeof(float));
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      float s = 0.0f;
      for (int k = 0; k < K; ++k)
        s += a[i * K + k] * b[k * N + j];
      want[i * N + j] = s;
    }
  return check_f32(got, want, M * N, 0.0, 0.0);
}
