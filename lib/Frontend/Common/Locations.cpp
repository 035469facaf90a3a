//===- Locations.cpp - source locations of frontends ----------------------===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//

#include "kgpu/Frontend/Common/Locations.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/MLIRContext.h"

using namespace mlir;

Location mlir::kgpu::getSourceLoc(MLIRContext *context, StringRef file,
                                  unsigned line, unsigned column) {
  if (line == 0)
    return UnknownLoc::get(context);
  return FileLineColLoc::get(context, file, line, column);
}

Location mlir::kgpu::getBytecodeLoc(MLIRContext *context, StringRef method,
                                    StringRef file, unsigned line) {
  Location name = NameLoc::get(StringAttr::get(context, method));
  if (line == 0)
    return name;
  Location position = FileLineColLoc::get(
      context, file.empty() ? StringRef("<unknown>") : file, line, 0);
  return FusedLoc::get(context, {name, position});
}
