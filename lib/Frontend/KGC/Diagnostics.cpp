//===- Diagnostics.cpp - kgc diagnostics engine ---------------------------===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//

#include "kgpu/Frontend/KGC/Diagnostics.h"

#include "llvm/Support/WithColor.h"

#include <algorithm>

using namespace kgpu::kgc;

/// Length of the UTF-8 byte-order mark at the start of `buffer` (0 or 3).
static size_t getBOMLength(llvm::StringRef buffer) {
  return buffer.starts_with("\xEF\xBB\xBF") ? 3 : 0;
}

SourceLineTable::SourceLineTable(llvm::StringRef buffer) : buffer(buffer) {
  lineStarts.push_back(getBOMLength(buffer));
  const char *data = buffer.data();
  size_t n = buffer.size();
  for (size_t i = lineStarts[0]; i < n; ++i) {
    char c = data[i];
    if (c == '\n') {
      lineStarts.push_back(i + 1);
    } else if (c == '\r') {
      if (i + 1 < n && data[i + 1] == '\n')
        ++i;
      lineStarts.push_back(i + 1);
    }
  }
}

std::pair<unsigned, unsigned>
SourceLineTable::getLineAndColumn(const char *p) const {
  size_t offset = p - buffer.begin();
  // The last line start <= offset (a BOM belongs to line 1, column 1).
  auto it = std::upper_bound(lineStarts.begin(), lineStarts.end(), offset);
  size_t line = it == lineStarts.begin() ? 1 : it - lineStarts.begin();
  size_t start = lineStarts[line - 1];
  size_t column = offset >= start ? offset - start + 1 : 1;
  return {(unsigned)line, (unsigned)std::min<size_t>(column, UINT32_MAX)};
}

llvm::StringRef SourceLineTable::getLineText(unsigned line) const {
  if (line == 0 || line > lineStarts.size())
    return {};
  size_t start = lineStarts[line - 1];
  size_t end = line < lineStarts.size() ? lineStarts[line] : buffer.size();
  llvm::StringRef text = buffer.slice(start, end);
  if (text.ends_with("\n"))
    text = text.drop_back();
  if (text.ends_with("\r"))
    text = text.drop_back();
  return text;
}

const char *SourceLineTable::getPointer(unsigned line, unsigned column) const {
  if (line == 0 || line > lineStarts.size())
    return nullptr;
  llvm::StringRef text = getLineText(line);
  size_t offset = std::min<size_t>(column ? column - 1 : 0, text.size());
  return buffer.data() + lineStarts[line - 1] + offset;
}

SourceLocation kgpu::kgc::getSourceLocation(const llvm::SourceMgr &sm,
                                            llvm::SMLoc loc) {
  SourceLocation result;
  if (!loc.isValid())
    return result;
  unsigned bufId = sm.FindBufferContainingLoc(loc);
  if (bufId == 0)
    return result;
  llvm::StringRef buffer = sm.getMemoryBuffer(bufId)->getBuffer();
  result.filename = sm.getMemoryBuffer(bufId)->getBufferIdentifier();
  // One scan up to `loc`, with the SourceLineTable rules.
  const char *p = loc.getPointer();
  size_t lineStart = getBOMLength(buffer);
  unsigned line = 1;
  for (size_t i = lineStart, e = p - buffer.begin(); i < e; ++i) {
    char c = buffer[i];
    if (c == '\n' || c == '\r') {
      if (c == '\r' && i + 1 < buffer.size() && buffer[i + 1] == '\n') {
        if (i + 1 == e)
          break; // `loc` is the '\n' of a "\r\n": still this line.
        ++i;
      }
      ++line;
      lineStart = i + 1;
    }
  }
  size_t offset = p - buffer.begin();
  result.line = line;
  result.column = offset >= lineStart ? offset - lineStart + 1 : 1;
  return result;
}

const SourceLineTable &SourceLocator::getLineTable(unsigned bufId) {
  if (lineTables.size() <= bufId)
    lineTables.resize(bufId + 1);
  if (!lineTables[bufId])
    lineTables[bufId] = std::make_unique<SourceLineTable>(
        sm.getMemoryBuffer(bufId)->getBuffer());
  return *lineTables[bufId];
}

SourceLocation SourceLocator::getLocation(llvm::SMLoc loc) {
  SourceLocation result;
  if (!loc.isValid())
    return result;
  unsigned bufId = sm.FindBufferContainingLoc(loc);
  if (bufId == 0)
    return result;
  result.filename = sm.getMemoryBuffer(bufId)->getBufferIdentifier();
  auto lineCol = getLineTable(bufId).getLineAndColumn(loc.getPointer());
  result.line = lineCol.first;
  result.column = lineCol.second;
  return result;
}

