//===- kgc_parser_fuzzer.cpp - libFuzzer entry point for the kgc frontend -===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//
//
// Runs the kgc lexer, parser and semantic analysis on arbitrary bytes, with
// diagnostics sent to a null stream. Any crash, hang, assertion or sanitizer
// report is a bug: bad input must only ever produce diagnostics.
//
// Build and run by hand (no CMake needed), from the repository root:
//
//   clang++-22 -fsanitize=fuzzer,address,undefined -g -O1 \
//     -I include $(llvm-config-22 --cxxflags) -fno-rtti \
//     lib/Frontend/KGC/{AST,BarrierDivergence,Diagnostics,Frontend}.cpp \
//     lib/Frontend/KGC/{Lexer,Parser}.cpp lib/Frontend/KGC/Sema/*.cpp \
//     fuzz/kgc_parser_fuzzer.cpp \
//     $(llvm-config-22 --ldflags) -lLLVM-22 \
//     -Wl,-rpath,$(llvm-config-22 --libdir) -o /tmp/kgc_parser_fuzzer
//   mkdir -p /tmp/kgc-fuzz-corpus
//   /tmp/kgc_parser_fuzzer -runs=1000000 -timeout=10 \
//     /tmp/kgc-fuzz-corpus test/Frontend/KGC/corpus \
//     test/Frontend/KGC/Inputs/fuzz-seeds
//
// or simply `fuzz/run-kgc-fuzzer.sh [runs]`, which does the same and exits
// non-zero if the fuzzer found a crash, leak, timeout or sanitizer error.
//
//===----------------------------------------------------------------------===//

#include "kgpu/Frontend/KGC/Frontend.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::SourceMgr sm;
  unsigned id = sm.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(
          llvm::StringRef(reinterpret_cast<const char *>(data), size),
          "fuzz.kgc"),
      llvm::SMLoc());
  llvm::raw_null_ostream nulls;
  unsigned numErrors = 0;
  auto tu = kgpu::kgc::parseAndAnalyze(sm, id, nulls, &numErrors);
  // A successful result must be fully typed; exercise the dumper too.
  if (tu)
    tu->dump(nulls);
  return 0;
}
