/* dot_product.kgc as C: result[0] += sum of x[i] * y[i] (a parallel-loop
 * reduction; the order of the float additions differs, hence the
 * tolerance). */
#include "ref.h"

enum { N = 100000 };
static float x[N], y[N];

static void inputs(void) {
  for (int i = 0; i < N; ++i) {
    x[i] = next_unit();
    y[i] = next_unit();
  }
}

static void gen(void) {
  inputs();
  write_raw("x", x, sizeof(x));
  write_raw("y", y, sizeof(y));
}

static int check(void) {
  inputs();
  float *got = read_raw("out", sizeof(float));
  double sum = 0;
  for (int i = 0; i < N; ++i)
    sum += (double)x[i] * y[i];
  float want = (float)sum;
  return check_f32(got, &want, 1, 1e-4, 0);
}
