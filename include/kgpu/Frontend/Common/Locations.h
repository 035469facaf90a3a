//===- Locations.h - source locations of frontends --------------*- C++ -*-===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//
//
// The MLIR locations every kgpu frontend gives its ops, so that diagnostics
// and debug info read the same whatever the source language:
//
//   source text (kgc, Kotlin IR dumps)  loc("file.kgc":12:7)
//   bytecode (JVM class files)          loc(fused["Saxpy.run",
//   "Saxpy.java":12:0])
//
// A bytecode method knows its source file (SourceFile attribute) and line
// (LineNumberTable) but no column; the method name makes it readable.
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_FRONTEND_COMMON_LOCATIONS_H
#define KGPU_FRONTEND_COMMON_LOCATIONS_H

#include "mlir/IR/Location.h"

namespace mlir {
namespace kgpu {

/// `file:line:col`, or UnknownLoc when `line` is 0 (no position).
Location getSourceLoc(MLIRContext *context, StringRef file, unsigned line,
                      unsigned column);

/// The location of bytecode at `line` of `file` in method `method` (for
/// example "Saxpy.run"): a NameLoc(method) fused with FileLineColLoc(file,
/// line, 0). Without a line (0, no LineNumberTable) just the method name;
/// without a file name (no SourceFile attribute) the line is kept under the
/// name "<unknown>".
Location getBytecodeLoc(MLIRContext *context, StringRef method, StringRef file,
                        unsigned line);

} // namespace kgpu
} // namespace mlir

#endif // KGPU_FRONTEND_COMMON_LOCATIONS_H
