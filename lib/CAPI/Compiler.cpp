//===- Compiler.cpp - the kgpu compiler C API -----------------------------===//
//
// include/kgpu-c/Compiler.h over kgpu::CompilerSession: one session (and so
// one MLIRContext) per compilation, so that compilations on different
// threads share nothing but the registries, which are filled once.
//
//===----------------------------------------------------------------------===//

#include "kgpu-c/Compiler.h"

#include "kgpu/Driver/CompilerSession.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <new>
#include <string>
#include <vector>

using namespace mlir;

struct kgpuc_options_t {
  kgpu::CompilerOptions options;
};

struct kgpuc_result_t {
  bool succeeded = false;
  std::string data;
  std::vector<kgpu::DiagnosticRecord> records;
  std::string text;
};

namespace {

/// The message of the calling thread's last failed call, as the runtime
/// keeps its own (docs/compiler-api.md, "Errors"): set by every failure,
/// left alone by calls that succeed.
thread_local std::string lastError;

kgpuc_status setError(kgpuc_status status, std::string message) {
  lastError = std::move(message);
  return status;
}

/// Sets the string option `field` of `options` (NULL: empty).
kgpuc_status setField(kgpuc_options options,
                      std::string kgpu::CompilerOptions::*field,
                      const char *value, const char *what) {
  if (!options)
    return setError(KGPUC_ERROR_INVALID_ARGUMENT,
                    std::string(what) + ": the options handle is null");
  options->options.*field = value ? value : "";
  return KGPUC_SUCCESS;
}

kgpuc_severity toC(DiagnosticSeverity severity) {
  switch (severity) {
  case DiagnosticSeverity::Error:
    return KGPUC_SEVERITY_ERROR;
  case DiagnosticSeverity::Warning:
    return KGPUC_SEVERITY_WARNING;
  case DiagnosticSeverity::Note:
    return KGPUC_SEVERITY_NOTE;
  case DiagnosticSeverity::Remark:
    return KGPUC_SEVERITY_REMARK;
  }
  return KGPUC_SEVERITY_ERROR;
}

/// Runs one compilation (`file`, or the buffer `source` named `name`).
kgpuc_status compile(kgpuc_options options, const char *file,
                     const char *source, size_t size, const char *name,
                     kgpuc_result *out) {
  if (!out)
    return setError(KGPUC_ERROR_INVALID_ARGUMENT, "the result pointer is null");
  *out = nullptr;
  kgpu::CompilerOptions defaults;
  kgpu::CompilerOptions copy = options ? options->options : defaults;
  copy.toolName = "kgpu";
  if (std::optional<std::string> error = kgpu::checkOptions(copy))
    return setError(KGPUC_ERROR_INVALID_ARGUMENT, *error);

  auto result = std::make_unique<kgpuc_result_t>();
  llvm::raw_string_ostream errs(result->text);
  FailureOr<std::string> output = failure();
  {
    kgpu::CompilerSession session(copy, errs);
    // The caller's threads are the parallelism; no thread pool per call.
    session.getContext().disableMultithreading();
    session.setDiagnosticCallback([&](const kgpu::DiagnosticRecord &record) {
      result->records.push_back(record);
    });
    if (file) {
      output = session.compileFile(file);
    } else {
      std::unique_ptr<llvm::MemoryBuffer> buffer =
          llvm::MemoryBuffer::getMemBufferCopy(StringRef(source, size), name);
      output = session.compile(std::move(buffer), name);
    }
  }
  errs.flush();
  result->succeeded = succeeded(output);
  if (result->succeeded)
    result->data = std::move(*output);
  *out = result.release();
  if ((*out)->succeeded)
    return KGPUC_SUCCESS;
  // Reading the input failed: no located diagnostic, a "cannot ..." one.
  const std::vector<kgpu::DiagnosticRecord> &records = (*out)->records;
  kgpuc_status status = KGPUC_ERROR_COMPILATION;
  if (!records.empty() && records.front().file.empty() &&
      StringRef(records.front().message).starts_with("cannot "))
    status = KGPUC_ERROR_IO;
  std::string message = "compilation failed";
  for (const kgpu::DiagnosticRecord &record : (*out)->records)
    if (record.severity == DiagnosticSeverity::Error) {
      message = record.file.empty()
                    ? record.message
                    : record.file + ":" + std::to_string(record.line) + ":" +
                          std::to_string(record.column) + ": " + record.message;
      break;
    }
  return setError(status, message);
}

} // namespace

