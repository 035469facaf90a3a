//===- Output.h - writing a compiler output file ----------------*- C++ -*-===//

#ifndef KGPU_DRIVER_OUTPUT_H
#define KGPU_DRIVER_OUTPUT_H

#include "mlir/Support/LLVM.h"

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mlir {
namespace kgpu {

/// Writes `bytes` to `path` ("-": standard output). Write errors (a full
/// disk, /dev/full, a closed pipe) are reported to `errs` as
/// "kgpu-translate: error: ...", not left to abort in a stream's destructor;
/// a partly written regular file is removed, anything else (a device, a
/// pipe) never.
LogicalResult writeOutputFile(StringRef path, StringRef bytes,
                              llvm::raw_ostream &errs);

} // namespace kgpu
} // namespace mlir

#endif // KGPU_DRIVER_OUTPUT_H
