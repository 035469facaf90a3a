//===- CorpusTest.cpp - kgc corpus and negative tests ---------------------===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//
//
// Every file of the corpus must type-check with no error. (The rejected
// constructs are lit tests, test/Frontend/KGC/errors-*.kgc, checked with
// --verify-diagnostics.)
//
//===----------------------------------------------------------------------===//

#include "TestUtil.h"

#include "Support/TestFiles.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <gtest/gtest.h>

using namespace kgpu::kgc;
using namespace kgpu::kgc::test;

namespace {

FrontendResult runFile(const std::string &path) {
  auto buf = llvm::MemoryBuffer::getFile(path);
  if (!buf) {
    FrontendResult r;
    r.diags = "cannot read " + path;
    r.numErrors = 1;
    return r;
  }
  return runFrontend((*buf)->getBuffer(), true,
                     llvm::sys::path::filename(path));
}

class CorpusTest : public testing::TestWithParam<std::string> {};

TEST_P(CorpusTest, TypeChecksWithoutErrors) {
  FrontendResult r = runFile(GetParam());
  EXPECT_EQ(r.numErrors, 0u) << r.diags;
  ASSERT_NE(r.tu, nullptr) << r.diags;
  EXPECT_FALSE(r.tu->getKernels().empty());
  // Every expression must be typed: dumping must not print <invalid>.
  std::string dump;
  llvm::raw_string_ostream os(dump);
  r.tu->dump(os);
  EXPECT_EQ(dump.find("<invalid>"), std::string::npos) << dump;
  EXPECT_EQ(dump.find("<null>"), std::string::npos) << dump;
}

INSTANTIATE_TEST_SUITE_P(Corpus, CorpusTest,
                         testing::ValuesIn(::kgpu::test::listKgcCorpus()),
                         ::kgpu::test::fileTestName);

TEST(CorpusSize, AtLeast32Kernels) {
  EXPECT_GE(::kgpu::test::listKgcCorpus().size(), 32u);
}

} // namespace