void kgpu::kgc::printSourceDiagnostic(llvm::raw_ostream &os,
                                      const llvm::SourceMgr &sm, unsigned bufId,
                                      const SourceLineTable *table,
                                      llvm::SMLoc loc,
                                      llvm::SourceMgr::DiagKind kind,
                                      const llvm::Twine &msg) {
  if (bufId == 0 || !table) {
    sm.PrintMessage(os, llvm::SMLoc(), kind, msg);
    return;
  }
  auto [line, column] = table->getLineAndColumn(loc.getPointer());
  llvm::StringRef text = table->getLineText(line);
  // Clip a long line to a window around the column, keeping the caret under
  // the same character.
  size_t col0 = std::min<size_t>(column - 1, text.size());
  std::string shown;
  size_t caret = col0;
  if (text.size() > kMaxEchoedLine) {
    size_t half = kMaxEchoedLine / 2;
    size_t begin = col0 > half ? col0 - half : 0;
    size_t end = std::min(text.size(), begin + kMaxEchoedLine);
    if (end - begin < kMaxEchoedLine)
      begin = end > kMaxEchoedLine ? end - kMaxEchoedLine : 0;
    // Never cut a UTF-8 sequence (only possible inside comments).
    while (begin > 0 && begin < text.size() &&
           ((unsigned char)text[begin] & 0xC0) == 0x80)
      --begin;
    while (end < text.size() && ((unsigned char)text[end] & 0xC0) == 0x80)
      ++end;
    if (begin > 0)
      shown = "...";
    caret = shown.size() + (col0 - begin);
    shown += text.slice(begin, end).str();
    if (end < text.size())
      shown += "...";
  } else {
    shown = text.str();
  }
  llvm::StringRef filename = sm.getMemoryBuffer(bufId)->getBufferIdentifier();
  {
    llvm::WithColor s(os, llvm::raw_ostream::SAVEDCOLOR, /*Bold=*/true);
    s << (filename == "-" ? llvm::StringRef("<stdin>") : filename) << ':'
      << line << ':' << column << ": ";
  }
  llvm::SMDiagnostic diag(sm, loc, filename, line, caret, kind, msg.str(),
                          shown, {});
  diag.print(nullptr, os, /*ShowColors=*/true, /*ShowKindLabel=*/true,
             /*ShowLocation=*/false);
}

DiagnosticConsumer::~DiagnosticConsumer() = default;

void TextDiagnosticPrinter::report(llvm::SMLoc loc, const SourceLocation &,
                                   llvm::SourceMgr::DiagKind kind,
                                   const llvm::Twine &msg) {
  const llvm::SourceMgr &sm = locator.getSourceMgr();
  unsigned bufId = loc.isValid() ? sm.FindBufferContainingLoc(loc) : 0;
  if (bufId == 0) {
    sm.PrintMessage(os, loc, kind, msg);
    return;
  }
  printSourceDiagnostic(os, sm, bufId, &locator.getLineTable(bufId), loc, kind,
                        msg);
}

DiagnosticEngine::DiagnosticEngine(llvm::SourceMgr &sm, llvm::raw_ostream &os)
    : sm(sm), locator(sm),
      ownedConsumer(std::make_unique<TextDiagnosticPrinter>(sm, os)),
      consumer(*ownedConsumer) {}

DiagnosticEngine::DiagnosticEngine(llvm::SourceMgr &sm,
                                   DiagnosticConsumer &consumer)
    : sm(sm), locator(sm), consumer(consumer) {}

DiagnosticEngine::~DiagnosticEngine() { consumer.finish(); }

void DiagnosticEngine::report(llvm::SMLoc loc, llvm::SourceMgr::DiagKind kind,
                              const llvm::Twine &msg) {
  consumer.report(loc, getLocation(loc), kind, msg);
}

void DiagnosticEngine::error(llvm::SMLoc loc, const llvm::Twine &msg) {
  if (numErrors >= kMaxErrors) {
    suppressNotes = true;
    return;
  }
  ++numErrors;
  suppressNotes = false;
  report(loc, llvm::SourceMgr::DK_Error, msg);
  if (numErrors == kMaxErrors)
    report(loc, llvm::SourceMgr::DK_Note,
           "too many errors emitted, stopping now");
}

void DiagnosticEngine::warning(llvm::SMLoc loc, const llvm::Twine &msg) {
  if (numErrors >= kMaxErrors) {
    suppressNotes = true;
    return;
  }
  ++numWarnings;
  suppressNotes = false;
  report(loc, llvm::SourceMgr::DK_Warning, msg);
}

void DiagnosticEngine::note(llvm::SMLoc loc, const llvm::Twine &msg) {
  if (suppressNotes)
    return;
  report(loc, llvm::SourceMgr::DK_Note, msg);
}
