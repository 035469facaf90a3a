/*===- CompilerCTest.c - the compiler C API, from C -----------------------===*\
|*                                                                            *|
|* Compiled as C: include/kgpu-c/Compiler.h is a C header. Compiles a kgc     *|
|* kernel from a buffer to a bundle, then bad input (a clear error with a     *|
|* location, no crash), then null arguments. Exits 0 when all checks pass.    *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "kgpu-c/Compiler.h"

#include <stdio.h>
#include <string.h>

static int failures = 0;

#define CHECK(cond)                                                            \
  do {                                                                         \
    if (!(cond)) {                                                             \
      fprintf(stderr, "%s:%d: check failed: %s (%s)\n", __FILE__, __LINE__,    \
              #cond, kgpuc_last_error_message());                              \
      ++failures;                                                              \
    }                                                                          \
  } while (0)

static const char kSaxpy[] =
    "kernel void saxpy(global float* y, global const float* x, float a) {\n"
    "  int i = global_id(0);\n"
    "  y[i] = a * x[i] + y[i];\n"
    "}\n";

static const char kBad[] = "kernel void k(global float* p) {\n"
                           "  p[0] = undefined_name;\n"
                           "}\n";

int main(void) {
  kgpuc_options options = NULL;
  kgpuc_result result = NULL;
  size_t size = 0;
  const void *data;
  kgpuc_diagnostic diag;

  CHECK(kgpuc_version() == KGPUC_API_VERSION);
  CHECK(kgpuc_options_create(&options) == KGPUC_SUCCESS);
  CHECK(kgpuc_options_set_targets(options, "vulkan,cpu") == KGPUC_SUCCESS);

  /* A kernel from a buffer to a bundle. */
  CHECK(kgpuc_compile_buffer(options, kSaxpy, strlen(kSaxpy), "saxpy.kgc",
                             &result) == KGPUC_SUCCESS);
  CHECK(kgpuc_result_succeeded(result) == 1);
  data = kgpuc_result_data(result, &size);
  CHECK(data != NULL && size > 8 && memcmp(data, "KGPUBNDL", 8) == 0);
  kgpuc_result_destroy(result);

  /* Bad input: an error with its location, as records and as text. */
  result = NULL;
  CHECK(kgpuc_compile_buffer(options, kBad, strlen(kBad), "bad.kgc", &result) ==
        KGPUC_ERROR_COMPILATION);
  CHECK(strstr(kgpuc_last_error_message(), "bad.kgc:2:") != NULL);
  CHECK(result != NULL);
  CHECK(kgpuc_result_succeeded(result) == 0);
  CHECK(kgpuc_result_data(result, &size) == NULL && size == 0);
  CHECK(kgpuc_result_num_diagnostics(result) >= 1);
  CHECK(kgpuc_result_diagnostic(result, 0, &diag) == KGPUC_SUCCESS);
  CHECK(strcmp(diag.file, "bad.kgc") == 0);
  CHECK(diag.line == 2 && diag.column > 0);
  CHECK(diag.severity == KGPUC_SEVERITY_ERROR);
  CHECK(strstr(diag.message, "undefined_name") != NULL);
  CHECK(strstr(kgpuc_result_diagnostic_text(result), "bad.kgc:2:") != NULL);
  CHECK(kgpuc_result_diagnostic(result, 1000, &diag) ==
        KGPUC_ERROR_INVALID_ARGUMENT);
  kgpuc_result_destroy(result);

  /* Option values the compiler rejects, and null arguments. */
  CHECK(kgpuc_options_set_fp_contract(options, "sometimes") == KGPUC_SUCCESS);
  result = NULL;
  CHECK(kgpuc_compile_buffer(options, kSaxpy, strlen(kSaxpy), "saxpy.kgc",
                             &result) == KGPUC_ERROR_INVALID_ARGUMENT);
  CHECK(result == NULL);
  CHECK(strstr(kgpuc_last_error_message(), "--fp-contract") != NULL);
  CHECK(kgpuc_options_set_fp_contract(options, NULL) == KGPUC_SUCCESS);
  CHECK(kgpuc_compile_buffer(options, NULL, 4, "x.kgc", &result) ==
        KGPUC_ERROR_INVALID_ARGUMENT);
  CHECK(kgpuc_compile_buffer(options, kSaxpy, strlen(kSaxpy), "x.kgc", NULL) ==
        KGPUC_ERROR_INVALID_ARGUMENT);
  CHECK(kgpuc_options_set_chip(NULL, "sm_80") == KGPUC_ERROR_INVALID_ARGUMENT);
  CHECK(kgpuc_result_num_diagnostics(NULL) == 0);
  kgpuc_result_destroy(NULL);

  /* A file that is not there. */
  result = NULL;
  CHECK(kgpuc_compile_file(options, "/nonexistent/k.kgc", &result) ==
        KGPUC_ERROR_IO);
  CHECK(result != NULL && kgpuc_result_num_diagnostics(result) == 1);
  kgpuc_result_destroy(result);

  kgpuc_options_destroy(options);
  if (failures)
    fprintf(stderr, "%d check(s) failed\n", failures);
  else
    printf("kgpu compiler C API: OK\n");
  return failures ? 1 : 0;
}
