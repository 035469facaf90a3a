/*===- CPU.h - the binary interface of kgpu's CPU payloads -------*- C -*-===*
 *
 * Shared by the compiler (convert-gpu-to-cpu, lib/Target/CPU, the bundle
 * manifest) and the runtime (runtime/cpu): what a "cpu" payload (an ELF
 * shared object) exports and how it is called. Plain C, no dependencies;
 * "CPU ABI" in docs/codegen.md is the prose form.
 *
 *===----------------------------------------------------------------------===*/

#ifndef KGPU_ABI_CPU_H
#define KGPU_ABI_CPU_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Every kernel `k` is exported as the C function KGPU_CPU_ENTRY_PREFIX "k". */
#define KGPU_CPU_ENTRY_PREFIX "kgpu_cpu_"

/* A buffer argument: args[i] points to one of these. */
typedef struct kgpu_cpu_buffer {
  void *data;    /* first element; the buffer is contiguous */
  int64_t count; /* number of elements (used for memref<?xT>) */
} kgpu_cpu_buffer;

/* The entry point: args[i] points to the i-th kernel argument (a
 * kgpu_cpu_buffer for a buffer, the value in its C type for a scalar);
 * launch holds KGPU_CPU_LAUNCH_WORDS int64_t (the grid in work-groups x, y,
 * z, then the work-group size x, y, z); the call runs the work-groups with
 * linear index in [group_begin, group_end). */
typedef void (*kgpu_cpu_kernel_fn)(void **args, const int64_t *launch,
                                   int64_t group_begin, int64_t group_end);
#define KGPU_CPU_LAUNCH_WORDS 6

/* Most work-items of one work-group (the per-work-item storage of a kernel
 * that accepts any work-group size is sized for it). */
#define KGPU_CPU_MAX_WORKGROUP_ITEMS 1024

/* Subgroups are emulated: a payload is compiled for one subgroup size (a
 * power of two from KGPU_CPU_MIN_SUBGROUP_SIZE to KGPU_CPU_MAX_SUBGROUP_SIZE),
 * recorded in the manifest (KGPU_MANIFEST_CPU, KGPU_MANIFEST_SUBGROUP_SIZE).
 * Bundles written before the manifest recorded it used the default. */
#define KGPU_CPU_DEFAULT_SUBGROUP_SIZE 8
#define KGPU_CPU_MIN_SUBGROUP_SIZE 1
#define KGPU_CPU_MAX_SUBGROUP_SIZE 64

/* Nonzero when the CPU backend can run a payload compiled for subgroups of
 * `size` lanes. */
static inline int kgpu_cpu_subgroup_size_is_valid(int64_t size) {
  return size >= KGPU_CPU_MIN_SUBGROUP_SIZE &&
         size <= KGPU_CPU_MAX_SUBGROUP_SIZE && (size & (size - 1)) == 0;
}

#ifdef __cplusplus
}
#endif

#endif /* KGPU_ABI_CPU_H */
