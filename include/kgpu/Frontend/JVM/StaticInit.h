//===- StaticInit.h - Constant static fields from <clinit> ------*- C++ -*-===//
//
// Recovers the constant static fields of a class: the ConstantValue
// attributes of static fields (javac's and groovyc's compile-time
// constants), and the fields a tiny interpreter finds set to a constant by
// the straight-line start of the static initializer: javac's static finals
// whose initialiser is not a constant expression (`(float) 1.5`, `A * 2 + 1`
// from other constants), and Groovy's synthetic `$const$N` fields, which
// `<clinit>` sets through a call of the synthetic `__$swapInit()` (followed
// here: invokestatic of a static ()V method of the same class).
//
// Anything the interpreter does not understand (a branch, an unknown call,
// an object, an array, a division by zero) ends the evaluation: fields set
// before it keep their value if nothing else in the class assigns them. A
// field is "not a constant" rather than an error in every other case.
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_FRONTEND_JVM_STATICINIT_H
#define KGPU_FRONTEND_JVM_STATICINIT_H

#include "kgpu/Frontend/JVM/ClassFile.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>

namespace kgpu::jvm {

/// A JVM primitive constant. Integral fields narrower than int (boolean,
/// byte, char, short) are held as the int the JVM stores.
struct JvmConstant {
  enum Kind : uint8_t { Int, Long, Float, Double };
  Kind kind = Int;
  int32_t i = 0;
  int64_t l = 0;
  float f = 0;
  double d = 0;

  static JvmConstant ofInt(int32_t v) {
    JvmConstant c;
    c.kind = Int;
    c.i = v;
    return c;
  }
  static JvmConstant ofLong(int64_t v) {
    JvmConstant c;
    c.kind = Long;
    c.l = v;
    return c;
  }
  static JvmConstant ofFloat(float v) {
    JvmConstant c;
    c.kind = Float;
    c.f = v;
    return c;
  }
  static JvmConstant ofDouble(double v) {
    JvmConstant c;
    c.kind = Double;
    c.d = v;
    return c;
  }
  /// Bit-exact equality (NaN == NaN of the same bits, 0.0 != -0.0).
  bool identical(const JvmConstant &o) const;
};

/// One constant static field.
struct StaticConstant {
  std::string descriptor;
  JvmConstant value;
  /// Where the value comes from: a ConstantValue attribute, or `<clinit>`.
  bool fromConstantValue = false;
};

/// The constant static fields of `cf`, by field name (JVM field names are
/// unique within a class for one descriptor; a name declared twice with
/// different descriptors is left out).
llvm::StringMap<StaticConstant> evaluateStaticConstants(const ClassFile &cf);

/// Only the `<clinit>` interpretation (no ConstantValue attributes), for
/// tests and tools.
llvm::StringMap<StaticConstant> evaluateStaticInitializer(const ClassFile &cf);

} // namespace kgpu::jvm

#endif // KGPU_FRONTEND_JVM_STATICINIT_H
