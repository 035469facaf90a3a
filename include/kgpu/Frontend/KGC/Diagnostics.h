//===- Diagnostics.h - kgc diagnostics engine -------------------*- C++ -*-===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//
//
// The lexer, parser and Sema report through a DiagnosticEngine, which counts
// errors, bounds their number and hands each diagnostic to a
// DiagnosticConsumer. This header depends only on LLVM Support (the kgc
// fuzzer links nothing else): the consumer that turns diagnostics into MLIR
// diagnostics (FileLineColLoc, MLIRContext::getDiagEngine()) lives on the MLIR
// side, in MLIRDiagnostics.h; TextDiagnosticPrinter prints them directly.
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
  /// The position of 1-based `line` and `column` (the inverse of
  /// getLineAndColumn; a column past the end of the line is clamped to it),
  /// or null if there is no such line.
  const char *getPointer(unsigned line, unsigned column) const;

private:
  llvm::StringRef buffer;
  /// Offset of the first byte of each line.
  std::vector<size_t> lineStarts;
};

/// The line tables of the buffers of one SourceMgr, built on first use.
class SourceLocator {
public:
  explicit SourceLocator(const llvm::SourceMgr &sm) : sm(sm) {}

  /// getSourceLocation() through the cached line table of loc's buffer.
  SourceLocation getLocation(llvm::SMLoc loc);
  /// The line table of buffer `bufId` (1-based, as SourceMgr numbers them).
  const SourceLineTable &getLineTable(unsigned bufId);
  const llvm::SourceMgr &getSourceMgr() const { return sm; }

private:
  const llvm::SourceMgr &sm;
  std::vector<std::unique_ptr<SourceLineTable>> lineTables;
};

/// Prints one diagnostic at `loc` (a pointer into buffer `bufId` of `sm`,
/// whose line table is `table`) as `file:line:col: error: message`, the
/// source line and a caret. A source line longer than kMaxEchoedLine bytes is
/// echoed as a window around the column, with "..." where it is clipped, so
/// that the caret stays under the right character. Without a buffer
/// (`bufId` 0) only the message is printed.
void printSourceDiagnostic(llvm::raw_ostream &os, const llvm::SourceMgr &sm,
                           unsigned bufId, const SourceLineTable *table,
                           llvm::SMLoc loc, llvm::SourceMgr::DiagKind kind,
                           const llvm::Twine &msg);

/// Longest source line echoed in full under a diagnostic.
inline constexpr unsigned kMaxEchoedLine = 160;

/// Receives the diagnostics a DiagnosticEngine lets through: each error or
/// warning, followed by its notes.
class DiagnosticConsumer {
public:
  virtual ~DiagnosticConsumer();
  /// One diagnostic at `loc`, which `where` resolves (line 0 if `loc` is not
  /// in a buffer of the SourceMgr).
  virtual void report(llvm::SMLoc loc, const SourceLocation &where,
                      llvm::SourceMgr::DiagKind kind,
                      const llvm::Twine &msg) = 0;
  /// No more diagnostics follow (a consumer may hold the last one to attach
  /// its notes).
  virtual void finish() {}
};

/// Prints every diagnostic with printSourceDiagnostic().
class TextDiagnosticPrinter : public DiagnosticConsumer {
public:
  TextDiagnosticPrinter(const llvm::SourceMgr &sm, llvm::raw_ostream &os)
      : locator(sm), os(os) {}
  void report(llvm::SMLoc loc, const SourceLocation &where,
              llvm::SourceMgr::DiagKind kind, const llvm::Twine &msg) override;

private:
  SourceLocator locator;
  llvm::raw_ostream &os;
};

/// Counts errors, stops after kMaxErrors and passes the diagnostics on to a
/// DiagnosticConsumer: a TextDiagnosticPrinter on `os`, or the consumer
/// given (for kgpu-translate, the one that reports through MLIR).
class DiagnosticEngine {
public:
  /// Longest source line echoed in full under a diagnostic.
  static constexpr unsigned kMaxEchoedLine = kgc::kMaxEchoedLine;

  /// Maximum number of errors printed before further diagnostics are dropped
  /// and parsing stops.
  static constexpr unsigned kMaxErrors = 50;

  /// Prints the diagnostics to `os` (TextDiagnosticPrinter).
  DiagnosticEngine(llvm::SourceMgr &sm, llvm::raw_ostream &os);
  /// Hands the diagnostics to `consumer`, which must outlive the engine.
  DiagnosticEngine(llvm::SourceMgr &sm, DiagnosticConsumer &consumer);
  /// Calls the consumer's finish().
  ~DiagnosticEngine();

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
  SourceLocation getLocation(llvm::SMLoc loc) {
    return locator.getLocation(loc);
  }

private:
  void report(llvm::SMLoc loc, llvm::SourceMgr::DiagKind kind,
              const llvm::Twine &msg);

  llvm::SourceMgr &sm;
  SourceLocator locator;
  std::unique_ptr<DiagnosticConsumer> ownedConsumer;
  DiagnosticConsumer &consumer;
  unsigned numErrors = 0;
  unsigned numWarnings = 0;
  bool suppressNotes = false;
};

} // namespace kgpu::kgc

#endif // KGPU_FRONTEND_KGC_DIAGNOSTICS_H
