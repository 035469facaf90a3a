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

#include <memory>
#include <vector>

namespace kgpu::kgc {

/// A resolved source position.
struct SourceLocation {
  llvm::StringRef filename;
  unsigned line = 0;   ///< 1-based; 0 if the location is invalid.
  unsigned column = 0; ///< 1-based; 0 if the location is invalid.
};

/// Resolves `loc` (a pointer into one of `sm`'s buffers) to file/line/column.
/// Lines end at "\n", "\r\n" or a lone "\r"; columns count bytes from the
/// start of the line (a UTF-8 byte-order mark at the start of the buffer is
/// not counted). This scans the buffer; use SourceLineTable for many lookups.
SourceLocation getSourceLocation(const llvm::SourceMgr &sm, llvm::SMLoc loc);

/// The line structure of one source buffer, with the line-ending rules of
/// getSourceLocation, built once (linear time) for fast lookups.
class SourceLineTable {
public:
  explicit SourceLineTable(llvm::StringRef buffer);

  bool contains(const char *p) const {
    return p >= buffer.begin() && p <= buffer.end();
  }
  /// 1-based line and column of `p`, which must satisfy contains(p).
  std::pair<unsigned, unsigned> getLineAndColumn(const char *p) const;
  /// The text of 1-based line `line`, without its terminator.
  llvm::StringRef getLineText(unsigned line) const;

private:
  llvm::StringRef buffer;
  /// Offset of the first byte of each line.
  std::vector<size_t> lineStarts;
};

/// Collects and prints diagnostics in the `file:line:col: error: message`
/// format followed by the source line and a caret. A source line longer than
/// kMaxEchoedLine bytes is echoed as a window around the column, with "..."
/// where it is clipped, so that the caret stays under the right character.
class DiagnosticEngine {
public:
  /// Longest source line echoed in full under a diagnostic.
  static constexpr unsigned kMaxEchoedLine = 160;

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

  /// getSourceLocation() through a line table cached per buffer.
  SourceLocation getLocation(llvm::SMLoc loc);

private:
  void print(llvm::SMLoc loc, llvm::SourceMgr::DiagKind kind,
             const llvm::Twine &msg);
  const SourceLineTable &getLineTable(unsigned bufId);

  llvm::SourceMgr &sm;
  llvm::raw_ostream &os;
  unsigned numErrors = 0;
  unsigned numWarnings = 0;
  bool suppressNotes = false;
  std::vector<std::unique_ptr<SourceLineTable>> lineTables;
};

} // namespace kgpu::kgc

#endif // KGPU_FRONTEND_KGC_DIAGNOSTICS_H
