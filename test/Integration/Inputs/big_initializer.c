/* Reference of big_initializer.kgc: 4 work-groups of 64. */
#include "ref.h"

#define N 256
#define L 64

static float t(int i) { return (float)((i * 37 % 1000) * 0.25 - 100); }

static void gen(void) {
  int32_t idx[N];
  for (int i = 0; i < N; ++i)
    idx[i] = (int32_t)(next_u32() >> 1);
  write_raw("idx", idx, sizeof(idx));
}

static int check(void) {
  int32_t *idx = read_raw("idx", N * sizeof(int32_t));
  float *got = read_raw("out", N * sizeof(float));
  float want[N];
  for (int g = 0; g < N; ++g) {
    int l = g % L, group = g - l;
    int u = l % 16 == 0 ? 7 : l % 16; /* n = 7 */
    want[g] = t(((group + 63 - l) * 13) % 2000) + t(idx[g] % 2000) + (float)u;
  }
  return check_f32(got, want, N, 0, 0);
}
