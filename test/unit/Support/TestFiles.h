//===- TestFiles.h - file-driven GoogleTests --------------------*- C++ -*-===//
//
// Shared by the unit tests that run once per input file (the kgc corpus
// through the frontend, through the SPIR-V target): the sorted list of the
// inputs and a test name per file. LLVM Support and GoogleTest only, so
// that MLIR-free tests (kgc's) can use it. The KgpuUnitTestSupport target
// (test/unit/CMakeLists.txt) provides the include path and
// KGPU_KGC_CORPUS_DIR.
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_TEST_UNIT_SUPPORT_TESTFILES_H
#define KGPU_TEST_UNIT_SUPPORT_TESTFILES_H

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace kgpu {
namespace test {

/// The files of `dir` whose name ends in `extension` (".kgc"), sorted.
inline std::vector<std::string> listFiles(llvm::StringRef dir,
                                          llvm::StringRef extension) {
  std::vector<std::string> files;
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(dir, ec), end; it != end && !ec;
       it.increment(ec))
    if (llvm::sys::path::extension(it->path()) == extension)
      files.push_back(it->path());
  std::sort(files.begin(), files.end());
  return files;
}

#ifdef KGPU_KGC_CORPUS_DIR
/// The kernels of the kgc corpus (test/Frontend/KGC/corpus), sorted.
inline std::vector<std::string> listKgcCorpus() {
  return listFiles(KGPU_KGC_CORPUS_DIR, ".kgc");
}
#endif

/// The name of the test of one file (INSTANTIATE_TEST_SUITE_P's name
/// generator): the file's stem, with every character GoogleTest does not
/// allow in a name replaced by '_'.
inline std::string
fileTestName(const testing::TestParamInfo<std::string> &info) {
  std::string name = llvm::sys::path::stem(info.param).str();
  std::replace_if(
      name.begin(), name.end(), [](char c) { return !llvm::isAlnum(c); }, '_');
  return name;
}

} // namespace test
} // namespace kgpu

#endif // KGPU_TEST_UNIT_SUPPORT_TESTFILES_H
