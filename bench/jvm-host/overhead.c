/* The same launch as bench/jvm-host/Overhead.java through the C API of
 * libkgpu_runtime (bench/jvm-host/overhead.sh): the bundle of Overhead::inc
 * (a 1-element @Parallel kernel), on the default device (KGPU_DEVICE), a
 * loop of kgpu_launch_sync alone, and of upload + launch + download; each
 * after a warm-up, the median over 7 batches of the mean time per call.
 *   overhead BUNDLE [CALLS_PER_BATCH] */
#include <kgpu/runtime.h>

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define CHECK(call)                                                            \
  do {                                                                         \
    kgpu_status s_ = (call);                                                   \
    if (s_ != KGPU_SUCCESS) {                                                  \
      fprintf(stderr, "%s: %s: %s\n", #call, kgpu_status_string(s_),           \
              kgpu_last_error_message());                                      \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

static double now_us(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static kgpu_kernel kernel;
static kgpu_buffer buffer;
static float host[1];

static void launch(int copies) {
  kgpu_arg arg = kgpu_arg_buffer(buffer);
  kgpu_launch_config cfg = {{0, 0, 0}, {0, 0, 0}};
  if (copies)
    CHECK(kgpu_buffer_upload(buffer, 0, host, sizeof host));
  CHECK(kgpu_launch_sync(kernel, &arg, 1, &cfg, NULL));
  if (copies)
    CHECK(kgpu_buffer_download(buffer, 0, host, sizeof host));
}

/* "median (min)" over the batches of the mean microseconds per call. */
static const char *timed(int n, int copies) {
  static char text[64];
  enum { BATCHES = 7 };
  double us[BATCHES];
  for (int i = 0; i < (n / 5 > 2000 ? n / 5 : 2000); i++)
    launch(copies);
  for (int b = 0; b < BATCHES; b++) {
    double t0 = now_us();
    for (int i = 0; i < n; i++)
      launch(copies);
    us[b] = (now_us() - t0) / n;
  }
  qsort(us, BATCHES, sizeof us[0], cmp);
  snprintf(text, sizeof text, "%.2f us (min %.2f us)", us[BATCHES / 2], us[0]);
  return text;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: overhead BUNDLE [CALLS_PER_BATCH]\n");
    return 2;
  }
  int n = argc > 2 ? atoi(argv[2]) : 20000;
  const char *spec = getenv("KGPU_DEVICE");
  kgpu_device device;
  kgpu_module module;
  CHECK(kgpu_device_open(spec ? spec : "cpu", &device));
  CHECK(kgpu_module_load_file(device, argv[1], &module));
  CHECK(kgpu_module_get_kernel(module, "inc", &kernel));
  CHECK(kgpu_buffer_create(device, sizeof host, &buffer));
  printf("C API kgpu_launch_sync alone, on %s: %s\n", spec ? spec : "cpu",
         timed(n, 0));
  printf("C API upload+launch+download: %s\n", timed(n, 1));
  kgpu_buffer_release(buffer);
  kgpu_module_release(module);
  kgpu_device_release(device);
  return 0;
}
