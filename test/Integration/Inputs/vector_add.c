/* vector_add.kgc as C: a grid-stride loop c[i] = a[i] + b[i] for i < n. */
#include "ref.h"

enum { N = 5000 };
static float a[N], b[N];

static void inputs(void) {
  for (int i = 0; i < N; ++i) {
    a[i] = next_unit();
    b[i] = (float)i;
  }
}

static void gen(void) {
  inputs();
  write_raw("a", a, sizeof(a));
  write_raw("b", b, sizeof(b));
}

static int check(void) {
  inputs();
  float *got = read_raw("out", sizeof(a));
  float want[N];
  for (int i = 0; i < N; ++i)
    want[i] = a[i] + b[i];
  return check_f32(got, want, N, 0, 0);
}
