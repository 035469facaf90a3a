/*===- kgpu/runtime.h - the kgpu runtime C API --------------------*- C -*-===*\
|*                                                                            *|
|* libkgpu_runtime loads .kgpu bundles and launches their kernels on a CUDA   *|
|* GPU, a Vulkan device or the host CPU. The backends are found at run time   *|
|* (dlopen of libcuda.so.1 and libvulkan.so.1); the CPU backend is always     *|
|* there. See docs/runtime.md.                                                *|
|*                                                                            *|
|* Error model: every function that can fail returns a kgpu_status; on        *|
|* failure kgpu_last_error_message() describes it (per thread, valid until   *|
|* the thread's next runtime call). Nothing aborts the host process.          *|
|*                                                                            *|
|* Handles are reference counted: each *_create / *_open / *_load returns a   *|
|* handle the caller owns and frees with the matching *_release. Work still   *|
|* in flight keeps what it uses alive, so releasing a buffer or module right  *|
|* after an asynchronous launch is safe. Kernel handles belong to their       *|
|* module and are valid while it is.                                          *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef KGPU_RUNTIME_H
#define KGPU_RUNTIME_H

#include <stddef.h>
#include <stdint.h>

#if defined(_WIN32)
#define KGPU_API __declspec(dllexport)
#else
#define KGPU_API __attribute__((visibility("default")))
#endif

#ifdef __cplusplus
extern "C" {
#endif

/// The version of this API: major * 10000 + minor * 100 + patch.
#define KGPU_RUNTIME_API_VERSION 10400

/*===-------------------------------------------------------------------===*
 * Status codes and errors
 *===-------------------------------------------------------------------===*/

typedef enum kgpu_status {
  KGPU_SUCCESS = 0,
  /// A null handle or pointer, an out-of-range offset, a zero size.
  KGPU_ERROR_INVALID_ARGUMENT = 1,
  /// No kernel, parameter or device of that name or index.
  KGPU_ERROR_NOT_FOUND = 2,
  /// The requested backend or device is not available on this machine.
  KGPU_ERROR_NO_DEVICE = 3,
  /// The bundle is truncated or corrupt, or its manifest is malformed.
  KGPU_ERROR_INVALID_BUNDLE = 4,
  /// The bundle has no payload that the device can run.
  KGPU_ERROR_NO_PAYLOAD = 5,
  /// The launch arguments do not match the kernel's parameters.
  KGPU_ERROR_ARGUMENT_MISMATCH = 6,
  /// The grid, work-group size or local memory exceeds what the kernel or
  /// the device allows.
  KGPU_ERROR_LAUNCH_CONFIG = 7,
  KGPU_ERROR_OUT_OF_MEMORY = 8,
  /// The device was lost (a kernel fault, a reset); it stays unusable.
  KGPU_ERROR_DEVICE_LOST = 9,
  /// The device lacks a feature the kernel needs.
  KGPU_ERROR_UNSUPPORTED = 10,
  /// Asynchronous work has not finished yet (kgpu_event_query).
  KGPU_ERROR_NOT_READY = 11,
  /// Any other failure reported by the driver.
  KGPU_ERROR_BACKEND = 12,
  /// A kernel compiled with `kgpu-translate --check-bounds` accessed memory
  /// out of bounds; the message names the kernel, the access's source
  /// location, the index and the extent. The access itself was not done.
  KGPU_ERROR_BOUNDS = 13,
} kgpu_status;

/// The message of the last failure on the calling thread ("" if none).
KGPU_API const char *kgpu_last_error_message(void);
/// A short constant name for a status, e.g. "KGPU_ERROR_OUT_OF_MEMORY".
KGPU_API const char *kgpu_status_string(kgpu_status status);
/// KGPU_RUNTIME_API_VERSION of the library loaded at run time.
KGPU_API uint32_t kgpu_runtime_version(void);

/*===-------------------------------------------------------------------===*
 * Types
 *===-------------------------------------------------------------------===*/

