//===- MLIRDiagnostics.cpp - kgc diagnostics through MLIR -----------------===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//

#include "kgpu/Frontend/KGC/MLIRDiagnostics.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"

using namespace mlir;
using namespace ::kgpu::kgc;

void MLIRDiagnosticConsumer::report(llvm::SMLoc, const SourceLocation &where,
                                    llvm::SourceMgr::DiagKind kind,
                                    const llvm::Twine &msg) {
  Location loc = where.line == 0
                     ? Location(UnknownLoc::get(&context))
                     : Location(FileLineColLoc::get(&context, where.filename,
                                                    where.line, where.column));
  if (kind == llvm::SourceMgr::DK_Note) {
    if (pending) {
      pending->attachNote(loc) << msg;
      return;
    }
    // A note that follows no error (none does today): on its own.
    Diagnostic note(loc, DiagnosticSeverity::Note);
    note << msg;
    context.getDiagEngine().emit(std::move(note));
    return;
  }
  finish();
  DiagnosticSeverity severity =
      kind == llvm::SourceMgr::DK_Error     ? DiagnosticSeverity::Error
      : kind == llvm::SourceMgr::DK_Warning ? DiagnosticSeverity::Warning
                                            : DiagnosticSeverity::Remark;
  pending.emplace(context.getDiagEngine().emit(loc, severity));
  *pending << msg;
}

void MLIRDiagnosticConsumer::finish() {
  if (!pending)
    return;
  pending->report();
  pending.reset();
}

static llvm::SourceMgr::DiagKind getDiagKind(DiagnosticSeverity severity) {
  switch (severity) {
  case DiagnosticSeverity::Note:
    return llvm::SourceMgr::DK_Note;
  case DiagnosticSeverity::Warning:
    return llvm::SourceMgr::DK_Warning;
  case DiagnosticSeverity::Error:
    return llvm::SourceMgr::DK_Error;
  case DiagnosticSeverity::Remark:
    return llvm::SourceMgr::DK_Remark;
  }
  return llvm::SourceMgr::DK_Error;
}

SourceDiagnosticHandler::SourceDiagnosticHandler(llvm::SourceMgr &sm,
                                                 MLIRContext *context)
    : SourceDiagnosticHandler(sm, context, llvm::errs()) {}

SourceDiagnosticHandler::SourceDiagnosticHandler(llvm::SourceMgr &sm,
                                                 MLIRContext *context,
                                                 llvm::raw_ostream &os)
    : SourceMgrDiagnosticHandler(sm, context, os), locator(sm) {
  // Replaces the handler SourceMgrDiagnosticHandler registered.
  setHandler([this](Diagnostic &diag) -> LogicalResult {
    if (!findSource(diag.getLocation())) {
      emitDiagnostic(diag);
      return success();
    }
    print(diag.getLocation(), diag.str(), diag.getSeverity());
    for (Diagnostic &note : diag.getNotes())
      print(note.getLocation(), note.str(), note.getSeverity());
    return success();
  });
}

std::optional<std::pair<unsigned, llvm::SMLoc>>
SourceDiagnosticHandler::findSource(Location loc) {
  auto fileLoc = dyn_cast<FileLineColLoc>(loc);
  if (!fileLoc || fileLoc.getLine() == 0)
    return std::nullopt;
  StringRef filename = fileLoc.getFilename().getValue();
  for (unsigned id = 1, e = mgr.getNumBuffers(); id <= e; ++id) {
    if (mgr.getMemoryBuffer(id)->getBufferIdentifier() != filename)
      continue;
    const char *p = locator.getLineTable(id).getPointer(fileLoc.getLine(),
                                                        fileLoc.getColumn());
    if (!p)
      return std::nullopt;
    return std::make_pair(id, llvm::SMLoc::getFromPointer(p));
  }
  return std::nullopt;
}

void SourceDiagnosticHandler::print(Location loc, const llvm::Twine &msg,
                                    DiagnosticSeverity severity) {
  std::optional<std::pair<unsigned, llvm::SMLoc>> source = findSource(loc);
  if (!source) {
    emitDiagnostic(loc, msg, severity);
    return;
  }
  printSourceDiagnostic(os, mgr, source->first,
                        &locator.getLineTable(source->first), source->second,
                        getDiagKind(severity), msg);
}
