/* mandelbrot.kgc as C: escape-time iteration counts. Compile with
 * -ffp-contract=off: the CPU target does not contract; a GPU driver may,
 * which can flip a few boundary pixels (the check allows 1%). */
#include "ref.h"

enum { W = 64, H = 48, MAX_ITER = 100 };
static const float X0 = -2.0f, Y0 = -1.2f, DX = 0.046875f, DY = 0.05f;

static void gen(void) {}

static int check(void) {
  int32_t *got = read_raw("out", W * H * sizeof(int32_t));
  static int32_t want[W * H];
  for (int py = 0; py < H; ++py)
    for (int px = 0; px < W; ++px) {
      float cr = X0 + px * DX;
      float ci = Y0 + py * DY;
      float zr = 0.0f, zi = 0.0f;
      int iter = 0;
      while (iter < MAX_ITER && zr * zr + zi * zi <= 4.0f) {
        float t = zr * zr - zi * zi + cr;
        zi = 2.0f * zr * zi + ci;
        zr = t;
        iter++;
      }
      want[py * W + px] = iter;
    }
  return check_i32(got, want, W * H, W * H / 100);
}
