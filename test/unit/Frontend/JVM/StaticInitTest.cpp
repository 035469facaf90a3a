//===- StaticInitTest.cpp - <clinit> constant evaluation tests ------------===//

#include "kgpu/Frontend/JVM/StaticInit.h"

#include "llvm/Support/MemoryBuffer.h"

#include "gtest/gtest.h"

#include <cmath>
#include <limits>

using namespace kgpu::jvm;

namespace {

ClassFile loadPath(const std::string &path) {
  auto buf = llvm::MemoryBuffer::getFile(path);
  if (!buf) {
    ADD_FAILURE() << "cannot read " << path;
    return ClassFile();
  }
  auto cf = parseClassFile((*buf)->getBuffer(), path);
  if (!cf) {
    ADD_FAILURE() << llvm::toString(cf.takeError());
    return ClassFile();
  }
  return std::move(*cf);
}

ClassFile load(llvm::StringRef variant, llvm::StringRef name) {
  return loadPath((llvm::Twine(KGPU_JVM_CLASSES_DIR) + "/classes-" + variant +
                   "/" + name + ".class")
                      .str());
}

TEST(StaticInitTest, JavacStaticFinals) {
  for (const char *variant : {"javac17", "javac17-nodebug", "javac17-release8"}) {
    ClassFile cf = load(variant, "kgpu/readertest/Constants");
    llvm::StringMap<StaticConstant> c = evaluateStaticConstants(cf);
    auto get = [&](llvm::StringRef n) -> const StaticConstant * {
      auto it = c.find(n);
      return it == c.end() ? nullptr : &it->second;
    };
    ASSERT_NE(get("CV"), nullptr) << variant;
    EXPECT_TRUE(get("CV")->fromConstantValue);
    EXPECT_EQ(get("CV")->value.i, 7);
    ASSERT_NE(get("BLANK"), nullptr);
    EXPECT_FALSE(get("BLANK")->fromConstantValue);
    EXPECT_EQ(get("BLANK")->value.kind, JvmConstant::Int);
    EXPECT_EQ(get("BLANK")->value.i, 12);
    ASSERT_NE(get("WIDE"), nullptr);
    EXPECT_EQ(get("WIDE")->value.kind, JvmConstant::Long);
    EXPECT_EQ(get("WIDE")->value.l, int64_t(1) << 40);
    ASSERT_NE(get("F"), nullptr);
    EXPECT_EQ(get("F")->value.f, 0.1f);
    EXPECT_EQ(get("F")->descriptor, "F");
    ASSERT_NE(get("NEG_ZERO"), nullptr);
    EXPECT_TRUE(get("NEG_ZERO")->value.identical(JvmConstant::ofDouble(-0.0)));
    EXPECT_FALSE(get("NEG_ZERO")->value.identical(JvmConstant::ofDouble(0.0)));
    ASSERT_NE(get("SH"), nullptr);
    EXPECT_EQ(get("SH")->value.i, 4464);
    ASSERT_NE(get("FROM_LOCAL"), nullptr);
    EXPECT_EQ(get("FROM_LOCAL")->value.i, 22);
    ASSERT_NE(get("WRAP"), nullptr);
    EXPECT_EQ(get("WRAP")->value.i, std::numeric_limits<int32_t>::min());
    ASSERT_NE(get("FINF"), nullptr);
    EXPECT_TRUE(std::isinf(get("FINF")->value.f));
    ASSERT_NE(get("SAT"), nullptr);
    EXPECT_EQ(get("SAT")->value.i, std::numeric_limits<int32_t>::max());
    ASSERT_NE(get("SHIFTED"), nullptr);
    EXPECT_EQ(get("SHIFTED")->value.l, 2);
    // Groovy's shape written in Java: __$swapInit() sets $const$N.
    ASSERT_NE(get("$const$0"), nullptr);
    EXPECT_EQ(get("$const$0")->value.f, 2.5f);
    ASSERT_NE(get("$const$1"), nullptr);
    EXPECT_EQ(get("$const$1")->value.l, 5000000000LL);
    ASSERT_NE(get("VIA_GROOVY_STYLE"), nullptr);
    EXPECT_EQ(get("VIA_GROOVY_STYLE")->value.f, 5.0f);
    // Not constants: also assigned by reset(); not final; after a call the
    // evaluator does not follow; after that point.
    EXPECT_EQ(get("$const$2"), nullptr);
    EXPECT_EQ(get("notFinal"), nullptr);
    EXPECT_EQ(get("AFTER_CALL"), nullptr);
    EXPECT_EQ(get("LATE"), nullptr);
    // Only <clinit>: no ConstantValue fields.
    llvm::StringMap<StaticConstant> init = evaluateStaticInitializer(cf);
    EXPECT_EQ(init.count("CV"), 0u);
    EXPECT_EQ(init.count("BLANK"), 1u);
  }
}

TEST(StaticInitTest, EverythingStopsAtTheFirstCall) {
  ClassFile cf = load("javac17", "kgpu/readertest/Everything");
  llvm::StringMap<StaticConstant> c = evaluateStaticConstants(cf);
  // ConstantValue fields; COMPUTED starts with Math.sqrt, so it and the
  // fields after it are not constants.
  EXPECT_EQ(c.count("INLINED"), 1u);
  EXPECT_EQ(c.count("BIG"), 1u);
  EXPECT_EQ(c.count("PI2"), 1u);
  EXPECT_EQ(c.count("TEXT"), 0u); // a String: not a primitive constant
  EXPECT_EQ(c.count("COMPUTED"), 0u);
  EXPECT_EQ(c.count("ALSO_COMPUTED"), 0u);
  EXPECT_EQ(c.count("counter"), 0u);
}

TEST(StaticInitTest, NoClinitAndMalformedCode) {
  ClassFile cf = load("javac17", "kgpu/readertest/Everything$Inner");
  EXPECT_TRUE(evaluateStaticConstants(cf).empty());
  // A <clinit> with garbage code: no constants, no crash.
  ClassFile bad = load("javac17", "kgpu/readertest/Constants");
  for (MethodInfo &m : bad.methods)
    if (m.name == "<clinit>")
      for (size_t k = 3; k < m.code->code.size(); ++k)
        m.code->code[k] = 0xFE;
  llvm::StringMap<StaticConstant> c = evaluateStaticConstants(bad);
  EXPECT_EQ(c.count("BLANK"), 0u);
  EXPECT_EQ(c.count("CV"), 1u);
  // Stack underflow and a call loop.
  for (MethodInfo &m : bad.methods)
    if (m.name == "<clinit>") {
      m.code->code = {0x57 /*pop*/, 0xB1};
    }
  EXPECT_EQ(evaluateStaticInitializer(bad).size(), 0u);
}

#if KGPU_JVM_HAVE_GROOVY
TEST(StaticInitTest, GroovyConstFields) {
  ClassFile cf = loadPath(std::string(KGPU_JVM_CLASSES_DIR) +
                          "/classes-groovy/GroovyConstants.class");
  llvm::StringMap<StaticConstant> c = evaluateStaticConstants(cf);
  unsigned constFields = 0, recovered = 0;
  bool saw075 = false, sawLong = false;
  for (const FieldInfo &f : cf.fields) {
    if (!llvm::StringRef(f.name).starts_with("$const$"))
      continue;
    ++constFields;
    auto it = c.find(f.name);
    if (it == c.end())
      continue;
    ++recovered;
    const JvmConstant &v = it->second.value;
    saw075 |= v.kind == JvmConstant::Float && v.f == 0.75f;
    sawLong |= v.kind == JvmConstant::Long && v.l == 5000000000LL;
  }
  EXPECT_GE(constFields, 3u);
  EXPECT_EQ(recovered, constFields);
  EXPECT_TRUE(saw075);
  EXPECT_TRUE(sawLong);
  ASSERT_EQ(c.count("SCALE"), 1u);
  EXPECT_EQ(c["SCALE"].value.f, 2.5f);
  ASSERT_EQ(c.count("N"), 1u);
  EXPECT_EQ(c["N"].value.i, 64);
}
#endif

} // namespace
