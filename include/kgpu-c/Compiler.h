/*===- kgpu-c/Compiler.h - the kgpu compiler C API ----------------*- C -*-===*\
|*                                                                            *|
|* libkgpu_compiler compiles kernel sources (kgc, or kgpu-level MLIR) to      *|
|* .kgpu bundles in memory, in process: what kgpu-translate does, for hosts   *|
|* that cannot spawn it (the JVM through the FFM API, Python through ctypes). *|
|* The options are kgpu-translate's (docs/tools.md).                          *|
|*                                                                            *|
|* Error model, the runtime's (kgpu/runtime.h): every function that can fail *|
|* returns a kgpuc_status (KGPUC_SUCCESS is 0); on failure                    *|
|* kgpuc_last_error_message() describes it (per thread, valid until the       *|
|* thread's next call into the library; a call that succeeds leaves it), and  *|
|* kgpuc_status_string() names the code. The codes are this library's own:   *|
|* compare a kgpuc_status with KGPUC_* only (INVALID_ARGUMENT is 1 in both    *|
|* libraries; the other numbers differ). A failed compilation still returns a *|
|* result handle holding the diagnostics, as structured records (file, line,  *|
|* column, severity, message) and as the rendered text kgpu-translate would   *|
|* print. Nothing aborts the host process.                                    *|
|*                                                                            *|
|* Thread safety: every function may be called from any thread. Each         *|
|* compilation has its own MLIR context; options and results are not shared  *|
|* between threads unless the caller shares them (then it must serialize    *|
|* the calls on that handle).                                                 *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef KGPU_C_COMPILER_H
#define KGPU_C_COMPILER_H

#include <stddef.h>
#include <stdint.h>

#if defined(_WIN32)
#define KGPUC_API __declspec(dllexport)
#else
#define KGPUC_API __attribute__((visibility("default")))
#endif

#ifdef __cplusplus
extern "C" {
#endif

/// The version of this API: major * 10000 + minor * 100 + patch.
#define KGPUC_API_VERSION 10000

typedef enum kgpuc_status {
  KGPUC_SUCCESS = 0,
  /// A null handle or pointer, or an option value the compiler rejects.
  KGPUC_ERROR_INVALID_ARGUMENT = 1,
  /// The input could not be read (a missing file, an unknown extension).
  KGPUC_ERROR_IO = 2,
  /// The input did not compile; the result holds the diagnostics.
  KGPUC_ERROR_COMPILATION = 3,
  KGPUC_ERROR_OUT_OF_MEMORY = 4,
} kgpuc_status;

typedef enum kgpuc_severity {
  KGPUC_SEVERITY_ERROR = 0,
  KGPUC_SEVERITY_WARNING = 1,
  KGPUC_SEVERITY_NOTE = 2,
  KGPUC_SEVERITY_REMARK = 3,
} kgpuc_severity;

/// One diagnostic of a compilation. `file` is "" and `line`/`column` 0 when
/// it has no source location. The strings belong to the result.
typedef struct kgpuc_diagnostic {
  const char *file;
  uint32_t line;
  uint32_t column;
  kgpuc_severity severity;
  const char *message;
} kgpuc_diagnostic;

typedef struct kgpuc_options_t *kgpuc_options;
typedef struct kgpuc_result_t *kgpuc_result;

/// KGPUC_API_VERSION of the library loaded at run time.
KGPUC_API uint32_t kgpuc_version(void);
/// The message of the last failed call on the calling thread ("" if none);
/// calls that succeed leave it, as in the runtime.
KGPUC_API const char *kgpuc_last_error_message(void);
/// A short constant name for a status, e.g. "KGPUC_ERROR_COMPILATION";
/// "KGPUC_ERROR_UNKNOWN" for a value that is none.
KGPUC_API const char *kgpuc_status_string(kgpuc_status status);

/*===-------------------------------------------------------------------===*
 * Options: kgpu-translate's. Strings are copied.
 *===-------------------------------------------------------------------===*/

/// Default options: a bundle of every target that can compile the input.
KGPUC_API kgpuc_status kgpuc_options_create(kgpuc_options *out);
KGPUC_API void kgpuc_options_destroy(kgpuc_options options);
/// --emit: "bundle" (default), "manifest", "ptx", "spirv", "cpu", "mlir", ...
KGPUC_API kgpuc_status kgpuc_options_set_emit(kgpuc_options options,
                                              const char *emit);
/// --targets, comma-separated ("cuda,vulkan,cpu"); NULL: the default (every
/// target that can compile the input, the others left out with a warning).
KGPUC_API kgpuc_status kgpuc_options_set_targets(kgpuc_options options,
                                                 const char *targets);
/// --kernel: compile only this kernel; NULL or "": all.
KGPUC_API kgpuc_status kgpuc_options_set_kernel(kgpuc_options options,
                                                const char *kernel);
/// --chip: the CUDA GPU, "sm_90a" by default.
KGPUC_API kgpuc_status kgpuc_options_set_chip(kgpuc_options options,
                                              const char *chip);
/// --fp-contract: "off", "on", "fast"; NULL or "": the language's default.
KGPUC_API kgpuc_status kgpuc_options_set_fp_contract(kgpuc_options options,
                                                     const char *mode);
/// --cuda-path; NULL or "": CUDA_ROOT, CUDA_HOME, CUDA_PATH, ptxas on PATH.
KGPUC_API kgpuc_status kgpuc_options_set_cuda_path(kgpuc_options options,
                                                   const char *path);
/// The input language ("kgc", "mlir"); NULL or "": from the file name's
/// extension.
KGPUC_API kgpuc_status kgpuc_options_set_language(kgpuc_options options,
                                                  const char *language);

/*===-------------------------------------------------------------------===*
 * Compilation
 *===-------------------------------------------------------------------===*/

/// Compiles the file at `path`. On KGPUC_SUCCESS and KGPUC_ERROR_COMPILATION
/// (and KGPUC_ERROR_IO after the file name was checked) `*result` is a
/// result the caller destroys; otherwise it is NULL. `options` may be NULL
/// (the defaults).
KGPUC_API kgpuc_status kgpuc_compile_file(kgpuc_options options,
                                          const char *path,
                                          kgpuc_result *result);
/// Compiles `size` bytes at `source`. `name` names the source in
/// diagnostics and the manifest, and chooses the language by its extension
/// unless kgpuc_options_set_language did.
KGPUC_API kgpuc_status kgpuc_compile_buffer(kgpuc_options options,
                                            const char *source, size_t size,
                                            const char *name,
                                            kgpuc_result *result);

KGPUC_API void kgpuc_result_destroy(kgpuc_result result);
/// Whether the compilation succeeded (1) or not (0).
KGPUC_API int kgpuc_result_succeeded(kgpuc_result result);
/// The output (the bundle, or what emit asks for); NULL and 0 after a
/// failure. The bytes belong to the result.
KGPUC_API const void *kgpuc_result_data(kgpuc_result result, size_t *size);
KGPUC_API size_t kgpuc_result_num_diagnostics(kgpuc_result result);
/// Diagnostic `index` (< kgpuc_result_num_diagnostics), or an error.
KGPUC_API kgpuc_status kgpuc_result_diagnostic(kgpuc_result result,
                                               size_t index,
                                               kgpuc_diagnostic *out);
/// All diagnostics as kgpu-translate prints them (file:line:col: error:
/// message, the source line and a caret); "" if none.
KGPUC_API const char *kgpuc_result_diagnostic_text(kgpuc_result result);

#ifdef __cplusplus
}
#endif

#endif /* KGPU_C_COMPILER_H */
