//===- SourceLanguage.h - what a frontend's language implies ----*- C++ -*-===//
//
// A source language's policy that the compiler applies after import: its
// name in the bundle manifest, its floating-point contraction default and
// its integer semantics. The frontend writes it into the module as the
// `kgpu.source_language` attribute, so that a replay of the IR with kgpu-opt
// (or a .mlir file written by --emit=mlir) compiles to the same code as the
// original source:
//
//   module attributes {kgpu.source_language = {name = "kgc",
//       fp_contract = "on", integer_semantics = "c"}}
//
// Header-only: conversions read it without linking the frontend layer.
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_FRONTEND_SOURCELANGUAGE_H
#define KGPU_FRONTEND_SOURCELANGUAGE_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinOps.h"

#include <optional>
#include <string>

namespace mlir {
namespace kgpu {

/// Floating-point contraction: whether `a * b + c` may become one FMA.
enum class FPContract { Off, On, Fast };

/// Parses "off", "on" or "fast".
inline std::optional<FPContract> parseFPContract(StringRef text) {
  if (text == "off")
    return FPContract::Off;
  if (text == "on")
    return FPContract::On;
  if (text == "fast")
    return FPContract::Fast;
  return std::nullopt;
}

inline StringRef stringifyFPContract(FPContract mode) {
  switch (mode) {
  case FPContract::Off:
    return "off";
  case FPContract::On:
    return "on";
  case FPContract::Fast:
    return "fast";
  }
  return "off";
}

struct SourceLanguage {
  /// The name the bundle manifest records ("kgc", "mlir", ...).
  std::string name;
  /// Contraction when --fp-contract does not say: on for C-like languages,
  /// off for the JVM and Kotlin, whose float semantics are exact.
  FPContract fpContract = FPContract::Off;
  /// "c" (signed overflow and out-of-range shifts undefined) or "jvm"
  /// (wrapping, masked shift counts; the kgpu exact-semantics ops).
  std::string integerSemantics = "c";
  /// "c" (float math functions as the target provides them, within its
  /// documented error) or "jvm" (an f32 function is the double function
  /// rounded once, as Java's `(float) Math.f(x)` and Kotlin's Float
  /// overloads are: the SPIR-V target then computes it in f64, f32-math=f64).
  std::string mathSemantics = "c";

  static constexpr StringLiteral getAttrName() {
    return StringLiteral("kgpu.source_language");
  }

  /// Writes this language as `module`'s kgpu.source_language attribute.
  void attachTo(ModuleOp module) const {
    Builder b(module.getContext());
    module->setAttr(
        getAttrName(),
        b.getDictionaryAttr(
            {b.getNamedAttr("name", b.getStringAttr(name)),
             b.getNamedAttr("fp_contract",
                            b.getStringAttr(stringifyFPContract(fpContract))),
             b.getNamedAttr("integer_semantics",
                            b.getStringAttr(integerSemantics)),
             b.getNamedAttr("math_semantics",
                            b.getStringAttr(mathSemantics))}));
  }

  /// The language `module` records, if any.
  static std::optional<SourceLanguage> readFrom(ModuleOp module) {
    auto dict = module->getAttrOfType<DictionaryAttr>(getAttrName());
    if (!dict)
      return std::nullopt;
    SourceLanguage lang;
    if (auto name = dict.getAs<StringAttr>("name"))
      lang.name = name.str();
    if (auto fp = dict.getAs<StringAttr>("fp_contract"))
      if (std::optional<FPContract> mode = parseFPContract(fp.getValue()))
        lang.fpContract = *mode;
    if (auto sem = dict.getAs<StringAttr>("integer_semantics"))
      lang.integerSemantics = sem.str();
    if (auto sem = dict.getAs<StringAttr>("math_semantics"))
      lang.mathSemantics = sem.str();
    return lang;
  }
};

} // namespace kgpu
} // namespace mlir

#endif // KGPU_FRONTEND_SOURCELANGUAGE_H
