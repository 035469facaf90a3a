/* block_reduce.kgc as C: partial[g] = sum of in[256 g .. 256 g + 255]
 * (elements past n count as 0). */
#include "ref.h"

enum { N = 1000, BLOCK = 256, GROUPS = 4 };
static float in[N];

static void inputs(void) {
  for (int i = 0; i < N; ++i)
    in[i] = next_unit() - 0.25f;
}

static void gen(void) {
  inputs();
  write_raw("in", in, sizeof(in));
}

static int check(void) {
  inputs();
  float *got = read_raw("out", GROUPS * sizeof(float));
  float want[GROUPS];
  for (int g = 0; g < GROUPS; ++g) {
    double sum = 0;
    for (int l = 0; l < BLOCK; ++l) {
      int i = g * BLOCK + l;
      sum += i < N ? in[i] : 0.0f;
    }
    want[g] = (float)sum;
  }
  return check_f32(got, want, GROUPS, 1e-5, 1e-5);
}