extern "C" {

uint32_t kgpuc_version(void) { return KGPUC_API_VERSION; }

const char *kgpuc_last_error_message(void) { return lastError.c_str(); }

const char *kgpuc_status_string(kgpuc_status status) {
  switch (status) {
  case KGPUC_SUCCESS:
    return "KGPUC_SUCCESS";
  case KGPUC_ERROR_INVALID_ARGUMENT:
    return "KGPUC_ERROR_INVALID_ARGUMENT";
  case KGPUC_ERROR_IO:
    return "KGPUC_ERROR_IO";
  case KGPUC_ERROR_COMPILATION:
    return "KGPUC_ERROR_COMPILATION";
  case KGPUC_ERROR_OUT_OF_MEMORY:
    return "KGPUC_ERROR_OUT_OF_MEMORY";
  }
  return "KGPUC_ERROR_UNKNOWN";
}

kgpuc_status kgpuc_options_create(kgpuc_options *out) {
  if (!out)
    return setError(KGPUC_ERROR_INVALID_ARGUMENT,
                    "the options pointer is null");
  *out = new (std::nothrow) kgpuc_options_t();
  if (!*out)
    return setError(KGPUC_ERROR_OUT_OF_MEMORY, "out of memory");
  return KGPUC_SUCCESS;
}

void kgpuc_options_destroy(kgpuc_options options) { delete options; }

kgpuc_status kgpuc_options_set_emit(kgpuc_options options, const char *emit) {
  if (options && !emit)
    return setError(KGPUC_ERROR_INVALID_ARGUMENT, "emit is null");
  return setField(options, &kgpu::CompilerOptions::emit, emit,
                  "kgpuc_options_set_emit");
}

kgpuc_status kgpuc_options_set_targets(kgpuc_options options,
                                       const char *targets) {
  if (!options)
    return setError(KGPUC_ERROR_INVALID_ARGUMENT,
                    "kgpuc_options_set_targets: the options handle is null");
  if (targets)
    options->options.targets = std::string(targets);
  else
    options->options.targets.reset();
  return KGPUC_SUCCESS;
}

kgpuc_status kgpuc_options_set_kernel(kgpuc_options options,
                                      const char *kernel) {
  return setField(options, &kgpu::CompilerOptions::kernel, kernel,
                  "kgpuc_options_set_kernel");
}

kgpuc_status kgpuc_options_set_chip(kgpuc_options options, const char *chip) {
  if (options && (!chip || !*chip))
    return setError(KGPUC_ERROR_INVALID_ARGUMENT, "chip is empty");
  return setField(options, &kgpu::CompilerOptions::chip, chip,
                  "kgpuc_options_set_chip");
}

kgpuc_status kgpuc_options_set_fp_contract(kgpuc_options options,
                                           const char *mode) {
  return setField(options, &kgpu::CompilerOptions::fpContract, mode,
                  "kgpuc_options_set_fp_contract");
}

kgpuc_status kgpuc_options_set_cuda_path(kgpuc_options options,
                                         const char *path) {
  return setField(options, &kgpu::CompilerOptions::cudaPath, path,
                  "kgpuc_options_set_cuda_path");
}

kgpuc_status kgpuc_options_set_language(kgpuc_options options,
                                        const char *language) {
  return setField(options, &kgpu::CompilerOptions::language, language,
                  "kgpuc_options_set_language");
}

kgpuc_status kgpuc_compile_file(kgpuc_options options, const char *path,
                                kgpuc_result *result) {
  if (!path) {
    if (result)
      *result = nullptr;
    return setError(KGPUC_ERROR_INVALID_ARGUMENT, "the path is null");
  }
  return compile(options, path, nullptr, 0, nullptr, result);
}

kgpuc_status kgpuc_compile_buffer(kgpuc_options options, const char *source,
                                  size_t size, const char *name,
                                  kgpuc_result *result) {
  if ((!source && size) || !name) {
    if (result)
      *result = nullptr;
    return setError(KGPUC_ERROR_INVALID_ARGUMENT,
                    !name ? "the name is null" : "the source is null");
  }
  return compile(options, nullptr, source ? source : "", size, name, result);
}

void kgpuc_result_destroy(kgpuc_result result) { delete result; }

int kgpuc_result_succeeded(kgpuc_result result) {
  return result && result->succeeded;
}

const void *kgpuc_result_data(kgpuc_result result, size_t *size) {
  if (!result || !result->succeeded) {
    if (size)
      *size = 0;
    return nullptr;
  }
  if (size)
    *size = result->data.size();
  return result->data.data();
}

size_t kgpuc_result_num_diagnostics(kgpuc_result result) {
  return result ? result->records.size() : 0;
}

kgpuc_status kgpuc_result_diagnostic(kgpuc_result result, size_t index,
                                     kgpuc_diagnostic *out) {
  if (!result || !out)
    return setError(KGPUC_ERROR_INVALID_ARGUMENT,
                    "kgpuc_result_diagnostic: a null handle or pointer");
  if (index >= result->records.size())
    return setError(KGPUC_ERROR_INVALID_ARGUMENT,
                    "kgpuc_result_diagnostic: index " + std::to_string(index) +
                        " is not below " +
                        std::to_string(result->records.size()));
  const kgpu::DiagnosticRecord &record = result->records[index];
  out->file = record.file.c_str();
  out->line = record.line;
  out->column = record.column;
  out->severity = toC(record.severity);
  out->message = record.message.c_str();
  return KGPUC_SUCCESS;
}

const char *kgpuc_result_diagnostic_text(kgpuc_result result) {
  return result ? result->text.c_str() : "";
}

} // extern "C"
