//===- CompilerAPITest.cpp - the compiler C API ---------------------------===//
//
// libkgpu_compiler through its C header: bundles from buffers and files,
// bad input of every kind (a clear error, no crash), and eight threads
// compiling different kernels at once, each getting what a compilation on
// its own gets.
//
//===----------------------------------------------------------------------===//

#include "kgpu-c/Compiler.h"

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <thread>
#include <vector>

namespace {

struct Compiled {
  kgpuc_status status = KGPUC_SUCCESS;
  std::string data, text;
  std::vector<std::string> messages;
};

Compiled compile(const std::string &source, const char *name,
                 const char *emit = "bundle",
                 const char *targets = "vulkan,cpu") {
  kgpuc_options options = nullptr;
  EXPECT_EQ(kgpuc_options_create(&options), KGPUC_SUCCESS);
  EXPECT_EQ(kgpuc_options_set_emit(options, emit), KGPUC_SUCCESS);
  EXPECT_EQ(kgpuc_options_set_targets(options, targets), KGPUC_SUCCESS);
  kgpuc_result result = nullptr;
  Compiled out;
  out.status = kgpuc_compile_buffer(options, source.data(), source.size(), name,
                                    &result);
  if (result) {
    size_t size = 0;
    if (const void *data = kgpuc_result_data(result, &size))
      out.data.assign(static_cast<const char *>(data), size);
    out.text = kgpuc_result_diagnostic_text(result);
    for (size_t i = 0; i < kgpuc_result_num_diagnostics(result); ++i) {
      kgpuc_diagnostic diag;
      EXPECT_EQ(kgpuc_result_diagnostic(result, i, &diag), KGPUC_SUCCESS);
      out.messages.push_back(std::string(diag.file) + ":" +
                             std::to_string(diag.line) + ":" +
                             std::to_string(diag.column) + ": " + diag.message);
    }
  }
  kgpuc_result_destroy(result);
  kgpuc_options_destroy(options);
  return out;
}

std::string kernel(int i) {
  return "kernel void scale" + std::to_string(i) +
         "(global float* y, global const float* x, float a) {\n"
         "  int i = global_id(0);\n"
         "  y[i] = a * x[i] + " +
         std::to_string(i) + ".0f;\n}\n";
}

TEST(CompilerCAPI, EightThreadsCompileDifferentKernels) {
  constexpr int kThreads = 8;
  // Each kernel on its own first: the reference.
  std::vector<std::string> expected(kThreads);
  for (int i = 0; i < kThreads; ++i) {
    Compiled alone = compile(kernel(i), "k.kgc", "ptx");
    ASSERT_EQ(alone.status, KGPUC_SUCCESS) << alone.text;
    expected[i] = alone.data;
  }
  std::vector<Compiled> ptx(kThreads), bundles(kThreads);
  std::vector<std::thread> threads;
  for (int i = 0; i < kThreads; ++i)
    threads.emplace_back([&, i] {
      ptx[i] = compile(kernel(i), "k.kgc", "ptx");
      bundles[i] = compile(kernel(i), "k.kgc");
    });
  for (std::thread &thread : threads)
    thread.join();
  for (int i = 0; i < kThreads; ++i) {
    ASSERT_EQ(ptx[i].status, KGPUC_SUCCESS) << ptx[i].text;
    EXPECT_EQ(ptx[i].data, expected[i]);
    ASSERT_EQ(bundles[i].status, KGPUC_SUCCESS) << bundles[i].text;
    EXPECT_EQ(bundles[i].data.compare(0, 8, "KGPUBNDL"), 0);
    EXPECT_NE(bundles[i].data.find("\"scale" + std::to_string(i) + "\""),
              std::string::npos);
  }
}

TEST(CompilerCAPI, SyntaxErrorHasItsLocation) {
  Compiled out = compile("kernel void k(global float* p {\n}\n", "bad.kgc");
  EXPECT_EQ(out.status, KGPUC_ERROR_COMPILATION);
  EXPECT_TRUE(out.data.empty());
  ASSERT_FALSE(out.messages.empty());
  EXPECT_EQ(out.messages.front().rfind("bad.kgc:1:", 0), 0u)
      << out.messages.front();
  EXPECT_NE(out.text.find("bad.kgc:1:"), std::string::npos);
  EXPECT_NE(out.text.find("^"), std::string::npos) << out.text;
}

TEST(CompilerCAPI, MLIRErrorsAreRecords) {
  Compiled out = compile("func.func @k( {", "bad.mlir");
  EXPECT_EQ(out.status, KGPUC_ERROR_COMPILATION);
  ASSERT_FALSE(out.messages.empty()) << out.text;
  EXPECT_EQ(out.messages.front().rfind("bad.mlir:1:", 0), 0u);
}

TEST(CompilerCAPI, TargetErrorsAreRecords) {
  // A private array past the Vulkan limit: no Vulkan payload; named, that
  // is an error.
  const char *source =
      "kernel void g(global float* C, int n) {\n"
      "  float a[8192];\n"
      "  a[n] = 1.0f;\n"
      "  C[0] = a[n + 1];\n}\n";
  Compiled out = compile(source, "big.kgc", "bundle", "vulkan");
  EXPECT_EQ(out.status, KGPUC_ERROR_COMPILATION);
  bool located = false;
  for (const std::string &message : out.messages)
    located |=
        message.rfind("big.kgc:", 0) == 0 &&
        message.find("of the Vulkan (SPIR-V) target") != std::string::npos;
  EXPECT_TRUE(located) << out.text;
}

// The runtime's error model (kgpu/runtime.h): the message is the calling
// thread's last failure, and calls that succeed leave it.
TEST(CompilerCAPI, LastErrorIsTheLastFailure) {
  kgpuc_options options = nullptr;
  ASSERT_EQ(kgpuc_options_create(&options), KGPUC_SUCCESS);
  EXPECT_EQ(kgpuc_options_set_emit(nullptr, "bundle"),
            KGPUC_ERROR_INVALID_ARGUMENT);
  std::string message = kgpuc_last_error_message();
  EXPECT_NE(message.find("kgpuc_options_set_emit"), std::string::npos);
  EXPECT_EQ(kgpuc_options_set_kernel(options, "k"), KGPUC_SUCCESS);
  EXPECT_EQ(kgpuc_options_set_targets(options, "cpu"), KGPUC_SUCCESS);
  kgpuc_options other = nullptr;
  EXPECT_EQ(kgpuc_options_create(&other), KGPUC_SUCCESS);
  EXPECT_EQ(kgpuc_last_error_message(), message);
  kgpuc_options_destroy(other);
  kgpuc_options_destroy(options);
  EXPECT_STREQ(kgpuc_status_string(static_cast<kgpuc_status>(99)),
               "KGPUC_ERROR_UNKNOWN");
}

TEST(CompilerCAPI, BadInputsAreErrors) {
  // Garbage bytes, an empty buffer, an unknown language, a bad option.
  std::string garbage(4096, '\0');
  for (size_t i = 0; i < garbage.size(); ++i)
    garbage[i] = static_cast<char>((i * 131 + 7) & 0xff);
  EXPECT_EQ(compile(garbage, "garbage.kgc").status, KGPUC_ERROR_COMPILATION);
  EXPECT_EQ(compile(garbage, "garbage.mlir").status, KGPUC_ERROR_COMPILATION);
  EXPECT_NE(compile("", "empty.kgc").status, KGPUC_SUCCESS);
  Compiled unknown = compile(kernel(1), "k.cpp");
  EXPECT_EQ(unknown.status, KGPUC_ERROR_IO);
  EXPECT_NE(unknown.text.find("cannot tell the language"), std::string::npos);
  Compiled badEmit = compile(kernel(1), "k.kgc", "nonsense");
  EXPECT_EQ(badEmit.status, KGPUC_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(kgpuc_last_error_message()).find("--emit"),
            std::string::npos);
  Compiled badTarget = compile(kernel(1), "k.kgc", "bundle", "gpu9000");
  EXPECT_EQ(badTarget.status, KGPUC_ERROR_COMPILATION);
  EXPECT_NE(badTarget.text.find("unknown target 'gpu9000'"), std::string::npos);

  kgpuc_options options = nullptr;
  ASSERT_EQ(kgpuc_options_create(&options), KGPUC_SUCCESS);
  EXPECT_EQ(kgpuc_options_set_chip(options, "sm_1"), KGPUC_SUCCESS);
  kgpuc_result result = nullptr;
  EXPECT_EQ(kgpuc_compile_buffer(options, "x", 1, "x.kgc", &result),
            KGPUC_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(result, nullptr);
  EXPECT_NE(std::string(kgpuc_last_error_message()).find("--chip='sm_1'"),
            std::string::npos);
  EXPECT_EQ(kgpuc_compile_file(options, nullptr, &result),
            KGPUC_ERROR_INVALID_ARGUMENT);
  kgpuc_options_destroy(options);
  EXPECT_EQ(kgpuc_options_create(nullptr), KGPUC_ERROR_INVALID_ARGUMENT);
  EXPECT_STREQ(kgpuc_status_string(KGPUC_ERROR_IO), "KGPUC_ERROR_IO");
}

} // namespace
