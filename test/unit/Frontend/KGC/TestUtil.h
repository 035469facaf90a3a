//===- TestUtil.h - helpers for kgc frontend unit tests ---------*- C++ -*-===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_TEST_UNIT_FRONTEND_KGC_TESTUTIL_H
#define KGPU_TEST_UNIT_FRONTEND_KGC_TESTUTIL_H

#include "kgpu/Frontend/KGC/AST.h"
#include "kgpu/Frontend/KGC/Frontend.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <string>

namespace kgpu::kgc::test {

/// The result of running the frontend on a string.
struct FrontendResult {
  std::unique_ptr<llvm::SourceMgr> sm;
  std::unique_ptr<TranslationUnit> tu;
  std::string diags;
  unsigned numErrors = 0;

  /// The first "line:col: error: message" (without the file name).
  std::string firstError() const {
    size_t pos = diags.find(": error: ");
    if (pos == std::string::npos)
      return "";
    size_t lineStart = diags.rfind('\n', pos);
    lineStart = lineStart == std::string::npos ? 0 : lineStart + 1;
    std::string line =
        diags.substr(lineStart, diags.find('\n', pos) - lineStart);
    // Strip "file:".
    size_t colon = line.find(':');
    return colon == std::string::npos ? line : line.substr(colon + 1);
  }
};

inline FrontendResult runFrontend(llvm::StringRef source, bool analyze = true,
                                  llvm::StringRef name = "test.kgc") {
  FrontendResult r;
  r.sm = std::make_unique<llvm::SourceMgr>();
  unsigned id = r.sm->AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(source, name), llvm::SMLoc());
  llvm::raw_string_ostream os(r.diags);
  if (analyze)
    r.tu = parseAndAnalyze(*r.sm, id, os, &r.numErrors);
  else
    r.tu = parseOnly(*r.sm, id, os, &r.numErrors);
  return r;
}

/// Returns the body statements of the function named `name`.
inline llvm::ArrayRef<Stmt *> getBody(const TranslationUnit &tu,
                                      llvm::StringRef name) {
  FunctionDecl *fn = tu.lookupFunction(name);
  if (!fn || !fn->getBody())
    return {};
  return fn->getBody()->getBody();
}

/// Returns the initializer of the variable declared by statement `index` of
/// function `fn` (which must be a single-variable DeclStmt).
inline Expr *getInit(const TranslationUnit &tu, llvm::StringRef fn,
                     unsigned index) {
  auto body = getBody(tu, fn);
  if (index >= body.size())
    return nullptr;
  auto *ds = llvm::dyn_cast<DeclStmt>(body[index]);
  if (!ds || ds->getDecls().empty())
    return nullptr;
  return ds->getDecls()[0]->getInit();
}

} // namespace kgpu::kgc::test

#endif // KGPU_TEST_UNIT_FRONTEND_KGC_TESTUTIL_H
