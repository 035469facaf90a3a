/* C's conv_double_round (conv_double_round.kgc): conv_double_round IN OUTF
   OUTS exits 1 if an element of OUTF or OUTS (128 floats each, from a
   device) differs from C's (float)(double)x, x unsigned or signed. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int read(const char *path, void *p, size_t n) {
  FILE *f = fopen(path, "rb");
  int ok = f && fread(p, 1, n, f) == n;
  if (f)
    fclose(f);
  return ok;
}

int main(int argc, char **argv) {
  uint64_t in[128];
  float got[2][128];
  if (argc != 4 || !read(argv[1], in, sizeof in) || !read(argv[2], got[0], 512) ||
      !read(argv[3], got[1], 512))
    return 2;
  int bad = 0;
  for (int i = 0; i < 128; i++) {
    float want[2] = {(float)(double)in[i], (float)(double)(int64_t)in[i]};
    for (int k = 0; k < 2; k++)
      if (memcmp(&want[k], &got[k][i], 4) != 0) {
        uint32_t a, b;
        memcpy(&a, &got[k][i], 4);
        memcpy(&b, &want[k], 4);
        printf("%s[%d]: 0x%08x vs C 0x%08x\n", k ? "outs" : "outf", i, a, b);
        bad = 1;
      }
  }
  return bad;
}
