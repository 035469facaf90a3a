//===- SplitAndVerify.cpp - --split-input-file, --verify-diagnostics ------===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//

#include "kgpu/Frontend/Common/SplitAndVerify.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Support/ToolUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
using namespace mlir::kgpu;

/// The part `chunk` of `source` as a buffer with the name and size of
/// `source`: every byte outside the part is blanked (line breaks stay), so
/// lines and columns are those of the whole file, whatever a frontend's line
/// rules, and a diagnostic verifier sees only this part's expectations.
static std::unique_ptr<llvm::MemoryBuffer>
isolateChunk(const llvm::MemoryBuffer &chunk,
             const llvm::MemoryBufferRef &source) {
  StringRef whole = source.getBuffer();
  StringRef part = chunk.getBuffer();
  if (part.begin() < whole.begin() || part.end() > whole.end())
    return llvm::MemoryBuffer::getMemBufferCopy(part,
                                                source.getBufferIdentifier());
  std::unique_ptr<llvm::WritableMemoryBuffer> result =
      llvm::WritableMemoryBuffer::getNewUninitMemBuffer(
          whole.size(), source.getBufferIdentifier());
  char *out = result->getBufferStart();
  size_t begin = part.begin() - whole.begin(), end = begin + part.size();
  for (size_t i = 0; i < whole.size(); ++i) {
    char c = whole[i];
    out[i] = (i >= begin && i < end) || c == '\n' || c == '\r' ? c : ' ';
  }
  return result;
}

LogicalResult mlir::kgpu::splitAndVerify(
    std::unique_ptr<llvm::MemoryBuffer> input, const DialectRegistry &registry,
    const SplitAndVerifyOptions &options, raw_ostream &os,
    InputProcessor process, DiagnosticHandlerFactory makeHandler) {
  auto processChunk = [&](std::unique_ptr<llvm::MemoryBuffer> buffer,
                          raw_ostream &os) -> LogicalResult {
    MLIRContext context(registry);
    // Diagnostics point at the source; they do not dump the IR.
    context.printOpOnDiagnostic(false);
    llvm::SourceMgr sourceMgr;
    sourceMgr.AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());
    if (options.verifyDiagnostics) {
      SourceMgrDiagnosticVerifierHandler verifier(sourceMgr, &context);
      (void)process(sourceMgr, context, os);
      return verifier.verify();
    }
    std::shared_ptr<ScopedDiagnosticHandler> handler;
    if (makeHandler)
      handler = makeHandler(sourceMgr, context);
    else
      handler =
          std::make_shared<SourceMgrDiagnosticHandler>(sourceMgr, &context);
    return process(sourceMgr, context, os);
  };
  if (!options.splitInputFile)
    return processChunk(std::move(input), os);
  return splitAndProcessBuffer(
      std::move(input),
      [&](std::unique_ptr<llvm::MemoryBuffer> chunk,
          const llvm::MemoryBufferRef &source, raw_ostream &os) {
        return processChunk(isolateChunk(*chunk, source), os);
      },
      os, kDefaultSplitMarker, kDefaultSplitMarker);
}