/// Element and scalar types of kernel parameters (the manifest's "type").
typedef enum kgpu_type {
  KGPU_TYPE_INVALID = 0,
  KGPU_TYPE_I1, /* one byte, 0 or 1 */
  KGPU_TYPE_I8,
  KGPU_TYPE_I16,
  KGPU_TYPE_I32, /* also unsigned 32-bit data (kgc uint) */
  KGPU_TYPE_I64,
  KGPU_TYPE_F16,  /* IEEE half, as its 16-bit pattern */
  KGPU_TYPE_BF16, /* bfloat16, as its 16-bit pattern */
  KGPU_TYPE_F32,
  KGPU_TYPE_F64,
  KGPU_TYPE_INDEX, /* int64_t on the host */
} kgpu_type;

/// Bytes of one element of `type` in host memory (0 for INVALID).
KGPU_API size_t kgpu_type_size(kgpu_type type);
/// The manifest's spelling: "i32", "f32", "index", ...
KGPU_API const char *kgpu_type_name(kgpu_type type);

typedef enum kgpu_backend {
  KGPU_BACKEND_CPU = 1,
  KGPU_BACKEND_CUDA = 2,
  KGPU_BACKEND_VULKAN = 3,
} kgpu_backend;

/// The backend's name: "cpu", "cuda" or "vulkan" (the device specs below and
/// the bundle's target names); "unknown" for any other value (API 1.2).
KGPU_API const char *kgpu_backend_name(kgpu_backend backend);

typedef struct kgpu_device_t *kgpu_device;
typedef struct kgpu_module_t *kgpu_module;
typedef struct kgpu_kernel_t *kgpu_kernel;
typedef struct kgpu_buffer_t *kgpu_buffer;
typedef struct kgpu_queue_t *kgpu_queue;
typedef struct kgpu_event_t *kgpu_event;

/*===-------------------------------------------------------------------===*
 * Devices
 *
 * Devices are numbered across backends: CUDA devices first, then Vulkan
 * devices, then the CPU (always the last one). A spec names one:
 *   "cpu", "cuda", "cuda:N", "vulkan", "vulkan:N"  (N within the backend)
 * NULL, "" or "default" uses the KGPU_DEVICE environment variable (same
 * syntax) if set, else the best device: a CUDA GPU, then a Vulkan device
 * that is not a software rasterizer, then the CPU. Software Vulkan drivers
 * (lavapipe, SwiftShader) are used only when asked for ("vulkan", "vulkan:N").
 *===-------------------------------------------------------------------===*/

typedef struct kgpu_device_info {
  kgpu_backend backend;
  uint32_t index; /* within its backend */
  char name[256];
  int is_software; /* CPU backend, lavapipe, SwiftShader */
  uint32_t max_workgroup_size[3];
  uint32_t max_workgroup_invocations;
  uint32_t max_grid[3]; /* work-groups per dimension */
  uint64_t max_local_memory_bytes;
  uint32_t subgroup_size; /* 0 if unknown */
  uint32_t compute_units; /* SMs, CPU threads; 0 if unknown */
  uint64_t memory_bytes;  /* 0 if unknown */
} kgpu_device_info;

/// Number of devices of every available backend (at least 1: the CPU).
KGPU_API kgpu_status kgpu_device_count(uint32_t *count);
/// Describes device `index` without opening it.
KGPU_API kgpu_status kgpu_device_describe(uint32_t index,
                                          kgpu_device_info *info);
/// Opens device `index` of kgpu_device_count's numbering.
KGPU_API kgpu_status kgpu_device_open_index(uint32_t index,
                                            kgpu_device *device);
/// Opens the device named by `spec` (see above).
KGPU_API kgpu_status kgpu_device_open(const char *spec, kgpu_device *device);
KGPU_API kgpu_status kgpu_device_get_info(kgpu_device device,
                                          kgpu_device_info *info);
/// Waits until all work submitted to the device has finished.
KGPU_API kgpu_status kgpu_device_synchronize(kgpu_device device);
KGPU_API void kgpu_device_release(kgpu_device device);

/*===-------------------------------------------------------------------===*
 * Modules (loaded bundles) and kernels
 *===-------------------------------------------------------------------===*/

/// Loads a .kgpu bundle for `device`, choosing the payload the device runs
/// (CUDA: the cubin of the device's architecture, else the PTX; Vulkan: the
/// per-kernel SPIR-V; CPU: the shared object). A null device loads the
/// manifest only: the kernels can be inspected but not launched.
KGPU_API kgpu_status kgpu_module_load_file(kgpu_device device, const char *path,
                                           kgpu_module *module);
