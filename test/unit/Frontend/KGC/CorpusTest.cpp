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

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <gtest/gtest.h>

using namespace kgpu::kgc;
using namespace kgpu::kgc::test;

namespace {

std::vector<std::string> listKgcFiles(llvm::StringRef dir) {
  std::vector<std::string> files;
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(dir, ec), end; it != end && !ec;
       it.increment(ec))
    if (llvm::sys::path::extension(it->path()) == ".kgc")
      files.push_back(it->path());
  std::sort(files.begin(), files.end());
  return files;
}

std::string testName(const testing::TestParamInfo<std::string> &info) {
  std::string name = llvm::sys::path::stem(info.param).str();
  for (char &c : name)
    if (!llvm::isAlnum(c))
      c = '_';
  return name;
}

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
                         testing::ValuesIn(listKgcFiles(KGC_CORPUS_DIR)),
                         testName);

TEST(CorpusSize, AtLeast32Kernels) {
  EXPECT_GE(listKgcFiles(KGC_CORPUS_DIR).size(), 32u);
}

} // namespace
