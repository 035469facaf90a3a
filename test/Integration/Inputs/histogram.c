/* histogram_global.kgc as C: hist[data[i] & 0xFF] += 1 for i < n. */
#include "ref.h"

enum { N = 10000, BINS = 256 };
static uint32_t data[N];

static void inputs(void) {
  for (int i = 0; i < N; ++i)
    data[i] = next_u32() % 1000u;
}

static void gen(void) {
  inputs();
  write_raw("data", data, sizeof(data));
}

static int check(void) {
  inputs();
  int32_t *got = read_raw("out", BINS * sizeof(int32_t));
  int32_t want[BINS] = {0};
  for (int i = 0; i < N; ++i)
    want[data[i] & 0xFFu] += 1;
  return check_i32(got, want, BINS, 0);
}
