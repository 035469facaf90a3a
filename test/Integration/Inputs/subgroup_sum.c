/* subgroup_reduce.kgc as C: out[0] += the sum of in[i] for i < n (one
 * atomic per subgroup, so the float additions come in another order). */
#include "ref.h"

enum { N = 1000, LEN = 1024 };
static float in[LEN];

static void inputs(void) {
  for (int i = 0; i < LEN; ++i)
    in[i] = next_unit();
}

static void gen(void) {
  inputs();
  write_raw("in", in, sizeof(in));
}

static int check(void) {
  inputs();
  float *got = read_raw("out", sizeof(float));
  double sum = 0;
  for (int i = 0; i < N; ++i)
    sum += in[i];
  float want = (float)sum;
  return check_f32(got, &want, 1, 1e-4, 0);
}
