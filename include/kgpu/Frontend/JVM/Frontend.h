//===- Frontend.h - JVM bytecode to kgpu IR ---------------------*- C++ -*-===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//
//
// The JVM frontend: static methods of class files (from a .class file, a
// .jar or a directory of classes) translated to kgpu IR in the plain CFG
// form (one memref.alloca per local slot and type, cf branches) that
// kgpu-frontend-cleanup turns into SSA and structured control flow. The
// operand stack is interpreted abstractly over the basic blocks; values on
// the stack at a block boundary become block arguments. docs/jvm.md is the
// user guide, docs/errors.md lists the errors (KG-E...).
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_FRONTEND_JVM_FRONTEND_H
#define KGPU_FRONTEND_JVM_FRONTEND_H

#include "kgpu/Frontend/Registry.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace kgpu::jvm {

/// Imports the class file, archive or directory of buffer `bufferId` (a
/// directory or archive is read from `options.inputPath`). Kernels: the
/// methods `options.kernel` names (`Class::method`, `pkg.Outer$Inner::method`,
/// `Class::method(desc)`), or else every static method with a @Parallel
/// loop, a kgpu parallel-loop marker or a KernelContext parameter. Errors are
/// reported through `context`'s diagnostic engine; null after an error.
mlir::OwningOpRef<mlir::ModuleOp>
importJVM(llvm::SourceMgr &sourceMgr, unsigned bufferId,
          mlir::MLIRContext &context, const mlir::kgpu::ImportOptions &options);

} // namespace kgpu::jvm

#endif // KGPU_FRONTEND_JVM_FRONTEND_H
