/* saxpy.kgc as C: y[i] = a * x[i] + y[i] for i < n. */
#include "ref.h"

enum { N = 1000, LEN = 1024 };
static const float A = 2.5f;

static float x[LEN], y[LEN];

static void inputs(void) {
  for (int i = 0; i < LEN; ++i) {
    x[i] = next_unit() * 100.0f - 50.0f;
    y[i] = next_unit() * 10.0f;
  }
}

static void gen(void) {
  inputs();
  write_raw("x", x, sizeof(x));
  write_raw("y", y, sizeof(y));
}

static int check(void) {
  inputs();
  float *got = read_raw("out", sizeof(y));
  for (int i = 0; i < N; ++i)
    y[i] = A * x[i] + y[i];
  /* Past n the kernel must leave y alone. */
  return check_f32(got, y, LEN, 1e-6, 1e-6);
}
