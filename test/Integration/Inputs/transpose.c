/* transpose_local.kgc as C: out[x * height + y] = in[y * width + x]. */
#include "ref.h"

enum { W = 50, H = 37 };
static float in[W * H];

static void inputs(void) {
  for (int i = 0; i < W * H; ++i)
    in[i] = (float)i + next_unit();
}

static void gen(void) {
  inputs();
  write_raw("in", in, sizeof(in));
}

static int check(void) {
  inputs();
  float *got = read_raw("out", sizeof(in));
  static float want[W * H];
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x)
      want[x * H + y] = in[y * W + x];
  return check_f32(got, want, W * H, 0, 0);
}