KGPU_API kgpu_status kgpu_module_load_memory(kgpu_device device,
                                             const void *data, size_t size,
                                             kgpu_module *module);
KGPU_API void kgpu_module_release(kgpu_module module);
KGPU_API kgpu_status kgpu_module_kernel_count(kgpu_module module,
                                              uint32_t *count);
/// Kernel lookup; prepares the kernel for the device (Vulkan pipeline,
/// CUDA function, CPU symbol), so feature checks fail here.
KGPU_API kgpu_status kgpu_module_get_kernel(kgpu_module module,
                                            const char *name,
                                            kgpu_kernel *kernel);
KGPU_API kgpu_status kgpu_module_get_kernel_by_index(kgpu_module module,
                                                     uint32_t index,
                                                     kgpu_kernel *kernel);

typedef enum kgpu_launch_model {
  /// The caller gives the grid (global_id-style kernels).
  KGPU_LAUNCH_NDRANGE = 1,
  /// Grid-stride parallel loops: any grid is correct; the runtime picks
  /// one when the caller gives none.
  KGPU_LAUNCH_PARALLEL_LOOP = 2,
} kgpu_launch_model;

typedef enum kgpu_param_kind {
  KGPU_PARAM_BUFFER = 1,
  KGPU_PARAM_SCALAR = 2,
} kgpu_param_kind;

typedef enum kgpu_access {
  KGPU_ACCESS_READ = 1,
  KGPU_ACCESS_WRITE = 2,
  KGPU_ACCESS_READ_WRITE = 3,
} kgpu_access;

/// Strings and arrays point into the module and live as long as it does.
typedef struct kgpu_kernel_info {
  const char *name;
  uint32_t param_count;
  kgpu_launch_model model;
  uint32_t dims; /* 1, 2 or 3 */
  /* The kernel's fixed work-group size, or (workgroup_size_fixed == 0) the
   * default one, used when a launch's `local` is all zero. */
  uint32_t workgroup_size[3];
  uint64_t local_memory_bytes;
  int uses_subgroups;
  uint32_t reduction_count;
  /* 1: launches must use workgroup_size (kgc reqd_work_group_size,
   * kgpu-translate --workgroup-size); 0: any size up to the device's limits
   * and 1024 work-items (API version 1.1). */
  int workgroup_size_fixed;
  /* The subgroup size the kernel runs with on the module's device: on the
   * CPU the emulated size its code was compiled for (the manifest's
   * cpu.subgroup_size), else the device's (kgpu_device_info); 0 for a
   * module loaded without a device (API version 1.2). */
  uint32_t subgroup_size;
} kgpu_kernel_info;

typedef struct kgpu_param_info {
  const char *name;
  uint32_t index;
  kgpu_param_kind kind;
  kgpu_type type; /* scalar type, or buffer element type */
  kgpu_access access;
  uint32_t rank;        /* buffers: rank of the shape (1 for T*) */
  const int64_t *shape; /* buffers: `rank` extents, -1 = dynamic */
} kgpu_param_info;

KGPU_API kgpu_status kgpu_kernel_get_info(kgpu_kernel kernel,
                                          kgpu_kernel_info *info);
KGPU_API kgpu_status kgpu_kernel_get_param(kgpu_kernel kernel, uint32_t index,
                                           kgpu_param_info *info);
KGPU_API kgpu_status kgpu_kernel_find_param(kgpu_kernel kernel,
                                            const char *name, uint32_t *index);
/// Kernelin-style kernels (the Kotlin IR frontend) read their dispatch size
/// from trailing i32 scalar parameters (the manifest's
/// launch.dispatch_params): `count` receives how many (0 for other kernels,
/// else 1: size, 2: width, height, 3: width, height, depth) and
/// `indices[0..count)` their parameter indices, in that order (API version
/// 1.3).
KGPU_API kgpu_status kgpu_kernel_get_dispatch_params(kgpu_kernel kernel,
                                                     uint32_t *count,
                                                     uint32_t indices[3]);

/*===-------------------------------------------------------------------===*
 * Buffers: device memory that stays on the device between launches.
 *
 * The synchronous transfers below first wait for all work submitted to the
 * buffer's device (like CUDA's legacy default stream), then copy.
 *===-------------------------------------------------------------------===*/

