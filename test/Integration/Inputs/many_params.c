/* many_params.kgc as C: many_params with s_k = 3k - 20, f_j = j / 4, and
 * wide_scalars with a_k = (k + 1) * 2^33 - k. */
#include "ref.h"

enum { N = 64 };

static int check(void) {
  int bad = 0;
  for (int j = 0; j < 10; ++j) {
    float want[N];
    int sj = 3 * j - 20, sk = 3 * (j + 10) - 20;
    for (int i = 0; i < N; ++i)
      want[i] = (float)(sj + sk * i) + (float)j / 4.0f;
    char name[16];
    snprintf(name, sizeof(name), "o%d", j);
    float *got = read_raw(name, sizeof(want));
    bad |= check_f32(got, want, N, 0, 0);
  }
  int64_t want[N];
  int64_t sum = 0;
  for (int k = 0; k < 16; ++k)
    sum += ((int64_t)(k + 1) * ((int64_t)1 << 33) - k) * (k + 1);
  for (int i = 0; i < N; ++i)
    want[i] = sum + i;
  int64_t *got = read_raw("wide", sizeof(want));
  size_t wrong = 0;
  for (int i = 0; i < N; ++i)
    if (got[i] != want[i]) {
      if (wrong < 5)
        printf("mismatch at %d: got %lld, want %lld\n", i, (long long)got[i],
               (long long)want[i]);
      ++wrong;
    }
  if (wrong) {
    printf("FAIL: %zu of %d elements differ\n", wrong, N);
    bad = 1;
  } else {
    printf("PASS: %d elements\n", N);
  }
  return bad;
}

static void gen(void) {}
