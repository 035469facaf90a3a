//===- MLIRDiagnostics.h - kgc diagnostics through MLIR ---------*- C++ -*-===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//
//
// The MLIR side of kgc's diagnostics. MLIRDiagnosticConsumer is the adapter
// from kgc's DiagnosticEngine (SMLoc, LLVM Support only) to MLIR's
// DiagnosticEngine (FileLineColLoc), in the manner of CIRCT ImportVerilog's
// MlirDiagnosticClient: every kgc diagnostic becomes an MLIR diagnostic, so
// that a SourceMgrDiagnosticVerifierHandler (--verify-diagnostics), a
// capturing handler or a C API can see them. SourceDiagnosticHandler prints
// them as kgc always has.
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_FRONTEND_KGC_MLIRDIAGNOSTICS_H
#define KGPU_FRONTEND_KGC_MLIRDIAGNOSTICS_H

#include "kgpu/Frontend/KGC/Diagnostics.h"

#include "mlir/IR/Diagnostics.h"

#include <optional>

namespace mlir {
class MLIRContext;
} // namespace mlir

namespace kgpu::kgc {

/// Reports kgc diagnostics through `context.getDiagEngine()`, each at the
/// FileLineColLoc of its SMLoc (kgc's line and column rules). An error or
/// warning is held until the next one (or finish()) so that the notes that
/// follow it are attached to it, as MLIR diagnostics carry their notes.
class MLIRDiagnosticConsumer : public DiagnosticConsumer {
public:
  explicit MLIRDiagnosticConsumer(mlir::MLIRContext &context)
      : context(context) {}
  ~MLIRDiagnosticConsumer() override { finish(); }

  void report(llvm::SMLoc loc, const SourceLocation &where,
              llvm::SourceMgr::DiagKind kind, const llvm::Twine &msg) override;
  void finish() override;

private:
  mlir::MLIRContext &context;
  std::optional<mlir::InFlightDiagnostic> pending;
};

/// Prints the diagnostics located in a buffer of `sm` the way kgc does
/// (`file:line:col: error: message`, the source line and a caret, with kgc's
/// line rules: "\r", "\r\n" and "\n" end a line, a byte-order mark is not a
/// column, a long line is clipped around the caret), and every other
/// diagnostic as SourceMgrDiagnosticHandler does. Install it (instead of a
/// SourceMgrDiagnosticHandler) while compiling kgc input.
class SourceDiagnosticHandler : public mlir::SourceMgrDiagnosticHandler {
public:
  SourceDiagnosticHandler(llvm::SourceMgr &sm, mlir::MLIRContext *context,
                          llvm::raw_ostream &os);
  SourceDiagnosticHandler(llvm::SourceMgr &sm, mlir::MLIRContext *context);

private:
  /// The buffer of `sm` and the position that `loc` names, if any.
  std::optional<std::pair<unsigned, llvm::SMLoc>>
  findSource(mlir::Location loc);
  void print(mlir::Location loc, const llvm::Twine &msg,
             mlir::DiagnosticSeverity severity);

  SourceLocator locator;
};

} // namespace kgpu::kgc

#endif // KGPU_FRONTEND_KGC_MLIRDIAGNOSTICS_H
