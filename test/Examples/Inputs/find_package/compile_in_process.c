/* Compiles a kernel with the installed compiler C API (kgpu::compiler) and
 * writes its bundle: compile_in_process <kernel.kgc> <out.kgpu>. */
#include <kgpu-c/Compiler.h>

#include <stdio.h>

int main(int argc, char **argv) {
  kgpuc_options options;
  kgpuc_result result;
  const void *data;
  size_t size = 0;
  FILE *out;
  if (argc != 3)
    return 2;
  if (kgpuc_options_create(&options) != KGPUC_SUCCESS ||
      kgpuc_options_set_targets(options, "cpu") != KGPUC_SUCCESS)
    return 1;
  if (kgpuc_compile_file(options, argv[1], &result) != KGPUC_SUCCESS) {
    fprintf(stderr, "compile_in_process: %s\n%s", kgpuc_last_error_message(),
            result ? kgpuc_result_diagnostic_text(result) : "");
    return 1;
  }
  data = kgpuc_result_data(result, &size);
  out = fopen(argv[2], "wb");
  if (!out || fwrite(data, 1, size, out) != size || fclose(out) != 0)
    return 1;
  printf("compile_in_process: %zu bytes, %zu diagnostics\n", size,
         kgpuc_result_num_diagnostics(result));
  kgpuc_result_destroy(result);
  kgpuc_options_destroy(options);
  return 0;
}
