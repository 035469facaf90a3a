/* bool_index.kgc as C, for s0 = 3 (in[1]) and s0 = 20 (in[0]). */
#include "ref.h"

enum { N = 64 };

static float in[2] = {1.5f, 10.25f};

static void gen(void) { write_raw("in", in, sizeof(in)); }

static int check(void) {
  float want[N];
  int bad = 0;
  const unsigned s0s[2] = {3, 20};
  const char *outs[2] = {"out3", "out20"};
  for (int k = 0; k < 2; ++k) {
    unsigned s0 = s0s[k];
    for (int i = 0; i < N; ++i)
      want[i] = in[(unsigned)((15 > s0) && (s0 >= s0))] +
                in[(unsigned)(i > 7)] + (float)i;
    float *got = read_raw(outs[k], sizeof(want));
    bad |= check_f32(got, want, N, 0, 0);
  }
  return bad;
}
