/* File IO of the integration tests' reference programs: raw little-endian
 * files named PREFIX.<suffix>. Used by ref.h (which also defines main) and
 * by the reference programs that have a main of their own.
 */
#ifndef KGPU_TEST_INTEGRATION_IO_H
#define KGPU_TEST_INTEGRATION_IO_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* The PREFIX of the file names; main sets it. */
static const char *prefix;

static void write_raw(const char *suffix, const void *data, size_t bytes) {
  char path[4096];
  snprintf(path, sizeof(path), "%s.%s", prefix, suffix);
  FILE *f = fopen(path, "wb");
  if (!f || fwrite(data, 1, bytes, f) != bytes) {
    fprintf(stderr, "cannot write %s\n", path);
    exit(2);
  }
  fclose(f);
}

/* Reads exactly `bytes` bytes. */
static void *read_raw(const char *suffix, size_t bytes) {
  char path[4096];
  snprintf(path, sizeof(path), "%s.%s", prefix, suffix);
  FILE *f = fopen(path, "rb");
  void *data = malloc(bytes + 1);
  if (!f || !data) {
    fprintf(stderr, "cannot read %s\n", path);
    exit(2);
  }
  size_t got = fread(data, 1, bytes + 1, f);
  fclose(f);
  if (got != bytes) {
    fprintf(stderr, "%s has %zu bytes, expected %zu\n", path, got, bytes);
    exit(2);
  }
  return data;
}

#endif
