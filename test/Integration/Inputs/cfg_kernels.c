/* cfg_kernels.mlir as C: the CFG-form kernels (break, early return, nested
 * loops with continue, switch, switch with barriers), for 64 work-items in
 * work-groups of 32. `check` compares PREFIX.search.out, PREFIX.nested.out,
 * PREFIX.switch.out and PREFIX.switch<mode>.out (modes 0, 1, 2). */
#include "ref.h"

enum { G = 64, WG = 32, SEARCH_N = 5, NESTED_N = 6 };

static int32_t f(int32_t x) { return (x * 37 + 11) % 23 - 3; }

static void search(int32_t *y) {
  for (int g = 0; g < G; ++g) {
    int32_t acc = 0;
    int early = 0;
    for (int i = 0; i < SEARCH_N; ++i) {
      int32_t v = f(g * SEARCH_N + i); /* x = iota */
      if (v < 0)
        break;
      if (v == 7) {
        early = 1;
        break;
      }
      acc += v;
    }
    y[g] = early ? -1 : acc;
  }
}

static void nested(int32_t *y) {
  for (int g = 0; g < G; ++g) {
    int32_t acc = 0;
    for (int i = 0; i < NESTED_N; ++i)
      for (int j = 0; j < i; ++j) {
        if ((i + j + g) % 3 == 0)
          continue;
        acc += i * j + g;
      }
    y[g] = acc;
  }
}

static void sw(int32_t *y) {
  for (int g = 0; g < G; ++g) {
    int32_t x = g, r;
    switch (g % 4) {
    case 0:
      r = x * 2;
      break;
    case 1:
      r = x + 1;
      break;
    case 2:
      r = -x;
      break;
    default:
      r = 0;
      break;
    }
    y[g] = r;
  }
}

static void swBarrier(int32_t *y, int mode) {
  for (int g = 0; g < G; ++g) {
    int l = g % WG, base = g - l;
    switch (mode) {
    case 0:
      y[g] = base + (l + 1) % WG;
      break;
    case 1:
      y[g] = base + (WG - 1 - l);
      break;
    default:
      y[g] = g;
      break;
    }
  }
}

static int check(void) {
  int32_t want[G];
  int failed = 0;
  search(want);
  failed |= check_i32(read_raw("search.out", sizeof(want)), want, G, 0);
  nested(want);
  failed |= check_i32(read_raw("nested.out", sizeof(want)), want, G, 0);
  sw(want);
  failed |= check_i32(read_raw("switch.out", sizeof(want)), want, G, 0);
  for (int mode = 0; mode < 3; ++mode) {
    char name[32];
    snprintf(name, sizeof(name), "switch%d.out", mode);
    swBarrier(want, mode);
    failed |= check_i32(read_raw(name, sizeof(want)), want, G, 0);
  }
  return failed;
}

static void gen(void) {}
