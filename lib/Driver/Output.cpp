//===- Output.cpp - writing a compiler output file ------------------------===//

#include "kgpu/Driver/Output.h"

#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

LogicalResult mlir::kgpu::writeOutputFile(StringRef path, StringRef bytes,
                                          llvm::raw_ostream &errs) {
  std::string error;
  std::unique_ptr<llvm::ToolOutputFile> file = openOutputFile(path, &error);
  if (!file) {
    errs << "kgpu-translate: error: " << error << "\n";
    return failure();
  }
  llvm::sys::fs::file_status status;
  if (path != "-" && !llvm::sys::fs::status(path, status) &&
      status.type() != llvm::sys::fs::file_type::regular_file)
    file->keep();
  llvm::raw_fd_ostream &os = file->os();
  os << bytes;
  os.flush();
  if (!os.has_error() && path != "-")
    os.close();
  if (os.has_error()) {
    errs << "kgpu-translate: error: cannot write "
         << (path == "-" ? std::string("standard output")
                         : "'" + path.str() + "'")
         << ": " << os.error().message() << "\n";
    os.clear_error();
    return failure();
  }
  file->keep();
  return success();
}
