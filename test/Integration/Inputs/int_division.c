/* int_division.kgc as C, with the results kgpu defines where C does not:
 * x / 0 and x % 0 are all ones (-1 signed, the maximum unsigned), MIN / -1
 * is MIN and MIN % -1 is 0 (docs/kgc.md, "Integer division"). */
#include "ref.h"

enum { N = 16 };

static int64_t a[N] = {
    7,   -7,   0,         INT32_MIN, INT64_MIN, INT32_MIN, 7,         -7,
    100, -100, INT32_MAX, -1,        INT64_MIN, 5,         INT64_MAX, 12345};
static int64_t b[N] = {0, 0, 0, -1, -1, 0,           -2, 2,
                       7, 7, 0, 0,  0,  0x100000000, -1, 1};

static int32_t sdiv32(int32_t x, int32_t y) {
  return y == 0 ? -1 : y == -1 ? (int32_t)(0u - (uint32_t)x) : x / y;
}
static int32_t srem32(int32_t x, int32_t y) {
  return y == 0 ? -1 : y == -1 ? 0 : x % y;
}
static uint32_t udiv32(uint32_t x, uint32_t y) {
  return y == 0 ? UINT32_MAX : x / y;
}
static uint32_t urem32(uint32_t x, uint32_t y) {
  return y == 0 ? UINT32_MAX : x % y;
}
static int64_t sdiv64(int64_t x, int64_t y) {
  return y == 0 ? -1 : y == -1 ? (int64_t)(0ull - (uint64_t)x) : x / y;
}
static int64_t srem64(int64_t x, int64_t y) {
  return y == 0 ? -1 : y == -1 ? 0 : x % y;
}
static uint64_t udiv64(uint64_t x, uint64_t y) {
  return y == 0 ? UINT64_MAX : x / y;
}
static uint64_t urem64(uint64_t x, uint64_t y) {
  return y == 0 ? UINT64_MAX : x % y;
}

static void gen(void) {
  write_raw("a", a, sizeof(a));
  write_raw("b", b, sizeof(b));
}

static int check(void) {
  int64_t *got = read_raw("out", sizeof(int64_t) * 8 * N);
  int bad = 0;
  for (int i = 0; i < N; ++i) {
    int64_t x = a[i], y = b[i];
    int64_t want[8] = {sdiv32((int32_t)x, (int32_t)y),
                       srem32((int32_t)x, (int32_t)y),
                       udiv32((uint32_t)x, (uint32_t)y),
                       urem32((uint32_t)x, (uint32_t)y),
                       sdiv64(x, y),
                       srem64(x, y),
                       (int64_t)udiv64((uint64_t)x, (uint64_t)y),
                       (int64_t)urem64((uint64_t)x, (uint64_t)y)};
    for (int k = 0; k < 8; ++k)
      if (got[8 * i + k] != want[k] && bad++ < 10)
        printf("a=%lld b=%lld op %d: got %lld, want %lld\n", (long long)x,
               (long long)y, k, (long long)got[8 * i + k], (long long)want[k]);
  }
  if (bad) {
    printf("FAIL: %d of %d results differ\n", bad, 8 * N);
    return 1;
  }
  printf("PASS: %d results\n", 8 * N);
  return 0;
}
