//===- SplitAndVerify.h - --split-input-file, --verify-diagnostics -*- C++
//-*-===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//
//
// What mlir-opt and mlir-translate do with --split-input-file and
// --verify-diagnostics, for any frontend's input: the input is cut at
// `// -----` lines (splitAndProcessBuffer), each part is processed in a
// fresh MLIRContext, and the diagnostics reported into it are either printed
// or checked against the part's `// expected-error @below {{...}}` comments
// (SourceMgrDiagnosticVerifierHandler). Every part keeps the file name and the
// line and column numbers it has in the whole file.
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_FRONTEND_COMMON_SPLITANDVERIFY_H
#define KGPU_FRONTEND_COMMON_SPLITANDVERIFY_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <memory>

namespace llvm {
class MemoryBuffer;
class SourceMgr;
} // namespace llvm

namespace mlir {
class DialectRegistry;
class MLIRContext;

namespace kgpu {

struct SplitAndVerifyOptions {
  /// Process each `// -----`-separated part on its own; the outputs are
  /// joined with `// -----` lines.
  bool splitInputFile = false;
  /// Check the diagnostics against the `expected-*` comments of the input
  /// instead of printing them; the result is the verification's.
  bool verifyDiagnostics = false;
};

/// Processes one input, or one part of it: the main buffer of `sourceMgr`
/// holds it; diagnostics go to `context`; output to `os`.
using InputProcessor = function_ref<LogicalResult(
    llvm::SourceMgr &sourceMgr, MLIRContext &context, raw_ostream &os)>;

/// Installs the handler that prints diagnostics when they are not verified
/// (for example kgc::SourceDiagnosticHandler); the default prints with a
/// SourceMgrDiagnosticHandler.
/// (A shared_ptr: ScopedDiagnosticHandler's destructor is not virtual,
/// and one made by make_shared<Derived> deletes the Derived.)
using DiagnosticHandlerFactory =
    function_ref<std::shared_ptr<ScopedDiagnosticHandler>(
        llvm::SourceMgr &sourceMgr, MLIRContext &context)>;

/// Runs `process` on `input` (or on each part of it) in a fresh context with
/// the dialects of `registry`, printing or verifying its diagnostics. Fails
/// if a part fails (not verifying) or a part's diagnostics do not match its
/// expectations (verifying; then whether `process` failed does not matter).
LogicalResult splitAndVerify(std::unique_ptr<llvm::MemoryBuffer> input,
                             const DialectRegistry &registry,
                             const SplitAndVerifyOptions &options,
                             raw_ostream &os, InputProcessor process,
                             DiagnosticHandlerFactory makeHandler = {});

} // namespace kgpu
} // namespace mlir

#endif // KGPU_FRONTEND_COMMON_SPLITANDVERIFY_H
