/* half_round.kgc as C (_Float16, round to nearest even): `gen DIR` writes
   the inputs, `check DIR` compares the three outputs bit for bit. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { N = 256 };

static float in[N];
static double ind[N];
static int32_t ini[N];

static void fill(void) {
  static const float edge[] = {
      0.0f, -0.0f, 1.0f, 65504.0f, 65519.99f, 65520.0f, 65536.0f, 1e10f,
      -65520.0f, INFINITY, -INFINITY, 6.1035156e-05f /* 2^-14 */,
      6.0975552e-05f /* largest subnormal half */, 5.9604645e-08f /* 2^-24 */,
      2.9802322e-08f /* 2^-25: a tie, to 0 */, 4.4703484e-08f /* 1.5*2^-25 */,
      8.940697e-08f /* 1.5*2^-24: a tie, to 2*2^-24 */, 1.0e-40f /* f32 denormal */,
      1.00048828125f /* 1 + 2^-11: a tie, to 1 */, 1.00146484375f /* 1 + 3*2^-11: to 1+2^-9 */,
      0.1f, -0.3333f, 2049.0f, 2051.0f, 3.1415927f};
  unsigned ne = sizeof(edge) / sizeof(edge[0]);
  uint64_t s = 12345;
  for (int i = 0; i < N; ++i) {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    uint32_t r = (uint32_t)(s >> 32);
    float f;
    if ((unsigned)i < ne) {
      f = edge[i];
    } else {
      /* random bits around f16's range (exponents 2^-30 .. 2^20) */
      uint32_t e = 97 + (r % 50);
      uint32_t bits = (r & 0x807fffffu) | (e << 23);
      memcpy(&f, &bits, 4);
    }
    in[i] = f;
    ind[i] = (double)f + (double)(r & 0xff) * ldexp((double)f, -40);
    ini[i] = (int32_t)((i < 64) ? (i * 1031 - 30000) : (int32_t)r >> (r % 31));
  }
}

static void put(const char *dir, const char *name, const void *p, size_t n) {
  char path[4096];
  snprintf(path, sizeof path, "%s.%s", dir, name);
  FILE *f = fopen(path, "wb");
  if (!f || fwrite(p, 1, n, f) != n) { perror(path); exit(2); }
  fclose(f);
}

static void get(const char *dir, const char *name, void *p, size_t n) {
  char path[4096];
  snprintf(path, sizeof path, "%s.%s", dir, name);
  FILE *f = fopen(path, "rb");
  if (!f || fread(p, 1, n, f) != n) { perror(path); exit(2); }
  fclose(f);
}

int main(int argc, char **argv) {
  if (argc != 3) return 2;
  fill();
  if (!strcmp(argv[1], "gen")) {
    put(argv[2], "in", in, sizeof in);
    put(argv[2], "ind", ind, sizeof ind);
    put(argv[2], "ini", ini, sizeof ini);
    return 0;
  }
  static float out[N], outi[N];
  static double outd[N];
  get(argv[2], "out", out, sizeof out);
  get(argv[2], "outd", outd, sizeof outd);
  get(argv[2], "outi", outi, sizeof outi);
  int bad = 0;
  for (int i = 0; i < N; ++i) {
    float w = (float)(_Float16)in[i];
    double wd = (double)(_Float16)ind[i];
    float wi = (float)(_Float16)ini[i];
    if (memcmp(&w, &out[i], 4) || memcmp(&wd, &outd[i], 8) ||
        memcmp(&wi, &outi[i], 4)) {
      if (bad++ < 10)
        printf("FAIL [%d]: %a -> %a (want %a); %a -> %a (want %a); %d -> %a (want %a)\n",
               i, in[i], out[i], w, ind[i], outd[i], wd, ini[i], outi[i], wi);
    }
  }
  if (bad) { printf("FAIL: %d of %d\n", bad, N); return 1; }
  printf("PASS: %d elements\n", N);
  return 0;
}
