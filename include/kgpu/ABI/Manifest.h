/*===- Manifest.h - the names of the bundle manifest -------------*- C -*-===*
 *
 * The JSON keys and string values of a .kgpu bundle's manifest
 * (docs/bundle.md), shared by the compiler, which writes them
 * (lib/Target/Bundle/Manifest.cpp, lib/Bundle), and the runtime, which reads
 * and validates them (runtime/lib/Manifest.cpp). Plain C string literals.
 *
 *===----------------------------------------------------------------------===*/

#ifndef KGPU_ABI_MANIFEST_H
#define KGPU_ABI_MANIFEST_H

/* Top level. */
#define KGPU_MANIFEST_FORMAT "format" /* = KGPU_MANIFEST_FORMAT_NAME */
#define KGPU_MANIFEST_FORMAT_NAME "kgpu-bundle"
#define KGPU_MANIFEST_VERSION "version"
#define KGPU_MANIFEST_SOURCE "source" /* {file, language} */
#define KGPU_MANIFEST_FILE "file"
#define KGPU_MANIFEST_LANGUAGE "language"
#define KGPU_MANIFEST_KERNELS "kernels"
#define KGPU_MANIFEST_PAYLOADS "payloads"
#define KGPU_MANIFEST_OMITTED_TARGETS "omitted_targets"
/* The ABI of the "cpu" payload: {subgroup_size} (KGPU_CPU_* in CPU.h). */
#define KGPU_MANIFEST_CPU "cpu"
#define KGPU_MANIFEST_SUBGROUP_SIZE "subgroup_size"

/* A payload entry. */
#define KGPU_MANIFEST_TARGET "target"
#define KGPU_MANIFEST_KERNEL "kernel"
#define KGPU_MANIFEST_OFFSET "offset"
#define KGPU_MANIFEST_SIZE "size"
#define KGPU_MANIFEST_SHA256 "sha256"
/* Targets and payload formats. */
#define KGPU_MANIFEST_TARGET_CUDA "cuda"
#define KGPU_MANIFEST_TARGET_VULKAN "vulkan"
#define KGPU_MANIFEST_TARGET_CPU "cpu"
#define KGPU_MANIFEST_FORMAT_PTX "ptx"
#define KGPU_MANIFEST_FORMAT_CUBIN "cubin"
#define KGPU_MANIFEST_FORMAT_FATBIN "fatbin"
#define KGPU_MANIFEST_FORMAT_SPIRV "spirv"
#define KGPU_MANIFEST_FORMAT_ELF_SHARED_OBJECT "elf-shared-object"

/* A kernel entry. */
#define KGPU_MANIFEST_NAME "name"
#define KGPU_MANIFEST_LOCATION "location" /* {file, line, column} */
#define KGPU_MANIFEST_LINE "line"
#define KGPU_MANIFEST_COLUMN "column"
#define KGPU_MANIFEST_PARAMS "params"
#define KGPU_MANIFEST_BOUNDS_CHECK "bounds_check" /* {sites: [{what, loc}]} */
#define KGPU_MANIFEST_SITES "sites"
#define KGPU_MANIFEST_WHAT "what"
#define KGPU_MANIFEST_LOC "loc"
#define KGPU_MANIFEST_LAUNCH "launch" /* {model, dims, note, dispatch_params} */
#define KGPU_MANIFEST_MODEL "model"
#define KGPU_MANIFEST_MODEL_NDRANGE "ndrange"
#define KGPU_MANIFEST_MODEL_PARALLEL_LOOP "parallel_loop"
#define KGPU_MANIFEST_DIMS "dims"
#define KGPU_MANIFEST_NOTE "note"
/* Kernelin-style dispatch sizes: the names of the trailing i32 scalar
 * parameters that carry the launch size, in order (["size"], or ["width",
 * "height"[, "depth"]]), from the kernel's kgpu.dispatch_params attribute;
 * kgpu-run --size fills them (docs/bundle.md, docs/kotlin.md). */
