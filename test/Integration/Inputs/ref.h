/* Helpers of the integration tests' reference programs: each program is a
 * corpus kernel written as plain C. `ref gen PREFIX` writes the kernel's
 * inputs as raw little-endian files (PREFIX.<name>), `ref check PREFIX`
 * recomputes the result on the host and compares it with the file that
 * kgpu-run --out wrote (PREFIX.out), printing PASS or the first mismatches.
 */
#ifndef KGPU_TEST_INTEGRATION_REF_H
#define KGPU_TEST_INTEGRATION_REF_H

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io.h"

/* A deterministic generator (the same on every host). */
static uint32_t rng_state = 12345u;
static uint32_t next_u32(void) {
  rng_state = rng_state * 1664525u + 1013904223u;
  return rng_state;
}
/* Uniform in [0, 1) with 24 random bits. */
static float next_unit(void) { return (float)(next_u32() >> 8) / 16777216.0f; }

static int check_f32(const float *got, const float *want, size_t n, double rtol,
                     double atol) {
  size_t bad = 0;
  for (size_t i = 0; i < n; ++i) {
    double err = fabs((double)got[i] - (double)want[i]);
    if (!(err <= atol + rtol * fabs((double)want[i]))) {
      if (bad < 5)
        printf("mismatch at %zu: got %.9g, want %.9g\n", i, got[i], want[i]);
      ++bad;
    }
  }
  if (bad) {
    printf("FAIL: %zu of %zu elements differ\n", bad, n);
    return 1;
  }
  printf("PASS: %zu elements\n", n);
  return 0;
}

/* `allowed`: how many elements may differ (boundary cases of iterative
 * float kernels); 0 means exact. */
static int check_i32(const int32_t *got, const int32_t *want, size_t n,
                     size_t allowed) {
  size_t bad = 0;
  for (size_t i = 0; i < n; ++i)
    if (got[i] != want[i]) {
      if (bad < 5 && !allowed)
        printf("mismatch at %zu: got %d, want %d\n", i, got[i], want[i]);
      ++bad;
    }
  if (bad > allowed) {
    printf("FAIL: %zu of %zu elements differ\n", bad, n);
    return 1;
  }
  printf("PASS: %zu elements\n", n);
  return 0;
}

static void gen(void);
static int check(void);

int main(int argc, char **argv) {
  if (argc != 3 || (strcmp(argv[1], "gen") && strcmp(argv[1], "check"))) {
    fprintf(stderr, "usage: %s gen|check PREFIX\n", argv[0]);
    return 2;
  }
  prefix = argv[2];
  if (!strcmp(argv[1], "gen")) {
    gen();
    return 0;
  }
  return check();
}

#endif
