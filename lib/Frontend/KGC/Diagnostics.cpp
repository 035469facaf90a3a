//===- Diagnostics.cpp - kgc diagnostics engine ---------------------------===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//

#include "kgpu/Frontend/KGC/Diagnostics.h"

using namespace kgpu::kgc;

SourceLocation kgpu::kgc::getSourceLocation(const llvm::SourceMgr &sm,
                                            llvm::SMLoc loc) {
  SourceLocation result;
  if (!loc.isValid())
    return result;
  unsigned bufId = sm.FindBufferContainingLoc(loc);
  if (bufId == 0)
    return result;
  result.filename = sm.getMemoryBuffer(bufId)->getBufferIdentifier();
  auto lineCol = sm.getLineAndColumn(loc, bufId);
  result.line = lineCol.first;
  result.column = lineCol.second;
  return result;
}

void DiagnosticEngine::error(llvm::SMLoc loc, const llvm::Twine &msg) {
  if (numErrors >= kMaxErrors) {
    suppressNotes = true;
    return;
  }
  ++numErrors;
  suppressNotes = false;
  sm.PrintMessage(os, loc, llvm::SourceMgr::DK_Error, msg);
  if (numErrors == kMaxErrors)
    sm.PrintMessage(os, loc, llvm::SourceMgr::DK_Note,
                    "too many errors emitted, stopping now");
}

void DiagnosticEngine::warning(llvm::SMLoc loc, const llvm::Twine &msg) {
  if (numErrors >= kMaxErrors) {
    suppressNotes = true;
    return;
  }
  ++numWarnings;
  suppressNotes = false;
  sm.PrintMessage(os, loc, llvm::SourceMgr::DK_Warning, msg);
}

void DiagnosticEngine::note(llvm::SMLoc loc, const llvm::Twine &msg) {
  if (suppressNotes)
    return;
  sm.PrintMessage(os, loc, llvm::SourceMgr::DK_Note, msg);
}
