//===- Translate.h - JVM bytecode to kgpu IR (internal) ---------*- C++ -*-===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//
//
// The module-level state of one import: the class path, the constants of
// classes (<clinit>), the helper methods translated so far (device
// functions, by owner, name and descriptor) and the function names in use.
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_LIB_FRONTEND_JVM_TRANSLATE_H
#define KGPU_LIB_FRONTEND_JVM_TRANSLATE_H

#include "kgpu/Frontend/JVM/ClassFile.h"
#include "kgpu/Frontend/JVM/ClassFileBytecode.h"
#include "kgpu/Frontend/JVM/ClassPath.h"
#include "kgpu/Frontend/JVM/StaticInit.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace kgpu::jvm {

/// kgpu's Groovy parallel-loop marker (docs/jvm-api.md), descriptor form.
inline constexpr llvm::StringLiteral kParallelLoopsAnnotation =
    "Lkgpu/api/ParallelLoops;";

class ModuleTranslator {
public:
  /// `sourcePath` maps a class to the path of its source file for
  /// locations (empty: the SourceFile attribute as it is).
  ModuleTranslator(mlir::MLIRContext &context, mlir::ModuleOp module,
                   ClassPath &classPath,
                   std::function<std::string(const ClassFile &)> sourcePath);

  /// Translates `method` of `cf` into a kernel (or a device function) at
  /// the end of the module; errors are reported, then failure.
  /// `paramTypes` (one entry per Java parameter, a null type where the
  /// descriptor's applies) gives array parameters another type: a helper
  /// that receives a kernel's private array (a static memref) is
  /// translated for that array and marked for inlining.
  mlir::FailureOr<mlir::func::FuncOp>
  translateMethod(const ClassFile &cf, const MethodInfo &method, bool isKernel,
                  llvm::ArrayRef<mlir::Type> paramTypes = {});

  /// The device function of a static helper method, translated on first
  /// use (once per `paramTypes`, translateMethod's); a recursive call is an
  /// error at `callLoc`.
  mlir::FailureOr<mlir::func::FuncOp>
  getHelper(llvm::StringRef className, llvm::StringRef name,
            llvm::StringRef descriptor, mlir::Location callLoc,
            llvm::ArrayRef<mlir::Type> paramTypes = {});

  /// Inlines every call of a helper translated for a private array (and
  /// the calls those helpers make of others) into its caller, moves the
  /// inlined allocations to the caller's entry, and erases those helpers:
  /// private memory cannot be passed to a device function on every target
  /// (a SPIR-V function parameter of a memref is a storage buffer).
  void inlinePrivateArrayHelpers();

  /// The constant static fields of `cf`.
  const llvm::StringMap<StaticConstant> &getConstants(const ClassFile &cf);
  /// The source file of `cf` as locations name it.
  std::string getSourceFile(const ClassFile &cf);
  /// The loop variables kgpu's @ParallelLoops marker on `method` names.
  std::vector<std::string> getMarkedLoopVariables(const ClassFile &cf,
                                                  const MethodInfo &method);
  /// A function name not used yet, made of C identifier characters.
  std::string uniqueName(llvm::StringRef base);

  mlir::MLIRContext &getContext() { return context; }
  mlir::ModuleOp getModule() { return module; }
  ClassPath &getClassPath() { return classPath; }

private:
  mlir::MLIRContext &context;
  mlir::ModuleOp module;
  ClassPath &classPath;
  std::function<std::string(const ClassFile &)> sourcePath;
  std::map<std::string, llvm::StringMap<StaticConstant>> constants;
  std::map<std::string, std::string> sourceFiles;
  /// Null while the helper is being translated (recursion).
  std::map<std::string, mlir::func::FuncOp> helpers;
  llvm::StringSet<> usedNames;
};

} // namespace kgpu::jvm

#endif // KGPU_LIB_FRONTEND_JVM_TRANSLATE_H
