//===- CompilerSessionTest.cpp - the compiler driver as a library ---------===//
//
// Compilations in one process do not see each other's options: two
// sessions with different contraction and chip settings, on two threads at
// once, give exactly the PTX that separate kgpu-translate processes give,
// and no process-wide LLVM option is written. A bundle lowers the kgpu
// level to the GPU form once.
//
//===----------------------------------------------------------------------===//

#include "kgpu/Driver/CompilerSession.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <thread>

using namespace mlir;

namespace {

constexpr const char *kSaxpy = R"(
kernel void saxpy(global float* y, global const float* x, float a) {
  int i = global_id(0);
  y[i] = a * x[i] + y[i];
}
)";

struct Result {
  bool ok = false;
  std::string output, errors;
};

Result compileInProcess(kgpu::CompilerOptions options, StringRef source,
                        StringRef name = "saxpy.kgc") {
  Result result;
  llvm::raw_string_ostream errs(result.errors);
  kgpu::CompilerSession session(std::move(options), errs);
  FailureOr<std::string> output =
      session.compile(llvm::MemoryBuffer::getMemBufferCopy(source, name));
  result.ok = succeeded(output);
  if (result.ok)
    result.output = std::move(*output);
  return result;
}

/// kgpu-translate in its own process.
std::string compileInSubprocess(ArrayRef<StringRef> flags, StringRef source) {
  llvm::SmallString<128> input, output;
  EXPECT_FALSE(llvm::sys::fs::createTemporaryFile("saxpy", "kgc", input));
  EXPECT_FALSE(llvm::sys::fs::createTemporaryFile("saxpy", "ptx", output));
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(input, ec);
    os << source;
  }
  SmallVector<StringRef> args = {KGPU_TRANSLATE, input, "-o", output};
  llvm::append_range(args, flags);
  EXPECT_EQ(llvm::sys::ExecuteAndWait(KGPU_TRANSLATE, args), 0);
  auto buffer = llvm::MemoryBuffer::getFile(output);
  EXPECT_TRUE(bool(buffer));
  std::string text = buffer ? (*buffer)->getBuffer().str() : "";
  llvm::sys::fs::remove(input);
  llvm::sys::fs::remove(output);
  return text;
}

kgpu::CompilerOptions ptxOptions(StringRef fpContract, StringRef chip) {
  kgpu::CompilerOptions options;
  options.emit = "ptx";
  options.fpContract = fpContract.str();
  options.chip = chip.str();
  return options;
}

TEST(CompilerSession, TwoThreadsDifferentOptionsMatchSeparateProcesses) {
  std::string expectedOn =
      compileInSubprocess({"--emit=ptx", "--fp-contract=on"}, kSaxpy);
  std::string expectedOff = compileInSubprocess(
      {"--emit=ptx", "--fp-contract=off", "--chip=sm_80"}, kSaxpy);
  ASSERT_NE(expectedOn.find("fma.rn.f32"), std::string::npos);
  ASSERT_EQ(expectedOff.find("fma.rn.f32"), std::string::npos);
  ASSERT_NE(expectedOff.find(".target sm_80"), std::string::npos);

  for (int round = 0; round < 3; ++round) {
    Result on, off;
    std::thread a(
        [&] { on = compileInProcess(ptxOptions("on", "sm_90a"), kSaxpy); });
    std::thread b(
        [&] { off = compileInProcess(ptxOptions("off", "sm_80"), kSaxpy); });
    a.join();
    b.join();
    ASSERT_TRUE(on.ok) << on.errors;
    ASSERT_TRUE(off.ok) << off.errors;
    EXPECT_EQ(on.output, expectedOn);
    EXPECT_EQ(off.output, expectedOff);
  }
  // Nothing was written to LLVM's process-wide options.
  auto &registered = llvm::cl::getRegisteredOptions();
  for (StringRef name :
       {"nvptx-fma-level", "nvvm-reflect-add", "nvptx-prec-sqrtf32"}) {
    auto it = registered.find(name);
    if (it != registered.end())
      EXPECT_EQ(it->second->getNumOccurrences(), 0) << name.str();
  }
}

TEST(CompilerSession, BundleLowersToTheGPUFormOnce) {
  kgpu::CompilerOptions options;
  options.targets = "cuda,vulkan,cpu";
  std::string errors;
  llvm::raw_string_ostream errs(errors);
  kgpu::CompilerSession session(options, errs);
  FailureOr<std::string> bundle = session.compile(
      llvm::MemoryBuffer::getMemBufferCopy(kSaxpy, "saxpy.kgc"));
  ASSERT_TRUE(succeeded(bundle)) << errors;
  EXPECT_EQ(session.getNumGPUFormRuns(), 1u);
  EXPECT_EQ(bundle->substr(0, 4), "KGPU");
}

TEST(CompilerSession, BadInputIsAnErrorWithALocation) {
  kgpu::CompilerOptions options;
  std::vector<kgpu::DiagnosticRecord> records;
  std::string errors;
  llvm::raw_string_ostream errs(errors);
  kgpu::CompilerSession session(options, errs);
  session.setDiagnosticCallback(
      [&](const kgpu::DiagnosticRecord &r) { records.push_back(r); });
  FailureOr<std::string> out = session.compile(
      llvm::MemoryBuffer::getMemBufferCopy("kernel void k( {", "bad.kgc"));
  EXPECT_TRUE(failed(out));
  ASSERT_FALSE(records.empty()) << errors;
  EXPECT_EQ(records.front().file, "bad.kgc");
  EXPECT_EQ(records.front().line, 1u);
  EXPECT_EQ(records.front().severity, DiagnosticSeverity::Error);
  EXPECT_NE(errors.find("bad.kgc:1:"), std::string::npos);
}

} // namespace
