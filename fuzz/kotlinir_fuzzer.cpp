//===- kotlinir_fuzzer.cpp - libFuzzer entry point for Kotlin IR dumps ----===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//
//
// Runs the Kotlin IR dump reader (lib/Frontend/KotlinIR/Dump.cpp, LLVM
// Support only) on arbitrary bytes and walks what it returns: every node's
// references are parsed and every accessor the translator uses is called.
// Any crash, hang or sanitizer report is a bug: bad input must only ever
// give a located error.
//
// Built and run by fuzz/run-kotlinir-fuzzer.sh [runs] (clang++-22,
// -fsanitize=fuzzer,address,undefined), seeded with
// test/Frontend/KotlinIR/Inputs/*.ir and test/Frontend/KotlinIR/Inputs/fuzz-seeds.
//
//===----------------------------------------------------------------------===//

#include "kgpu/Frontend/KotlinIR/Dump.h"

#include <cstddef>
#include <cstdint>

using namespace kgpu::kotlinir;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef text(reinterpret_cast<const char *>(data), size);
  DumpError error;
  std::optional<Dump> dump = parseDump(text, error);
  if (!dump) {
    // A located error: within the input.
    if (error.pos.line == 0 || error.message.empty())
      __builtin_trap();
    return 0;
  }
  size_t sum = 0;
  for (const auto &root : dump->roots)
    walk(*root, [&](const Node &n) {
      if (std::optional<Reference> ref = parseReference(n.ref))
        sum += ref->name.size() + ref->params.size() + ref->declaredIn.size();
      if (std::optional<Reference> ref = parseReference(n.attr("from")))
        sum += ref->type.size();
      sum += splitParams(n.headerParams).size();
      sum += n.hasFlag("val") + n.getArgName().has_value();
      sum += n.getArg("<this>") != nullptr;
      sum += n.getSlot("if") != nullptr;
      sum += n.getCaption("annotations") != nullptr;
    });
  return static_cast<int>(sum & 0);
}