/// The alignment, in bytes, of every buffer the runtime allocates, and
/// the one the CUDA device requires of an external buffer's memory: the
/// CUDA kernels assume it of every buffer parameter (128-bit loads and
/// stores). cuMemAlloc gives 256 bytes, Vulkan allocations at least the
/// buffer's VkMemoryRequirements alignment (each buffer is bound at offset
/// 0 of its own allocation), the CPU device calloc's 16 (docs/runtime.md).
#define KGPU_BUFFER_ALIGNMENT 16

/// Allocates `size` bytes (> 0), zero-filled, aligned to at least
/// KGPU_BUFFER_ALIGNMENT bytes.
KGPU_API kgpu_status kgpu_buffer_create(kgpu_device device, size_t size,
                                        kgpu_buffer *buffer);
KGPU_API void kgpu_buffer_release(kgpu_buffer buffer);
KGPU_API kgpu_status kgpu_buffer_get_size(kgpu_buffer buffer, size_t *size);
KGPU_API kgpu_status kgpu_buffer_upload(kgpu_buffer buffer, size_t offset,
                                        const void *src, size_t size);
KGPU_API kgpu_status kgpu_buffer_download(kgpu_buffer buffer, size_t offset,
                                          void *dst, size_t size);
/// A buffer over memory the caller allocated and owns (zero-copy interop,
/// e.g. DLPack; API version 1.4): `handle` is a host pointer on the CPU
/// device, a CUdeviceptr of the device's (primary) context on CUDA. The
/// memory must hold `size` bytes, aligned for the elements the kernels read
/// (on CUDA: to KGPU_BUFFER_ALIGNMENT bytes, else KGPU_ERROR_INVALID_ARGUMENT),
/// and outlive the buffer and every launch that uses it; releasing the
/// buffer does not free it. Vulkan: KGPU_ERROR_UNSUPPORTED.
KGPU_API kgpu_status kgpu_buffer_create_external(kgpu_device device,
                                                 uint64_t handle, size_t size,
                                                 kgpu_buffer *buffer);
/// The buffer's memory as the backend knows it (API version 1.4): the host
/// pointer on the CPU, the CUdeviceptr on CUDA. Vulkan buffers have none
/// (KGPU_ERROR_UNSUPPORTED). Valid while the buffer is.
KGPU_API kgpu_status kgpu_buffer_get_native_handle(kgpu_buffer buffer,
                                                   uint64_t *handle);
/// Copies between two buffers of the same device.
KGPU_API kgpu_status kgpu_buffer_copy(kgpu_buffer dst, size_t dst_offset,
                                      kgpu_buffer src, size_t src_offset,
                                      size_t size);

/*===-------------------------------------------------------------------===*
 * Launches
 *===-------------------------------------------------------------------===*/

typedef enum kgpu_arg_kind {
  KGPU_ARG_BUFFER = 1,
  KGPU_ARG_SCALAR = 2,
} kgpu_arg_kind;

/// One launch argument. With `name` null it binds the parameter at its
/// position in the argument array; with a name, the parameter of that name.
/// Every parameter must be bound exactly once. A scalar's `type` must be the
/// parameter's (index and i64 are interchangeable); a buffer must belong to
/// the launch's device and hold at least one element (a static shape: all
/// of its elements), in whole elements.
typedef struct kgpu_arg {
  const char *name;
  kgpu_arg_kind kind;
  kgpu_type type; /* scalars */
  kgpu_buffer buffer;
  union {
    int8_t i8;
    int16_t i16;
    int32_t i32;
    int64_t i64;
    uint16_t f16_bits;
    float f32;
    double f64;
    uint64_t bits;
  } value;
} kgpu_arg;

/// Grid in work-groups and work-group size. All-zero `grid`: the default
/// grid (parallel-loop kernels only, sized from the largest buffer
/// argument). A zero y or z (with x non-zero) means 1. All-zero `local`:
/// the kernel's work-group size, the only one it accepts.
typedef struct kgpu_launch_config {
  uint32_t grid[3];
  uint32_t local[3];
} kgpu_launch_config;

