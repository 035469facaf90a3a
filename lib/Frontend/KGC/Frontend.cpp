//===- Frontend.cpp - kgc frontend entry points ---------------------------===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//

#include "kgpu/Frontend/KGC/Frontend.h"
#include "kgpu/Frontend/KGC/Lexer.h"
#include "kgpu/Frontend/KGC/Parser.h"
#include "kgpu/Frontend/KGC/Sema.h"

#include "llvm/Support/SourceMgr.h"

using namespace kgpu::kgc;

static std::unique_ptr<TranslationUnit>
parseImpl(llvm::SourceMgr &sm, unsigned bufferId, DiagnosticEngine &diags) {
  auto tu = std::make_unique<TranslationUnit>(sm, bufferId);
  llvm::StringRef buffer = sm.getMemoryBuffer(bufferId)->getBuffer();
  Lexer lexer(buffer, diags);
  Parser parser(lexer.lexAll(), diags, *tu);
  parser.parseTranslationUnit();
  return tu;
}

std::unique_ptr<TranslationUnit> kgpu::kgc::parseOnly(llvm::SourceMgr &sm,
                                                      unsigned bufferId,
                                                      llvm::raw_ostream &errs,
                                                      unsigned *numErrors) {
  DiagnosticEngine diags(sm, errs);
  auto tu = parseImpl(sm, bufferId, diags);
  if (numErrors)
    *numErrors = diags.getNumErrors();
  return tu;
}

std::unique_ptr<TranslationUnit>
kgpu::kgc::parseAndAnalyze(llvm::SourceMgr &sm, unsigned bufferId,
                           DiagnosticEngine &diags) {
  auto tu = parseImpl(sm, bufferId, diags);
  // Sema only runs on a syntactically valid translation unit: declarations
  // dropped by parser recovery would otherwise cause cascading errors.
  if (!diags.hasErrors())
    analyzeTranslationUnit(*tu, diags);
  if (diags.hasErrors())
    return nullptr;
  return tu;
}

std::unique_ptr<TranslationUnit>
kgpu::kgc::parseAndAnalyze(llvm::SourceMgr &sm, unsigned bufferId,
                           llvm::raw_ostream &errs, unsigned *numErrors) {
  DiagnosticEngine diags(sm, errs);
  auto tu = parseAndAnalyze(sm, bufferId, diags);
  if (numErrors)
    *numErrors = diags.getNumErrors();
  return tu;
}