#define KGPU_MANIFEST_DISPATCH_PARAMS "dispatch_params"
#define KGPU_MANIFEST_WORKGROUP_SIZE "workgroup_size"
#define KGPU_MANIFEST_WORKGROUP_SIZE_FIXED "workgroup_size_fixed"
#define KGPU_MANIFEST_LOCAL_MEMORY_BYTES "local_memory_bytes"
#define KGPU_MANIFEST_REDUCTIONS                                               \
  "reductions" /* [{operator, type, param, combine[, element, init]}] */
#define KGPU_MANIFEST_OPERATOR "operator"
#define KGPU_MANIFEST_COMBINE "combine"
/* A reduction's initial value (optional): the runtime stores `init` (a
 * number, or "inf", "-inf", "nan" for floats) into element `element` of the
 * output parameter before each launch (docs/bundle.md). */
#define KGPU_MANIFEST_ELEMENT "element"
#define KGPU_MANIFEST_INIT "init"
#define KGPU_MANIFEST_SUBGROUPS "subgroups" /* {used, assumed_size, note} */
#define KGPU_MANIFEST_USED "used"
#define KGPU_MANIFEST_ASSUMED_SIZE "assumed_size"
#define KGPU_MANIFEST_TARGETS "targets"
#define KGPU_MANIFEST_VULKAN "vulkan" /* {scalars, cooperative_matrix} */
/* With a cuda target, only for a kernel whose local arrays exceed CUDA's
 * 48 KiB of static shared memory: {dynamic_shared_memory_bytes}, the bytes
 * of dynamic shared memory its PTX declares (.extern .shared) and every
 * launch must pass (docs/bundle.md). */
#define KGPU_MANIFEST_CUDA "cuda"
#define KGPU_MANIFEST_DYNAMIC_SHARED_MEMORY_BYTES "dynamic_shared_memory_bytes"

/* A parameter entry. */
#define KGPU_MANIFEST_INDEX "index"
#define KGPU_MANIFEST_KIND "kind"
#define KGPU_MANIFEST_KIND_BUFFER "buffer"
#define KGPU_MANIFEST_KIND_SCALAR "scalar"
#define KGPU_MANIFEST_TYPE "type"
#define KGPU_MANIFEST_SHAPE "shape"
#define KGPU_MANIFEST_ACCESS "access"
#define KGPU_MANIFEST_ACCESS_READ "read"
#define KGPU_MANIFEST_ACCESS_WRITE "write"
#define KGPU_MANIFEST_ACCESS_READ_WRITE "read_write"
#define KGPU_MANIFEST_HIDDEN "hidden"
#define KGPU_MANIFEST_HIDDEN_SIZE_OF "size_of"
#define KGPU_MANIFEST_HIDDEN_BOUNDS_STATUS "bounds_status"
#define KGPU_MANIFEST_OF "of"

/* The "vulkan" object: where the SPIR-V reads the scalar arguments. */
#define KGPU_MANIFEST_SCALARS "scalars" /* {storage, binding, size, members}   \
                                         */
#define KGPU_MANIFEST_STORAGE "storage"
#define KGPU_MANIFEST_STORAGE_NONE "none"
#define KGPU_MANIFEST_STORAGE_PUSH_CONSTANT "push_constant"
#define KGPU_MANIFEST_STORAGE_STORAGE_BUFFER "storage_buffer"
#define KGPU_MANIFEST_BINDING "binding"
#define KGPU_MANIFEST_MEMBERS "members" /* [{param, offset}] */
#define KGPU_MANIFEST_PARAM "param"
/* The "vulkan" object's tensor-core multiplies (optional): the cooperative
 * matrix shapes and component types the device must list in
 * vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR, at subgroup scope
 * (docs/bundle.md). [{m, n, k, a, b, c, result}], types "f16", "f32", "i8",
 * "i32". */
#define KGPU_MANIFEST_COOPERATIVE_MATRIX "cooperative_matrix"
#define KGPU_MANIFEST_M "m"
#define KGPU_MANIFEST_N "n"
#define KGPU_MANIFEST_K "k"
#define KGPU_MANIFEST_A "a"
#define KGPU_MANIFEST_B "b"
#define KGPU_MANIFEST_C "c"
#define KGPU_MANIFEST_RESULT "result"

#endif /* KGPU_ABI_MANIFEST_H */