/// A queue (CUDA stream): its launches run in order. Launches on different
/// queues may overlap. Safe to use from several threads.
KGPU_API kgpu_status kgpu_queue_create(kgpu_device device, kgpu_queue *queue);
/// Waits for the queue's work, then frees it.
KGPU_API void kgpu_queue_release(kgpu_queue queue);
/// Waits for the queue's work; returns the first error of a launch since
/// the last finish (then clears it).
KGPU_API kgpu_status kgpu_queue_finish(kgpu_queue queue);

/// Enqueues a launch. Arguments are checked against the manifest before
/// anything is enqueued. `event` (optional) receives an event that signals
/// completion and carries the launch's time.
KGPU_API kgpu_status kgpu_launch(kgpu_queue queue, kgpu_kernel kernel,
                                 const kgpu_arg *args, uint32_t num_args,
                                 const kgpu_launch_config *config,
                                 kgpu_event *event);
/// Launches on the device's default queue and waits. `time_ns` (optional)
/// receives the kernel's execution time.
KGPU_API kgpu_status kgpu_launch_sync(kgpu_kernel kernel, const kgpu_arg *args,
                                      uint32_t num_args,
                                      const kgpu_launch_config *config,
                                      uint64_t *time_ns);

/// Waits for the launch; returns its status.
KGPU_API kgpu_status kgpu_event_wait(kgpu_event event);
/// KGPU_SUCCESS once finished, KGPU_ERROR_NOT_READY before, or the launch's
/// error.
KGPU_API kgpu_status kgpu_event_query(kgpu_event event);
/// Waits for the launch, then gives its execution time in nanoseconds
/// (device timestamps where the device has them).
KGPU_API kgpu_status kgpu_event_elapsed_ns(kgpu_event event, uint64_t *time_ns);
KGPU_API void kgpu_event_release(kgpu_event event);

/*===-------------------------------------------------------------------===*
 * Argument helpers
 *===-------------------------------------------------------------------===*/

static inline kgpu_arg kgpu_arg_buffer(kgpu_buffer buffer) {
  kgpu_arg a;
  a.name = NULL;
  a.kind = KGPU_ARG_BUFFER;
  a.type = KGPU_TYPE_INVALID;
  a.buffer = buffer;
  a.value.bits = 0;
  return a;
}

static inline kgpu_arg kgpu_arg_scalar_(kgpu_type type) {
  kgpu_arg a;
  a.name = NULL;
  a.kind = KGPU_ARG_SCALAR;
  a.type = type;
  a.buffer = NULL;
  a.value.bits = 0;
  return a;
}

static inline kgpu_arg kgpu_arg_i32(int32_t v) {
  kgpu_arg a = kgpu_arg_scalar_(KGPU_TYPE_I32);
  a.value.i32 = v;
  return a;
}
static inline kgpu_arg kgpu_arg_u32(uint32_t v) {
  kgpu_arg a = kgpu_arg_scalar_(KGPU_TYPE_I32);
  a.value.i32 = (int32_t)v;
  return a;
}
static inline kgpu_arg kgpu_arg_i64(int64_t v) {
  kgpu_arg a = kgpu_arg_scalar_(KGPU_TYPE_I64);
  a.value.i64 = v;
  return a;
}
static inline kgpu_arg kgpu_arg_index(int64_t v) {
  kgpu_arg a = kgpu_arg_scalar_(KGPU_TYPE_INDEX);
  a.value.i64 = v;
  return a;
}
static inline kgpu_arg kgpu_arg_f32(float v) {
  kgpu_arg a = kgpu_arg_scalar_(KGPU_TYPE_F32);
  a.value.f32 = v;
  return a;
}
static inline kgpu_arg kgpu_arg_f64(double v) {
  kgpu_arg a = kgpu_arg_scalar_(KGPU_TYPE_F64);
  a.value.f64 = v;
  return a;
}
/// Any scalar type from its bits (little-endian, low bytes used).
static inline kgpu_arg kgpu_arg_bits(kgpu_type type, uint64_t bits) {
  kgpu_arg a = kgpu_arg_scalar_(type);
  a.value.bits = bits;
  return a;
}
/// The same argument, bound by parameter name.
static inline kgpu_arg kgpu_arg_named(const char *name, kgpu_arg a) {
  a.name = name;
  return a;
}

#ifdef __cplusplus
} // extern "C"
#endif

#endif // KGPU_RUNTIME_H
