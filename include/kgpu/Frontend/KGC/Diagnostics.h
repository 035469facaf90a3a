//===- Diagnostics.h - kgc diagnostics engine -------------------*- C++ -*-===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//
//
// A thin wrapper over llvm::SourceMgr::PrintMessage that counts errors and
// bounds the number of diagnostics printed for one translation unit.
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_FRONTEND_KGC_DIAGNOSTICS_H
#define KGPU_FRONTEND_KGC_DIAGNOSTICS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/SMLoc.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

namespace kgpu::kgc {

/// A resolved source position.
struct SourceLocation {
  llvm::StringRef filename;
  unsigned line = 0;   ///< 1-based; 0 if the location is invalid.
  unsigned column = 0; ///< 1-based; 0 if the location is invalid.
};

/// Resolves `loc` (a pointer into one of `sm`'s buffers) to file/line/column.
SourceLocation getSourceLocation(const llvm::SourceMgr &sm, llvm::SMLoc loc);

/// Collects and prints diagnostics in the `file:line:col: error: message`
/// format followed by the source line and a caret.
class DiagnosticEngine {
public:
  /// Maximum number of errors printed before further diagnostics are dropped
  /// and parsing stops.
  static constexpr unsigned kMaxErrors = 50;

  DiagnosticEngine(llvm::SourceMgr &sm, llvm::raw_ostream &os)
      : sm(sm), os(os) {}

  void error(llvm::SMLoc loc, const llvm::Twine &msg);
  void warning(llvm::SMLoc loc, const llvm::Twine &msg);
  void note(llvm::SMLoc loc, const llvm::Twine &msg);

  unsigned getNumErrors() const { return numErrors; }
  unsigned getNumWarnings() const { return numWarnings; }
  bool hasErrors() const { return numErrors != 0; }
  /// True once kMaxErrors errors have been reported.
  bool tooManyErrors() const { return numErrors >= kMaxErrors; }

  llvm::SourceMgr &getSourceMgr() { return sm; }

private:
  llvm::SourceMgr &sm;
  llvm::raw_ostream &os;
  unsigned numErrors = 0;
  unsigned numWarnings = 0;
  bool suppressNotes = false;
};

} // namespace kgpu::kgc

#endif // KGPU_FRONTEND_KGC_DIAGNOSTICS_H
