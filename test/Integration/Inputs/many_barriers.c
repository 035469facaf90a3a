/* Reference of many_barriers.kgc: 4 work-groups of 128. */
#include "ref.h"

#define N 512
#define L 128
#define STEPS 25

static void gen(void) {
  uint32_t in[N];
  for (int i = 0; i < N; ++i)
    in[i] = next_u32();
  write_raw("in", in, sizeof(in));
}

static int check(void) {
  uint32_t *in = read_raw("in", N * sizeof(uint32_t));
  uint32_t *got = read_raw("out", N * sizeof(uint32_t));
  static uint32_t acc[N], t[N];
  for (int g = 0; g < N; ++g)
    acc[g] = t[g] = in[g];
  for (int i = 0; i < STEPS; ++i) {
    int k = i * 7 % 127 + 1;
    uint32_t x = (uint32_t)((i * 2654435761ull) % 4096);
    for (int g = 0; g < N; ++g) {
      int l = g % L, base = g - l;
      acc[g] = acc[g] * 3u + t[base + (l + k) % L];
    }
    for (int g = 0; g < N; ++g)
      t[g] = acc[g] ^ x;
  }
  return check_i32((const int32_t *)got, (const int32_t *)acc, N, 0);
}
