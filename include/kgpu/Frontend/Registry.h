//===- Registry.h - the frontends the compiler can import -------*- C++ -*-===//
//
// Each frontend registers its name, file extensions, source language and
// import function once; the compiler driver (lib/Driver) picks one by
// --import-<name> or by the input's extension. A new frontend registers
// itself here and needs no change to the driver or the tools.
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_FRONTEND_REGISTRY_H
#define KGPU_FRONTEND_REGISTRY_H

#include "kgpu/Frontend/SourceLanguage.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/OwningOpRef.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace llvm {
class SourceMgr;
class raw_ostream;
} // namespace llvm

namespace mlir {
class OpPassManager;
namespace kgpu {

/// What the driver hands a frontend besides its input, for frontends that
/// need more than one source buffer (importWithOptions).
struct ImportOptions {
  /// --kernel as the user spelled it, for a frontend that selects kernels
  /// itself (FrontendInfo::selectsKernels): the JVM frontend reads
  /// `Class::method`, `pkg.Outer$Inner::method` and `Class::method(desc)`.
  /// Empty: every kernel of the input.
  std::string kernel;
  /// The input's path on disk; empty for an in-memory buffer or standard
  /// input. A directory input (FrontendInfo::readsDirectories) comes with
  /// an empty buffer and its path here.
  std::string inputPath;
};

struct FrontendInfo {
  /// The frontend's name ("kgc", "mlir"); --import-<name> forces it.
  std::string name;
  /// The file extensions it reads, with the dot (".kgc").
  std::vector<std::string> extensions;
  /// The language it imports; written into every module it returns (unless
  /// the module already records one, as a .mlir file may).
  SourceLanguage language;
  /// Whether `language` is written into the module. The pass-through "mlir"
  /// frontend does not: its language is what the module records, if
  /// anything.
  bool recordLanguage = true;
  /// Imports buffer `bufferId` of `sourceMgr`. Errors are reported through
  /// `context`'s diagnostic engine (the driver prints and records them);
  /// returns null after an error.
  std::function<OwningOpRef<ModuleOp>(llvm::SourceMgr &sourceMgr,
                                      unsigned bufferId, MLIRContext &context)>
      import;
  /// How the frontend's diagnostics print (file:line:col, source line and
  /// caret, with the language's own line rules); null: MLIR's
  /// SourceMgrDiagnosticHandler.
  /// (A shared_ptr: ScopedDiagnosticHandler's destructor is not virtual,
  /// and one made by make_shared<Derived> deletes the Derived.)
  std::function<std::shared_ptr<ScopedDiagnosticHandler>(
      llvm::SourceMgr &sourceMgr, MLIRContext &context, llvm::raw_ostream &os)>
      makeDiagnosticHandler;
  /// Imports as `import` does, with the driver's ImportOptions; used instead
  /// of `import` when set.
  std::function<OwningOpRef<ModuleOp>(llvm::SourceMgr &sourceMgr,
                                      unsigned bufferId, MLIRContext &context,
                                      const ImportOptions &options)>
      importWithOptions;
  /// Whether the frontend interprets --kernel itself (ImportOptions::kernel)
  /// instead of the driver keeping the kernel of that function name.
  bool selectsKernels = false;
  /// Whether the frontend reads directories (a class path, for the JVM):
  /// the driver then accepts a directory as input and hands its path over.
  bool readsDirectories = false;
  /// The frontend's own passes after kgpu-frontend-cleanup (for example the
  /// JVM frontend's raising of @Parallel loops, which needs structured
  /// control flow); null: none.
  std::function<void(OpPassManager &pm)> extendCleanup;
  /// Whether the driver runs kgpu-frontend-cleanup (mem2reg, structuring,
  /// buffer-access inference, convergence) on what `import` returns. The
  /// pass-through "mlir" frontend does not: its input is kgpu IR already.
  bool runCleanup = true;
};

/// Adds `info` to the registry (thread-safe). A second frontend with the
/// same name replaces the first.
void registerFrontend(FrontendInfo info);

/// Registers the pass-through "mlir" frontend (.mlir files: kgpu-level or
/// GPU-form IR, parsed as it is). The compiler driver registers it and every
/// other frontend once per process (registerCompilerComponents).
void registerMLIRFrontend();

/// The frontend named `name`, or null.
const FrontendInfo *lookupFrontend(StringRef name);

/// The frontend that reads `filename` by its extension, or null.
const FrontendInfo *lookupFrontendForFile(StringRef filename);

/// The first frontend that reads directories, or null.
const FrontendInfo *lookupFrontendForDirectory();

/// Imports buffer `bufferId` through `info`'s importWithOptions, or its
/// import when it has none.
OwningOpRef<ModuleOp> importWith(const FrontendInfo &info,
                                 llvm::SourceMgr &sourceMgr, unsigned bufferId,
                                 MLIRContext &context,
                                 const ImportOptions &options);

/// The extensions of all frontends, for messages: ".kgc or .mlir".
std::string describeFrontendExtensions();

/// Registers kgc (lib/Frontend/KGC).
void registerKGCFrontend();

/// Registers the JVM bytecode frontend (lib/Frontend/JVM): .class, .jar and
/// directories.
void registerJVMFrontend();
/// Registers the Kotlin IR dump frontend "kotlin-ir" (lib/Frontend/KotlinIR).
void registerKotlinIRFrontend();

} // namespace kgpu
} // namespace mlir

#endif // KGPU_FRONTEND_REGISTRY_H
