/* Reference of workgroup_sizes.kgc and group_reduce.mlir for any launch
 * configuration:
 *   workgroup_sizes gen PREFIX N             writes PREFIX.in (N ints)
 *   workgroup_sizes ids PREFIX GX GY GZ LX LY LZ
 *   workgroup_sizes group PREFIX GX GY GZ LX LY LZ
 *   workgroup_sizes loop PREFIX N
 * The checks read PREFIX.in and PREFIX.out (kgpu-run --out) and print PASS
 * or the first mismatches. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io.h"

static int32_t input(long i) {
  return (int32_t)(((uint32_t)i * 2654435761u >> 7) % 2001u) - 1000;
}

static int compare(const int32_t *got, const int32_t *want, size_t n) {
  size_t bad = 0;
  for (size_t i = 0; i < n; ++i)
    if (got[i] != want[i]) {
      if (bad < 5)
        printf("mismatch at %zu: got %d, want %d\n", i, got[i], want[i]);
      ++bad;
    }
  if (bad) {
    printf("FAIL: %zu of %zu elements differ\n", bad, n);
    return 1;
  }
  printf("PASS: %zu elements\n", n);
  return 0;
}

static int32_t pack(long x, long y, long z) {
  return (int32_t)(x + 1024 * (y + 1024 * z));
}

int main(int argc, char **argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: see the header of workgroup_sizes.c\n");
    return 2;
  }
  const char *mode = argv[1];
  prefix = argv[2];
  if (!strcmp(mode, "gen")) {
    long n = atol(argv[3]);
    int32_t *in = malloc(n * sizeof(int32_t));
    for (long i = 0; i < n; ++i)
      in[i] = input(i);
    write_raw("in", in, n * sizeof(int32_t));
    return 0;
  }
  if (!strcmp(mode, "loop")) {
    long n = atol(argv[3]);
    int32_t *got = read_raw("out", 3 * sizeof(int32_t));
    /* Outputs start as zeros: max from 0, min from 0. */
    uint32_t sum = 0;
    int32_t max = 0, min = 0;
    for (long i = 0; i < n; ++i) {
      sum += (uint32_t)input(i);
      max = input(i) > max ? input(i) : max;
      min = input(i) < min ? input(i) : min;
    }
    int32_t want[3] = {(int32_t)sum, max, min};
    return compare(got, want, 3);
  }
  if (argc != 9) {
    fprintf(stderr, "usage: see the header of workgroup_sizes.c\n");
    return 2;
  }
  long g[3], l[3], s[3];
  for (int d = 0; d < 3; ++d) {
    g[d] = atol(argv[3 + d]);
    l[d] = atol(argv[6 + d]);
    s[d] = g[d] * l[d];
  }
  long total = s[0] * s[1] * s[2];
  int ids = !strcmp(mode, "ids");
  size_t per = ids ? 3 : 2;
  int32_t *got = read_raw("out", total * per * sizeof(int32_t));
  int32_t *want = malloc(total * per * sizeof(int32_t));
  for (long z = 0; z < s[2]; ++z)
    for (long y = 0; y < s[1]; ++y)
      for (long x = 0; x < s[0]; ++x) {
        long i = x + s[0] * (y + s[1] * z);
        long gx = x / l[0], gy = y / l[1], gz = z / l[2];
        if (ids) {
          want[3 * i] = pack(x % l[0], y % l[1], z % l[2]);
          want[3 * i + 1] = pack(l[0], l[1], l[2]);
          want[3 * i + 2] = pack(gx, gy, gz);
          continue;
        }
        uint32_t sum = 0;
        int32_t max = INT32_MIN;
        for (long c = gz * l[2]; c < (gz + 1) * l[2]; ++c)
          for (long b = gy * l[1]; b < (gy + 1) * l[1]; ++b)
            for (long a = gx * l[0]; a < (gx + 1) * l[0]; ++a) {
              int32_t v = input(a + s[0] * (b + s[1] * c));
              sum += (uint32_t)v;
              max = v > max ? v : max;
            }
        want[2 * i] = (int32_t)sum;
        want[2 * i + 1] = max;
      }
  return compare(got, want, total * per);
}
