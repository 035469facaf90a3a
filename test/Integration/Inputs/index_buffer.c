/* index_buffer.mlir as C: buffers of index are int64_t. */
#include "ref.h"

enum { N = 100 };

static int check(void) {
  int64_t want[N];
  for (int64_t i = 0; i < N; ++i)
    want[i] = i * 3 - 5 - i;
  int64_t *got = read_raw("out", sizeof(want));
  size_t bad = 0;
  for (int i = 0; i < N; ++i)
    if (got[i] != want[i]) {
      if (bad < 5)
        printf("mismatch at %d: got %lld, want %lld\n", i, (long long)got[i],
               (long long)want[i]);
      ++bad;
    }
  if (bad) {
    printf("FAIL: %zu of %d elements differ\n", bad, N);
    return 1;
  }
  printf("PASS: %d elements\n", N);
  return 0;
}

static void gen(void) {}
